// The Paraver, CSV and event trace samples (docs/sample-traces.md) and the options of the
// sample programs that write them. A short run of the program writes the text trace and,
// in the same run, a trace the project already reads another way (chitra-taskpool's OTF2
// archive, chitra-philosophers' own PES); the text trace converted by chitra-cli must
// give every lane the same sequence of states. The committed samples must convert
// without warnings into the lanes and states docs/sample-traces.md describes.
#include "../cli/cli_test_util.hpp"

#include "chitra/io/io.hpp"
#include "chitra/trace/trace.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>
#include <utility>
#include <vector>

using namespace chitra;

namespace {

using cli_test::CliRun;
using cli_test::quote;
using cli_test::TempDir;

const std::string kSamples = std::string(CHITRA_SOURCE_DIR) + "/sample_traces/";

// A lane's changes: (time, state), each state differing from the one before.
using LaneChanges = std::vector<std::pair<Time, std::string>>;

// Records at one time leave only the state after the last one: a program's own PES can
// hold several records at one nanosecond where an import keeps one.
void change(LaneChanges& lane, Time t, const std::string& state)
{
    if (!lane.empty() && lane.back().first == t)
        lane.pop_back();
    if (lane.empty() || lane.back().second != state)
        lane.emplace_back(t, state);
}

// Every component's changes.
std::vector<LaneChanges> lanes_of(const Trace& trace)
{
    std::vector<LaneChanges> lanes(trace.header.components);
    for (std::size_t i = 0; i < trace.size(); ++i) {
        const auto& components = (*trace.symbols)[trace.states[i]].components;
        EXPECT_EQ(components.size(), lanes.size());
        for (std::size_t k = 0; k < lanes.size() && k < components.size(); ++k)
            change(lanes[k], trace.times[i], components[k]);
    }
    return lanes;
}

// The program states (components joined with no separator) as one lane.
LaneChanges joined_of(const Trace& trace)
{
    LaneChanges lane;
    for (std::size_t i = 0; i < trace.size(); ++i) {
        std::string joined;
        for (const std::string& c : (*trace.symbols)[trace.states[i]].components)
            joined += c;
        change(lane, trace.times[i], joined);
    }
    return lane;
}

std::set<std::string> states_of(const std::vector<LaneChanges>& lanes)
{
    std::set<std::string> states;
    for (const LaneChanges& lane : lanes)
        for (const auto& [t, s] : lane)
            states.insert(s);
    return states;
}

template <class T> std::vector<T> values(const Column<T>& column) { return {column.begin(), column.end()}; }

std::size_t field_index(const Trace& trace, const std::string& name)
{
    for (std::size_t f = 0; f < trace.header.fields.size(); ++f)
        if (trace.header.fields[f].name == name)
            return f;
    ADD_FAILURE() << "no field " << name << " in " << trace.source;
    return 0;
}

// Runs a sample program (its path quoted, arguments as the shell reads them); true on exit 0.
bool run_tool(const char* program, const std::string& args)
{
    return std::system((quote(program) + " " + args).c_str()) == 0;
}

// `chitra-cli convert IN -o OUT ARGS`, required to succeed without a word on stderr.
Trace convert(const TempDir& dir, const std::string& in, const std::string& out, const std::string& args = "")
{
    const CliRun r = cli_test::run_cli("convert " + quote(in) + " -o " + quote(dir / out) + args, dir.path);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "") << "converting " << in;
    return load_trace(dir / out);
}

// `chitra-cli info --json IN ARGS`: the file's entry.
nlohmann::json info(const TempDir& dir, const std::string& in, const std::string& args = "")
{
    const CliRun r = cli_test::run_cli("info --json " + quote(in) + args, dir.path);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    return nlohmann::json::parse(r.out)["files"][0];
}

const std::set<std::string> kRegions = {"main", "produce", "sleep", "join", "worker",
                                        "take", "compute", "merge", "lock"};
const std::set<std::string> kPhilosopherStates = {"T", "A1", "A2", "E", "R1", "R2"};
const std::string kCsvColumns = " --state p0,p1,p2 --field eating --field hungry";

} // namespace

