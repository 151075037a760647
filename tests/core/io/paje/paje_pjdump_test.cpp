// The Paje importer against PajeNG's own reading (pj_dump, Debian package pajeng): for the
// SimGrid sample and hand-written traces, each container's states as pj_dump lists them
// (intervals with nesting levels) give, at every start or end, the top of the stack; that
// sequence must be the importer's lane, state for state, at the same nanosecond. Variables
// likewise, value for value. pj_dump runs as `pj_dump -l 9 FILE`: times with 9 decimals,
// which is exactly the nanoseconds the importer reads.
#include "paje_test_util.hpp"

#include "io/import/exact_time.hpp"

#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

using namespace chitra;
using namespace paje_test;

namespace {

struct Dump {
    struct State {
        Time start, end;
        int level;
        std::string value;
    };
    std::map<std::string, std::vector<State>> states; // by "CONTAINER|TYPE"
    std::map<std::string, std::vector<std::pair<Time, double>>> variables;
    std::map<std::string, std::set<std::string>> state_types; // container -> its state types
    Time last = 0;                                            // latest end time listed
};

std::vector<std::string> split_csv(const std::string& line)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = line.find(", ", start);
        out.push_back(line.substr(start, comma - start));
        if (comma == std::string::npos)
            return out;
        start = comma + 2;
    }
}

Time ns(const std::string& text)
{
    const auto t = detail::decimal_scaled(text, 9);
    EXPECT_TRUE(t.has_value()) << text;
    return t.value_or(0);
}

// Runs pj_dump; fails the test when it cannot run or reports an error.
Dump pj_dump(const std::string& path)
{
    Dump d;
    const std::string command = "pj_dump -l 9 '" + path + "' 2>&1";
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) {
        ADD_FAILURE() << "cannot run " << command;
        return d;
    }
    std::string text;
    char buffer[65536];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
        text.append(buffer, n);
    const int status = ::pclose(pipe);
    EXPECT_EQ(status, 0) << "pj_dump (package pajeng) failed on " << path << ":\n" << text.substr(0, 2000);
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        const auto f = split_csv(line);
        if (f[0] == "State" && f.size() == 8) {
            d.states[f[1] + "|" + f[2]].push_back({ns(f[3]), ns(f[4]), static_cast<int>(std::stod(f[6])), f[7]});
            d.state_types[f[1]].insert(f[2]);
            d.last = std::max(d.last, ns(f[4]));
        } else if (f[0] == "Variable" && f.size() == 7) {
            d.variables[f[1] + "|" + f[2]].emplace_back(ns(f[3]), std::stod(f[6]));
            d.last = std::max(d.last, ns(f[4]));
        }
    }
    return d;
}

// The top of the stack after each start or end: "NS:STATE/DEPTH" at each change of state.
std::vector<std::string> tops(const std::vector<Dump::State>& states)
{
    std::set<Time> times;
    for (const auto& s : states)
        times.insert({s.start, s.end});
    std::vector<std::string> out;
    std::string previous = "-";
    for (Time t : times) {
        const Dump::State* top = nullptr;
        for (const auto& s : states)
            if (s.start <= t && t < s.end && (!top || s.level > top->level))
                top = &s;
        const std::string name = top ? top->value : "-";
        if (name != previous)
            out.push_back(std::to_string(t) + ":" + name + "/" + std::to_string(top ? top->level + 1 : 0));
        previous = name;
    }
    return out;
}

