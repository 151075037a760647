// A lane's stack replayed from its changes and stack steps (lanes/lane_trace.hpp), as
// call paths numbered as they are met: what profiles (profile.cpp) and the late-sender
// waits of messages (messages/message_report.cpp) read.
#pragma once

#include "chitra/io/import.hpp"
#include "chitra/lanes/lane_trace.hpp"

#include <cstdint>
#include <limits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace chitra::detail {

// The call paths a profile meets, numbered as it meets them: path 0 is the empty stack; a
// path's parent is its stack without the top frame.
class CallPaths {
public:
    struct Path {
        std::uint32_t parent = 0;
        LaneStateId region = kEmptyLaneState;
        std::uint32_t depth = 0;
    };

    std::size_t size() const { return paths_.size(); }
    const Path& operator[](std::uint32_t p) const { return paths_[p]; }
    // A path's children are few (the regions a function calls): a short list scanned
    // from the one entered last is faster than any hash table. A path with more children
    // (a dispatcher, generated names) finds them in a hash table.
    std::uint32_t child(std::uint32_t parent, LaneStateId region)
    {
        constexpr std::size_t kScanned = 32;
        const std::uint64_t key = std::uint64_t{parent} << 32 | region;
        std::vector<std::pair<LaneStateId, std::uint32_t>>& list = children_[parent];
        if (list.size() > kScanned) {
            const auto [it, inserted] = wide_.try_emplace(key, static_cast<std::uint32_t>(paths_.size()));
            if (inserted)
                add(parent, region);
            return it->second;
        }
        for (std::size_t i = list.size(); i-- > 0;)
            if (list[i].first == region) {
                if (i + 1 != list.size())
                    std::swap(list[i], list.back()); // a loop enters it again soon
                return list.back().second;
            }
        const auto id = static_cast<std::uint32_t>(paths_.size());
        list.emplace_back(region, id);
        if (list.size() > kScanned)
            for (const auto& [r, c] : list)
                wide_.emplace(std::uint64_t{parent} << 32 | r, c);
        add(parent, region); // after the last use of `list`: children_ may move
        return id;
    }
    std::uint32_t ancestor(std::uint32_t p, std::uint32_t depth) const // its prefix of that depth
    {
        while (paths_[p].depth > depth)
            p = paths_[p].parent;
        return p;
    }

private:
    void add(std::uint32_t parent, LaneStateId region)
    {
        paths_.push_back({parent, region, paths_[parent].depth + 1});
        children_.emplace_back();
    }

    std::vector<Path> paths_{Path{}};
    std::vector<std::vector<std::pair<LaneStateId, std::uint32_t>>> children_{1};
    std::unordered_map<std::uint64_t, std::uint32_t> wide_; // the children of paths with many
};

// Replays a lane's stack: its changes, each read as kept_by_change says, and its steps
// where they are (a step replaces the change at its instant). Gives the stack's path after
// each instant and the paths each instant's entries made the stack equal.
class StackReplay {
public:
    StackReplay(const LaneTrace& lanes, const Lane& lane, CallPaths& paths) : lanes_(lanes), lane_(lane), paths_(paths)
    {
    }
    bool done() const { return change_ == lane_.changes.size() && step_ == lane_.steps.size(); }
    Time next_time() const
    {
        const Time change = change_ < lane_.changes.size() ? lanes_.times[lane_.changes[change_].record]
                                                           : std::numeric_limits<Time>::max();
        return step_ < lane_.steps.size() ? std::min(change, lane_.steps[step_].time) : change;
    }
    std::uint32_t path() const { return path_; }
    // Replays up to `last` (absolute): `spend(path, from, to)` for each stretch of
    // [first, last) the stack holds `path`, `entered(path)` for each entry at a time in it.
    // The stack at `first` is what the instants before it made.
    template <class Spend, class Entered> void run(Time first, Time last, Spend&& spend, Entered&& entered)
    {
        Time since = first;
        while (!done() && next_time() < last) {
            const Time t = next_time();
            spend(path_, since, t);
            const bool inside = t >= first;
            apply([&](std::uint32_t p) {
                if (inside)
                    entered(p);
            });
            since = std::max(t, first);
        }
        spend(path_, since, last);
    }
    // Applies the next instant; `entered` is called with each path an entry made.
    template <class Entered> void apply(Entered&& entered)
    {
        const Time t = next_time();
        const bool changes = change_ < lane_.changes.size() && lanes_.times[lane_.changes[change_].record] == t;
        if (step_ < lane_.steps.size() && lane_.steps[step_].time == t) {
            const StackStep& s = lane_.steps[step_++];
            change_ += changes ? 1 : 0;
            path_ = paths_.ancestor(path_, s.kept);
            for (std::uint32_t i = 0; i < s.entered && frame_ < lane_.frames.size(); ++i) {
                path_ = paths_.child(path_, lane_.frames[frame_++]);
                entered(path_);
            }
            return;
        }
        const LaneChange& c = lane_.changes[change_++];
        const std::optional<std::uint32_t> kept = kept_by_change(
            paths_[path_].depth, [this](std::uint32_t i) { return paths_[paths_.ancestor(path_, i + 1)].region; },
            c.state, c.depth);
        if (!kept)
            throw InputError(lanes_.source + ": lane '" + lane_.name +
                             "' enters several regions at once with no record of which; profile the trace it was "
                             "converted from");
        path_ = paths_.ancestor(path_, *kept);
        if (*kept < c.depth) {
            path_ = paths_.child(path_, c.state);
            entered(path_);
        }
    }

private:
    const LaneTrace& lanes_;
    const Lane& lane_;
    CallPaths& paths_;
    std::size_t change_ = 0, step_ = 0, frame_ = 0;
    std::uint32_t path_ = 0;
};

} // namespace chitra::detail
