#include "io/chrome/lane_sweep.hpp"

#include <algorithm>

namespace chitra::detail::chrome {

namespace {

// [first, last) of the events at the time of events[first].
std::size_t group_end(const std::vector<LaneEvent>& events, std::size_t first)
{
    std::size_t last = first;
    while (last < events.size() && events[last].time == events[first].time)
        ++last;
    return last;
}

// Sorts by time, keeping file order at equal times. Traces are nearly in time order (an X
// is written when it ends, after the events inside it), so an insertion sort moves each
// event a few places; past 16 moves per event on average it hands over to a merge sort.
void sort_by_time(std::vector<LaneEvent>& events)
{
    std::size_t budget = 16 * events.size();
    for (std::size_t i = 1; i < events.size(); ++i) {
        if (events[i - 1].time <= events[i].time)
            continue;
        const LaneEvent e = events[i];
        std::size_t j = i;
        for (; j > 0 && events[j - 1].time > e.time && budget > 0; --j, --budget)
            events[j] = events[j - 1];
        events[j] = e;
        if (budget == 0) {
            // What is done so far kept equal times in file order: so does stable_sort.
            std::stable_sort(events.begin(), events.end(),
                             [](const LaneEvent& a, const LaneEvent& b) { return a.time < b.time; });
            return;
        }
    }
}

} // namespace

// A B followed in the file by an E at its time opens and closes at one instant; so does
// an X with dur 0. Neither changes the state, whatever surrounds them.
void LaneSweep::mark_zero_regions(std::vector<LaneEvent>& events) const
{
    std::vector<std::size_t> open;
    for (std::size_t g = 0; g < events.size();) {
        const std::size_t last = group_end(events, g);
        open.clear();
        for (std::size_t i = g; i < last; ++i) {
            LaneEvent& e = events[i];
            if (e.kind == LaneEvent::open) {
                open.push_back(i);
            } else if (e.kind == LaneEvent::close && !open.empty()) {
                events[open.back()].kind = LaneEvent::zero_open;
                open.pop_back();
                e.kind = LaneEvent::zero_close;
            } else if (e.kind == LaneEvent::complete && e.end == e.time) {
                e.kind = LaneEvent::zero_complete;
            }
        }
        g = last;
    }
}

// The time each B's region ends, pairing the lane's B and E events alone (ends before
// begins at one time), so that begins at one time can nest the longer outside.
void LaneSweep::pair_begins(std::vector<LaneEvent>& events) const
{
    std::vector<std::size_t> open;
    for (std::size_t g = 0; g < events.size();) {
        const std::size_t last = group_end(events, g);
        for (std::size_t i = g; i < last; ++i)
            if (events[i].kind == LaneEvent::close && !open.empty()) {
                events[open.back()].end = events[i].time;
                open.pop_back();
            }
        for (std::size_t i = g; i < last; ++i)
            if (events[i].kind == LaneEvent::open) {
                events[i].end = kOpenEnd;
                open.push_back(i);
            }
        g = last;
    }
}

void LaneSweep::pop_to(std::size_t size, Time t)
{
    while (stack_.size() > size) {
        if (stack_.back().complete)
            completes_.pop_back();
        stack_.pop_back();
        builder_.pop(lane_, t);
    }
}

// X regions that end before `t` end at their own times; B regions above them with them.
void LaneSweep::expire_before(Time t)
{
    while (!completes_.empty() && stack_[completes_.back()].end < t) {
        const std::size_t at = completes_.back();
        for (std::size_t i = at + 1; i < stack_.size(); ++i)
            builder_.warn(kCutWarning);
        pop_to(at, stack_[at].end);
    }
}

void LaneSweep::apply_ends(Time t, std::size_t e_count)
{
    for (;;) {
        if (!completes_.empty() && completes_.back() + 1 == stack_.size() && stack_.back().end <= t) {
            pop_to(stack_.size() - 1, t);
        } else if (e_count > 0) {
            --e_count;
            if (stack_.empty()) {
                builder_.pop(lane_, t); // counted by the builder: no open region
                continue;
            }
            if (stack_.back().complete)
                builder_.warn(kEarlyEndWarning);
            pop_to(stack_.size() - 1, t);
        } else if (!completes_.empty() && stack_[completes_.back()].end <= t) {
            const std::size_t at = completes_.back();
            for (std::size_t i = at + 1; i < stack_.size(); ++i)
                builder_.warn(kCutWarning);
            pop_to(at, t);
        } else {
            return;
        }
    }
}

void LaneSweep::begin(const LaneEvent& e)
{
    const LaneStateId state = states_[e.name];
    if (e.kind == LaneEvent::complete) {
        Time end = e.end;
        if (!completes_.empty() && stack_[completes_.back()].end < end) {
            end = stack_[completes_.back()].end;
            builder_.warn(kCutWarning);
        }
        completes_.push_back(stack_.size());
        stack_.push_back({state, end, true});
    } else {
        stack_.push_back({state, kOpenEnd, false});
    }
    builder_.push(lane_, e.time, state);
}

void LaneSweep::run(std::vector<LaneEvent>& events)
{
    sort_by_time(events);
    mark_zero_regions(events);
    pair_begins(events);

    std::vector<std::size_t> begins;
    for (std::size_t g = 0; g < events.size();) {
        const std::size_t last = group_end(events, g);
        const Time t = events[g].time;
        expire_before(t);
        std::size_t e_count = 0;
        begins.clear();
        for (std::size_t i = g; i < last; ++i) {
            const LaneEvent& e = events[i];
            if (e.kind == LaneEvent::close)
                ++e_count;
            else if (e.kind == LaneEvent::open || e.kind == LaneEvent::complete)
                begins.push_back(i);
        }
        apply_ends(t, e_count);
        for (std::size_t i = g; i < last; ++i) {
            const LaneEvent& e = events[i];
            if (e.kind == LaneEvent::zero_open || e.kind == LaneEvent::zero_complete) {
                builder_.push(lane_, t, states_[e.name]);
                builder_.pop(lane_, t);
            }
        }
        if (begins.size() > 1)
            std::stable_sort(begins.begin(), begins.end(),
                             [&](std::size_t a, std::size_t b) { return events[a].end > events[b].end; });
        for (std::size_t i : begins)
            begin(events[i]);
        g = last;
    }
    while (!completes_.empty()) {
        const std::size_t at = completes_.back();
        for (std::size_t i = at + 1; i < stack_.size(); ++i)
            builder_.warn(kCutWarning);
        pop_to(at, stack_[at].end);
    }
}

} // namespace chitra::detail::chrome
