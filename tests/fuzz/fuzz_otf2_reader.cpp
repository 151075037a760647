// libFuzzer target for the OTF2 importer. OTF2 is read from a directory, so the target
// keeps a small valid archive (written at start through the OTF2 writer API) and lets
// each input replace one of its files: the first byte picks the file (a location's
// events, the global definitions, the anchor, a location's local definitions), the rest
// is its content. Besides "no crash, no hang, no exception other than InputError naming
// a file of the archive", an accepted archive must make a consistent LaneTrace (messages
// between its lanes, in order) and a PES that can be written.
//
// CHITRA_FUZZ_OTF2_SEEDS=DIR: write the valid files as seeds into DIR at start.
#include "chitra/io/io.hpp"
#include "chitra/lanes/lane_selection.hpp"
#include "io/import/importers.hpp"
#include "io/otf2/otf2_test_archive.hpp"

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace chitra;
namespace fs = std::filesystem;

namespace {

void check(bool ok)
{
    if (!ok)
        std::abort();
}

struct Archive {
    chitra::test::TempDir dir;
    std::string anchor;
    std::vector<fs::path> files;       // the files an input may replace
    std::vector<std::string> contents; // their valid bytes
};

std::string read_bytes(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_bytes(const fs::path& p, const char* data, std::size_t size)
{
    std::ofstream(p, std::ios::binary | std::ios::trunc).write(data, static_cast<std::streamsize>(size));
}

Archive* make_archive()
{
    using namespace chitra::test;
    auto* a = new Archive;
    Otf2TestArchive t;
    t.resolution = 2'400'000'000;
    t.offset = 1000;
    t.event_chunk = t.definition_chunk = OTF2_CHUNK_SIZE_MIN; // the reader allocates a chunk per file
    t.groups = {"rank 0", "rank 1"};
    t.regions = {"main", "compute", "send"};
    t.members = {{"cycles", OTF2_METRIC_ACCUMULATED_START}, {"queue", OTF2_METRIC_ABSOLUTE_POINT}};
    t.metric_classes = {{0, 1}, {1}};
    // Messages: rank 0 sends to rank 1 and receives its non-blocking reply each round on
    // the world communicator, talks to itself once on MPI_COMM_SELF, and sends one message
    // no one receives.
    t.comm_locations = {0, 5};
    t.comms = {{"MPI_COMM_WORLD", {0, 1}}, {"MPI_COMM_SELF", {}, true}};
    using K = Otf2TestEvent;
    Otf2TestLocation l0{0, "thread 0", 0, {other(1000)}}, l1{5, "thread 0", 1, {}};
    for (std::uint64_t i = 0; i < 6; ++i) {
        const std::uint64_t t0 = 1000 + 100 * i;
        const auto tag = static_cast<std::uint32_t>(i % 2);
        l0.events.insert(l0.events.end(),
                         {enter(t0, 0), enter(t0 + 10, 1), metric(t0 + 20, 0, {double(i), 3}), leave(t0 + 30, 1),
                          enter(t0 + 30, 2), message(K::send, t0 + 30, 0, 1, tag, 8), leave(t0 + 30, 2),
                          message(K::irecv, t0 + 40, 0, 1, tag, 16)});
        if (i == 0)
            l0.events.insert(l0.events.end(),
                             {message(K::send, t0 + 45, 1, 0, 7, 4), message(K::recv, t0 + 46, 1, 0, 7, 4)});
        if (i == 5)
            l0.events.push_back(message(K::send, t0 + 47, 0, 1, 9, 1));
        l0.events.push_back(leave(t0 + 50, 0));
        l1.events.insert(l1.events.end(),
                         {enter(t0 + 5, 2), metric_int(t0 + 6, 1, -int(i)), message(K::recv, t0 + 35, 0, 0, tag, 8),
                          message(K::isend, t0 + 36, 0, 0, tag, 16), leave(t0 + 60, 2)});
    }
    t.locations = {l0, l1};
    a->anchor = t.write(a->dir.path());
    // The seed archive has messages of every kind, so inputs start from them.
    const LaneTrace valid = detail::otf2_importer().read(a->anchor, ImportOptions{});
    check(valid.messages.size() == 13 && valid.unmatched_sends == 1 && valid.unmatched_receives == 0);
    const fs::path root = a->dir.path() / "trace";
    a->files = {root / "traces" / "0.evt", root / "traces.def", root / "traces.otf2", root / "traces" / "0.def",
                root / "traces" / "5.evt"};
    for (const fs::path& f : a->files)
        a->contents.push_back(read_bytes(f));
    if (const char* seeds = std::getenv("CHITRA_FUZZ_OTF2_SEEDS"))
        for (std::size_t i = 0; i < a->files.size(); ++i) {
            std::string s(1, static_cast<char>(i));
            s += a->contents[i];
            write_bytes(fs::path(seeds) / ("valid-" + std::to_string(i)), s.data(), s.size());
        }
    return a;
}

Archive& archive()
{
    static Archive* a = make_archive(); // kept for the process's life: the fuzzer exits without unwinding
    return *a;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    archive();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    Archive& a = archive();
    const std::size_t which = data[0] % a.files.size();
    write_bytes(a.files[which], reinterpret_cast<const char*>(data + 1), size - 1);
    try {
        LaneTrace lt = detail::otf2_importer().read(a.anchor, ImportOptions{});
        for (const Lane& lane : lt.lanes)
            for (std::size_t c = 0; c < lane.changes.size(); ++c) {
                check(lane.changes[c].record < lt.times.size());
                check(lane.changes[c].state < lt.state_names.size());
                check(c == 0 || lane.changes[c - 1].record < lane.changes[c].record);
            }
        for (std::size_t r = 1; r < lt.times.size(); ++r)
            check(lt.times[r - 1] < lt.times[r]);
        for (std::size_t m = 0; m < lt.messages.size(); ++m) {
            check(lt.messages[m].from < lt.lanes.size() && lt.messages[m].to < lt.lanes.size());
            check(m == 0 || !sent_before(lt.messages[m], lt.messages[m - 1]));
        }
        const auto chosen = choose_lanes(lt, LaneSelection{});
        Trace t = to_trace(lt, chosen);
        check(t.size() <= lt.size() && t.header.components == chosen.size());
        std::ostringstream pes; // whatever the archive named, the PES can hold it
        write_pes(t, pes);
        Trace back = read_pes_text(pes.str(), "fuzz.pes"); // and read it back: InputError here aborts
        check(back.size() == t.size());
    } catch (const InputError& e) {
        const std::string what = e.what();
        check(what.rfind("fuzz.pes", 0) != 0);                   // the PES written reads back
        check(what.find(": cannot write") == std::string::npos); // and could be written
        // A malformed file names the archive's file at fault; no lane with a state event
        // names the anchor.
        check(what.rfind(a.dir.path().string(), 0) == 0);
    }
    write_bytes(a.files[which], a.contents[which].data(), a.contents[which].size());
    return 0;
}
