// What `chitra-cli lanes` and `fit --pool-lanes` read of a foreign trace: each lane alone
// as `convert --per-component` writes it, and the lanes grouped as `lanes` groups them.
// The GUI tests compare the workbench's lane comparison and pooled fits with these.
#pragma once

#include "chitra/io/import.hpp"
#include "chitra/lanecompare/lane_comparison.hpp"
#include "chitra/lanes/lane_selection.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"

#include <QString>

#include <numeric>
#include <vector>

namespace chitra::testutil {

inline std::vector<Trace> lanesAlone(const QString& path)
{
    const LaneTrace lanes = import_lanes(path.toStdString());
    std::vector<std::size_t> all(lanes.lanes.size());
    std::iota(all.begin(), all.end(), std::size_t{0});
    const auto origin = first_change(lanes, all);
    std::vector<Trace> out;
    for (std::size_t lane : all)
        out.push_back(to_trace(lanes, {lane}, origin));
    return out;
}

inline LaneGrouping cliGrouping(const QString& path, double distance)
{
    std::vector<LaneBehaviour> behaviours;
    for (const Trace& t : lanesAlone(path))
        behaviours.push_back(lane_behaviour(base_ses(t)));
    return group_lanes(behaviours, distance);
}

} // namespace chitra::testutil
