// The OTF2 importer against the contract (interfaces.md "Foreign trace formats"), one
// rule per test, on archives written through the OTF2 writer API (otf2_test_archive.hpp).
#include "chitra/io/import.hpp"
#include "chitra/io/io.hpp"
#include "chitra/util/cancel.hpp"
#include "io/otf2/otf2_definitions.hpp"
#include "io/otf2/otf2_test_archive.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <tuple>
#include <sstream>

using namespace chitra;
using namespace chitra::test;

namespace {

std::vector<std::string> records(const Trace& t)
{
    std::vector<std::string> out;
    for (std::size_t i = 0; i < t.size(); ++i)
        out.push_back(std::to_string(t.times[i]) + ":" + (*t.symbols)[t.states[i]].name);
    return out;
}

std::vector<std::string> extras(const Trace& t, const std::string& key)
{
    std::vector<std::string> out;
    for (const auto& [k, v] : t.header.extra)
        if (k == key)
            out.push_back(v);
    return out;
}

// Field NAME's value at each record.
std::vector<double> field(const Trace& t, const std::string& name)
{
    for (std::size_t f = 0; f < t.header.fields.size(); ++f)
        if (t.header.fields[f].name == name)
            return std::vector<double>(t.fields[f].begin(), t.fields[f].end());
    ADD_FAILURE() << "no field " << name;
    return {};
}

// Two ranks with two threads each; regions 0 main, 1 compute, 2 send.
Otf2TestArchive two_ranks()
{
    Otf2TestArchive a;
    a.groups = {"rank 0", "rank 1"};
    a.regions = {"main", "compute", "send"};
    return a;
}

} // namespace

TEST(Otf2Import, LanesAreLocationsInDefinitionOrderNamedGroupSlashLocation)
{
    TempDir dir;
    Otf2TestArchive a = two_ranks();
    // Definition order differs from location ids and from group order.
    a.locations = {{7, "thread 1", 1, {enter(10, 0), leave(50, 0)}},
                   {2, "thread 0", 0, {enter(20, 1), leave(40, 1)}},
                   {5, "idle thread", 0, {}},
                   {3, "thread 0", 1, {enter(30, 2), leave(60, 2)}}};
    const std::string anchor = a.write(dir.path());
    LaneTrace lt = import_lanes(anchor);
    EXPECT_EQ(lt.format, "otf2");
    ASSERT_EQ(lt.lanes.size(), 4u);
    EXPECT_EQ(lt.lanes[0].name, "rank 1/thread 1");
    EXPECT_EQ(lt.lanes[1].name, "rank 0/thread 0");
    EXPECT_EQ(lt.lanes[2].name, "rank 0/idle thread");
    EXPECT_EQ(lt.lanes[3].name, "rank 1/thread 0");
    EXPECT_EQ(lt.lanes[2].events, 0u);

    Trace t = load_trace(anchor, ImportOptions{});
    EXPECT_EQ(t.header.components, 3u); // the idle location has no state event
    EXPECT_EQ(extras(t, "lane"),
              (std::vector<std::string>{"1 rank 1/thread 1", "2 rank 0/thread 0", "3 rank 1/thread 0"}));
    EXPECT_EQ(records(t), (std::vector<std::string>{"0:main|-|-", "10:main|compute|-", "20:main|compute|send",
                                                    "30:main|-|send", "40:-|-|send", "50:-|-|-"}));
    EXPECT_EQ(t.header.separator, "|");
    EXPECT_EQ(t.header.timebase, TimeBase::ns);
    EXPECT_EQ(extras(t, "origin"), (std::vector<std::string>{"10"}));
    EXPECT_EQ(t.header.end, 50);
}

