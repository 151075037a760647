// Records and distinct states of a choice of lanes, without building its PES.
#include "chitra/lanes/lane_choice.hpp"
#include "chitra/util/cancel.hpp"

#include <functional>
#include <queue>
#include <unordered_set>
#include <utility>

namespace chitra {

namespace {

std::uint64_t mix(std::uint64_t x)
{
    // splitmix64's finaliser: every input bit moves every output bit.
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

struct Key {
    std::uint64_t a = 0, b = 0;
    bool operator==(const Key&) const = default;
};

struct KeyHash {
    std::size_t operator()(const Key& k) const { return static_cast<std::size_t>(k.a ^ (k.b * 31)); }
};

// The Zobrist value of "component j is in state s"; XOR of these over j is the vector's key.
Key term(std::size_t j, LaneStateId s)
{
    const std::uint64_t x = (static_cast<std::uint64_t>(j) << 32) | s;
    return {mix(x), mix(x ^ 0xD1B54A32D192ED03ull)};
}

} // namespace

LaneChoiceFigures lane_choice_figures(const LaneTrace& trace, const std::vector<std::size_t>& lanes,
                                      std::uint64_t most_states)
{
    const std::size_t k = lanes.size();
    using Head = std::pair<std::uint64_t, std::size_t>; // record, position in `lanes`
    std::priority_queue<Head, std::vector<Head>, std::greater<>> heads;
    std::vector<std::size_t> next(k, 0);
    std::vector<LaneStateId> current(k, kEmptyLaneState);
    Key key;
    for (std::size_t j = 0; j < k; ++j) {
        const Key t = term(j, kEmptyLaneState);
        key.a ^= t.a;
        key.b ^= t.b;
        if (!trace.lanes.at(lanes[j]).changes.empty())
            heads.emplace(trace.lanes[lanes[j]].changes[0].record, j);
    }
    std::unordered_set<Key, KeyHash> seen;
    LaneChoiceFigures out;
    while (!heads.empty()) {
        const std::uint64_t r = heads.top().first;
        while (!heads.empty() && heads.top().first == r) {
            const std::size_t j = heads.top().second;
            heads.pop();
            const Lane& lane = trace.lanes[lanes[j]];
            const LaneStateId s = lane.changes[next[j]].state;
            if (s != current[j]) {
                const Key before = term(j, current[j]), after = term(j, s);
                key.a ^= before.a ^ after.a;
                key.b ^= before.b ^ after.b;
                current[j] = s;
            }
            if (++next[j] < lane.changes.size())
                heads.emplace(lane.changes[next[j]].record, j);
        }
        seen.insert(key);
        ++out.records;
        if (seen.size() > most_states) {
            out.states = most_states + 1;
            return out;
        }
        if ((out.records & 0xFFFF) == 0)
            throw_if_cancelled();
    }
    out.states = seen.size();
    return out;
}

std::size_t leading_lanes_within(const LaneTrace& trace, const std::vector<std::size_t>& lanes,
                                 std::uint64_t most_states)
{
    auto fits = [&](std::size_t n) {
        const std::vector<std::size_t> leading(lanes.begin(), lanes.begin() + static_cast<std::ptrdiff_t>(n));
        return lane_choice_figures(trace, leading, most_states).states <= most_states;
    };
    if (lanes.size() <= 1 || fits(lanes.size()))
        return lanes.size();
    std::size_t good = 1, bad = lanes.size(); // the first lane is kept even past the limit
    while (bad - good > 1) {
        const std::size_t mid = good + (bad - good) / 2;
        (fits(mid) ? good : bad) = mid;
    }
    return good;
}

} // namespace chitra
