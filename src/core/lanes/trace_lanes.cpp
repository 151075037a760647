// The lanes of a trace that was not imported: one per component of its states.
#include "chitra/lanes/lane_selection.hpp"

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

std::shared_ptr<const LaneTrace> lanes_of(const Trace& trace)
{
    if (trace.lanes)
        return trace.lanes;
    const Time origin = trace_origin(trace);
    const std::size_t k = trace.header.components;
    std::vector<std::string> names(k);
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
    LaneTraceBuilder b(trace.source, "pes");
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
    for (std::size_t i = 0; i < trace.size(); ++i) {
        const Time t = trace.times[i] + origin;
        for (std::size_t c = 0; c < k; ++c) {
            const LaneStateId id = ids[trace.states[i]][c];
            if (id == kEmptyLaneState)
                b.reset(c, t);
            else
                b.set(c, t, id);
        }
    }
    if (trace.header.end)
        b.saw_event(*trace.header.end + origin);
    return std::make_shared<const LaneTrace>(b.finish());
}

} // namespace chitra
