#include "chain/model_colours.hpp"

#include <vector>

namespace chitra::app {

std::shared_ptr<const StateColours> coloursOfModel(const SemiMarkovModel& model)
{
    std::vector<StateColours::State> states;
    states.reserve(model.states.size());
    for (const ChainState& s : model.states)
        states.push_back({s.name, s.share});
    return std::make_shared<const StateColours>(states, FixedColours{}, ColourBook::shared());
}

} // namespace chitra::app