// One run writes OTF2 and Paraver: the imports agree lane by lane, in their states and
// in the master's queue gauge, and each worker's task size is that of the task it computes.
TEST(TextSamples, TaskpoolParaverMatchesItsOtf2Archive)
{
    TempDir dir;
    ASSERT_TRUE(run_tool(CHITRA_TASKPOOL_PATH, "-w 2 -n 40 --burst 20 --pause 1000 -q -o " + quote(dir / "otf2") +
                                                   " --paraver " + quote(dir / "run")));
    const Trace prv = convert(dir, dir / "run.prv", "prv.pes");
    const Trace otf2 = convert(dir, dir / "otf2/traces.otf2", "otf2.pes");
    ASSERT_EQ(prv.header.components, 3u);
    ASSERT_EQ(otf2.header.components, 3u);
    const auto lanes = lanes_of(prv);
    EXPECT_EQ(lanes, lanes_of(otf2));
    EXPECT_EQ(states_of(lanes).count("compute"), 1u);
    EXPECT_GE(lanes[1].size() + lanes[2].size(), 4u * 40); // take, compute, merge, ... per task

    ASSERT_EQ(values(prv.times), values(otf2.times));
    const auto& queue = prv.fields[field_index(prv, "queue")];
    EXPECT_EQ(values(queue), values(otf2.fields[field_index(otf2, "queue")]));
    double most = 0;
    for (std::size_t i = 0; i < queue.size(); ++i)
        most = std::max(most, queue[i]);
    EXPECT_GE(most, 1.0);

    // A field per worker that computed: `task size@K` (lane K), or `task size` when one did.
    std::size_t size_fields = 0;
    for (std::size_t f = 0; f < prv.header.fields.size(); ++f) {
        const std::string& name = prv.header.fields[f].name;
        if (!name.starts_with("task size"))
            continue;
        ++size_fields;
        std::size_t k = 0;
        if (name.starts_with("task size@"))
            k = std::stoul(name.substr(10)) - 1;
        else
            for (std::size_t l = 1; l < lanes.size(); ++l)
                if (states_of({lanes[l]}).count("compute"))
                    k = l;
        ASSERT_GE(k, 1u) << name;
        const auto& size = prv.fields[f];
        std::size_t computing = 0;
        for (std::size_t i = 0; i < prv.size(); ++i) {
            const bool compute = (*prv.symbols)[prv.states[i]].components[k] == "compute";
            computing += compute;
            if (compute) {
                EXPECT_GE(size[i], 500.0) << name << ", record " << i;
                EXPECT_LE(size[i], 2500.0) << name << ", record " << i;
            } else {
                EXPECT_EQ(size[i], 0.0) << name << ", record " << i;
            }
        }
        EXPECT_GT(computing, 0u) << name;
    }
    EXPECT_GE(size_fields, 1u);
}

TEST(TextSamples, CommittedParaverSampleConvertsCleanly)
{
    TempDir dir;
    const Trace trace = convert(dir, kSamples + "taskpool-w4-n300.prv", "out.pes");
    ASSERT_EQ(trace.header.components, 5u);
    const auto lanes = lanes_of(trace);
    const auto states = states_of(lanes);
    for (const char* s : {"produce", "sleep", "join", "take", "compute", "merge", "-"})
        EXPECT_EQ(states.count(s), 1u) << s;
    for (const std::string& s : states)
        EXPECT_TRUE(kRegions.count(s) || s == "-") << s;
    const auto j = info(dir, kSamples + "taskpool-w4-n300.prv");
    ASSERT_EQ(j["lanes"].size(), 5u);
    EXPECT_EQ(j["lanes"][0]["name"], "master");
    EXPECT_EQ(j["lanes"][4]["name"], "worker 4");
    EXPECT_EQ(trace.header.fields.size(), 5u); // queue, and task size@2..5
}

