#include "io/chrome/event_decoder.hpp"

#include "io/chrome/json_values.hpp"

#include "io/import/exact_time.hpp"

#include <charconv>
#include <cstring>
#include <limits>
#include <optional>

namespace chitra::detail::chrome {

namespace ondemand = simdjson::ondemand;

namespace {

// A time as trace writers print it ("1000001.173", "-3", "0.5": at most 15 digits before
// the point and 3 after), checked against JSON's grammar and read into exact ns in one
// pass. False for any other spelling, which the general path then reads or refuses.
bool plain_micros(std::string_view token, Time& out)
{
    static constexpr std::int64_t kScale[] = {1000, 100, 10, 1};
    const char* p = token.data();
    const char* const end = p + token.size();
    const bool minus = p < end && *p == '-';
    p += minus ? 1 : 0;
    const char* const whole = p;
    std::int64_t v = 0;
    if (p < end && *p == '0')
        ++p;
    else // at most 16 digits read: more are refused below (no overflow on the way)
        while (p < end && is_digit(*p) && p - whole < 16)
            v = v * 10 + (*p++ - '0');
    if (p == whole || p - whole > 15)
        return false;
    std::ptrdiff_t places = 0;
    if (p < end && *p == '.') {
        const char* const fraction = ++p;
        while (p < end && is_digit(*p) && p - fraction < 3)
            v = v * 10 + (*p++ - '0');
        places = p - fraction;
        if (places == 0)
            return false;
    }
    if (p != end)
        return false;
    v *= kScale[places];
    out = minus ? -v : v;
    return true;
}

// `ts` or `dur`: microseconds as a JSON number, read from its text into exact ns.
bool read_time(ondemand::value& value, const char* key, Time& out, DecodeFailure& failure)
{
    const std::string_view raw = value.raw_json_token();
    if (!separated(raw))
        return fail(failure, kNotSeparated, simdjson::TAPE_ERROR);
    const std::string_view token = trimmed_token(raw);
    if (plain_micros(token, out))
        return true;
    if (!is_json_number(token, false))
        return fail(failure,
                    std::string(key) + (token.starts_with('"') ? " is a string, not a number" : " is not a number"));
    const auto ns = decimal_scaled(token, 3);
    if (!ns)
        return fail(failure, std::string(key) + " " + std::string(token) + " is out of range");
    out = *ns;
    return true;
}

enum class Key { ph, ts, dur, pid, tid, name, args, cname, id, cat, other };

// The key whose text starts at `raw` (after its opening quote) when it is one the reader
// uses spelled without escapes, told by its bytes and closing quote without scanning it.
std::optional<Key> known_key(const char* raw)
{
    auto is = [raw](std::string_view quoted) { return std::memcmp(raw, quoted.data(), quoted.size()) == 0; };
    switch (raw[0]) {
    case 'p':
        return is("ph\"") ? Key::ph : is("pid\"") ? Key::pid : std::optional<Key>();
    case 't':
        return is("ts\"") ? Key::ts : is("tid\"") ? Key::tid : std::optional<Key>();
    case 'd':
        return is("dur\"") ? Key::dur : std::optional<Key>();
    case 'n':
        return is("name\"") ? Key::name : std::optional<Key>();
    case 'a':
        return is("args\"") ? Key::args : std::optional<Key>();
    case 'c':
        return is("cname\"") ? Key::cname : is("cat\"") ? Key::cat : std::optional<Key>();
    case 'i':
        return is("id\"") ? Key::id : std::optional<Key>();
    default:
        return std::nullopt;
    }
}

// The keys the reader uses, told apart by length first (most events have 8 keys).
Key key_of(std::string_view k)
{
    switch (k.size()) {
    case 2:
        return k == "ph" ? Key::ph : k == "ts" ? Key::ts : k == "id" ? Key::id : Key::other;
    case 3:
        return k == "pid"   ? Key::pid
               : k == "tid" ? Key::tid
               : k == "dur" ? Key::dur
               : k == "cat" ? Key::cat
                            : Key::other;
    case 4:
        return k == "name" ? Key::name : k == "args" ? Key::args : Key::other;
    case 5:
        return k == "cname" ? Key::cname : Key::other;
    default:
        return Key::other;
    }
}

// A string value (`ph`, `name`), unescaped only when it has escapes.
bool read_string(ondemand::value& value, const char* key, std::string_view& out, DecodeFailure& failure)
{
    const std::string_view token = value.raw_json_token();
    if (!separated(token))
        return fail(failure, kNotSeparated, simdjson::TAPE_ERROR);
    if (!token.starts_with('"'))
        return fail(failure, std::string(key) + " is not a string");
    if (auto plain = plain_string(token.data() + 1)) {
        out = *plain;
        return true;
    }
    if (auto e = value.get_string().get(out))
        return fail(failure, e);
    return true;
}

// An integer stays an integer; a string of a canonical decimal integer ("12", "-3") is
// that integer, so that 12 and "12" name the same process; any other string is a name.
} // namespace

bool ThreadReader::read(ondemand::value& value, const char* key, ThreadRef& out, DecodeFailure& failure)
{
    const std::string_view raw = value.raw_json_token();
    if (!separated(raw))
        return fail(failure, kNotSeparated, simdjson::TAPE_ERROR);
    const std::string_view token = trimmed_token(raw);
    // Most events of a thread follow each other: an integer seen last time is not parsed again.
    if (token.size() == last_size_ && std::memcmp(token.data(), last_, last_size_) == 0) {
        out = ThreadRef{false, last_number_, {}};
        return true;
    }
    out = ThreadRef{};
    if (token.starts_with('"')) {
        std::string_view text;
        if (auto e = value.get_string().get(text))
            return fail(failure, e);
        const bool canonical = is_json_number(text, true) && text != "-0" && !(text.size() > 1 && text[0] == '0');
        if (canonical) {
            auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), out.number);
            if (ec == std::errc() && p == text.data() + text.size())
                return true;
        }
        out.is_text = true;
        out.text = text;
        return true;
    }
    if (!is_json_number(token, true))
        return fail(failure, std::string(key) + " is neither an integer nor a string");
    auto [p, ec] = std::from_chars(token.data(), token.data() + token.size(), out.number);
    if (ec != std::errc() || p != token.data() + token.size())
        return fail(failure, std::string(key) + " " + std::string(token) + " is out of range");
    if (token.size() <= sizeof last_) {
        std::memcpy(last_, token.data(), token.size());
        last_size_ = token.size();
        last_number_ = out.number;
    }
    return true;
}