void compare_with_pj_dump(const std::string& path, const LaneTrace& trace)
{
    const Dump dump = pj_dump(path);
    std::set<std::string> seen;
    for (std::size_t l = 0; l < trace.lanes.size(); ++l) {
        // The lane of a container with one state type is named by the container; with
        // several, by "CONTAINER TYPE".
        std::string key;
        for (const auto& [container, types] : dump.state_types)
            for (const auto& type : types)
                if ((types.size() == 1 && trace.lanes[l].name == container) ||
                    trace.lanes[l].name == container + " " + type)
                    key = container + "|" + type;
        ASSERT_FALSE(key.empty()) << "pj_dump lists no states of lane '" << trace.lanes[l].name << "'";
        seen.insert(key);
        std::vector<std::string> expected = tops(dump.states.at(key));
        std::vector<std::string> got = changes(trace, l);
        // pj_dump ends the states still open at the end of the file (its last event), so
        // it shows nothing after it; the importer keeps them (the trace ends at `# end:`).
        const std::string end = std::to_string(dump.last) + ":";
        if (!expected.empty() && expected.back() == end + "-/0") {
            if (!got.empty() && got.back().rfind(end, 0) == 0)
                got.pop_back(); // a change at the very end, which pj_dump closes at once
            if (expected.size() == got.size() + 1)
                expected.pop_back();
        }
        EXPECT_EQ(got, expected) << "lane " << l + 1 << " '" << trace.lanes[l].name << "'";
    }
    EXPECT_EQ(seen.size(), dump.states.size()) << "pj_dump lists states of containers that are no lane";

    std::size_t variables = 0;
    for (const LaneField& f : trace.fields) {
        const std::string container = f.lane ? trace.lanes[*f.lane].name : f.owner;
        const auto it = dump.variables.find(container + "|" + f.name);
        ASSERT_NE(it, dump.variables.end()) << "pj_dump lists no variable " << f.name << " of " << container;
        ++variables;
        // PajeNG keeps one value per time (the last event's), as a record does.
        std::vector<std::pair<Time, double>> got;
        for (const auto& s : f.samples) {
            if (!got.empty() && got.back().first == s.first)
                got.back().second = s.second;
            else
                got.push_back(s);
        }
        ASSERT_EQ(got.size(), it->second.size()) << container << " " << f.name;
        for (std::size_t i = 0; i < got.size(); ++i) {
            EXPECT_EQ(got[i].first, it->second[i].first) << container << " " << f.name << " #" << i;
            // pj_dump prints 9 decimals of values PajeNG holds in single precision.
            const double a = got[i].second, b = it->second[i].second;
            EXPECT_LE(std::fabs(a - b), 1e-6 * std::max(std::fabs(a), std::fabs(b)) + 1e-6)
                << container << " " << f.name << " #" << i << ": " << a << " vs " << b;
        }
    }
    EXPECT_EQ(variables, dump.variables.size());
}

} // namespace

TEST(PajePjDump, TheSimGridSampleReadsAsPajeNGReadsIt)
{
    const std::string path = CHITRA_SOURCE_DIR "/sample_traces/smpi-halo-r4.paje";
    const LaneTrace trace = import_lanes(path);
    ASSERT_EQ(lane_names(trace), (std::vector<std::string>{"rank-0", "rank-1", "rank-2", "rank-3"}));
    for (const Lane& lane : trace.lanes)
        EXPECT_GT(lane.changes.size(), 150u) << lane.name;
    EXPECT_EQ(trace.fields.size(), 27u); // 4 hosts x 3 variables, 5 links x 3
    compare_with_pj_dump(path, trace);
}

TEST(PajePjDump, HandWrittenTracesReadAsPajeNGReadsThem)
{
    const std::vector<std::string> bodies = {
        // Set, Push, Pop, Reset, and a Set over a stack.
        "6 1.0 ST t1 A\n6 2.0 ST t1 B\n5 3.0 ST t1 S\n7 4.0 ST t1\n6 5.0 ST t1 A\n6 5.5 ST t1 B\n8 6.0 ST t1\n"
        "6 6.5 ST t2 C\n6 7 ST t2 D\n7 7.25 ST t2\n",
        // Equal times in file order; a zero-length region; values by alias and by text.
        "2 v1 ST Running \"1 0 0\"\n6 1 ST t1 v1\n6 2 ST t1 Z\n7 2 ST t1\n5 3 ST t1 X\n5 3 ST t1 Y\n"
        "6 3 ST t2 Idle\n6 3.5 ST t2 \"Blocked on I/O\"\n7 4 ST t2\n",
        // Nested containers, two state types in one, destroy of a parent.
        "0 PT CT Proc\n1 PS PT PState\n1 PC PT Comm\n3 0.5 p1 PT t1 inner\n6 1 ST t1 A\n6 1 PS p1 B\n"
        "6 1.2 PC p1 send\n7 1.4 PC p1\n6 1.5 ST t2 C\n4 2 CT t1\n6 2.5 ST t2 E\n",
        // Variables set, added and subtracted, at equal times too.
        "9 VT CT Load \"1 1 1\"\n3 0 h CT 0 host\n6 0 ST t1 run\n10 1 VT t1 5\n11 2 VT t1 2.5\n"
        "12 2 VT t1 1\n12 3 VT t1 0.25\n10 1 VT h 3\n11 4 VT h 4\n6 5 ST t1 wait\n",
    };
    TempFiles files;
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        SCOPED_TRACE("trace " + std::to_string(i));
        // A last event well after the states, so that pj_dump shows them all.
        std::string name = "t";
        name.append(std::to_string(i)).append(".paje");
        const std::string path = files.write(name, kThreads + bodies[i] + "3 100 z CT 0 z\n");
        compare_with_pj_dump(path, import_lanes(path));
    }
}
