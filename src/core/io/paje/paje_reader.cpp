// The Paje reader's loop: one pass over the text, line by line, definitions to the
// definition table and events to the model. Lines are split in place (no allocation per
// line); the cancel flag and the progress callback are looked at every few MB.
#include "io/paje/paje_reader.hpp"

#include "chitra/util/cancel.hpp"
#include "io/paje/paje_definitions.hpp"
#include "io/paje/paje_model.hpp"
#include "io/import/name_text.hpp"

#include <cstring>

namespace chitra::detail {

namespace {

using namespace paje;

constexpr std::size_t kCheckEvery = 4u << 20; // bytes between cancel checks

[[noreturn]] void fail(const std::string& source, std::size_t line, const std::string& reason)
{
    throw InputError(source + ":" + std::to_string(line) + ": " + reason);
}

std::string words_problem(const Words& w)
{
    if (w.problem == Words::unterminated)
        return "a quoted string has no closing '\"'";
    if (w.problem == Words::glued)
        return "text right after a closing '\"' (a blank expected)";
    return "more than " + std::to_string(kMaxWords) + " fields on one line";
}

} // namespace

LaneTrace read_paje_text(std::string_view text, const std::string& source, const ImportOptions& options)
{
    Definitions defs;
    Model model(source);
    Words w;
    const char* const begin = text.data();
    const char* const end = begin + text.size();
    const char* p = begin;
    const char* next_check = begin + kCheckEvery;
    std::size_t line = 0;
    bool any_definition = false;
    if (text.size() >= 3 && std::memcmp(p, "\xEF\xBB\xBF", 3) == 0) // UTF-8 byte order mark
        p += 3;
    while (p < end) {
        ++line;
        p = split_line(p, end, w);
        if (w.bad())
            fail(source, line, words_problem(w));
        if (w.count == 0)
            continue;
        if (!w.quoted_first && w[0][0] == '%') {
            if (auto problem = defs.header_line(w, line))
                fail(source, line, *problem);
            any_definition = true;
            continue;
        }
        if (const EventDef* open = defs.open())
            fail(source, line,
                 "event line inside the definition of " + std::string(event_name(open->event)) + " (id " + open->id +
                     ", line " + std::to_string(open->line) + "): %EndEventDef missing");
        const EventDef* def = defs.find(w[0]);
        if (!def)
            fail(source, line,
                 any_definition ? "event id " + quote_token(w[0]) + " is not defined (no %EventDef gives this id)"
                                : "not a Paje trace: an event line " + quote_token(w[0]) + " before any %EventDef");
        if (w.count - 1 != def->fields)
            fail(source, line,
                 std::string(event_name(def->event)) + " (id " + def->id + ") has " + std::to_string(def->fields) +
                     " fields, this line " + std::to_string(w.count - 1));
        model.apply(*def, w, line);
        if (p >= next_check) {
            throw_if_cancelled();
            if (options.progress)
                options.progress(static_cast<double>(p - begin) / static_cast<double>(text.size()));
            next_check = p + kCheckEvery;
        }
    }
    if (const EventDef* open = defs.open())
        fail(source, line == 0 ? 1 : line,
             "the file ends inside the definition of " + std::string(event_name(open->event)) + " (id " + open->id +
                 ", line " + std::to_string(open->line) + "): %EndEventDef missing");
    if (!any_definition)
        fail(source, line == 0 ? 1 : line, "not a Paje trace: no event definition (%EventDef)");
    if (options.progress)
        options.progress(1.0);
    return model.finish();
}

bool looks_like_paje(std::string_view head)
{
    if (head.substr(0, 3) == "\xEF\xBB\xBF")
        head.remove_prefix(3);
    while (!head.empty()) {
        const std::size_t eol = head.find('\n');
        if (eol == std::string_view::npos)
            return false; // the first definition is not complete in the head: no claim
        std::string_view line = head.substr(0, eol);
        head.remove_prefix(eol + 1);
        while (!line.empty() && is_blank(line.front()))
            line.remove_prefix(1);
        if (line.empty() || line.front() == '#')
            continue;
        if (line.front() != '%')
            return false;
        line.remove_prefix(1);
        while (!line.empty() && is_blank(line.front()))
            line.remove_prefix(1);
        return line.size() > 8 && line.substr(0, 8) == "EventDef" && is_blank(line[8]);
    }
    return false;
}

} // namespace chitra::detail