bool EventDecoder::decode(std::string_view events, std::vector<EventRecord>& out, DecodeFailure& failure)
{
    out.clear();
    counters_.clear();
    kept_.clear();
    failure = DecodeFailure{};
    const std::size_t length = events.size() + 2;
    if (buffer_.size() < length + simdjson::SIMDJSON_PADDING)
        buffer_.resize(length + simdjson::SIMDJSON_PADDING + length / 8);
    buffer_[0] = '[';
    std::memcpy(buffer_.data() + 1, events.data(), events.size());
    buffer_[length - 1] = ']';
    std::memset(buffer_.data() + length, 0, simdjson::SIMDJSON_PADDING);

    ondemand::document doc;
    if (auto e = parser_.iterate(buffer_.data(), length, buffer_.size()).get(doc))
        return fail(failure, e);
    ondemand::array array;
    if (auto e = doc.get_array().get(array))
        return fail(failure, e);
    std::size_t k = 0;
    for (auto item : array) {
        failure.event = k;
        ondemand::object object;
        if (auto e = item.get_object().get(object))
            return e == simdjson::INCORRECT_TYPE ? fail(failure, "an event is not an object") : fail(failure, e);
        if (!decode_event(object, out.emplace_back(), failure))
            return false;
        ++k;
    }
    failure.event = DecodeFailure::npos;
    // Everything must have been read: the chunk is exactly a run of whole events.
    if (doc.current_location().error() != simdjson::OUT_OF_BOUNDS)
        return fail(failure, "text after the last event of the chunk", simdjson::TAPE_ERROR);
    return true;
}

