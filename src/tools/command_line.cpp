// Command-line reading shared by the trace generators (command_line.hpp).
#include "command_line.hpp"

#include <charconv>
#include <cstdio>
#include <cstdlib>

namespace chitra::tools {

std::string_view CommandLine::value()
{
    if (i_ + 1 >= argc_)
        usage_error(std::string(current()) + " needs a value");
    return argv_[++i_];
}

std::int64_t CommandLine::integer(std::int64_t lo, std::int64_t hi)
{
    const std::string opt(current());
    const std::string_view v = value();
    std::int64_t out = 0;
    auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
    if (ec != std::errc() || p != v.data() + v.size() || out < lo || out > hi)
        usage_error(opt + " needs an integer in " + std::to_string(lo) + ".." + std::to_string(hi) + ", got '" +
                    std::string(v) + "'");
    return out;
}

bool CommandLine::output_option(OutputOptions& out)
{
    if (is("--timebase")) {
        auto v = value();
        if (v == "ns")
            out.ns = true;
        else if (v == "us")
            out.ns = false;
        else
            usage_error("--timebase is ns or us");
    } else if (is("--separator"))
        out.separator = value();
    else if (is("-o", "--output"))
        out.output = value();
    else
        return false;
    return true;
}

void CommandLine::check(const OutputOptions& out) const
{
    if (out.separator.find_first_of(" \t\r\n") != std::string::npos)
        usage_error("--separator must not contain white space");
}

void CommandLine::usage_error(const std::string& message) const
{
    std::fprintf(stderr, "%s: %s (see --help)\n", program_.c_str(), message.c_str());
    std::exit(2);
}

std::string command_line(std::string_view program, int argc, char** argv)
{
    std::string s(program);
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "-o" || a == "--output" || a == "--csv" || a == "--events") {
            ++i; // output names are not part of the experiment
            continue;
        }
        s += ' ';
        s += argv[i];
    }
    return s;
}

} // namespace chitra::tools
