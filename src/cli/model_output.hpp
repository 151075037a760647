// Writing a fitted model in the forms `fit` and `merge` share: json, dot, csv, prism.
#pragma once

#include "chitra/chain/chain.hpp"

#include <string>

namespace chitra::cli {

// `format` is json, dot, csv or prism (prism writes OUT.tra, .sta, .lab, .srew and needs
// `out`); other output goes to `out`, or stdout when it is empty or "-".
void write_model(const SemiMarkovModel& model, const std::string& format, const std::string& out);

} // namespace chitra::cli