bool EventDecoder::decode_event(ondemand::object& object, EventRecord& record, DecodeFailure& failure)
{
    std::string_view raw_args;
    bool has_ph = false, args_not_object = false;
    for (auto item : object) {
        ondemand::field field;
        if (auto e = std::move(item).get(field))
            return fail(failure, e);
        std::optional<Key> known = known_key(field.key().raw());
        if (!known) {
            std::string_view key;
            if (auto plain = plain_string(field.key().raw()))
                key = *plain;
            else if (auto e = field.unescaped_key().get(key))
                return fail(failure, e);
            known = key_of(key);
        }
        ondemand::value& value = field.value();
        switch (*known) {
        case Key::ph:
            if (!read_string(value, "ph", record.ph, failure))
                return false;
            has_ph = true;
            record.phase = record.ph.size() == 1 ? record.ph[0] : '\0';
            break;
        case Key::ts:
            if (!read_time(value, "ts", record.ts, failure))
                return false;
            record.has_ts = true;
            break;
        case Key::dur:
            if (!read_time(value, "dur", record.dur, failure))
                return false;
            record.has_dur = true;
            break;
        case Key::pid:
            if (!pid_.read(value, "pid", record.pid, failure))
                return false;
            break;
        case Key::tid:
            if (!tid_.read(value, "tid", record.tid, failure))
                return false;
            break;
        case Key::name:
            if (!read_string(value, "name", record.name, failure))
                return false;
            record.has_name = true;
            break;
        case Key::cname:
            // A colour name that is not a string is only checked, like any other key.
            if (value.raw_json_token().starts_with('"') ? !read_string(value, "cname", record.cname, failure)
                                                        : !check_value(value, failure))
                return false;
            break;
        case Key::args:
            if (has_ph) {
                raw_args = {};
                args_not_object = false;
                if (!(record.phase == 'C' || record.phase == 'M' ? decode_args(value, record, false, failure)
                                                                 : check_value(value, failure)))
                    return false;
            } else {
                // `ph` comes later: keep the object's text, read it when the phase is known.
                ondemand::object args;
                auto e = value.get_object().get(args);
                raw_args = {};
                if (e == simdjson::INCORRECT_TYPE) {
                    args_not_object = true;
                    if (!check_value(value, failure))
                        return false;
                } else if (e || (e = args.raw_json().get(raw_args))) {
                    return fail(failure, e);
                } else {
                    args_not_object = false;
                }
            }
            break;
        case Key::id: { // a flow's: kept as written, a number and a string of it being two ids
            std::string_view token = value.raw_json_token();
            while (!token.empty() &&
                   (token.back() == ' ' || token.back() == '\n' || token.back() == '\t' || token.back() == '\r'))
                token.remove_suffix(1);
            if (!check_value(value, failure))
                return false;
            record.id = token.starts_with('{') || token.starts_with('[') ? std::string_view() : token;
            break;
        }
        case Key::cat:
            if (value.raw_json_token().starts_with('"') ? !read_string(value, "cat", record.cat, failure)
                                                        : !check_value(value, failure))
                return false;
            break;
        case Key::other:
            if (!check_value(value, failure))
                return false;
            break;
        }
    }
    if (!has_ph)
        return fail(failure, "the event has no ph");
    if (args_not_object)
        record.args_not_object = record.phase == 'C';
    if (!raw_args.empty() && !decode_raw_args(raw_args, record, failure))
        return false;
    const char phase = record.phase;
    if (phase == 'B' || phase == 'E' || phase == 'X' || phase == 'C') {
        if (!record.has_ts)
            return fail(failure,
                        std::string(phase == 'X' || phase == 'E' ? "an " : "a ") + phase + " event without ts");
    }
    if (phase == 'X') {
        if (!record.has_dur)
            return fail(failure, "an X event without dur");
        if (record.dur < 0)
            return fail(failure, "an X event with a negative dur");
        Time end = 0;
        if (__builtin_add_overflow(record.ts, record.dur, &end) || end == std::numeric_limits<Time>::max())
            return fail(failure, "ts + dur is out of range");
    }
    return true;
}

bool EventDecoder::decode_args(ondemand::value& args, EventRecord& record, bool copy_keys, DecodeFailure& failure)
{
    // A later `args` replaces an earlier one.
    record.counters_begin = record.counters_end = static_cast<std::uint32_t>(counters_.size());
    record.has_args_name = false;
    record.args_name = {};
    ondemand::object object;
    auto e = args.get_object().get(object);
    if (e == simdjson::INCORRECT_TYPE) {
        record.args_not_object = record.phase == 'C';
        return check_value(args, failure);
    }
    if (e)
        return fail(failure, e);
    auto keep = [&](std::string_view s) { return copy_keys ? std::string_view(kept_.emplace_back(s)) : s; };
    for (auto field : object) {
        std::string_view key;
        if ((e = field.unescaped_key().get(key)))
            return fail(failure, e);
        ondemand::value value;
        if ((e = field.value().get(value)))
            return fail(failure, e);
        if (record.phase == 'C') {
            double v = 0;
            e = value.get_double().get(v);
            if (!e && !is_json_number(trimmed_token(value.raw_json_token()), false))
                return fail(failure, "a malformed number", simdjson::NUMBER_ERROR);
            if (!e) {
                counters_.push_back({keep(key), v});
            } else if (e == simdjson::INCORRECT_TYPE) {
                ++record.non_numeric;
                if (!check_value(value, failure))
                    return false;
            } else {
                return fail(failure, e);
            }
        } else if (key == "name" && value.type().value_unsafe() == ondemand::json_type::string) {
            std::string_view s;
            if ((e = value.get_string().get(s)))
                return fail(failure, e);
            record.args_name = keep(s);
            record.has_args_name = true;
        } else if (!check_value(value, failure)) {
            return false;
        }
    }
    record.counters_end = static_cast<std::uint32_t>(counters_.size());
    return true;
}

bool EventDecoder::decode_raw_args(std::string_view raw, EventRecord& record, DecodeFailure& failure)
{
    // `{}` needs no parser.
    std::size_t inner = 1;
    while (inner < raw.size() && (raw[inner] == ' ' || raw[inner] == '\t' || raw[inner] == '\n' || raw[inner] == '\r'))
        ++inner;
    if (inner + 1 == raw.size() && raw[inner] == '}')
        return true;
    args_buffer_.assign(raw);
    args_buffer_.append(simdjson::SIMDJSON_PADDING, '\0');
    ondemand::document doc;
    if (auto e = args_parser_.iterate(args_buffer_.data(), raw.size(), args_buffer_.size()).get(doc))
        return fail(failure, e);
    ondemand::value value;
    if (auto e = doc.get_value().get(value))
        return fail(failure, e);
    return decode_args(value, record, true, failure);
}

} // namespace chitra::detail::chrome
