// The CTF importer on traces recorded by LTTng from chitra-lttng-workers
// (sample_traces/lttng-*, docs/sample-traces.md): lanes, their order and names, nested
// states, function states, data fields on request, detection.
#include "chitra/io/import.hpp"
#include "chitra/util/cancel.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <regex>

using namespace chitra;
namespace fs = std::filesystem;

namespace {

const std::string kRegions = std::string(CHITRA_SOURCE_DIR) + "/sample_traces/lttng-workers-t4-n10";
const std::string kFunctions = std::string(CHITRA_SOURCE_DIR) + "/sample_traces/lttng-workers-cyg-t2-n3";

// Each lane's states in change order, "-" included, with their depths.
std::vector<std::pair<std::string, std::uint32_t>> sequence(const LaneTrace& t, std::size_t lane)
{
    std::vector<std::pair<std::string, std::uint32_t>> out;
    for (const LaneChange& c : t.lanes[lane].changes)
        out.emplace_back(t.state_names[c.state], c.depth);
    return out;
}

} // namespace

TEST(CtfImporter, DetectsATraceDirectoryAndItsSubfolders)
{
    EXPECT_EQ(detect_format(kRegions), SourceFormat::ctf);
    EXPECT_EQ(detect_format(kRegions + "/ust/uid/0/64-bit"), SourceFormat::ctf);
    EXPECT_EQ(detect_format(kFunctions), SourceFormat::ctf);
    // The metadata file stands for its directory.
    const std::string metadata = kRegions + "/ust/uid/0/64-bit/metadata";
    EXPECT_EQ(detect_format(metadata), SourceFormat::ctf);
    EXPECT_EQ(import_lanes(metadata).lanes.size(), 4u);
}

TEST(CtfImporter, ThreadsAreLanesByPidThenTid)
{
    const LaneTrace t = import_lanes(kRegions);
    EXPECT_EQ(t.format, "ctf");
    ASSERT_EQ(t.lanes.size(), 4u);
    const std::regex name(R"((\d+)/(\d+))");
    long long previous_tid = -1, pid = -1;
    for (const Lane& l : t.lanes) {
        std::smatch m;
        ASSERT_TRUE(std::regex_match(l.name, m, name)) << l.name;
        if (pid < 0)
            pid = std::stoll(m[1]);
        EXPECT_EQ(std::stoll(m[1]), pid);
        EXPECT_GT(std::stoll(m[2]), previous_tid);
        previous_tid = std::stoll(m[2]);
        EXPECT_EQ(l.events, 60u); // 10 tasks of 3 regions, 2 events each
    }
}

TEST(CtfImporter, EntryAndExitEventsNestRegions)
{
    const LaneTrace t = import_lanes(kRegions);
    for (std::size_t lane = 0; lane < t.lanes.size(); ++lane) {
        const auto seq = sequence(t, lane);
        // Each task: task, compute (nested), task, io (nested), then - (or the next task).
        std::size_t tasks = 0;
        for (std::size_t i = 0; i + 3 < seq.size(); ++i)
            if (seq[i] == std::pair<std::string, std::uint32_t>{"chitra_demo:task", 1} &&
                seq[i + 1] == std::pair<std::string, std::uint32_t>{"chitra_demo:compute", 2}) {
                EXPECT_EQ(seq[i + 2], (std::pair<std::string, std::uint32_t>{"chitra_demo:task", 1}));
                EXPECT_EQ(seq[i + 3], (std::pair<std::string, std::uint32_t>{"chitra_demo:io", 2}));
                ++tasks;
            }
        EXPECT_EQ(tasks, 10u) << t.lanes[lane].name;
        EXPECT_EQ(seq.back(), (std::pair<std::string, std::uint32_t>{"-", 0}));
    }
}

TEST(CtfImporter, RecordsAreNanosecondsFromTheOrigin)
{
    const Trace trace = load_trace(kRegions, {});
    ASSERT_GT(trace.size(), 0u);
    EXPECT_EQ(trace.times[0], 0);
    EXPECT_EQ(trace.header.timebase, TimeBase::ns);
    EXPECT_EQ(trace.header.components, 4u);
    EXPECT_EQ(trace.header.separator, "|");
    for (std::size_t i = 1; i < trace.size(); ++i)
        EXPECT_LT(trace.times[i - 1], trace.times[i]);
    ASSERT_TRUE(trace.header.end);
    EXPECT_GE(*trace.header.end, trace.times[trace.size() - 1]);
}

TEST(CtfImporter, FunctionsOfAVanishedBinaryAreHexAddresses)
{
    // The sample was recorded from a binary deleted since: no symbols, `0x...` states.
    const LaneTrace t = import_lanes(kFunctions);
    ASSERT_EQ(t.lanes.size(), 3u); // main and 2 workers
    std::size_t hex = 0;
    const std::regex address("0x[0-9a-f]+");
    for (const std::string& s : t.state_names)
        hex += std::regex_match(s, address);
    EXPECT_GE(hex, 5u); // main, worker, task, compute, io at least
    EXPECT_NE(std::find(t.state_names.begin(), t.state_names.end(), "chitra_demo:compute"), t.state_names.end());
}

TEST(CtfImporter, PayloadFieldsOnlyWhenAsked)
{
    EXPECT_TRUE(import_lanes(kRegions).fields.empty());
    ImportOptions o;
    o.fields = "/task_entry\\.item$/";
    const LaneTrace t = import_lanes(kRegions, o);
    ASSERT_EQ(t.fields.size(), 4u); // one per lane that records it
    for (const LaneField& f : t.fields) {
        EXPECT_EQ(f.name, "chitra_demo:task_entry.item");
        ASSERT_TRUE(f.lane);
        EXPECT_EQ(f.samples.size(), 10u);
    }
    const Trace trace = load_trace(kRegions, o);
    ASSERT_EQ(trace.header.fields.size(), 4u);
    EXPECT_EQ(trace.header.fields[0].name, "chitra_demo:task_entry.item@1");
}

TEST(CtfImporter, ADirectoryWithoutMetadataIsNotCtf)
{
    const fs::path dir = fs::temp_directory_path() / "chitra-ctf-empty";
    fs::create_directories(dir);
    ImportOptions o;
    o.from = SourceFormat::ctf;
    EXPECT_THROW(import_lanes(dir.string(), o), InputError);
    EXPECT_THROW(detect_format(dir.string()), InputError);
    fs::remove_all(dir);
}

TEST(CtfImporter, ReportsProgressAndStopsWhenCancelled)
{
    std::vector<double> seen;
    ImportOptions o;
    o.progress = [&](double p) { seen.push_back(p); };
    import_lanes(kRegions, o);
    ASSERT_GE(seen.size(), 2u);
    EXPECT_GE(seen.front(), 0.0);
    EXPECT_LT(seen.front(), 1.0);
    EXPECT_EQ(seen.back(), 1.0);
    EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));

    CancelFlag cancel{true};
    CancelScope scope(&cancel);
    EXPECT_THROW(import_lanes(kRegions), Cancelled);
}
