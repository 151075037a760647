// What the kinds of step share to show their parameters as text fields and take them
// back: numbers written exactly, parsers that say what is wrong in the words of the field.
#pragma once

#include "chitra/trace/types.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace chitra::step_fields_text {

std::string number(double v); // 12 significant digits
std::string number(std::size_t v);
std::string number(Time v);
// "%.4g": a frequency band per event.
std::string short_number(double v);
// Names one after the other with `separator` between them.
std::string joined(const std::vector<std::string>& names, const char* separator);

bool parse_count(const std::string& text, const std::string& label, std::size_t& out, std::string& error);
bool parse_time(const std::string& text, const std::string& label, Time& out, std::string& error);
// A finite number >= 0.
bool parse_real(const std::string& text, const std::string& label, double& out, std::string& error);
// A composite's name: not empty once trimmed.
bool parse_name(const std::string& text, std::string& out, std::string& error);

inline bool nothing_to_edit(std::string& error)
{
    error = "this step has nothing to edit";
    return false;
}

} // namespace chitra::step_fields_text
