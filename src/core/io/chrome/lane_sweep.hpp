// The order in which one lane's B, E and X events act on its region stack
// (interfaces.md "Foreign trace formats"): Chrome JSON need not be sorted, so events
// are ordered by time; at one time, ends (E, ends of X) before begins (B, starts of X);
// begins at one time nest the longer outside (a B lasts until the E that the lane's B/E
// events alone pair with it, or to the end), equal lengths in file order; a region of
// no length (an X with dur 0, a B followed in the file by an E at its time) changes no
// state; an X that starts inside another X and ends after it is cut at the outer one's
// end, and so is a B region still open then; an E pops the top.
#pragma once

#include "chitra/lanes/lane_trace.hpp"

#include <cstdint>
#include <limits>
#include <vector>

namespace chitra::detail::chrome {

struct LaneEvent {
    enum Kind : std::uint8_t { open, close, complete, zero_open, zero_close, zero_complete }; // B, E, X
    Time time = 0;
    Time end = 0;           // complete: time + dur; begin: its pairing E's time
    std::uint32_t name = 0; // begin, complete: the state
    Kind kind = open;
};

inline constexpr Time kOpenEnd = std::numeric_limits<Time>::max();

// Warnings the sweep counts (LaneTraceBuilder::warn, one call per case).
inline constexpr const char* kCutWarning = "region that ends after the X event enclosing it (cut at that event's end)";
inline constexpr const char* kEarlyEndWarning = "E event that ends an X event before its end";

class LaneSweep {
public:
    // `states[name]` is the builder's state id of each name used by the events.
    LaneSweep(LaneTraceBuilder& builder, std::size_t lane, const std::vector<LaneStateId>& states)
        : builder_(builder), lane_(lane), states_(states)
    {
    }

    // Applies `events` (this lane's, in file order; reordered in place) to the builder.
    void run(std::vector<LaneEvent>& events);

private:
    struct Entry {
        LaneStateId state;
        Time end; // complete: its end after cutting; kOpenEnd for a B region
        bool complete;
    };
    void mark_zero_regions(std::vector<LaneEvent>& events) const;
    void pair_begins(std::vector<LaneEvent>& events) const;
    void expire_before(Time t);
    void apply_ends(Time t, std::size_t e_count);
    void pop_to(std::size_t size, Time t);
    void begin(const LaneEvent& e);

    LaneTraceBuilder& builder_;
    std::size_t lane_;
    const std::vector<LaneStateId>& states_;
    std::vector<Entry> stack_;
    std::vector<std::size_t> completes_; // positions in stack_ of X regions, bottom to top
};

} // namespace chitra::detail::chrome
