// The colours of a fitted model's states where no view gives them (a model read from a
// file): dealt as a view deals them, by the states' shares of time.
#pragma once

#include "chitra/chain/chain.hpp"
#include "plotting/state_colours.hpp"

#include <memory>

namespace chitra::app {

std::shared_ptr<const StateColours> coloursOfModel(const SemiMarkovModel& model);

} // namespace chitra::app
