// Lanes compared by their behaviour (interfaces.md "Lanes compared"): each lane alone,
// after the pipeline, reduced to the time shares of its states and the shares of its
// transitions; the distance between two lanes; groups of lanes by single linkage, and the
// outliers. What `chitra-cli lanes` reports.
#pragma once

#include "chitra/trace/ses.hpp"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace chitra {

// What one lane does: the share of its time in each state (`-` a state like any other)
// and the share of each transition (s, t) among its transitions between consecutive
// elements. Elements of zero length and OTHER are left out.
struct LaneBehaviour {
    std::map<std::string, double> time_share;
    std::map<std::pair<std::string, std::string>, double> transition_share;
};

LaneBehaviour lane_behaviour(const Ses& ses);

// 1/2 TV(time shares) + 1/2 TV(transition shares), TV being half the sum of absolute
// differences over the union: 0 for equal behaviour, 1 for disjoint.
double lane_distance(const LaneBehaviour& a, const LaneBehaviour& b);

struct LaneGrouping {
    double group_distance = 0.2;
    std::vector<std::vector<double>> distance;       // [a][b], lanes 0-based
    std::vector<std::size_t> group;                  // per lane, 1-based
    std::vector<std::optional<std::size_t>> nearest; // per lane, 0-based; none with one lane
    std::vector<std::optional<double>> nearest_distance;
    std::vector<bool> outlier;                    // nearest other lane at group_distance or farther
    std::vector<std::vector<std::size_t>> groups; // per group, its lanes (0-based) ascending
};

// Lanes joined by a chain of lanes each nearer than `group_distance` to the next form a
// group, numbered from 1 in the order of their lowest lane.
LaneGrouping group_lanes(const std::vector<LaneBehaviour>& lanes, double group_distance);

} // namespace chitra
