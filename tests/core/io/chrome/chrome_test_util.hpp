// Helpers of the Chrome importer's tests: reading a text in chunks of several sizes (every
// way must give the same lanes), records as strings, and the comparison with the
// independent reading of chrome_oracle.hpp.
#pragma once

#include "chitra/lanes/lane_selection.hpp"
#include "chrome_oracle.hpp"
#include "io/chrome/chrome_reader.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace chrome_test {

using namespace chitra;

inline LaneTrace read_json(std::string_view json, std::size_t chunk = detail::kChromeChunkBytes,
                           const std::string& source = "t.json")
{
    return detail::read_chrome_json(json, source, {}, chunk);
}

// Everything a LaneTrace holds, as text, to compare two readings.
inline std::string dump(const LaneTrace& t)
{
    std::ostringstream out;
    out << "times";
    for (Time x : t.times)
        out << ' ' << x;
    out << "\nend " << (t.last_event ? std::to_string(*t.last_event) : "none") << '\n';
    for (const Lane& l : t.lanes) {
        out << "lane " << l.name << " events " << l.events << ':';
        for (const LaneChange& c : l.changes)
            out << ' ' << c.record << '=' << t.state_names.at(c.state) << '/' << c.depth;
        out << '\n';
    }
    for (const LaneField& f : t.fields) {
        out << "field " << f.name << '@' << f.owner << ':';
        for (const auto& [x, v] : f.samples)
            out << ' ' << x << '=' << v;
        out << '\n';
    }
    for (const std::string& w : t.warnings)
        out << "warning " << w << '\n';
    return out.str();
}

// Reads `json` in chunks of 1, 2, 7, 64 and 1000 bytes and whole; all must agree.
inline LaneTrace read_every_way(std::string_view json)
{
    LaneTrace whole = read_json(json);
    const std::string expected = dump(whole);
    for (std::size_t chunk : {1, 2, 7, 64, 1000})
        EXPECT_EQ(dump(read_json(json, chunk)), expected) << "chunks of " << chunk << " bytes";
    return whole;
}

// The records of `t` as "time:comp1|comp2".
inline std::vector<std::string> records(const Trace& t)
{
    std::vector<std::string> out;
    for (std::size_t i = 0; i < t.size(); ++i)
        out.push_back(std::to_string(t.times[i]) + ":" + (*t.symbols)[t.states[i]].name);
    return out;
}

inline std::vector<std::string> records(const LaneTrace& t) { return records(to_trace(t, choose_lanes(t, {}))); }

inline std::string header(const Trace& t, const std::string& key, std::size_t nth = 0)
{
    for (const auto& [k, v] : t.header.extra)
        if (k == key && nth-- == 0)
            return v;
    return "<none>";
}

inline bool has_warning(const LaneTrace& t, const std::string& text)
{
    for (const std::string& w : t.warnings)
        if (w.find(text) != std::string::npos)
            return true;
    return false;
}

// Whether `text` is a trace once completed as a cut one is (a trailing comma dropped, the
// missing closing brackets added): the reader must accept exactly these prefixes.
inline std::optional<std::string> completed(std::string text)
{
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.pop_back();
    if (!text.empty() && text.back() == ',')
        text.pop_back();
    for (const char* tail : {"", "]", "}", "]}"}) {
        const std::string candidate = text + tail;
        const auto root = chrome_oracle::parse(candidate);
        if (!root)
            continue;
        if (root->kind == chrome_oracle::Node::array ||
            (root->kind == chrome_oracle::Node::object && root->get("traceEvents") &&
             root->get("traceEvents")->kind == chrome_oracle::Node::array))
            return candidate;
    }
    return std::nullopt;
}

// Whether the importer's reading agrees with the oracle's: lane order and names, each
// lane's changes (time, state, depth) and, lane by lane, the records to_trace gives for
// that lane alone; the gauges; the end.
inline testing::AssertionResult same_as_oracle(const LaneTrace& t, const chrome_oracle::Result& o)
{
    if (!o.ok)
        return testing::AssertionFailure() << "the oracle refuses the text";
    if (t.lanes.size() != o.lanes.size())
        return testing::AssertionFailure() << t.lanes.size() << " lanes, oracle " << o.lanes.size();
    for (std::size_t k = 0; k < t.lanes.size(); ++k) {
        const Lane& lane = t.lanes[k];
        const chrome_oracle::Lane& expected = o.lanes[k];
        if (lane.name != expected.name)
            return testing::AssertionFailure()
                   << "lane " << k + 1 << " is '" << lane.name << "', oracle '" << expected.name << "'";
        std::vector<chrome_oracle::Change> got;
        for (const LaneChange& c : lane.changes)
            got.push_back({t.times.at(c.record), t.state_names.at(c.state), c.depth});
        if (got != expected.changes) {
            std::size_t i = 0;
            while (i < got.size() && i < expected.changes.size() && got[i] == expected.changes[i])
                ++i;
            auto show = [](const std::vector<chrome_oracle::Change>& v, std::size_t i) {
                return i < v.size() ? std::to_string(v[i].time) + " " + v[i].state + "/" + std::to_string(v[i].depth)
                                    : std::string("(none)");
            };
            return testing::AssertionFailure() << "lane " << k + 1 << " (" << lane.name << "): change " << i << " is "
                                               << show(got, i) << ", oracle " << show(expected.changes, i) << " ("
                                               << got.size() << " vs " << expected.changes.size() << ")";
        }
        if (expected.changes.empty())
            continue;
        // The same lane through to_trace alone: one record per change, times from its origin.
        const Trace single = to_trace(t, {k});
        const Time origin = expected.changes.front().time;
        if (single.size() != expected.changes.size())
            return testing::AssertionFailure() << "lane " << k + 1 << ": to_trace gives " << single.size()
                                               << " records, oracle " << expected.changes.size();
        for (std::size_t i = 0; i < single.size(); ++i)
            if (single.times[i] + origin != expected.changes[i].time ||
                (*single.symbols)[single.states[i]].name != expected.changes[i].state)
                return testing::AssertionFailure() << "lane " << k + 1 << ": to_trace record " << i << " differs";
    }
    if (t.fields.size() != o.fields.size())
        return testing::AssertionFailure() << t.fields.size() << " fields, oracle " << o.fields.size();
    for (std::size_t i = 0; i < t.fields.size(); ++i)
        if (t.fields[i].name != o.fields[i].name || t.fields[i].owner != o.fields[i].owner ||
            t.fields[i].samples != o.fields[i].samples)
            return testing::AssertionFailure()
                   << "field " << t.fields[i].name << "@" << t.fields[i].owner << " differs from the oracle's "
                   << o.fields[i].name << "@" << o.fields[i].owner;
    if (t.last_event != o.end)
        return testing::AssertionFailure() << "end " << t.last_event.value_or(-1) << ", oracle " << o.end.value_or(-1);
    return testing::AssertionSuccess();
}

} // namespace chrome_test