TEST(Otf2Import, RegionsNestAndTheStateIsTheInnermost)
{
    TempDir dir;
    Otf2TestArchive a = two_ranks();
    a.locations = {{0,
                    "main",
                    0,
                    {enter(100, 0), enter(200, 1), enter(300, 2), leave(400, 2), leave(500, 1), enter(600, 2),
                     leave(700, 2), leave(800, 0)}}};
    LaneTrace lt = import_lanes(a.write(dir.path()));
    ASSERT_EQ(lt.lanes.size(), 1u);
    std::vector<std::pair<std::string, std::uint32_t>> seen;
    for (const LaneChange& c : lt.lanes[0].changes)
        seen.emplace_back(lt.state_names[c.state], c.depth);
    EXPECT_EQ(seen, (std::vector<std::pair<std::string, std::uint32_t>>{{"main", 1},
                                                                        {"compute", 2},
                                                                        {"send", 3},
                                                                        {"compute", 2},
                                                                        {"main", 1},
                                                                        {"send", 2},
                                                                        {"main", 1},
                                                                        {"-", 0}}));
    EXPECT_EQ(lt.lanes[0].events, 8u);
    EXPECT_EQ(lt.times, (std::vector<Time>{100, 200, 300, 400, 500, 600, 700, 800}));
}

TEST(Otf2Import, EventsAtEqualTimesApplyInFileOrder)
{
    TempDir dir;
    Otf2TestArchive a = two_ranks();
    a.locations = {{0,
                    "t",
                    0,
                    {enter(10, 0), leave(20, 0), enter(20, 1), // main ends and compute starts at 20
                     enter(30, 2), leave(30, 2),               // send opens and closes at 30: no change
                     leave(40, 1), enter(40, 2), leave(40, 2), // compute ends, send at no length: "-"
                     enter(50, 0), leave(60, 0)}}};
    Trace t = load_trace(a.write(dir.path()), ImportOptions{});
    EXPECT_EQ(records(t), (std::vector<std::string>{"0:main", "10:compute", "30:-", "40:main", "50:-"}));
}

TEST(Otf2Import, TimerResolutionAndGlobalOffsetConvertExactly)
{
    TempDir dir;
    Otf2TestArchive a = two_ranks();
    a.resolution = 2'400'000'000; // 2.4 GHz ticks
    a.offset = 1'000'000'000'000;
    const std::uint64_t o = a.offset;
    // ticks after the offset -> ns: 1 -> 0.42 -> 0; 3 -> 1.25 -> 1; 6 -> 2.5 -> 3 (half away
    // from zero, not to even); 10 -> 4.17 -> 4; 2.4e9 * 3600 + 1 -> 3600 s (+0.42 ns).
    a.locations = {
        {0,
         "t",
         0,
         {enter(o + 1, 0), enter(o + 3, 1), enter(o + 6, 2), leave(o + 10, 2), leave(o + 8'640'000'000'001, 1)}}};
    LaneTrace lt = import_lanes(a.write(dir.path()));
    EXPECT_EQ(lt.times, (std::vector<Time>{0, 1, 3, 4, 3'600'000'000'000}));
    EXPECT_EQ(lt.state_names[lt.lanes[0].changes[2].state], "send");

    // A leave at tick 7 (2.92 -> 3 ns) falls on the enter's nanosecond: send has no length.
    a.locations[0].events[3] = leave(o + 7, 2);
    TempDir again;
    EXPECT_EQ(import_lanes(a.write(again.path())).times, (std::vector<Time>{0, 1, 3'600'000'000'000}));
}

TEST(Otf2Import, EventsBeforeTheGlobalOffsetHaveNegativeTimes)
{
    TempDir dir;
    Otf2TestArchive a = two_ranks();
    a.resolution = 1'000'000; // microsecond ticks: x1000
    a.offset = 500;
    a.locations = {{0, "t", 0, {enter(499, 0), leave(502, 0)}}};
    const std::string anchor = a.write(dir.path());
    EXPECT_EQ(import_lanes(anchor).times, (std::vector<Time>{-1000, 2000}));
    Trace t = load_trace(anchor, ImportOptions{});
    EXPECT_EQ(extras(t, "origin"), (std::vector<std::string>{"-1000"}));
    EXPECT_EQ(records(t), (std::vector<std::string>{"0:main", "3000:-"}));
}

