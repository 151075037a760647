#include "ensemble/ensemble_run.hpp"

#include <set>

namespace chitra::app {

std::vector<std::string> parameterNames(const std::vector<EnsembleRun>& runs)
{
    std::set<std::string> names;
    for (const EnsembleRun& run : runs)
        for (const auto& [name, value] : run.params)
            names.insert(name);
    return {names.begin(), names.end()};
}

} // namespace chitra::app
