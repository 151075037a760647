// One quantity of a set of states against one parameter, over the members: the points,
// their means per parameter value and the best of the core's formulas through the means.
#pragma once

#include "chitra/chain/chain.hpp"
#include "chitra/ensemble/ensemble.hpp"

#include <optional>
#include <string>
#include <vector>

namespace chitra::app {

enum class Quantity { meanOccupancy, shareOfTime, visitsPerSecond, transitionProbability };

// The names or globs of a line such as "*A1*, E" (separated by commas or spaces).
std::vector<std::string> statePatterns(const std::string& text);

// The quantity over the states of `model` that match a pattern (OTHER left out): the mean
// occupancy of all their visits (in the trace's time units), their summed share of the
// time, or their visits per second. For a transition probability the patterns read
// "FROM... -> TO...": the share of the transitions out of the FROM states that go to a TO
// state (OTHER, the end of the run, left out). nullopt when no state matches, for visits
// per second in a trace counted in cycles, or for a transition without "->".
std::optional<double> quantityOf(const SemiMarkovModel& model, const std::vector<std::string>& patterns,
                                 Quantity quantity);

struct ParameterPoint {
    double parameter = 0.0;
    double value = 0.0;
    std::size_t member = 0;
};

struct ParameterGroup {
    double parameter = 0.0;
    double mean = 0.0;
    double stddev = 0.0; // sample standard deviation; 0 for a single member
    int members = 0;
};

// The points grouped by parameter value, in increasing order.
std::vector<ParameterGroup> groupByParameter(const std::vector<ParameterPoint>& points);

// The form with the highest r2 of those fit_form can fit to the groups' means; nullopt
// with fewer than three parameter values (as the core requires for a formula).
std::optional<FormulaFit> bestFormula(const std::vector<ParameterGroup>& groups);

} // namespace chitra::app
