// The event trace reader: one pass over the mapped text, words split in place; state
// names are looked up by views into the text, so a repeated state costs no allocation.
#include "io/events/events_reader.hpp"

#include "io/import/exact_time.hpp"
#include "io/import/text_scan.hpp"
#include "io/import/name_text.hpp"

#include <filesystem>
#include <unordered_map>

namespace chitra::detail {

namespace {

using text::fail;

class EventsReader {
public:
    EventsReader(const std::string& source, const ImportOptions& options)
        : source_(source), scale_(options.time_scale), builder_(source, "events")
    {
        std::string name = std::filesystem::path(source).stem().string();
        lane_ = builder_.add_lane(name.empty() ? "events" : name);
    }

    void line(std::string_view rest, std::size_t line)
    {
        const std::string_view time_word = text::next_word(rest);
        if (time_word.empty() || time_word.front() == '#')
            return;
        const std::string_view from = text::next_word(rest);
        const std::string_view to = text::next_word(rest);
        if (to.empty())
            fail(source_, line,
                 "an event is TIME FROM TO, this line has " + std::to_string(from.empty() ? 1 : 2) + " word" +
                     (from.empty() ? "" : "s"));
        const auto t = decimal_scaled(time_word, scale_);
        if (!t)
            fail(source_, line, "the time " + quote_token(time_word) + " is not a decimal number (or is too large)");
        if (seen_ && *t < last_)
            fail(source_, line, "the time " + quote_token(time_word) + " is before the previous event's");
        if (seen_ && from != current_)
            ++mismatches_;
        seen_ = true;
        last_ = *t;
        current_ = to;
        builder_.set(lane_, *t, state(to, line));
        builder_.saw_event(*t);
        text::next_word(rest); // TYPE: not read
        for (std::string_view pair = text::next_word(rest); !pair.empty(); pair = text::next_word(rest))
            sample(pair, *t, line);
    }

    LaneTrace finish()
    {
        LaneTrace out = builder_.finish();
        if (mismatches_)
            out.warnings.push_back(source_ + ": " + (mismatches_ > 1 ? std::to_string(mismatches_) + " x " : "") +
                                   "an event's FROM is not the current state (its TO was taken)");
        return out;
    }

private:
    LaneStateId state(std::string_view name, std::size_t line)
    {
        auto it = states_.find(name);
        if (it != states_.end())
            return it->second;
        const std::string problem = name_text_problem(name);
        if (!problem.empty())
            fail(source_, line, "state " + quote_token(name) + ": " + problem);
        return states_.emplace(name, builder_.state(name)).first->second;
    }

    void sample(std::string_view pair, Time t, std::size_t line)
    {
        const std::size_t eq = pair.find('=');
        if (eq == std::string_view::npos || eq == 0)
            fail(source_, line, quote_token(pair) + " is not NAME=VALUE");
        const std::string_view name = pair.substr(0, eq);
        const auto value = text::parse_double(pair.substr(eq + 1));
        if (!value)
            fail(source_, line, "the value of " + quote_token(name) + " is not a number");
        auto it = fields_.find(name);
        if (it == fields_.end() && !name_text_problem(name).empty())
            fail(source_, line, "field " + quote_token(name) + ": " + name_text_problem(name));
        if (it == fields_.end())
            it = fields_.emplace(name, builder_.add_field(std::string(name), FieldKind::gauge, lane_)).first;
        builder_.sample(it->second, t, *value);
    }

    const std::string& source_;
    int scale_;
    LaneTraceBuilder builder_;
    std::size_t lane_ = 0;
    std::unordered_map<std::string_view, LaneStateId> states_; // views into the mapped text
    std::unordered_map<std::string_view, std::size_t> fields_;
    std::string_view current_;
    Time last_ = 0;
    bool seen_ = false;
    std::uint64_t mismatches_ = 0;
};

} // namespace

LaneTrace read_events_text(std::string_view text, const std::string& source, const ImportOptions& options)
{
    EventsReader reader(source, options);
    text::Progress progress(text, options.progress);
    const char* p = text.data();
    const char* const end = p + text.size();
    std::size_t line = 0;
    while (p < end) {
        reader.line(text::next_line(p, end), ++line);
        progress.at(p);
    }
    progress.done();
    return reader.finish();
}

bool looks_like_events(std::string_view head)
{
    if (head.starts_with("# chitra-pes"))
        return false;
    const char* p = head.data();
    const char* const end = p + head.size();
    std::string_view previous_to;
    int events = 0;
    while (p < end && events < 8) {
        const bool complete = std::memchr(p, '\n', static_cast<std::size_t>(end - p)) != nullptr;
        std::string_view rest = text::next_line(p, end);
        if (!complete)
            break;
        const std::string_view time = text::next_word(rest);
        if (time.empty() || time.front() == '#')
            continue;
        const std::string_view from = text::next_word(rest);
        const std::string_view to = text::next_word(rest);
        if (to.empty() || !decimal_scaled(time, 0) || (events > 0 && from != previous_to))
            return false;
        previous_to = to;
        ++events;
    }
    return events >= 2;
}

} // namespace chitra::detail