TEST(Otf2Import, AccumulatedMetricsAreCountersOthersGauges)
{
    TempDir dir;
    Otf2TestArchive a = two_ranks();
    a.members = {{"flops", OTF2_METRIC_ACCUMULATED_START},
                 {"bytes", OTF2_METRIC_ACCUMULATED_LAST},
                 {"queue", OTF2_METRIC_ABSOLUTE_POINT},
                 {"delta", OTF2_METRIC_RELATIVE_NEXT}};
    a.metric_classes = {{0, 1, 2}, {3}};
    a.locations = {{0,
                    "t",
                    0,
                    {enter(10, 0), metric(15, 0, {100, 8, 3}), enter(20, 1), metric(25, 1, {-2.5}),
                     metric(30, 0, {250, 16, 1}), leave(40, 1), leave(50, 0)}}};
    Trace t = load_trace(a.write(dir.path()), ImportOptions{});
    ASSERT_EQ(t.header.fields.size(), 4u);
    EXPECT_EQ(t.header.fields[0].name, "flops");
    EXPECT_EQ(t.header.fields[0].kind, FieldKind::counter);
    EXPECT_EQ(t.header.fields[1].name, "bytes");
    EXPECT_EQ(t.header.fields[1].kind, FieldKind::counter);
    EXPECT_EQ(t.header.fields[2].name, "queue");
    EXPECT_EQ(t.header.fields[2].kind, FieldKind::gauge);
    EXPECT_EQ(t.header.fields[3].name, "delta");
    EXPECT_EQ(t.header.fields[3].kind, FieldKind::gauge);
    // Records at 10 (main), 20 (compute), 40 (main), 50 (-): latest sample at or before.
    EXPECT_EQ(records(t), (std::vector<std::string>{"0:main", "10:compute", "30:main", "40:-"}));
    EXPECT_EQ(field(t, "flops"), (std::vector<double>{0, 100, 250, 250}));
    EXPECT_EQ(field(t, "queue"), (std::vector<double>{0, 3, 1, 1}));
    EXPECT_EQ(field(t, "delta"), (std::vector<double>{0, 0, -2.5, -2.5}));
}

TEST(Otf2Import, AMetricRecordedByOneLaneKeepsItsNameBySeveralGetsAtK)
{
    TempDir dir;
    Otf2TestArchive a = two_ranks();
    a.members = {{"cycles", OTF2_METRIC_ACCUMULATED_START}, {"mem", OTF2_METRIC_ABSOLUTE_POINT}};
    a.metric_classes = {{0}, {1}};
    a.locations = {{4, "a", 0, {enter(10, 0), metric(10, 0, {5}), metric(12, 1, {64}), leave(20, 0)}},
                   {1, "b", 1, {enter(11, 1), metric(11, 0, {7}), leave(21, 1)}}};
    const std::string anchor = a.write(dir.path());
    Trace t = load_trace(anchor, ImportOptions{});
    std::vector<std::string> names;
    for (const auto& f : t.header.fields)
        names.push_back(f.name);
    EXPECT_EQ(names, (std::vector<std::string>{"cycles@1", "mem", "cycles@2"}));
    EXPECT_EQ(field(t, "cycles@2"), (std::vector<double>{0, 7, 7, 7}));
    EXPECT_EQ(field(t, "cycles@1"), (std::vector<double>{5, 5, 5, 5}));
    EXPECT_EQ(field(t, "mem"), (std::vector<double>{0, 0, 64, 64}));

    // Only lane 2 chosen: its metric is the only one left, so it keeps its plain name.
    ImportOptions only_b;
    only_b.components.spec = "2";
    Trace b = load_trace(anchor, only_b);
    ASSERT_EQ(b.header.fields.size(), 1u);
    EXPECT_EQ(b.header.fields[0].name, "cycles");
    EXPECT_EQ(extras(b, "lane"), (std::vector<std::string>{"1 rank 1/b"}));
}

TEST(Otf2Import, IntegerMetricValuesAndTheEndOfTheTraceFromAnyEvent)
{
    TempDir dir;
    Otf2TestArchive a = two_ranks();
    a.members = {{"count", OTF2_METRIC_ACCUMULATED_POINT}};
    a.metric_classes = {{0}};
    a.locations = {{0, "t", 0, {other(5), enter(10, 0), metric_int(15, 0, -42), leave(20, 0), other(90)}}};
    Trace t = load_trace(a.write(dir.path()), ImportOptions{});
    EXPECT_EQ(records(t), (std::vector<std::string>{"0:main", "10:-"}));
    EXPECT_EQ(field(t, "count"), (std::vector<double>{0, -42}));
    EXPECT_EQ(t.header.end, 80); // the MeasurementOnOff at 90, minus the origin 10
}