// One run writes its PES and the CSV: the CSV's state columns are the PES's components.
TEST(TextSamples, PhilosophersCsvMatchesTheRunsPes)
{
    TempDir dir;
    ASSERT_TRUE(run_tool(CHITRA_PHILOSOPHERS_PATH,
                         "-n 3 -x 50 -m 30 -q -o " + quote(dir / "run.pes") + " --csv " + quote(dir / "run.csv")));
    const Trace pes = load_trace(dir / "run.pes");
    const Trace csv = convert(dir, dir / "run.csv", "csv.pes", kCsvColumns);
    ASSERT_EQ(csv.header.components, 3u);
    const auto lanes = lanes_of(csv);
    EXPECT_EQ(lanes, lanes_of(pes));
    EXPECT_EQ(states_of(lanes), kPhilosopherStates);
    EXPECT_GE(lanes[0].size(), 6u * 30);
}

// The committed CSV: four lanes of the six states, and its gauges count the philosophers
// eating and hungry in its own state columns.
TEST(TextSamples, CommittedCsvSampleConvertsCleanly)
{
    TempDir dir;
    const Trace trace = convert(dir, kSamples + "philosophers-n4-x1000-m100.csv", "out.pes",
                                " --state p0,p1,p2,p3 --field eating --field hungry --field meals");
    ASSERT_EQ(trace.header.components, 4u);
    EXPECT_EQ(states_of(lanes_of(trace)), kPhilosopherStates);
    const auto& eating = trace.fields[field_index(trace, "eating")];
    const auto& hungry = trace.fields[field_index(trace, "hungry")];
    for (std::size_t i = 0; i < trace.size(); ++i) {
        double e = 0, h = 0;
        for (const std::string& c : (*trace.symbols)[trace.states[i]].components) {
            e += c == "E";
            h += c == "A1" || c == "A2";
        }
        ASSERT_EQ(eating[i], e) << "record " << i;
        ASSERT_EQ(hungry[i], h) << "record " << i;
    }
    const auto& meals = trace.fields[field_index(trace, "meals")];
    EXPECT_EQ(meals[trace.size() - 1], 400.0); // 4 philosophers x 100 meals
}

// One run writes its PES and the event trace: the event trace's one lane is the PES's
// program state (its components joined, as the PES names it with no separator).
TEST(TextSamples, PhilosophersEventTraceMatchesTheRunsPes)
{
    TempDir dir;
    ASSERT_TRUE(run_tool(CHITRA_PHILOSOPHERS_PATH, "-n 3 -x 50 -m 30 -q -o " + quote(dir / "run.pes") + " --events " +
                                                       quote(dir / "run.events")));
    const Trace pes = load_trace(dir / "run.pes");
    const Trace events = convert(dir, dir / "run.events", "events.pes");
    ASSERT_EQ(events.header.components, 1u);
    const auto lanes = lanes_of(events);
    EXPECT_EQ(lanes[0], joined_of(pes));
    EXPECT_GE(lanes[0].size(), 6u * 3 * 30 / 2);
    EXPECT_EQ(lanes[0].front(), (std::pair<Time, std::string>(0, "TTT")));
    const auto& hungry = events.fields[field_index(events, "hungry")];
    for (std::size_t i = 0; i < events.size(); ++i) {
        const std::string& s = (*events.symbols)[events.states[i]].components[0];
        std::size_t h = 0;
        for (std::size_t at = s.find('A'); at != std::string::npos; at = s.find('A', at + 1))
            ++h;
        ASSERT_EQ(hungry[i], double(h)) << "record " << i << " " << s;
    }
}

TEST(TextSamples, CommittedEventTraceSampleConvertsCleanly)
{
    TempDir dir;
    const std::string in = kSamples + "philosophers-n3-x1000-m100.events";
    const Trace trace = convert(dir, in, "out.pes");
    ASSERT_EQ(trace.header.components, 1u);
    const auto states = states_of(lanes_of(trace));
    EXPECT_EQ(states.count("TTT"), 1u);
    EXPECT_EQ(states.count("ETT"), 1u);
    for (const std::string& s : states) // three local states each, joined
        EXPECT_TRUE(s.find_first_not_of("TAER12") == std::string::npos) << s;
    EXPECT_GE(states.size(), 20u);
    const auto j = info(dir, in);
    ASSERT_EQ(j["lanes"].size(), 1u);
    EXPECT_EQ(j["lanes"][0]["name"], "philosophers-n3-x1000-m100");
    EXPECT_EQ(j["format"], "events");
}
