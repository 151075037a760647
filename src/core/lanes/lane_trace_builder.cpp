// LaneTraceBuilder: per-lane state stacks applied event by event, then the lanes'
// change lists merged into records on one time axis.
#include "chitra/lanes/lane_trace.hpp"
#include "util/huge_pages.hpp"

#include <algorithm>
#include <queue>

namespace chitra {

LaneTraceBuilder::LaneTraceBuilder(std::string source, std::string format)
    : source_(std::move(source)), format_(std::move(format))
{
    ids_.emplace("-", kEmptyLaneState);
}

std::size_t LaneTraceBuilder::add_lane(std::string name)
{
    lanes_.push_back(LaneBuild{});
    lanes_.back().name = std::move(name);
    return lanes_.size() - 1;
}

void LaneTraceBuilder::reserve(std::size_t lane, std::size_t changes)
{
    detail::reserve_huge(lanes_.at(lane).changes, changes);
}

LaneStateId LaneTraceBuilder::state(std::string_view name)
{
    auto it = ids_.find(std::string(name));
    if (it != ids_.end())
        return it->second;
    const auto id = static_cast<LaneStateId>(names_.size());
    names_.emplace_back(name);
    ids_.emplace(names_.back(), id);
    return id;
}

// The lane's state at the end of its current instant becomes a change when it differs
// from the state before that instant.
void LaneTraceBuilder::settle(LaneBuild& lane)
{
    if (!lane.started)
        return;
    const LaneStateId top = lane.stack.empty() ? kEmptyLaneState : lane.stack.back();
    if (top != lane.before) {
        detail::push_back_huge(lane.changes, Change{lane.time, top, static_cast<std::uint32_t>(lane.stack.size())});
        lane.before = top;
    }
}

LaneTraceBuilder::LaneBuild& LaneTraceBuilder::at(std::size_t lane, Time t)
{
    LaneBuild& l = lanes_.at(lane);
    if (l.started && t < l.time)
        throw InputError(source_ + ": events of lane '" + l.name + "' go back in time (" + std::to_string(t) +
                         " ns after " + std::to_string(l.time) + " ns)");
    if (!l.started || t > l.time) {
        settle(l);
        l.time = t;
        l.started = true;
    }
    ++l.events;
    saw_event(t);
    return l;
}

void LaneTraceBuilder::push(std::size_t lane, Time t, LaneStateId state)
{
    at(lane, t).stack.push_back(state);
}

void LaneTraceBuilder::pop(std::size_t lane, Time t)
{
    LaneBuild& l = at(lane, t);
    if (l.stack.empty())
        warn("end of a region on a lane with no open region (ignored)");
    else
        l.stack.pop_back();
}

void LaneTraceBuilder::set(std::size_t lane, Time t, LaneStateId state)
{
    LaneBuild& l = at(lane, t);
    l.stack.assign(1, state);
}

void LaneTraceBuilder::reset(std::size_t lane, Time t)
{
    at(lane, t).stack.clear();
}

std::size_t LaneTraceBuilder::add_field(std::string name, FieldKind kind, std::optional<std::size_t> lane,
                                        std::string owner)
{
    LaneField f;
    f.name = std::move(name);
    f.kind = kind;
    f.lane = lane;
    f.owner = std::move(owner);
    fields_.push_back(std::move(f));
    return fields_.size() - 1;
}

void LaneTraceBuilder::sample(std::size_t field, Time t, double value)
{
    saw_event(t);
    fields_.at(field).samples.emplace_back(t, value);
}

void LaneTraceBuilder::saw_event(Time t)
{
    if (!last_event_ || t > *last_event_)
        last_event_ = t;
}

void LaneTraceBuilder::add_extra(std::string key, std::string value)
{
    extra_.emplace_back(std::move(key), std::move(value));
}

void LaneTraceBuilder::warn(const std::string& message)
{
    for (auto& [text, count] : warnings_)
        if (text == message) {
            ++count;
            return;
        }
    warnings_.emplace_back(message, 1);
}

LaneTrace LaneTraceBuilder::finish()
{
    LaneTrace out;
    out.source = source_;
    out.format = format_;
    out.state_names = std::move(names_);
    out.last_event = last_event_;
    out.extra = std::move(extra_);
    for (LaneBuild& l : lanes_)
        settle(l);

    // Merge the lanes' change lists by time: one record per distinct change time.
    using Head = std::pair<Time, std::size_t>; // next change time, lane
    std::priority_queue<Head, std::vector<Head>, std::greater<>> heads;
    std::vector<std::size_t> next(lanes_.size(), 0);
    std::size_t changes = 0;
    for (const LaneBuild& l : lanes_)
        changes += l.changes.size();
    detail::reserve_huge(out.times, changes); // at most one record per change
    out.lanes.resize(lanes_.size());
    const auto emit = [&](std::size_t i) { // lane i's next change becomes part of a record
        const Change& c = lanes_[i].changes[next[i]++];
        if (out.times.empty() || out.times.back() != c.time)
            out.times.push_back(c.time);
        out.lanes[i].changes.push_back({out.times.size() - 1, c.state, c.depth});
    };
    for (std::size_t i = 0; i < lanes_.size(); ++i) {
        out.lanes[i].name = std::move(lanes_[i].name);
        out.lanes[i].events = lanes_[i].events;
        detail::reserve_huge(out.lanes[i].changes, lanes_[i].changes.size());
    }
    if (lanes_.size() <= 8) {
        // Few lanes: the earliest head by a linear scan, cheaper than a heap; at equal
        // times the lower lane first, as the heap orders them.
        for (;;) {
            std::size_t best = lanes_.size();
            Time earliest = 0;
            for (std::size_t i = 0; i < lanes_.size(); ++i)
                if (next[i] < lanes_[i].changes.size() &&
                    (best == lanes_.size() || lanes_[i].changes[next[i]].time < earliest)) {
                    best = i;
                    earliest = lanes_[i].changes[next[i]].time;
                }
            if (best == lanes_.size())
                break;
            emit(best);
        }
    } else {
        for (std::size_t i = 0; i < lanes_.size(); ++i)
            if (!lanes_[i].changes.empty())
                heads.emplace(lanes_[i].changes[0].time, i);
        while (!heads.empty()) {
            const std::size_t i = heads.top().second;
            heads.pop();
            emit(i);
            if (next[i] < lanes_[i].changes.size())
                heads.emplace(lanes_[i].changes[next[i]].time, i);
        }
    }
    lanes_.clear();

    for (LaneField& f : fields_)
        std::stable_sort(f.samples.begin(), f.samples.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
    out.fields = std::move(fields_);
    for (const auto& [text, count] : warnings_)
        out.warnings.push_back(source_ + ": " + (count > 1 ? std::to_string(count) + " x " : "") + text);
    return out;
}

} // namespace chitra