TEST(Otf2Import, LeaveWithoutEnterIsACountedWarning)
{
    TempDir dir;
    Otf2TestArchive a = two_ranks();
    a.locations = {{0, "t", 0, {leave(5, 0), leave(6, 1), enter(10, 0), enter(11, 1), leave(12, 0), leave(13, 1)}}};
    ImportOptions o;
    std::vector<std::string> warnings;
    o.warnings = &warnings;
    const std::string anchor = a.write(dir.path());
    Trace t = load_trace(anchor, o);
    ASSERT_EQ(warnings.size(), 2u);
    EXPECT_EQ(warnings[0].rfind(anchor + ": ", 0), 0u) << warnings[0];
    EXPECT_NE(warnings[0].find("2 x end of a region on a lane with no open region"), std::string::npos) << warnings[0];
    EXPECT_NE(warnings[1].find("Leave of a region other than the innermost open one"), std::string::npos)
        << warnings[1];
    // The Leave of main at 12 closes the innermost (compute); the one of compute closes main.
    EXPECT_EQ(records(t), (std::vector<std::string>{"0:main", "1:compute", "2:main", "3:-"}));
}

TEST(Otf2Import, DetectedByTheAnchorFilesContent)
{
    TempDir dir;
    Otf2TestArchive a = two_ranks();
    a.locations = {{0, "t", 0, {enter(1, 0), leave(2, 0)}}};
    const std::string anchor = a.write(dir.path());
    EXPECT_EQ(detect_format(anchor), SourceFormat::otf2);
    // Another name for the same anchor: still OTF2, by its bytes.
    std::filesystem::copy_file(anchor, dir.path() / "renamed.bin");
    EXPECT_EQ(detect_format((dir.path() / "renamed.bin").string()), SourceFormat::otf2);
    // The archive's other files are not anchors.
    EXPECT_NE(detect_format((dir.path() / "trace" / "traces.def").string()), SourceFormat::otf2);
    EXPECT_NE(detect_format((dir.path() / "trace" / "traces" / "0.evt").string()), SourceFormat::otf2);
    // Text that merely mentions OTF2, named .otf2: not an anchor (read as PES).
    const auto text = dir.path() / "notes.otf2";
    std::ofstream(text) << "# chitra-pes 1\n0 OTF2\n";
    EXPECT_EQ(detect_format(text.string()), SourceFormat::pes);
    // Binary bytes named .otf2: OTF2, so a damaged anchor gets OTF2's message.
    const auto junk = dir.path() / "junk.otf2";
    std::ofstream(junk, std::ios::binary) << std::string("\x01\x00\x02garbage", 10);
    EXPECT_EQ(detect_format(junk.string()), SourceFormat::otf2);
    // Other formats' first bytes.
    const auto ctrace = dir.path() / "x.ctrace";
    std::ofstream(ctrace, std::ios::binary) << std::string("\x89"
                                                           "CTRACE",
                                                           7);
    EXPECT_NE(detect_format(ctrace.string()), SourceFormat::otf2);
    const auto json = dir.path() / "x.json";
    std::ofstream(json) << "{\"traceEvents\": []}";
    EXPECT_NE(detect_format(json.string()), SourceFormat::otf2);
}

