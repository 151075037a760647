// The OTF2 importer against otf2-print, the OTF2 library's own reader program: its
// ENTER/LEAVE/METRIC lines per location, replayed with a region stack, must give every
// lane's change list (times, states, depths) and every metric's samples exactly; its
// LOCATION definitions give the lane order and names. Run on the committed sample trace
// and on an archive with equal times, zero-length regions and a 2.4 GHz clock.
#include "chitra/io/import.hpp"
#include "io/import/exact_time.hpp"
#include "io/otf2/otf2_test_archive.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <sstream>

using namespace chitra;
using namespace chitra::test;

namespace {

struct PrintedEvent {
    std::string kind; // ENTER, LEAVE, METRIC
    std::uint64_t ticks;
    std::string region;                                 // ENTER/LEAVE
    std::vector<std::pair<std::string, double>> values; // METRIC: member name, value
};

struct Printed {
    std::uint64_t resolution = 0, offset = 0;
    std::vector<std::pair<std::uint64_t, std::string>> locations; // id, GROUP/NAME in definition order
    std::map<std::uint64_t, std::vector<PrintedEvent>> events;    // per location, in order
};

bool have_otf2_print() { return std::system("command -v otf2-print >/dev/null 2>&1") == 0; }

std::string run(const std::string& command, const std::filesystem::path& out)
{
    EXPECT_EQ(std::system((command + " >'" + out.string() + "' 2>&1").c_str()), 0) << command;
    std::ifstream in(out);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

Printed otf2_print(const std::string& anchor, const std::filesystem::path& tmp)
{
    Printed p;
    const std::string defs = run("otf2-print -G '" + anchor + "'", tmp / "defs.txt");
    const std::string events = run("otf2-print '" + anchor + "'", tmp / "events.txt");
    const std::regex clock_line(R"re(^CLOCK_PROPERTIES\s+Ticks per Seconds: (\d+), Global Offset: (\d+))re");
    const std::regex location_line(R"re(^LOCATION\s+(\d+)\s+Name: "(.*)" <\d+>, Type: .*, Group: "(.*)" <\d+>$)re");
    const std::regex region_line(R"re(^(ENTER|LEAVE)\s+(\d+)\s+(\d+)\s+Region: "(.*)" <\d+>$)re");
    const std::regex metric_line(R"re(^METRIC\s+(\d+)\s+(\d+)\s+Metric: \d+, \d+ Values?: (.*)$)re");
    const std::regex value(R"re(\("(.*?)" <\d+>; \w+; ([-+0-9.eE]+)\))re");
    std::istringstream d(defs);
    std::smatch m;
    for (std::string line; std::getline(d, line);) {
        if (std::regex_search(line, m, clock_line)) {
            p.resolution = std::stoull(m[1]);
            p.offset = std::stoull(m[2]);
        } else if (std::regex_match(line, m, location_line))
            p.locations.emplace_back(std::stoull(m[1]), m[3].str() + "/" + m[2].str());
    }
    std::istringstream e(events);
    for (std::string line; std::getline(e, line);) {
        if (std::regex_match(line, m, region_line)) {
            p.events[std::stoull(m[2])].push_back({m[1], std::stoull(m[3]), m[4], {}});
        } else if (std::regex_match(line, m, metric_line)) {
            PrintedEvent ev{"METRIC", std::stoull(m[2]), "", {}};
            const std::string values = m[3];
            for (std::sregex_iterator it(values.begin(), values.end(), value), end; it != end; ++it)
                ev.values.emplace_back((*it)[1], std::stod((*it)[2]));
            p.events[std::stoull(m[1])].push_back(std::move(ev));
        }
    }
    return p;
}

// (absolute ns, state, depth) of each change of a lane, as the contract defines them,
// from otf2-print's lines of one location.
using Change = std::tuple<Time, std::string, std::uint32_t>;

std::vector<Change> replay(const std::vector<PrintedEvent>& events, const Printed& p)
{
    std::vector<Change> out;
    std::vector<std::string> stack;
    std::string before = "-";
    const auto settle = [&](Time t) {
        const std::string top = stack.empty() ? "-" : stack.back();
        if (top != before)
            out.emplace_back(t, top, static_cast<std::uint32_t>(stack.size()));
        before = top;
    };
    std::optional<Time> current;
    for (const PrintedEvent& e : events) {
        if (e.kind == "METRIC")
            continue;
        const Time t =
            *detail::scaled_ratio(static_cast<std::int64_t>(e.ticks - p.offset), 1'000'000'000, p.resolution);
        if (current && t != *current)
            settle(*current);
        current = t;
        if (e.kind == "ENTER")
            stack.push_back(e.region);
        else if (!stack.empty())
            stack.pop_back();
    }
    if (current)
        settle(*current);
    return out;
}

void compare(const std::string& anchor)
{
    TempDir tmp;
    const Printed p = otf2_print(anchor, tmp.path());
    ASSERT_GT(p.resolution, 0u) << "no CLOCK_PROPERTIES in otf2-print -G";
    const LaneTrace lt = import_lanes(anchor);
    ASSERT_EQ(lt.lanes.size(), p.locations.size());
    std::size_t compared = 0;
    for (std::size_t i = 0; i < lt.lanes.size(); ++i) {
        const auto& [id, name] = p.locations[i];
        EXPECT_EQ(lt.lanes[i].name, name);
        const auto found = p.events.find(id);
        const std::vector<PrintedEvent> none;
        const std::vector<PrintedEvent>& events = found == p.events.end() ? none : found->second;

        std::vector<Change> ours;
        for (const LaneChange& c : lt.lanes[i].changes)
            ours.emplace_back(lt.times[c.record], lt.state_names[c.state], c.depth);
        EXPECT_EQ(ours, replay(events, p)) << name;
        std::uint64_t regions = 0;
        for (const PrintedEvent& e : events)
            regions += e.kind != "METRIC";
        EXPECT_EQ(lt.lanes[i].events, regions) << name;
        compared += ours.size();

        // Metric samples of this lane, by member name.
        std::map<std::string, std::vector<std::pair<Time, double>>> printed;
        for (const PrintedEvent& e : events)
            for (const auto& [member, v] : e.values)
                printed[member].emplace_back(
                    *detail::scaled_ratio(static_cast<std::int64_t>(e.ticks - p.offset), 1'000'000'000, p.resolution),
                    v);
        std::map<std::string, std::vector<std::pair<Time, double>>> imported;
        for (const LaneField& f : lt.fields)
            if (f.lane == i)
                imported[f.name] = f.samples;
        EXPECT_EQ(imported, printed) << name;
    }
    EXPECT_GT(compared, 0u);
}

} // namespace

TEST(Otf2Print, TheSampleTraceReadsAsOtf2PrintReadsIt)
{
    if (!have_otf2_print())
        GTEST_SKIP() << "otf2-print (Debian otf2-tools) is not installed";
    compare(CHITRA_SOURCE_DIR "/sample_traces/taskpool-w4-n1200/traces.otf2");
}

TEST(Otf2Print, EqualTimesZeroLengthRegionsAndAnOddClockReadAsOtf2PrintReadsThem)
{
    if (!have_otf2_print())
        GTEST_SKIP() << "otf2-print (Debian otf2-tools) is not installed";
    TempDir dir;
    Otf2TestArchive a;
    a.resolution = 2'400'000'000;
    a.offset = 7'000'000'123;
    const std::uint64_t o = a.offset;
    a.groups = {"rank 0", "rank 1"};
    a.regions = {"main", "MPI_Send", "compute kernel", "std::vector<int>::push_back"};
    a.members = {{"PAPI_TOT_CYC", OTF2_METRIC_ACCUMULATED_START}, {"mem", OTF2_METRIC_ABSOLUTE_POINT}};
    a.metric_classes = {{0, 1}};
    a.locations = {
        {9,
         "thread 0",
         1,
         {enter(o + 0, 0), enter(o + 6, 2), leave(o + 7, 2), enter(o + 7, 1), metric(o + 8, 0, {10, 4}),
          enter(o + 10, 3), leave(o + 10, 3), leave(o + 12, 1), enter(o + 12, 2), leave(o + 30, 2), leave(o + 31, 0)}},
        {3,
         "thread 0",
         0,
         {enter(o + 1, 0), enter(o + 2, 2), enter(o + 2, 3), leave(o + 5, 3), metric(o + 5, 0, {3, 1}), leave(o + 6, 2),
          leave(o + 6, 0), enter(o + 7, 0), leave(o + 40, 0)}}};
    compare(a.write(dir.path()));
}

// An archive large enough (over 65,536 events) for the lanes to be built on a second
// thread while the library decodes: nested regions with equal times, metrics.
TEST(Otf2Print, ALargeArchiveBuiltBesideTheDecodingReadsAsOtf2PrintReadsIt)
{
    if (!have_otf2_print())
        GTEST_SKIP() << "otf2-print (Debian otf2-tools) is not installed";
    TempDir dir;
    Otf2TestArchive a;
    a.groups = {"rank 0", "rank 1"};
    a.regions = {"main", "solve", "MPI_Allreduce", "io", "compute kernel"};
    a.members = {{"PAPI_TOT_CYC", OTF2_METRIC_ACCUMULATED_START}};
    a.metric_classes = {{0}};
    std::mt19937_64 rng(11);
    for (std::uint64_t location = 0; location < 3; ++location) {
        std::vector<Otf2TestEvent> events;
        std::vector<std::uint32_t> open;
        std::uint64_t t = 0;
        while (events.size() < 30'000) {
            t += rng() % 4 == 0 ? 0 : rng() % 500; // equal times now and then
            if (!open.empty() && (open.size() > 4 || rng() % 2 == 0)) {
                events.push_back(leave(t, open.back()));
                open.pop_back();
            } else {
                open.push_back(static_cast<std::uint32_t>(rng() % 5));
                events.push_back(enter(t, open.back()));
            }
            if (rng() % 16 == 0)
                events.push_back(metric(t, 0, {static_cast<double>(rng() % 100000)})); // printed exactly
        }
        while (!open.empty()) {
            events.push_back(leave(t += 10, open.back()));
            open.pop_back();
        }
        a.locations.push_back({location, "thread " + std::to_string(location), static_cast<std::uint32_t>(location % 2),
                               std::move(events)});
    }
    compare(a.write(dir.path()));
}
