#include "io/chrome/event_cutter.hpp"

#include "io/chrome/json_scan.hpp"

#include <cstring>

namespace chitra::detail::chrome {

EventCutter::EventCutter(const JsonScan& scan) : scan_(scan)
{
    const std::string_view text = scan_.text();
    std::size_t p = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0; // a UTF-8 byte order mark
    p = scan_.skip_ws(p);
    if (p == text.size())
        throw JsonSyntaxError{p, "the file holds no JSON"};
    if (text[p] == '[') {
        first_ = scan_.skip_ws(p + 1);
        return;
    }
    if (text[p] != '{')
        throw JsonSyntaxError{p, "a Chrome trace starts with '[' or '{'"};
    object_form_ = true;
    const auto value = object_members(p + 1, true);
    if (!value)
        throw JsonSyntaxError{p, "the top-level object has no \"traceEvents\" key"};
    if (*value >= text.size() || text[*value] != '[')
        throw JsonSyntaxError{*value, "\"traceEvents\" is not an array"};
    first_ = scan_.skip_ws(*value + 1);
}

std::optional<std::size_t> EventCutter::object_members(std::size_t p, bool find) const
{
    const std::string_view text = scan_.text();
    const std::size_t n = text.size();
    for (;;) {
        p = scan_.skip_ws(p);
        if (p == n)
            return std::nullopt; // a trace cut short may lack its closing brace
        if (text[p] == '}') {
            if (!find) {
                const std::size_t q = scan_.skip_ws(p + 1);
                if (q != n)
                    throw JsonSyntaxError{q, "text after the end of the trace"};
            }
            return std::nullopt;
        }
        if (text[p] != '"')
            throw JsonSyntaxError{p, "a key in quotes was expected"};
        const std::size_t key_end = scan_.skip_string(p);
        check_json(p, key_end);
        const std::string_view key = text.substr(p + 1, key_end - p - 2);
        p = scan_.skip_ws(key_end);
        if (p == n || text[p] != ':')
            throw JsonSyntaxError{p, "':' was expected after a key"};
        p = scan_.skip_ws(p + 1);
        if (find && key == "traceEvents")
            return p;
        const std::size_t value_end = scan_.skip_value(p);
        check_json(p, value_end);
        p = scan_.skip_ws(value_end);
        if (p < n && text[p] == ',')
            ++p;
        else if (p < n && text[p] != '}')
            throw JsonSyntaxError{p, "',' or '}' was expected after a value"};
    }
}

void EventCutter::check_json(std::size_t begin, std::size_t end) const
{
    DecodeFailure failure;
    if (!checker_.check(scan_.text().substr(begin, end - begin), failure))
        throw JsonSyntaxError{begin, "malformed JSON (" + failure.reason + ")"};
}

void EventCutter::check_after_array(std::size_t p) const
{
    const std::string_view text = scan_.text();
    const std::size_t q = scan_.skip_ws(p);
    if (q == text.size())
        return;
    if (!object_form_)
        throw JsonSyntaxError{q, "text after the end of the event array"};
    if (text[q] == ',')
        object_members(q + 1, false);
    else if (text[q] == '}')
        object_members(q, false);
    else
        throw JsonSyntaxError{q, "',' or '}' was expected after the event array"};
}

std::optional<EventChunk> EventCutter::quick(std::size_t pos, std::size_t target) const
{
    const std::string_view text = scan_.text();
    const std::size_t n = text.size();
    if (target < 2 || pos >= n || n - pos <= target)
        return std::nullopt;
    const std::size_t lo = pos + target / 2;
    std::size_t c = pos + target;
    while (c > lo) {
        const void* hit = ::memrchr(text.data() + lo, ',', c - lo);
        if (!hit)
            break;
        c = static_cast<std::size_t>(static_cast<const char*>(hit) - text.data());
        std::size_t a = c;
        while (a > pos && is_ws(text[a - 1]))
            --a;
        std::size_t b = c + 1;
        while (b < n && is_ws(text[b]))
            ++b;
        if (a > pos && text[a - 1] == '}' && b < n && text[b] == '{')
            return EventChunk{pos, a, c + 1, false};
    }
    return std::nullopt;
}

EventChunk EventCutter::exact(std::size_t pos, std::size_t target) const
{
    const std::string_view text = scan_.text();
    const std::size_t n = text.size();
    EventChunk chunk{pos, pos, n, true, std::nullopt};
    std::size_t count = 0;
    std::size_t q = pos;
    try {
        for (;;) {
            q = scan_.skip_ws(q);
            if (q == n)
                return chunk; // the text ends: a trace cut short
            if (text[q] == ']') {
                check_after_array(q + 1);
                return chunk;
            }
            if (text[q] == ',')
                throw JsonSyntaxError{q, "an event is missing before ','", count};
            try {
                chunk.end = scan_.skip_value(q);
            } catch (JsonSyntaxError& e) {
                e.event = count;
                throw;
            }
            ++count;
            q = scan_.skip_ws(chunk.end);
            if (q == n)
                return chunk;
            if (text[q] == ']') {
                check_after_array(q + 1);
                return chunk;
            }
            if (text[q] != ',')
                throw JsonSyntaxError{q, "',' or ']' was expected after an event", count - 1};
            ++q;
            if (chunk.end - pos >= target) {
                chunk.next = q;
                chunk.last = false;
                return chunk;
            }
        }
    } catch (const JsonSyntaxError& e) {
        // The whole events before the fault are read first: one of them may hold an
        // earlier fault, and the first in the file is the one reported.
        if (count == 0)
            throw;
        chunk.last = true;
        chunk.error = e;
        return chunk;
    }
}

std::size_t EventCutter::event_start(std::size_t pos, std::size_t k) const
{
    const std::string_view text = scan_.text();
    std::size_t q = scan_.skip_ws(pos);
    try {
        for (std::size_t i = 0; i < k && q < text.size() && text[q] != ']'; ++i) {
            q = scan_.skip_ws(scan_.skip_value(q));
            if (q < text.size() && text[q] == ',')
                q = scan_.skip_ws(q + 1);
        }
    } catch (const JsonSyntaxError&) {
    }
    return q;
}

} // namespace chitra::detail::chrome