TEST(Otf2Import, AnArchivesFolderOpensAsItsAnchorFile)
{
    TempDir dir;
    Otf2TestArchive a = two_ranks();
    a.locations = {{0, "t", 0, {enter(1, 0), leave(2, 0), enter(5, 1), leave(9, 1)}}};
    const std::string anchor = a.write(dir.path());
    const std::string folder = (dir.path() / "trace").string(); // traces.otf2, traces.def, traces/
    EXPECT_EQ(detect_format(folder), SourceFormat::otf2);
    const Trace by_folder = load_trace(folder), by_anchor = load_trace(anchor);
    EXPECT_TRUE(std::ranges::equal(by_folder.times, by_anchor.times));
    EXPECT_TRUE(std::ranges::equal(by_folder.states, by_anchor.states));
    EXPECT_EQ(by_folder.symbols->size(), by_anchor.symbols->size());
    // Two archives in one folder: which one is meant is not guessed.
    std::filesystem::copy_file(anchor, dir.path() / "trace" / "copy.otf2");
    try {
        detect_format(folder);
        FAIL() << "a folder of two archives was taken for one";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()), folder + ": a directory that holds no trace Chitra can read");
    }
}

TEST(Otf2Import, ReportsProgressAndStopsWhenCancelled)
{
    TempDir dir;
    Otf2TestArchive a = two_ranks();
    Otf2TestLocation l{0, "t", 0, {}};
    for (std::uint64_t i = 0; i < 100'000; ++i)
        l.events.push_back(i % 2 == 0 ? enter(i, 0) : leave(i, 0));
    a.locations = {l};
    const std::string anchor = a.write(dir.path());

    std::vector<double> seen;
    ImportOptions o;
    o.progress = [&](double p) { seen.push_back(p); };
    LaneTrace lt = import_lanes(anchor, o);
    EXPECT_EQ(lt.size(), 100'000u);
    ASSERT_GE(seen.size(), 2u);
    EXPECT_GT(seen.front(), 0.0);
    EXPECT_LT(seen.front(), 1.0);
    EXPECT_EQ(seen.back(), 1.0);
    EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));

    CancelFlag cancel{true};
    CancelScope scope(&cancel);
    EXPECT_THROW(import_lanes(anchor), Cancelled);
}

TEST(Otf2Import, UnnamedRegionsAndMetricMembersAreCalledByTheirReference)
{
    TempDir dir;
    Otf2TestArchive a = two_ranks();
    a.regions = {"main", ""};
    a.members = {{"", OTF2_METRIC_ABSOLUTE_POINT}};
    a.metric_classes = {{0}};
    a.locations = {{0, "t", 0, {enter(10, 0), enter(20, 1), metric(25, 0, {2}), leave(30, 1), leave(40, 0)}}};
    Trace t = load_trace(a.write(dir.path()), ImportOptions{});
    EXPECT_EQ(records(t), (std::vector<std::string>{"0:main", "10:region 1", "20:main", "30:-"}));
    ASSERT_EQ(t.header.fields.size(), 1u);
    EXPECT_EQ(t.header.fields[0].name, "metric member 0");
    std::ostringstream pes;
    write_pes(t, pes); // names a PES can hold
    EXPECT_NE(pes.str().find("region%201"), std::string::npos) << pes.str();
}

TEST(Otf2Import, NamesThatAreNotUtf8GetReplacementCharacters)
{
    TempDir dir;
    Otf2TestArchive a = two_ranks();
    a.groups = {"rang \xe9"};
    a.regions = {"caf\xe9 au lait", "\xc3\xa9t\xc3\xa9"}; // Latin-1, then UTF-8
    a.locations = {{0, "t", 0, {enter(10, 0), enter(20, 1), leave(30, 1), leave(40, 0)}}};
    const std::string anchor = a.write(dir.path());
    Trace t = load_trace(anchor, ImportOptions{});
    EXPECT_EQ(records(t), (std::vector<std::string>{"0:caf\xef\xbf\xbd au lait", "10:\xc3\xa9t\xc3\xa9",
                                                    "20:caf\xef\xbf\xbd au lait", "30:-"}));
    EXPECT_EQ(extras(t, "lane"), (std::vector<std::string>{"1 rang \xef\xbf\xbd/t"}));
    std::ostringstream pes;
    write_pes(t, pes);
    Trace back = read_pes_text(pes.str(), "back.pes"); // a PES reader takes every name
    EXPECT_EQ(records(back), records(t));
}

// ---- Two readers -----------------------------------------------------------------------

