#include "chitra/lanecompare/lane_comparison.hpp"

#include <cmath>
#include <limits>
#include <numeric>

namespace chitra {

namespace {

template <class Key> double total_variation(const std::map<Key, double>& p, const std::map<Key, double>& q)
{
    // Both maps are ordered: one merge pass over the union.
    double sum = 0;
    auto a = p.begin(), b = q.begin();
    while (a != p.end() || b != q.end()) {
        if (b == q.end() || (a != p.end() && a->first < b->first)) {
            sum += std::abs(a->second);
            ++a;
        } else if (a == p.end() || b->first < a->first) {
            sum += std::abs(b->second);
            ++b;
        } else {
            sum += std::abs(a->second - b->second);
            ++a, ++b;
        }
    }
    return sum / 2;
}

// Union-find over the lanes.
std::size_t root(std::vector<std::size_t>& parent, std::size_t x)
{
    while (parent[x] != x)
        x = parent[x] = parent[parent[x]];
    return x;
}

} // namespace

LaneBehaviour lane_behaviour(const Ses& ses)
{
    LaneBehaviour out;
    Time total = 0;
    std::map<std::string, Time> time;
    std::map<std::pair<std::string, std::string>, std::uint64_t> transitions;
    std::uint64_t transitionCount = 0;
    const std::string* previous = nullptr;
    for (std::size_t i = 0; i < ses.size(); ++i) {
        const Time length = ses.occupancy(i);
        const std::string& name = ses.name(i);
        if (length == 0 || name == "OTHER")
            continue;
        time[name] += length;
        total += length;
        if (previous) {
            ++transitions[{*previous, name}];
            ++transitionCount;
        }
        previous = &name;
    }
    for (const auto& [state, t] : time)
        out.time_share[state] = static_cast<double>(t) / static_cast<double>(total);
    for (const auto& [pair, n] : transitions)
        out.transition_share[pair] = static_cast<double>(n) / static_cast<double>(transitionCount);
    return out;
}

double lane_distance(const LaneBehaviour& a, const LaneBehaviour& b)
{
    return total_variation(a.time_share, b.time_share) / 2 +
           total_variation(a.transition_share, b.transition_share) / 2;
}

LaneGrouping group_lanes(const std::vector<LaneBehaviour>& lanes, double group_distance)
{
    const std::size_t n = lanes.size();
    LaneGrouping out;
    out.group_distance = group_distance;
    out.distance.assign(n, std::vector<double>(n, 0.0));
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = a + 1; b < n; ++b)
            out.distance[a][b] = out.distance[b][a] = lane_distance(lanes[a], lanes[b]);
    std::vector<std::size_t> parent(n);
    std::iota(parent.begin(), parent.end(), std::size_t{0});
    out.nearest.assign(n, std::nullopt);
    out.nearest_distance.assign(n, std::nullopt);
    out.outlier.assign(n, false);
    for (std::size_t a = 0; a < n; ++a) {
        for (std::size_t b = 0; b < n; ++b) {
            if (b == a)
                continue;
            if (!out.nearest[a] || out.distance[a][b] < *out.nearest_distance[a]) {
                out.nearest[a] = b;
                out.nearest_distance[a] = out.distance[a][b];
            }
            if (out.distance[a][b] < group_distance)
                parent[root(parent, a)] = root(parent, b);
        }
        out.outlier[a] = out.nearest_distance[a] && *out.nearest_distance[a] >= group_distance;
    }
    // Groups numbered in the order of their lowest lane.
    std::vector<std::size_t> numberOfRoot(n, 0);
    out.group.assign(n, 0);
    for (std::size_t a = 0; a < n; ++a) {
        std::size_t& number = numberOfRoot[root(parent, a)];
        if (number == 0) {
            out.groups.emplace_back();
            number = out.groups.size();
        }
        out.group[a] = number;
        out.groups[number - 1].push_back(a);
    }
    return out;
}

} // namespace chitra
