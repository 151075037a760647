// LaneTraceBuilder: per-lane state stacks applied event by event, then the lanes'
// change lists merged into records on one time axis.
#include "chitra/lanes/lane_trace.hpp"
#include "util/huge_pages.hpp"

#include <algorithm>
#include <limits>
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
    std::vector<LaneChange>& list = lanes_.at(lane).changes;
    list.reserve(changes);
    detail::advise_huge_pages(list);
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

void LaneTraceBuilder::back_in_time(const LaneBuild& l, Time t) const
{
    throw InputError(source_ + ": events of lane '" + l.name + "' go back in time (" + std::to_string(t) +
                     " ns after " + std::to_string(l.time) + " ns)");
}

void LaneTraceBuilder::pop_empty()
{
    warn("end of a region on a lane with no open region (ignored)");
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

void LaneTraceBuilder::grow(std::vector<LaneChange>& changes)
{
    detail::reserve_huge(changes, std::max<std::size_t>(16, 2 * changes.capacity()));
}

void LaneTraceBuilder::sample(std::size_t field, Time t, double value)
{
    saw_event(t);
    detail::push_back_huge(fields_.at(field).samples, std::pair<Time, double>(t, value));
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
    if (seen_)
        out.last_event = last_event_;
    out.extra = std::move(extra_);
    for (LaneBuild& l : lanes_)
        if (l.started)
            settle(l);

    // Merge the lanes' change lists by time: one record per distinct change time.
    using Head = std::pair<Time, std::size_t>; // next change time, lane
    std::priority_queue<Head, std::vector<Head>, std::greater<>> heads;
    std::vector<std::size_t> next(lanes_.size(), 0);
    std::size_t changes = 0;
    for (const LaneBuild& l : lanes_)
        changes += l.changes.size();
    out.times.reserve(changes); // at most one record per change
    detail::advise_huge_pages(out.times);
    out.lanes.resize(lanes_.size());
    // Lane i's next change becomes part of a record: its time (held in `record`) is
    // replaced by the record's number, in place.
    const auto emit = [&](std::size_t i) {
        LaneChange& c = lanes_[i].changes[next[i]++];
        const auto time = static_cast<Time>(c.record);
        if (out.times.empty() || out.times.back() != time)
            out.times.push_back(time);
        c.record = out.times.size() - 1;
    };
    const auto time_of = [&](std::size_t i) { return static_cast<Time>(lanes_[i].changes[next[i]].record); };
    if (lanes_.size() <= 8) {
        // Few lanes: the earliest head by a linear scan (branch-free minimum), cheaper than
        // a heap. Each lane's change times increase strictly, so the order in which lanes
        // at one time are taken does not change the records.
        constexpr Time kNone = std::numeric_limits<Time>::max(); // an exhausted lane's head
        const std::size_t n = lanes_.size();
        LaneChange* cur[8];
        LaneChange* end[8];
        Time head[8];
        const auto head_of = [&](std::size_t i) {
            return cur[i] != end[i] ? static_cast<Time>(cur[i]->record) : kNone;
        };
        for (std::size_t i = 0; i < n; ++i) {
            cur[i] = lanes_[i].changes.data();
            end[i] = cur[i] + lanes_[i].changes.size();
            head[i] = head_of(i);
        }
        for (std::size_t left = changes; left > 0; --left) {
            std::size_t best = 0;
            Time earliest = head[0];
            for (std::size_t i = 1; i < n; ++i) {
                const bool earlier = head[i] < earliest;
                earliest = earlier ? head[i] : earliest;
                best = earlier ? i : best;
            }
            if (earliest == kNone) [[unlikely]] // changes at the largest time: any lane left
                while (cur[best] == end[best])
                    ++best;
            LaneChange& c = *cur[best]++;
            const auto t = static_cast<Time>(c.record);
            if (out.times.empty() || out.times.back() != t)
                out.times.push_back(t);
            c.record = out.times.size() - 1;
            head[best] = head_of(best);
        }
    } else {
        for (std::size_t i = 0; i < lanes_.size(); ++i)
            if (!lanes_[i].changes.empty())
                heads.emplace(time_of(i), i);
        while (!heads.empty()) {
            const std::size_t i = heads.top().second;
            heads.pop();
            emit(i);
            if (next[i] < lanes_[i].changes.size())
                heads.emplace(time_of(i), i);
        }
    }
    for (std::size_t i = 0; i < lanes_.size(); ++i) {
        out.lanes[i].name = std::move(lanes_[i].name);
        out.lanes[i].events = lanes_[i].events;
        out.lanes[i].changes = std::move(lanes_[i].changes);
    }
    lanes_.clear();

    // Samples come in time order from most sources: sorting is for those that interleave.
    const auto earlier = [](const auto& a, const auto& b) { return a.first < b.first; };
    for (LaneField& f : fields_)
        if (!std::is_sorted(f.samples.begin(), f.samples.end(), earlier))
            std::stable_sort(f.samples.begin(), f.samples.end(), earlier);
    out.fields = std::move(fields_);
    for (const auto& [text, count] : warnings_)
        out.warnings.push_back(source_ + ": " + (count > 1 ? std::to_string(count) + " x " : "") + text);
    return out;
}

} // namespace chitra
