// Malformed OTF2 archives: each gives one InputError that names the file and says what is
// wrong (the OTF2 library's own reason for what it refuses), never a crash or a hang,
// and the command line writes nothing and exits 3.
#include "chitra/io/import.hpp"
#include "io/otf2/otf2_test_archive.hpp"

#include <gtest/gtest.h>

#include <fstream>

using namespace chitra;
using namespace chitra::test;
namespace fs = std::filesystem;

namespace {

Otf2TestArchive valid()
{
    Otf2TestArchive a;
    a.groups = {"rank 0"};
    a.regions = {"main", "work"};
    a.members = {{"flops", OTF2_METRIC_ACCUMULATED_START}};
    a.metric_classes = {{0}};
    Otf2TestLocation l{0, "thread 0", 0, {}};
    for (std::uint64_t i = 0; i < 200; ++i) {
        l.events.push_back(enter(10 * i, 0));
        l.events.push_back(enter(10 * i + 2, 1));
        l.events.push_back(metric(10 * i + 3, 0, {static_cast<double>(i)}));
        l.events.push_back(leave(10 * i + 5, 1));
        l.events.push_back(leave(10 * i + 7, 0));
    }
    a.locations = {l, {1, "thread 1", 0, {enter(1, 1), leave(2, 1)}}};
    return a;
}

// The message of the InputError that importing `anchor` throws ("" when none is thrown).
std::string error_of(const std::string& anchor)
{
    try {
        import_lanes(anchor);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

// Replaces the timestamp record (byte 5, then 8 bytes little-endian) of `from` by `to`
// in an event file: the OTF2 writer itself refuses times that go back.
void patch_timestamp(const fs::path& file, std::uint64_t from, std::uint64_t to)
{
    std::string bytes;
    {
        std::ifstream in(file, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    const auto record = [](std::uint64_t t) {
        std::string r(1, '\x05');
        for (int i = 0; i < 8; ++i)
            r += static_cast<char>((t >> (8 * i)) & 0xff);
        return r;
    };
    const auto at = bytes.find(record(from));
    ASSERT_NE(at, std::string::npos);
    bytes.replace(at, 9, record(to));
    std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
}

void truncate(const fs::path& file, std::uintmax_t size) { fs::resize_file(file, size); }

void overwrite(const fs::path& file, const std::string& bytes)
{
    std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
}

#define EXPECT_CONTAINS(text, part) EXPECT_NE(std::string(text).find(part), std::string::npos) << (text)

} // namespace

TEST(Otf2Malformed, TheValidArchiveReads)
{
    TempDir dir;
    EXPECT_EQ(import_lanes(valid().write(dir.path())).size(), 801u);
}

TEST(Otf2Malformed, TruncatedOrGarbageAnchorFile)
{
    TempDir dir;
    const std::string anchor = valid().write(dir.path());
    truncate(anchor, 12);
    const std::string e = error_of(anchor);
    EXPECT_EQ(e.rfind(anchor + ": ", 0), 0u) << e;
    EXPECT_CONTAINS(e, "not a readable OTF2 archive");

    overwrite(anchor, std::string("\x03"
                                  "BOTF2\0garbage garbage garbage garbage",
                                  37));
    const std::string g = error_of(anchor);
    EXPECT_EQ(g.rfind(anchor + ": ", 0), 0u) << g;
    overwrite(anchor, "");
    EXPECT_EQ(error_of(anchor).rfind(anchor + ": ", 0), 0u);
}

// Anchor fields the library trusts before checking anything (it allocated gigabytes for
// them inside OTF2_Reader_Open): refused before the library opens the archive.
TEST(Otf2Malformed, AnchorFieldsThatWouldAllocateGigabytes)
{
    TempDir dir;
    const std::string anchor = valid().write(dir.path());
    std::string bytes;
    {
        std::ifstream in(anchor, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    ASSERT_GT(bytes.size(), 60u);
    std::string huge_chunk = bytes;
    huge_chunk[12 + 5] = '\x10'; // event chunk size 2^44 + 1 MiB
    overwrite(anchor, huge_chunk);
    std::string e = error_of(anchor);
    EXPECT_EQ(e.rfind(anchor + ": chunk size ", 0), 0u) << e;
    EXPECT_CONTAINS(e, "outside what OTF2 writes");

    std::size_t at = 46; // after the machine, creator and description strings
    for (int i = 0; i < 3; ++i)
        at = bytes.find('\0', at) + 1;
    std::string properties = bytes;
    properties.replace(at, 4, std::string("\xff\xff\xff\x7f", 4));
    overwrite(anchor, properties);
    e = error_of(anchor);
    EXPECT_EQ(e.rfind(anchor + ": the anchor file declares 2147483647 properties", 0), 0u) << e;
}

TEST(Otf2Malformed, MissingOrDamagedGlobalDefinitions)
{
    TempDir dir;
    const std::string anchor = valid().write(dir.path());
    const fs::path defs = dir.path() / "trace" / "traces.def";
    const std::string bytes = [&] {
        std::ifstream in(defs, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    }();
    fs::remove(defs);
    std::string e = error_of(anchor);
    EXPECT_EQ(e.rfind(defs.string() + ": ", 0), 0u) << e;
    EXPECT_CONTAINS(e, "global definitions");
    EXPECT_CONTAINS(e, "does not exist");

    overwrite(defs, bytes.substr(0, bytes.size() / 2));
    e = error_of(anchor);
    EXPECT_EQ(e.rfind(defs.string() + ": ", 0), 0u) << e;

    std::string garbage = bytes;
    for (std::size_t i = 20; i < garbage.size(); i += 3)
        garbage[i] = static_cast<char>(0xff - garbage[i]);
    overwrite(defs, garbage);
    EXPECT_FALSE(error_of(anchor).empty());
}

TEST(Otf2Malformed, TruncatedOrGarbageEventFile)
{
    TempDir dir;
    const std::string anchor = valid().write(dir.path());
    const fs::path evt = dir.path() / "trace" / "traces" / "0.evt";
    truncate(evt, fs::file_size(evt) / 2);
    std::string e = error_of(anchor);
    EXPECT_EQ(e.rfind(evt.string() + ": event ", 0), 0u) << e;

    overwrite(evt, std::string(4000, '\x5a'));
    e = error_of(anchor);
    EXPECT_EQ(e.rfind(evt.string() + ": ", 0), 0u) << e;

    fs::remove(evt);
    e = error_of(anchor);
    EXPECT_EQ(e.rfind(evt.string() + ": ", 0), 0u) << e;
    EXPECT_CONTAINS(e, "does not exist");
}

TEST(Otf2Malformed, MissingLocalDefinitionsAreNotNeeded)
{
    TempDir dir;
    const std::string anchor = valid().write(dir.path());
    fs::remove(dir.path() / "trace" / "traces" / "0.def");
    fs::remove(dir.path() / "trace" / "traces" / "1.def");
    EXPECT_EQ(import_lanes(anchor).size(), 801u);
}

TEST(Otf2Malformed, ALocationWithoutEventsNeedsNoEventFile)
{
    TempDir dir;
    Otf2TestArchive a = valid();
    a.locations.push_back({9, "idle", 0, {}});
    const std::string anchor = a.write(dir.path());
    fs::remove(dir.path() / "trace" / "traces" / "9.evt");
    const LaneTrace lt = import_lanes(anchor);
    ASSERT_EQ(lt.lanes.size(), 3u);
    EXPECT_EQ(lt.lanes[2].name, "rank 0/idle");
    EXPECT_TRUE(lt.lanes[2].changes.empty());
}

TEST(Otf2Malformed, DefinitionsThatReferToNothing)
{
    {
        TempDir dir;
        Otf2TestArchive a = valid();
        a.clock = false;
        const std::string e = error_of(a.write(dir.path()));
        EXPECT_CONTAINS(e, "traces.def: no ClockProperties definition");
    }
    {
        TempDir dir;
        Otf2TestArchive a = valid();
        a.resolution = 0;
        EXPECT_CONTAINS(error_of(a.write(dir.path())), "timer resolution 0");
    }
    {
        TempDir dir;
        Otf2TestArchive a = valid();
        a.locations[1].group = 5;
        EXPECT_CONTAINS(error_of(a.write(dir.path())),
                        "traces.def: location 1 belongs to location group 5, which is not defined");
    }
    {
        TempDir dir;
        Otf2TestArchive a = valid();
        a.metric_classes = {{0, 3}};
        EXPECT_CONTAINS(error_of(a.write(dir.path())), "metric 0 has member 3, which is not defined");
    }
    {
        TempDir dir;
        Otf2TestArchive a = valid();
        a.locations[1].id = 0; // two locations with id 0
        EXPECT_CONTAINS(error_of(a.write(dir.path())), "location 0 is defined twice");
    }
}

TEST(Otf2Malformed, EventsThatReferToNothingOrGoBackInTime)
{
    const auto event_error = [](std::vector<Otf2TestEvent> events) {
        TempDir dir;
        Otf2TestArchive a = valid();
        a.locations[1].events = std::move(events);
        return error_of(a.write(dir.path()));
    };
    std::string e = event_error({enter(1, 0), enter(2, 9)});
    EXPECT_CONTAINS(e, "traces/1.evt: event 2: Enter of region 9, which is not defined");
    e = event_error({enter(1, 0), leave(2, 9)});
    EXPECT_CONTAINS(e, "traces/1.evt: event 2: Leave of region 9, which is not defined");
    for (auto second : {leave(6, 0), other(6), metric(6, 0, {1.0})}) {
        TempDir dir;
        Otf2TestArchive a = valid();
        a.locations[1].events = {enter(5, 0), second};
        const std::string anchor = a.write(dir.path());
        patch_timestamp(dir.path() / "trace" / "traces" / "1.evt", 6, 4);
        EXPECT_CONTAINS(error_of(anchor), "traces/1.evt: event 2: time goes back (4 ns after 5 ns)");
    }
    e = event_error({metric(1, 4, {1.0})});
    EXPECT_CONTAINS(e, "traces/1.evt: event 1: Metric event of metric 4, which is not defined");
    e = event_error({metric(1, 0, {1.0, 2.0})});
    EXPECT_CONTAINS(e, "traces/1.evt: event 1: Metric event with 2 values for a metric of 1 members");
    e = event_error({enter(UINT64_MAX, 0)});
    EXPECT_CONTAINS(e, "traces/1.evt: event 1: timestamp 18446744073709551615 is out of range");
}

// An event file cut short inside a chunk: the library reports it a few times in a process,
// then ends the location there as if its file ended. Every import must still refuse it.
TEST(Otf2Malformed, AnEventFileCutShortIsRefusedEveryTime)
{
    TempDir dir;
    const auto archive = dir.path() / "taskpool";
    std::filesystem::copy(CHITRA_SOURCE_DIR "/sample_traces/taskpool-w4-n1200", archive,
                          std::filesystem::copy_options::recursive);
    std::filesystem::resize_file(archive / "traces" / "2.evt", 21874);
    for (int attempt = 1; attempt <= 5; ++attempt) {
        try {
            import_lanes((archive / "traces.otf2").string());
            ADD_FAILURE() << "attempt " << attempt << " read a damaged lane";
        } catch (const InputError& e) {
            EXPECT_CONTAINS(e.what(), (archive / "traces" / "2.evt").string() + ": event 1683: ");
        }
    }
}

// The archive's folder is read as its anchor (otf2_importer_test.cpp); a folder without
// one, read as OTF2, says so.
TEST(Otf2Malformed, AFolderWithoutAnAnchorFileIsRefused)
{
    TempDir dir;
    valid().write(dir.path());
    const std::string events = (dir.path() / "trace" / "traces").string(); // the .evt and .def files
    ImportOptions o;
    o.from = SourceFormat::otf2;
    try {
        import_lanes(events, o);
        ADD_FAILURE() << "no error";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()),
                  events + ": a directory that holds no OTF2 anchor file, or several (open one .otf2)");
    }
}

TEST(Otf2Malformed, TheCommandLineExits3AndWritesNothing)
{
    TempDir dir;
    const std::string anchor = valid().write(dir.path());
    truncate(dir.path() / "trace" / "traces" / "0.evt", 100);
    const fs::path out = dir.path() / "out.pes";
    const fs::path err = dir.path() / "stderr";
    const std::string command = std::string("'") + CHITRA_CLI_PATH + "' convert '" + anchor + "' -o '" + out.string() +
                                "' 2>'" + err.string() + "'";
    const int status = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 3);
    EXPECT_FALSE(fs::exists(out));
    std::ifstream in(err);
    const std::string message((std::istreambuf_iterator<char>(in)), {});
    EXPECT_CONTAINS(message, "0.evt: event ");
    EXPECT_EQ(message.find("[OTF2]"), std::string::npos) << message; // the library printed nothing itself
}
