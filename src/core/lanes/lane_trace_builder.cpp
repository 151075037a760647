// LaneTraceBuilder: per-lane state stacks applied event by event, then the lanes'
// change lists merged into records on one time axis.
#include "chitra/lanes/lane_trace.hpp"
#include "chitra/messages/message_matcher.hpp"
#include "chitra/util/two_halves.hpp"
#include "util/huge_pages.hpp"
#include "util/loser_tree.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <type_traits>

namespace chitra {

LaneTraceBuilder::LaneTraceBuilder(std::string source, std::string format)
    : source_(std::move(source)), format_(std::move(format)), messages_(std::make_unique<MessageMatcher>())
{
    ids_.emplace("-", kEmptyLaneState);
}

LaneTraceBuilder::~LaneTraceBuilder() = default;
LaneTraceBuilder::LaneTraceBuilder(LaneTraceBuilder&&) noexcept = default;
LaneTraceBuilder& LaneTraceBuilder::operator=(LaneTraceBuilder&&) noexcept = default;

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

void LaneTraceBuilder::reserve_records(std::size_t records)
{
    detail::reserve_huge(times_, records);
    times_.resize(std::max(times_.size(), records));
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

void LaneTraceBuilder::step(LaneBuild& l)
{
    const std::vector<LaneStateId>& was = l.before_stack;
    const std::vector<LaneStateId>& now = l.stack;
    const auto depth = static_cast<std::uint32_t>(now.size());
    const auto before = static_cast<std::uint32_t>(was.size());
    std::uint32_t kept = std::min(l.low, depth);
    if (l.replaced) { // the frames below `kept` may differ: keep only those that are equal
        std::uint32_t same = 0;
        while (same < kept && same < before && was[same] == now[same])
            ++same;
        kept = same;
    }
    // What the change list alone says (settle() adds a change when the top differs).
    const LaneStateId top_was = was.empty() ? kEmptyLaneState : was.back();
    const LaneStateId top_now = now.empty() ? kEmptyLaneState : now.back();
    const std::optional<std::uint32_t> said =
        top_was == top_now ? (depth == before ? std::optional<std::uint32_t>(depth) : std::nullopt)
                           : kept_by_change(
                                 before, [&was](std::uint32_t i) { return was[i]; }, top_now, depth);
    if (said != kept) {
        detail::push_back_huge(l.steps, StackStep{l.time, kept, depth - kept});
        for (std::uint32_t i = kept; i < depth; ++i)
            detail::push_back_huge(l.frames, now[i]);
    }
    l.before_stack.assign(now.begin(), now.end());
    l.low = depth;
    l.replaced = false;
}

void LaneTraceBuilder::pop_empty() { warn("end of a region on a lane with no open region (ignored)"); }

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

void LaneTraceBuilder::warn(const std::string& message) { count_warning(message, 1); }

void LaneTraceBuilder::count_warning(const std::string& message, std::uint64_t times)
{
    for (auto& [text, count] : warnings_)
        if (text == message) {
            count += times;
            return;
        }
    warnings_.emplace_back(message, times);
}

void LaneTraceBuilder::take_lanes(LaneTraceBuilder&& other, std::size_t first, std::size_t last)
{
    if (other.lanes_.size() != lanes_.size() || other.names_ != names_ || first > last || last > lanes_.size())
        throw std::logic_error("take_lanes: builders of different lanes or states");
    for (std::size_t lane = first; lane < last; ++lane)
        lanes_[lane] = std::move(other.lanes_[lane]);
    for (LaneField& f : other.fields_)
        fields_.push_back(std::move(f));
    colours_.merge(other.colours_); // a colour this builder has stays
    for (const auto& [text, count] : other.warnings_)
        count_warning(text, count);
    messages_->take(std::move(*other.messages_));
    if (other.seen_)
        saw_event(other.last_event_);
}

// Few lanes: the earliest head by a tournament of selects over N slots, cheaper than a
// heap. Which lane holds the earliest head is random, so a branch per comparison would be
// mispredicted about half the time; the selects are written as masks, which compilers
// keep branch-free, and the heads stay in registers. Each lane's change times increase
// strictly, so the order in which lanes at one time are taken does not change the records.
template <std::size_t N>
std::size_t LaneTraceBuilder::merge_few(LaneChange* const* first, LaneChange* const* last, std::size_t lanes,
                                        std::size_t changes, Time* out, std::uint64_t base)
{
    constexpr Time kNone = std::numeric_limits<Time>::max(); // an exhausted lane's head
    static_assert(std::is_same_v<Time, std::int64_t>);
    LaneChange* cur[N];
    LaneChange* end[N];
    for (std::size_t i = 0; i < N; ++i) {
        cur[i] = i < lanes ? first[i] : nullptr;
        end[i] = i < lanes ? last[i] : nullptr;
    }
    const auto select = [](bool take_b, std::uint64_t a, std::uint64_t b) {
        const std::uint64_t mask = std::uint64_t{0} - std::uint64_t{take_b};
        return (a & ~mask) | (b & mask);
    };
    Time* const begin = out;
    Time previous = 0;
    for (std::size_t left = changes; left > 0; --left) {
        // Pairwise tournament of (time, pointer): log2(N) rounds of independent selects.
        Time t[N];
        std::uint64_t p[N];
#pragma GCC unroll 8
        for (std::size_t i = 0; i < N; ++i) {
            t[i] = cur[i] != end[i] ? static_cast<Time>(cur[i]->record) : kNone;
            p[i] = reinterpret_cast<std::uintptr_t>(cur[i]);
        }
#pragma GCC unroll 8
        for (std::size_t width = N / 2; width > 0; width /= 2)
#pragma GCC unroll 8
            for (std::size_t i = 0; i < width; ++i) {
                const bool later = t[i + width] < t[i];
                t[i] = static_cast<Time>(
                    select(later, static_cast<std::uint64_t>(t[i]), static_cast<std::uint64_t>(t[i + width])));
                p[i] = select(later, p[i], p[i + width]);
            }
        auto* c = reinterpret_cast<LaneChange*>(p[0]);
        if (t[0] == kNone) [[unlikely]] { // a change at the largest time, or an exhausted lane
            std::size_t i = 0;
            while (cur[i] == end[i])
                ++i;
            c = cur[i];
        }
        if (out == begin || t[0] != previous) {
            *out++ = t[0];
            previous = t[0];
        }
        c->record = base + static_cast<std::uint64_t>(out - begin) - 1;
#pragma GCC unroll 8
        for (std::size_t i = 0; i < N; ++i)
            cur[i] += cur[i] == c;
    }
    return static_cast<std::size_t>(out - begin);
}

// Many lanes: the earliest head from a tournament tree.
std::size_t LaneTraceBuilder::merge_many(LaneChange* const* first, LaneChange* const* last, std::size_t lanes,
                                         Time* out, std::uint64_t base)
{
    // The lanes' next change times are kept in one array beside the tree, so that its
    // matches read no lane's list but the one taken from (a tree of winners that read
    // both children's heads from the lists cost twice as much on 64 lanes).
    constexpr Time kNone = std::numeric_limits<Time>::max(); // an exhausted lane's head
    std::vector<LaneChange*> cur(first, first + lanes);
    std::vector<Time> head(lanes, kNone);
    // Each lane's list is a stream of its own, too many streams for the processor to see
    // coming: the lines ahead of a lane's next change are asked for as it moves on.
    constexpr std::ptrdiff_t kAhead = 16; // changes: four cache lines
    const auto advance_head = [&](std::size_t i) {
        head[i] = cur[i] != last[i] ? static_cast<Time>(cur[i]->record) : kNone;
        if (last[i] - cur[i] > kAhead)
            __builtin_prefetch(cur[i] + kAhead, 1);
    };
    for (std::size_t i = 0; i < lanes; ++i)
        advance_head(i);
    detail::LoserTree tree(lanes, [&head](std::uint32_t a, std::uint32_t b) { return head[a] < head[b]; });
    Time* const begin = out;
    for (std::uint32_t i = tree.winner(); head[i] != kNone; i = tree.winner()) {
        const Time time = head[i];
        if (out == begin || out[-1] != time)
            *out++ = time;
        (cur[i]++)->record = base + static_cast<std::uint64_t>(out - begin) - 1;
        advance_head(i);
        tree.replay();
    }
    // What is left are changes at the largest time itself: one record.
    for (std::size_t l = 0; l < lanes; ++l)
        while (cur[l] != last[l]) {
            if (out == begin || out[-1] != kNone)
                *out++ = kNone;
            (cur[l]++)->record = base + static_cast<std::uint64_t>(out - begin) - 1;
        }
    return static_cast<std::size_t>(out - begin);
}

std::size_t LaneTraceBuilder::merge(LaneChange* const* first, LaneChange* const* last, std::size_t changes, Time* out,
                                    std::uint64_t base) const
{
    const std::size_t n = lanes_.size();
    if (n <= 2)
        return merge_few<2>(first, last, n, changes, out, base);
    if (n <= 4)
        return merge_few<4>(first, last, n, changes, out, base);
    return merge_many(first, last, n, out, base); // from 5 lanes the tree costs less than a scan of 8
}

LaneTrace LaneTraceBuilder::finish()
{
    LaneTrace out;
    out.source = source_;
    out.format = format_;
    out.state_names = std::move(names_);
    out.state_colours = std::move(colours_);
    if (seen_)
        out.last_event = last_event_;
    for (LaneBuild& l : lanes_)
        if (l.started)
            settle(l);

    // Merge the lanes' change lists by time: one record per distinct change time, each
    // change's time (held in `record`) replaced by its record's number, in place. A long
    // merge runs in two parts, on two threads where there are two cores: the changes before
    // a time in the middle, and the rest, whose records follow.
    constexpr std::size_t kTwoPartsFrom = std::size_t{1} << 20;
    const std::size_t n = lanes_.size();
    std::vector<LaneChange*> first(n), middle(n), last(n);
    std::size_t changes = 0, longest = 0;
    for (std::size_t i = 0; i < n; ++i) {
        std::vector<LaneChange>& list = lanes_[i].changes;
        first[i] = list.data();
        last[i] = middle[i] = list.data() + list.size();
        changes += list.size();
        if (list.size() > lanes_[longest].changes.size())
            longest = i;
    }
    const bool two_parts = changes >= kTwoPartsFrom;
    std::size_t before = changes; // changes of the first part
    if (two_parts) {
        const auto time_of = [](const LaneChange& c) { return static_cast<Time>(c.record); };
        const std::vector<LaneChange>& list = lanes_[longest].changes;
        const Time split = time_of(list[list.size() / 2]);
        before = 0;
        for (std::size_t i = 0; i < n; ++i) {
            middle[i] =
                std::lower_bound(first[i], last[i], split, [&](const LaneChange& c, Time t) { return time_of(c) < t; });
            before += static_cast<std::size_t>(middle[i] - first[i]);
        }
    }
    out.times = std::move(times_);
    if (out.times.capacity() < changes) {
        out.times.reserve(changes); // at most one record per change
        detail::advise_huge_pages(out.times);
    }
    out.times.resize(changes);
    std::size_t records[2] = {0, 0};
    detail::side_by_side(
        two_parts, [&] { records[0] = merge(first.data(), middle.data(), before, out.times.data(), 0); },
        [&] { records[1] = merge(middle.data(), last.data(), changes - before, out.times.data() + before, before); });
    if (const std::size_t gap = before - records[0]; gap > 0 && records[1] > 0) {
        // Equal times in the first part left it fewer records than changes: close up.
        std::copy(out.times.begin() + static_cast<std::ptrdiff_t>(before),
                  out.times.begin() + static_cast<std::ptrdiff_t>(before + records[1]),
                  out.times.begin() + static_cast<std::ptrdiff_t>(records[0]));
        for (std::size_t i = 0; i < n; ++i)
            for (LaneChange* c = middle[i]; c != last[i]; ++c)
                c->record -= gap;
    }
    out.times.resize(records[0] + records[1]);
    out.lanes.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        out.lanes[i].name = std::move(lanes_[i].name);
        out.lanes[i].events = lanes_[i].events;
        out.lanes[i].changes = std::move(lanes_[i].changes);
        out.lanes[i].steps = std::move(lanes_[i].steps);
        out.lanes[i].frames = std::move(lanes_[i].frames);
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
    messages_->finish(out);
    return out;
}

namespace {

// A stack step added wherever a change read with the states renumbered would say something
// else than with the old numbers (kept_by_change): a change between two states merged into
// one would read as staying in it, where it was a new call. Frames stay in the old numbers.
void renumber_lane(Lane& l, const LaneTrace& trace, const std::vector<LaneStateId>& remap)
{
    std::vector<StackStep> steps;
    std::vector<LaneStateId> frames;
    std::vector<LaneStateId> stack; // the old numbers
    std::size_t step = 0, frame = 0;
    const auto applyStep = [&] {
        const StackStep& s = l.steps[step++];
        stack.resize(s.kept);
        steps.push_back(s);
        for (std::uint32_t i = 0; i < s.entered; ++i) {
            stack.push_back(l.frames[frame]);
            frames.push_back(l.frames[frame++]);
        }
    };
    for (const LaneChange& c : l.changes) {
        const Time t = trace.times[c.record];
        while (step < l.steps.size() && l.steps[step].time < t) // steps with no change
            applyStep();
        if (step < l.steps.size() && l.steps[step].time == t) { // a step says this instant
            applyStep();
            continue;
        }
        const auto before = static_cast<std::uint32_t>(stack.size());
        const std::optional<std::uint32_t> kept = kept_by_change(
            before, [&](std::uint32_t i) { return stack[i]; }, c.state, c.depth);
        const std::optional<std::uint32_t> merged = kept_by_change(
            before, [&](std::uint32_t i) { return remap[stack[i]]; }, remap[c.state], c.depth);
        if (!kept)
            return; // no stack to follow (a lane built without its steps): it stays as it was
        stack.resize(*kept);
        if (*kept < c.depth)
            stack.push_back(c.state);
        if (merged != kept) {
            steps.push_back({t, *kept, c.depth - *kept});
            if (*kept < c.depth)
                frames.push_back(c.state);
        }
    }
    while (step < l.steps.size())
        applyStep();
    l.steps = std::move(steps);
    l.frames = std::move(frames);
}

} // namespace

void renumber_states(LaneTrace& trace, std::vector<std::string> names, const std::vector<LaneStateId>& remap)
{
    for (Lane& l : trace.lanes) {
        renumber_lane(l, trace, remap); // frames in the old numbers
        for (LaneChange& c : l.changes)
            c.state = remap[c.state];
        for (LaneStateId& f : l.frames)
            f = remap[f];
    }
    trace.state_names = std::move(names);
}

} // namespace chitra
