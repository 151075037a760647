// libFuzzer target for the Chrome Trace Event JSON reader (read_chrome_json, the importer's
// in-memory entry point). Besides "no crash, no hang, no exception other than an
// InputError naming fuzz.json": reading in chunks of 1 + (size % 61) bytes and whole must
// agree; an accepted trace must be consistent (times increasing, states known) and its
// PES must survive write_pes -> read_pes; and the independent reading of
// tests/core/io/chrome/chrome_oracle.hpp (nlohmann-json, strict JSON) must agree: what it
// accepts the reader accepts, and where neither finds improperly nested regions both give
// the same lanes, changes, gauges and end.
#include "../core/io/chrome/chrome_oracle.hpp"
#include "chitra/io/io.hpp"
#include "chitra/lanes/lane_selection.hpp"
#include "io/chrome/chrome_reader.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <sstream>

using namespace chitra;

namespace {

void check(bool ok)
{
    if (!ok)
        std::abort();
}

std::string dump(const LaneTrace& t)
{
    std::ostringstream out;
    for (Time x : t.times)
        out << x << ' ';
    out << '\n' << t.last_event.value_or(-1) << '\n';
    for (const Lane& l : t.lanes) {
        out << l.name << ' ' << l.events << ':';
        for (const LaneChange& c : l.changes)
            out << ' ' << c.record << '=' << t.state_names.at(c.state) << '/' << c.depth;
        out << '\n';
    }
    for (const LaneField& f : t.fields) {
        out << f.name << '@' << f.owner << ':';
        for (const auto& [x, v] : f.samples)
            out << ' ' << x << '=' << v;
        out << '\n';
    }
    for (const std::string& w : t.warnings)
        out << w << '\n';
    return out.str();
}

bool irregular(const LaneTrace& t)
{
    for (const std::string& w : t.warnings)
        if (w.find("enclosing") != std::string::npos || w.find("no open region") != std::string::npos ||
            w.find("before its end") != std::string::npos)
            return true;
    return false;
}

// Nesting depth of the JSON text (strings skipped): the reader refuses more than 1024.
std::size_t depth_of(std::string_view text)
{
    std::size_t depth = 0, deepest = 0;
    bool in = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                in = false;
        } else if (c == '"') {
            in = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return deepest;
}

void same_as_oracle(const LaneTrace& t, const chrome_oracle::Result& o)
{
    check(t.lanes.size() == o.lanes.size());
    for (std::size_t k = 0; k < t.lanes.size(); ++k) {
        check(t.lanes[k].name == o.lanes[k].name);
        std::vector<chrome_oracle::Change> got;
        for (const LaneChange& c : t.lanes[k].changes)
            got.push_back({t.times.at(c.record), t.state_names.at(c.state), c.depth});
        check(got == o.lanes[k].changes);
    }
    check(t.fields.size() == o.fields.size());
    for (std::size_t i = 0; i < t.fields.size(); ++i)
        check(t.fields[i].name == o.fields[i].name && t.fields[i].owner == o.fields[i].owner &&
              t.fields[i].samples.size() == o.fields[i].samples.size() &&
              std::equal(t.fields[i].samples.begin(), t.fields[i].samples.end(), o.fields[i].samples.begin(),
                         [](const auto& a, const auto& b) { return a.first == b.first && a.second == b.second; }));
    check(t.last_event == o.end);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::size_t chunk = 1 + size % 61;
    std::string refused;
    LaneTrace a;
    try {
        a = detail::read_chrome_json(text, "fuzz.json", {}, chunk);
    } catch (const InputError& e) {
        refused = e.what();
        check(refused.starts_with("fuzz.json:"));
    }
    // The whole text at once: the same reading, or the same refusal.
    try {
        const LaneTrace b = detail::read_chrome_json(text, "fuzz.json");
        check(refused.empty() && dump(a) == dump(b));
    } catch (const InputError& e) {
        check(refused == e.what());
    }

    const chrome_oracle::Result oracle = chrome_oracle::read(text);
    if (oracle.ok && depth_of(text) < 1000)
        check(refused.empty());
    if (!refused.empty())
        return 0;

    for (std::size_t i = 1; i < a.times.size(); ++i)
        check(a.times[i - 1] < a.times[i]);
    for (const Lane& lane : a.lanes)
        for (std::size_t i = 0; i < lane.changes.size(); ++i) {
            check(lane.changes[i].record < a.times.size());
            check(i == 0 || lane.changes[i - 1].record < lane.changes[i].record);
            check(lane.changes[i].state < a.state_names.size());
        }
    if (oracle.ok && !oracle.irregular && !irregular(a))
        same_as_oracle(a, oracle);

    // The PES of every lane with a state event, through its text and back.
    Trace trace;
    try {
        trace = to_trace(a, choose_lanes(a, {}));
    } catch (const InputError&) {
        return 0; // no lane has a state event
    }
    std::ostringstream out;
    write_pes(trace, out);
    const Trace back = read_pes_text(out.str(), "round-trip.pes"); // must not throw
    check(back.size() == trace.size());
    check(std::equal(trace.times.begin(), trace.times.end(), back.times.begin()));
    for (std::size_t i = 0; i < trace.size(); ++i)
        check((*trace.symbols)[trace.states[i]].name == (*back.symbols)[back.states[i]].name);
    return 0;
}
