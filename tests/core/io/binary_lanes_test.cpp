// A `.ctrace` of lanes (version 2): a foreign trace's chosen lanes written without their
// vector states read back as the same trace as the source gives; a damaged one is an
// error naming the file, never a trace. And to_unnamed_trace counts what to_trace names.
#include "chitra/io/import.hpp"
#include "chitra/io/io.hpp"
#include "chitra/lanes/lane_selection.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <unistd.h>

using namespace chitra;

namespace {

const std::string kSamples = std::string(CHITRA_SOURCE_DIR) + "/sample_traces/";

struct TempDir {
    std::filesystem::path path;
    TempDir()
    {
        std::string tmpl = (std::filesystem::temp_directory_path() / "chitra-lanes-XXXXXX").string();
        path = ::mkdtemp(tmpl.data());
    }
    ~TempDir() { std::filesystem::remove_all(path); }
    std::string operator/(const std::string& name) const { return (path / name).string(); }
};

std::string pes(const Trace& trace)
{
    std::ostringstream out;
    write_pes(trace, out);
    return out.str();
}

// The lanes `components` chooses, written as convert writes them.
void write_chosen(const std::string& source, const std::string& components, const std::string& path)
{
    ImportOptions o;
    o.components = {components};
    const LaneTrace lanes = import_lanes(source, o);
    LaneTrace chosen = select_lanes(lanes, choose_lanes(lanes, o.components));
    chosen.warnings.clear();
    write_binary_lanes(chosen, path);
}

std::string error_of(const std::string& path)
{
    try {
        load_trace(path);
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

// Random lanes: a few busy lanes over a few states, nested now and then.
LaneTrace random_lanes(std::mt19937& rng, std::size_t lanes, std::size_t events)
{
    LaneTraceBuilder b("random", "test");
    for (std::size_t l = 0; l < lanes; ++l)
        b.add_lane("lane " + std::to_string(l));
    std::vector<LaneStateId> states;
    for (int s = 0; s < 5; ++s)
        states.push_back(b.state("s" + std::to_string(s)));
    std::vector<Time> now(lanes, 0);
    for (std::size_t e = 0; e < events; ++e) {
        const std::size_t l = rng() % lanes;
        now[l] += 1 + static_cast<Time>(rng() % 7);
        switch (rng() % 4) {
        case 0:
            b.push(l, now[l], states[rng() % states.size()]);
            break;
        case 1:
            b.pop(l, now[l]);
            break;
        default:
            b.set(l, now[l], states[rng() % states.size()]);
        }
    }
    return b.finish();
}

} // namespace

TEST(BinaryLanes, EachForeignSampleReadsBackAsItsSourceReads)
{
    TempDir dir;
    for (const std::string sample : {"smpi-halo-r4.paje", "taskpool-w4-n1200", "taskpool-w4-n300.prv",
                                     "clang-time-trace.json", "lttng-workers-t4-n10"}) {
        for (const std::string components : {"all", "1"}) {
            SCOPED_TRACE(sample + " " + components);
            const std::string path = dir / "lanes.ctrace";
            write_chosen(kSamples + sample, components, path);
            EXPECT_TRUE(binary_file_holds_lanes(path));
            ImportOptions o;
            o.components = {components};
            const Trace source = load_trace(kSamples + sample, o);
            const Trace copy = load_trace(path);
            EXPECT_EQ(pes(copy), pes(source));
            ASSERT_TRUE(copy.lanes);
            EXPECT_EQ(copy.lanes->lanes.size(), source.lanes->lanes.size());
            EXPECT_EQ(copy.lanes->source, path);
            // The lanes come back as import_lanes gives them, warnings said once at convert.
            std::vector<std::string> warnings;
            ImportOptions quiet;
            quiet.warnings = &warnings;
            EXPECT_EQ(import_lanes(path, quiet).state_names, source.lanes->state_names);
            EXPECT_TRUE(warnings.empty());
        }
    }
}

TEST(BinaryLanes, ADamagedFileIsAnErrorNamingIt)
{
    TempDir dir;
    const std::string path = dir / "lanes.ctrace";
    write_chosen(kSamples + "smpi-halo-r4.paje", "all", path);
    std::ifstream in(path, std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(in), {}};
    const auto spit = [&](const std::string& b) {
        const std::string p = dir / "bad.ctrace";
        std::ofstream(p, std::ios::binary | std::ios::trunc) << b;
        return p;
    };
    const std::string cut = spit(bytes.substr(0, bytes.size() - 100));
    EXPECT_EQ(error_of(cut), cut + ": corrupt binary trace: truncated or extended (" +
                                 std::to_string(bytes.size() - 100) + " bytes, the header says " +
                                 std::to_string(bytes.size()) + ")");
    // Every byte of the block flipped in turn, header counts kept: an error or a trace,
    // never a crash; a record number out of range is caught before any use.
    std::mt19937 rng(3);
    for (int round = 0; round < 300; ++round) {
        std::string bad = bytes;
        const std::size_t at = 64 + rng() % (bytes.size() - 64);
        bad[at] = static_cast<char>(bad[at] ^ (1 << (rng() % 8)));
        const std::string p = spit(bad);
        try {
            load_trace(p);
        } catch (const InputError& e) {
            EXPECT_EQ(std::string(e.what()).rfind(p + ": ", 0), 0u) << e.what();
        }
    }
}

TEST(UnnamedTrace, CountsTheStatesToTraceNamesWithTheSameRecords)
{
    std::mt19937 rng(11);
    for (int round = 0; round < 40; ++round) {
        const std::size_t lanes = 1 + rng() % 12;
        const LaneTrace t = random_lanes(rng, lanes, 50 + rng() % 500);
        std::vector<std::size_t> chosen;
        for (std::size_t l = 0; l < lanes; ++l)
            if (rng() % 3 != 0 && !t.lanes[l].changes.empty())
                chosen.push_back(l);
        if (chosen.empty())
            continue;
        const Trace named = to_trace(t, chosen);
        const UnnamedTrace unnamed = to_unnamed_trace(t, chosen);
        EXPECT_EQ(unnamed.states, named.symbols->size());
        EXPECT_EQ(unnamed.trace.size(), named.size());
        EXPECT_TRUE(std::equal(named.times.begin(), named.times.end(), unnamed.trace.times.begin()));
        EXPECT_EQ(unnamed.trace.header.extra, named.header.extra);
        EXPECT_EQ(unnamed.trace.header.end, named.header.end);
        EXPECT_EQ(unnamed.trace.states.size(), 0u);
        EXPECT_EQ(unnamed.trace.symbols->size(), 0u);
    }
}

TEST(UnnamedTrace, LoadUnnamedCountsEveryFormatAsLoadTraceDoes)
{
    for (const std::string sample :
         {"philosophers-n2-x100.pes", "smpi-halo-r4.paje", "taskpool-w4-n1200", "clang-time-trace.json"}) {
        SCOPED_TRACE(sample);
        const Trace loaded = load_trace(kSamples + sample);
        const UnnamedTrace counted = load_unnamed_trace(kSamples + sample, {});
        EXPECT_EQ(counted.states, loaded.symbols->size());
        EXPECT_EQ(counted.trace.size(), loaded.size());
        EXPECT_EQ(counted.trace.header.end, loaded.header.end);
    }
}

// The PES streamed from the lanes is the PES of their trace, byte for byte.
TEST(LanesPes, StreamedFromTheLanesAsWrittenFromTheirTrace)
{
    for (const std::string sample : {"smpi-halo-r4.paje", "taskpool-w4-n1200", "taskpool-w4-n300.prv",
                                     "clang-time-trace.json", "lttng-workers-t4-n10", "node-trace-events.json"}) {
        const LaneTrace lanes = import_lanes(kSamples + sample, {});
        for (const std::string components : {"all", "1", "/./"}) {
            SCOPED_TRACE(sample + " " + components);
            const std::vector<std::size_t> chosen = choose_lanes(lanes, {components});
            std::ostringstream streamed;
            write_lanes_pes(lanes, chosen, streamed);
            EXPECT_EQ(streamed.str(), pes(to_trace(lanes, chosen)));
        }
    }
    std::mt19937 rng(5);
    for (int round = 0; round < 20; ++round) {
        const LaneTrace lanes = random_lanes(rng, 1 + rng() % 20, 300);
        std::vector<std::size_t> chosen;
        for (std::size_t l = 0; l < lanes.lanes.size(); ++l)
            if (!lanes.lanes[l].changes.empty())
                chosen.push_back(l);
        std::ostringstream streamed;
        write_lanes_pes(lanes, chosen, streamed);
        EXPECT_EQ(streamed.str(), pes(to_trace(lanes, chosen)));
    }
}