namespace {

detail::Otf2Definitions locations_of(std::vector<std::uint64_t> events)
{
    detail::Otf2Definitions defs;
    for (std::size_t i = 0; i < events.size(); ++i)
        defs.locations.push_back({i, "t" + std::to_string(i), events[i]});
    return defs;
}

// A location of about `count` events: nested regions (0-2) with equal times now and then,
// a metric every 16 events, and a Leave of a region other than the innermost once.
Otf2TestLocation busy_location(std::uint64_t id, std::uint32_t group, std::size_t count, std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    Otf2TestLocation l{id, "thread " + std::to_string(id), group, {}};
    std::vector<std::uint32_t> open;
    std::uint64_t t = 0;
    bool crossed = false;
    while (l.events.size() < count) {
        t += rng() % 4 == 0 ? 0 : rng() % 300;
        if (!open.empty() && (open.size() > 3 || rng() % 2 == 0)) {
            // Once, leave the outer of two open regions: a counted warning.
            const bool cross = !crossed && open.size() >= 2 && open[open.size() - 2] != open.back();
            l.events.push_back(leave(t, cross ? open[open.size() - 2] : open.back()));
            crossed |= cross;
            open.pop_back();
        } else {
            open.push_back(static_cast<std::uint32_t>(rng() % 3));
            l.events.push_back(enter(t, open.back()));
        }
        if (rng() % 16 == 0)
            l.events.push_back(metric(t, 0, {static_cast<double>(rng() % 1000)}));
    }
    while (!open.empty()) {
        l.events.push_back(leave(t += 5, open.back()));
        open.pop_back();
    }
    return l;
}

std::filesystem::path subdir(const TempDir& dir, const std::string& name)
{
    std::filesystem::create_directories(dir.path() / name);
    return dir.path() / name;
}

// Two ranks of two busy locations each (about 25,000 events and a PAPI counter apiece).
Otf2TestArchive four_busy_locations(std::uint64_t seed)
{
    Otf2TestArchive a = two_ranks();
    a.members = {{"PAPI_TOT_CYC", OTF2_METRIC_ACCUMULATED_START}};
    a.metric_classes = {{0}};
    for (std::uint64_t id = 0; id < 4; ++id)
        a.locations.push_back(busy_location(id, static_cast<std::uint32_t>(id / 2), 25'000, seed + id));
    return a;
}

// Whether two readers read the archive, each a half of its locations (on two cores).
bool read_in_halves(const Otf2TestArchive& a)
{
    std::vector<std::uint64_t> counts;
    for (const auto& l : a.locations)
        counts.push_back(l.events.size());
    return detail::otf2_reader_split(locations_of(counts), 2, 65'536) == 2;
}

using LaneChanges = std::vector<std::tuple<Time, std::string, std::uint32_t>>;

LaneChanges changes_of(const LaneTrace& lt, std::size_t lane)
{
    LaneChanges out;
    for (const LaneChange& c : lt.lanes[lane].changes)
        out.emplace_back(lt.times[c.record], lt.state_names[c.state], c.depth);
    return out;
}

} // namespace

TEST(Otf2Import, LocationsAreSplitBetweenTwoReadersOnlyWhenLargeAndEven)
{
    using detail::otf2_reader_split;
    EXPECT_EQ(otf2_reader_split(locations_of({50'000, 50'000, 50'000, 50'000}), 2, 65'536), 2u);
    EXPECT_EQ(otf2_reader_split(locations_of({10'000, 50'000, 40'000}), 2, 65'536), 2u); // 60% | 40%
    EXPECT_EQ(otf2_reader_split(locations_of({10'000, 60'000, 30'000}), 2, 65'536), 0u); // 70% at best
    EXPECT_EQ(otf2_reader_split(locations_of({30'000, 30'000, 30'000}), 2, 65'536), 0u); // 67% at best
    EXPECT_EQ(otf2_reader_split(locations_of({50'000, 50'000}), 1, 65'536), 0u);         // one core
    EXPECT_EQ(otf2_reader_split(locations_of({20'000, 20'000}), 2, 65'536), 0u);         // small
    EXPECT_EQ(otf2_reader_split(locations_of({100'000}), 2, 65'536), 0u);                // one location
}

TEST(Otf2Import, TwoReadersBuildWhatEachLocationReadAloneBuilds)
{
    // Four even locations: read by two readers (locations 0-1 and 2-3). Each location is
    // also written as an archive of its own, read by one reader; the lanes, their metrics
    // and the warnings must be the same.
    TempDir dir;
    const Otf2TestArchive a = four_busy_locations(100);
    ASSERT_TRUE(read_in_halves(a));

    std::vector<std::string> warnings;
    ImportOptions o;
    o.warnings = &warnings;
    const LaneTrace both = import_lanes(a.write(subdir(dir, "all")), o);
    ASSERT_EQ(both.lanes.size(), 4u);
    std::vector<std::string> field_lanes;
    for (const LaneField& f : both.fields)
        field_lanes.push_back(f.name + "@" + std::to_string(*f.lane));
    // Fields in the order a single reader meets them: location by location.
    EXPECT_EQ(field_lanes,
              (std::vector<std::string>{"PAPI_TOT_CYC@0", "PAPI_TOT_CYC@1", "PAPI_TOT_CYC@2", "PAPI_TOT_CYC@3"}));
    std::uint64_t crossings = 0;
    std::optional<Time> last_event;
    for (std::size_t lane = 0; lane < 4; ++lane) {
        Otf2TestArchive alone = a;
        alone.locations = {a.locations[lane]};
        const LaneTrace one = import_lanes(alone.write(subdir(dir, std::to_string(lane))));
        ASSERT_EQ(one.lanes.size(), 1u);
        last_event = std::max(last_event, one.last_event);
        EXPECT_EQ(both.lanes[lane].name, one.lanes[0].name);
        EXPECT_EQ(both.lanes[lane].events, one.lanes[0].events);
        EXPECT_EQ(changes_of(both, lane), changes_of(one, 0)) << "lane " << lane;
        ASSERT_EQ(one.fields.size(), 1u);
        EXPECT_EQ(both.fields[lane].samples, one.fields[0].samples) << "lane " << lane;
        for (const std::string& w : one.warnings)
            crossings += w.find("Leave of a region other than the innermost") != std::string::npos;
    }
    EXPECT_EQ(crossings, 4u);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("4 x Leave of a region other than the innermost"), std::string::npos) << warnings[0];
    EXPECT_EQ(both.last_event, last_event);
}

TEST(Otf2Import, TwoReadersReportProgressStopWhenCancelledAndNameTheFirstBadLocation)
{
    TempDir dir;
    Otf2TestArchive a = two_ranks();
    for (std::uint64_t id = 0; id < 4; ++id) {
        Otf2TestLocation l{id, "t" + std::to_string(id), 0, {}};
        for (std::uint64_t i = 0; i < 30'000; ++i)
            l.events.push_back(i % 2 == 0 ? enter(i, 0) : leave(i, 0));
        a.locations.push_back(std::move(l));
    }
    const std::string anchor = a.write(subdir(dir, "good"));
    std::vector<double> seen;
    ImportOptions o;
    o.progress = [&](double p) { seen.push_back(p); };
    EXPECT_EQ(import_lanes(anchor, o).size(), 30'000u);
    ASSERT_GE(seen.size(), 2u);
    EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
    EXPECT_EQ(seen.back(), 1.0);
    {
        CancelFlag cancel{true};
        CancelScope scope(&cancel);
        EXPECT_THROW(import_lanes(anchor), Cancelled);
    }

    // An undefined region in the last location (the second reader's), then also in the
    // second (the first reader's): the error named is the first in location order.
    const auto error_of = [](const std::string& path) -> std::string {
        try {
            import_lanes(path);
        } catch (const InputError& e) {
            return e.what();
        }
        return "";
    };
    Otf2TestArchive bad = a;
    bad.locations[3].events[20'001] = enter(20'001, 7);
    std::string e = error_of(bad.write(subdir(dir, "bad3")));
    EXPECT_NE(e.find("traces/3.evt: event 20002: Enter of region 7, which is not defined"), std::string::npos) << e;
    bad.locations[1].events[25'001] = enter(25'001, 8);
    e = error_of(bad.write(subdir(dir, "bad13")));
    EXPECT_NE(e.find("traces/1.evt: event 25002: Enter of region 8, which is not defined"), std::string::npos) << e;
}

TEST(Otf2Import, TwoReadersMatchMessagesAcrossTheirHalvesInSendOrder)
{
    // Four busy locations in a ring (read by two readers: locations 0-1 and 2-3), ranks
    // of the world communicator in reverse location order. Each location sends 600
    // messages to the next rank, blocking and non-blocking in turn with three tags, and
    // receives as many from the rank before; each also sends itself one on MPI_COMM_SELF.
    // The messages must be the ones written, by send time, then sending lane.
    TempDir dir;
    Otf2TestArchive a = four_busy_locations(200);
    a.comm_locations = {3, 2, 1, 0}; // rank r is location 3 - r
    a.comms = {{"MPI_COMM_WORLD", {0, 1, 2, 3}}, {"MPI_COMM_SELF", {}, true}};
    const auto rank = [](std::size_t lane) { return static_cast<std::uint32_t>(3 - lane); };
    constexpr std::size_t kPerLane = 600;
    using K = Otf2TestEvent;
    std::vector<std::vector<std::pair<std::size_t, Otf2TestEvent>>> ends(4); // (after event, message end)
    std::vector<Message> expected;
    const auto time_at = [&](std::size_t lane, std::size_t event) { return a.locations[lane].events[event].time; };
    for (std::size_t from = 0; from < 4; ++from) {
        const std::size_t to = (from + 1) % 4;
        for (std::size_t k = 0; k < kPerLane; ++k) {
            const std::size_t at_send = 10 + k * 40 + from, at_recv = 10 + k * 40 + 20 + to;
            const auto tag = static_cast<std::uint32_t>(k % 3);
            const std::uint64_t bytes = 8 * (k + 1);
            const bool blocking = k % 2 == 0;
            ends[from].emplace_back(
                at_send, message(blocking ? K::send : K::isend, time_at(from, at_send), 0, rank(to), tag, bytes));
            ends[to].emplace_back(
                at_recv, message(blocking ? K::recv : K::irecv, time_at(to, at_recv), 0, rank(from), tag, bytes));
            expected.push_back({static_cast<Time>(time_at(from, at_send)), static_cast<Time>(time_at(to, at_recv)),
                                bytes, static_cast<std::uint32_t>(from), static_cast<std::uint32_t>(to), tag});
        }
        const std::size_t at_self = 24'000;
        ends[from].emplace_back(at_self, message(K::send, time_at(from, at_self), 1, 0, 5, 1));
        ends[from].emplace_back(at_self, message(K::recv, time_at(from, at_self), 1, 0, 5, 1));
        const auto t = static_cast<Time>(time_at(from, at_self));
        expected.push_back({t, t, 1, static_cast<std::uint32_t>(from), static_cast<std::uint32_t>(from), 5});
    }
    for (std::size_t lane = 0; lane < 4; ++lane) {
        auto& mine = ends[lane];
        std::stable_sort(mine.begin(), mine.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
        std::vector<Otf2TestEvent>& events = a.locations[lane].events;
        for (std::size_t i = mine.size(); i-- > 0;) // from the back, so that earlier indices hold
            events.insert(events.begin() + static_cast<std::ptrdiff_t>(mine[i].first + 1), mine[i].second);
    }
    ASSERT_TRUE(read_in_halves(a));

    const LaneTrace lt = import_lanes(a.write(dir.path()));
    EXPECT_EQ(lt.unmatched_sends, 0u);
    EXPECT_EQ(lt.unmatched_receives, 0u);
    EXPECT_TRUE(std::is_sorted(lt.messages.begin(), lt.messages.end(), sent_before));
    const auto every_field = [](const Message& x, const Message& y) {
        return std::tie(x.send, x.from, x.recv, x.to, x.tag, x.bytes) <
               std::tie(y.send, y.from, y.recv, y.to, y.tag, y.bytes);
    };
    std::vector<Message> got = lt.messages;
    std::sort(got.begin(), got.end(), every_field);
    std::sort(expected.begin(), expected.end(), every_field);
    EXPECT_EQ(got.size(), 4 * kPerLane + 4);
    EXPECT_TRUE(got == expected);
}
