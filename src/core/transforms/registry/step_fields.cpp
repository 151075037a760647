#include "transforms/registry/step_fields.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <string_view>

namespace chitra::step_fields_text {

namespace {
std::string_view trimmed(const std::string& text)
{
    const auto begin = text.find_first_not_of(" \t\r\n");
    if (begin == std::string::npos)
        return {};
    return std::string_view(text).substr(begin, text.find_last_not_of(" \t\r\n") - begin + 1);
}

// The whole of the trimmed text as one number of type T.
template <class T> bool parse_whole(const std::string& text, T& out)
{
    std::string_view t = trimmed(text);
    if (!t.empty() && t.front() == '+' && t.size() > 1 && t[1] != '-')
        t.remove_prefix(1);
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
    return !t.empty() && ec == std::errc() && end == t.data() + t.size();
}

std::string printed(const char* format, double v)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, format, v);
    return buffer;
}
} // namespace

std::string number(double v) { return printed("%.12g", v); }
std::string number(std::size_t v) { return std::to_string(v); }
std::string number(Time v) { return std::to_string(v); }
std::string short_number(double v) { return printed("%.4g", v); }

std::string joined(const std::vector<std::string>& names, const char* separator)
{
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i)
        out += (i == 0 ? "" : separator) + names[i];
    return out;
}

bool parse_count(const std::string& text, const std::string& label, std::size_t& out, std::string& error)
{
    if (!parse_whole(text, out)) {
        error = label + " must be a whole number >= 0";
        return false;
    }
    return true;
}

bool parse_time(const std::string& text, const std::string& label, Time& out, std::string& error)
{
    if (!parse_whole(text, out)) {
        error = label + " must be a whole number";
        return false;
    }
    return true;
}

bool parse_real(const std::string& text, const std::string& label, double& out, std::string& error)
{
    double v = 0;
    if (!parse_whole(text, v) || !std::isfinite(v) || v < 0) {
        error = label + " must be a number >= 0";
        return false;
    }
    out = v;
    return true;
}

bool parse_name(const std::string& text, std::string& out, std::string& error)
{
    const std::string_view name = trimmed(text);
    if (name.empty()) {
        error = "the composite needs a name";
        return false;
    }
    out = std::string(name);
    return true;
}

} // namespace chitra::step_fields_text
