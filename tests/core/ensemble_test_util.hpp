// Traces of a 3-state cycle A -> B -> C -> A whose mean occupancy of A is chosen, for the
// ensemble tests (core and command line).
#pragma once

#include <cmath>
#include <cstdint>
#include <random>
#include <string>

namespace chitra::ensemble_test {

// PES text: `visits` visits of each state, occupancies uniform within 10% of the mean
// (A: mean_a, B: 500, C: 300), after `header` (e.g. "# param: p=4\n").
inline std::string cycle_pes(std::mt19937_64& rng, double mean_a, int visits, const std::string& header)
{
    std::string text = "# chitra-pes 1\n# timebase: us\n" + header;
    const char* names[] = {"A", "B", "C"};
    const double means[] = {mean_a, 500.0, 300.0};
    std::int64_t t = 0;
    for (int v = 0; v < visits; ++v) {
        for (int s = 0; s < 3; ++s) {
            std::uniform_real_distribution<double> occupancy(0.9 * means[s], 1.1 * means[s]);
            text += std::to_string(t) + " " + names[s] + "\n";
            t += std::llround(occupancy(rng));
        }
    }
    text += std::to_string(t) + " A\n";
    return text;
}

} // namespace chitra::ensemble_test
