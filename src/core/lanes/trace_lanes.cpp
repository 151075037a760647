// The lanes of a trace that was not imported: one per component of its states.
#include "chitra/lanes/lane_selection.hpp"

#include <algorithm>
#include <charconv>

namespace chitra {

Time trace_origin(const Trace& trace)
{
    for (const auto& [key, value] : trace.header.extra)
        if (key == "origin") {
            Time t = 0;
            auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), t);
            if (ec == std::errc() && p == value.data() + value.size())
                return t;
        }
    return 0;
}

std::vector<std::string> lane_names(const Trace& trace)
{
    std::vector<std::string> names;
    if (trace.lanes) {
        for (const Lane& lane : trace.lanes->lanes)
            names.push_back(lane.name);
        return names;
    }
    const std::size_t k = trace.header.components;
    names.resize(k);
    for (std::size_t c = 0; c < k; ++c)
        names[c] = "component " + std::to_string(c + 1);
    for (const auto& [key, value] : trace.header.extra) {
        if (key != "lane")
            continue;
        std::size_t number = 0;
        const std::size_t space = value.find(' ');
        auto [p, ec] = std::from_chars(value.data(), value.data() + std::min(space, value.size()), number);
        if (ec == std::errc() && number >= 1 && number <= k && space != std::string::npos)
            names[number - 1] = value.substr(space + 1);
    }
    return names;
}

std::shared_ptr<const LaneTrace> lanes_of(const Trace& trace)
{
    if (trace.lanes)
        return trace.lanes;
    const Time origin = trace_origin(trace);
    const std::size_t k = trace.header.components;
    const std::vector<std::string> names = lane_names(trace);
    LaneTraceBuilder b(trace.source, "pes");
    b.keep_stacks(false); // depth at most one, set whole: the changes say all
    for (const auto& n : names)
        b.add_lane(n);
    // Lane state ids per symbol and component, looked up once per symbol.
    std::vector<std::vector<LaneStateId>> ids(trace.symbols ? trace.symbols->size() : 0);
    for (std::size_t s = 0; s < ids.size(); ++s) {
        const Symbol& sym = (*trace.symbols)[static_cast<SymbolId>(s)];
        for (std::size_t c = 0; c < k; ++c) {
            const std::string& name = sym.components.size() == k ? sym.components[c] : sym.name;
            ids[s].push_back(name == "-" ? kEmptyLaneState : b.state(name));
        }
    }
    // Only the components that change are applied: a record changes few lanes of a wide
    // vector, and 64 lanes of 10^7 records would otherwise cost 6.4 x 10^8 calls.
    const std::vector<LaneStateId>* before = nullptr;
    for (std::size_t i = 0; i < trace.size(); ++i) {
        const Time t = trace.times[i] + origin;
        const std::vector<LaneStateId>& now = ids[trace.states[i]];
        for (std::size_t c = 0; c < k; ++c) {
            const LaneStateId id = now[c];
            if (before && (*before)[c] == id)
                continue;
            if (id == kEmptyLaneState)
                b.reset(c, t);
            else
                b.set(c, t, id);
        }
        before = &now;
    }
    if (trace.header.end)
        b.saw_event(*trace.header.end + origin);
    return std::make_shared<const LaneTrace>(b.finish());
}

LaneTrace select_lanes(const LaneTrace& trace, const std::vector<std::size_t>& lanes)
{
    LaneTrace out;
    out.source = trace.source;
    out.format = trace.format;
    out.state_names = trace.state_names;
    out.state_colours = trace.state_colours;
    out.last_event = trace.last_event;
    out.extra = trace.extra;
    out.warnings = trace.warnings;
    std::vector<std::size_t> position(trace.lanes.size(), 0); // 1 + index in `lanes`, 0: not chosen
    for (std::size_t j = 0; j < lanes.size(); ++j) {
        if (lanes[j] >= trace.lanes.size())
            throw InputError(trace.source + ": lane " + std::to_string(lanes[j] + 1) +
                             " does not exist (the trace has " + std::to_string(trace.lanes.size()) + " lanes)");
        position[lanes[j]] = j + 1;
    }
    // The records where a chosen lane changes, renumbered in order.
    std::vector<std::uint64_t> used;
    for (std::size_t l : lanes)
        for (const LaneChange& c : trace.lanes[l].changes)
            used.push_back(c.record);
    std::sort(used.begin(), used.end());
    used.erase(std::unique(used.begin(), used.end()), used.end());
    out.times.reserve(used.size());
    for (std::uint64_t r : used)
        out.times.push_back(trace.times[r]);
    auto renumbered = [&used](std::uint64_t r) {
        return static_cast<std::uint64_t>(std::lower_bound(used.begin(), used.end(), r) - used.begin());
    };
    for (std::size_t l : lanes) {
        Lane lane = trace.lanes[l];
        for (LaneChange& c : lane.changes)
            c.record = renumbered(c.record);
        out.lanes.push_back(std::move(lane));
    }
    for (const LaneField& f : trace.fields) {
        if (f.lane && position[*f.lane] == 0)
            continue;
        out.fields.push_back(f);
        if (f.lane)
            out.fields.back().lane = position[*f.lane] - 1;
    }
    // The messages between chosen lanes, in their order as long as the lanes keep theirs.
    for (const Message& m : trace.messages)
        if (position[m.from] != 0 && position[m.to] != 0) {
            out.messages.push_back(m);
            out.messages.back().from = static_cast<std::uint32_t>(position[m.from] - 1);
            out.messages.back().to = static_cast<std::uint32_t>(position[m.to] - 1);
        }
    if (!std::is_sorted(out.messages.begin(), out.messages.end(), sent_before))
        std::sort(out.messages.begin(), out.messages.end(), sent_before);
    out.unmatched_sends = trace.unmatched_sends;
    out.unmatched_receives = trace.unmatched_receives;
    return out;
}

Trace project_lanes(const Trace& trace, const std::vector<std::size_t>& lanes, std::shared_ptr<const LaneTrace> all)
{
    if (!all)
        all = lanes_of(trace);
    auto chosen = std::make_shared<LaneTrace>(select_lanes(*all, lanes));
    std::vector<std::size_t> every(chosen->lanes.size());
    for (std::size_t j = 0; j < every.size(); ++j)
        every[j] = j;
    Trace out = to_trace(*chosen, every, trace_origin(trace));
    // lanes_of keeps a PES's own time unit; to_trace assumes an import's nanoseconds.
    out.header.timebase = trace.header.timebase;
    if (trace.lanes)
        out.lanes = std::move(chosen);
    else // a PES: keep its other header lines (an import's are in its lanes' extra)
        for (const auto& [key, value] : trace.header.extra)
            if (key != "origin" && key != "lane")
                out.header.extra.emplace_back(key, value);
    return out;
}

} // namespace chitra
