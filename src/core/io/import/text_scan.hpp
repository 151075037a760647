// Shared by the line-based text importers (event traces, CSV, Paraver): lines taken in
// place from the mapped text, blank-separated words, numbers read without allocation, and
// the one form of their errors, "FILE:LINE: reason".
#pragma once

#include "chitra/trace/types.hpp"
#include "chitra/util/cancel.hpp"

#include <charconv>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace chitra::detail::text {

[[noreturn]] inline void fail(const std::string& source, std::size_t line, const std::string& reason)
{
    throw InputError(source + ":" + std::to_string(line) + ": " + reason);
}

inline bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

// The line at `p` (without its '\n' and a trailing '\r'); `p` moves past it.
inline std::string_view next_line(const char*& p, const char* end)
{
    const char* eol = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
    const char* stop = eol ? eol : end;
    std::string_view line(p, static_cast<std::size_t>(stop - p));
    p = eol ? eol + 1 : end;
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    return line;
}

// The next blank-separated word of `line` (empty at the end); `line` moves past it.
inline std::string_view next_word(std::string_view& line)
{
    std::size_t i = 0;
    while (i < line.size() && is_blank(line[i]))
        ++i;
    std::size_t j = i;
    while (j < line.size() && !is_blank(line[j]))
        ++j;
    std::string_view word = line.substr(i, j - i);
    line.remove_prefix(j);
    return word;
}

inline std::optional<double> parse_double(std::string_view text)
{
    if (!text.empty() && text.front() == '+')
        text.remove_prefix(1);
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return v;
}

inline std::optional<std::uint64_t> parse_unsigned(std::string_view text)
{
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return v;
}

// Looks at the cancel flag and reports progress every few MB of text.
class Progress {
public:
    Progress(std::string_view text, const std::function<void(double)>& report)
        : begin_(text.data()), size_(text.size()), next_(text.data() + kEvery), report_(report)
    {
    }
    void at(const char* p)
    {
        if (p < next_)
            return;
        throw_if_cancelled();
        if (report_)
            report_(static_cast<double>(p - begin_) / static_cast<double>(size_));
        next_ = p + kEvery;
    }
    void done() const
    {
        if (report_)
            report_(1.0);
    }

private:
    static constexpr std::size_t kEvery = 4u << 20;
    const char* begin_;
    std::size_t size_;
    const char* next_;
    const std::function<void(double)>& report_;
};

} // namespace chitra::detail::text
