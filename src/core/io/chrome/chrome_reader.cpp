#include "io/chrome/chrome_reader.hpp"

#include "chitra/util/cancel.hpp"
#include "io/chrome/event_collector.hpp"
#include "io/chrome/event_cutter.hpp"
#include "io/chrome/event_decoder.hpp"
#include "io/chrome/json_scan.hpp"

#include <algorithm>
#include <optional>

namespace chitra::detail {

namespace {

using namespace chrome;

constexpr std::size_t npos = static_cast<std::size_t>(-1);

// The offset of the first byte of `text` that does not continue valid UTF-8 (text.size()
// when all is valid).
std::size_t first_invalid_utf8(std::string_view text)
{
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
        if (len == 0 || i + len > text.size())
            return i;
        std::uint32_t cp = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
        for (std::size_t k = 1; k < len; ++k) {
            const auto d = static_cast<unsigned char>(text[i + k]);
            if ((d >> 6) != 0x2)
                return i;
            cp = (cp << 6) | (d & 0x3F);
        }
        const bool overlong = (len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
        if (overlong || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return i;
        i += len;
    }
    return i;
}

// The offset of the first control byte inside a string of `text` (text.size() if none).
std::size_t first_control_in_string(std::string_view text)
{
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (!in_string) {
            in_string = c == '"';
        } else if (c == '\\') {
            ++i;
        } else if (c == '"') {
            in_string = false;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            return i;
        }
    }
    return text.size();
}

std::string reason_of(const DecodeFailure& f)
{
    switch (f.code) {
    case simdjson::SUCCESS:
        return f.reason;
    case simdjson::UTF8_ERROR:
        return "invalid UTF-8";
    case simdjson::UNESCAPED_CHARS:
        return "a control character inside a string";
    case simdjson::UNCLOSED_STRING:
        return "a string is not closed";
    case simdjson::STRING_ERROR:
        return "a malformed escape in a string";
    case simdjson::DEPTH_ERROR:
        return "values nested too deeply";
    default:
        return "malformed JSON (" + f.reason + ")";
    }
}

class Reader {
public:
    Reader(std::string_view text, const std::string& source) : scan_(text), source_(source) {}

    [[noreturn]] void fail(std::size_t offset, std::size_t event, const std::string& reason) const
    {
        std::string where = source_ + ":" + std::to_string(scan_.line_of(offset)) + ": ";
        if (event != npos)
            where += "event " + std::to_string(event + 1) + ": ";
        throw InputError(where + reason + " (byte " + std::to_string(offset) + ")");
    }

    LaneTrace run(const ImportOptions& options, std::size_t chunk_bytes,
                  const std::function<void(std::size_t)>& done_before)
    {
        std::optional<EventCutter> cutter;
        try {
            cutter.emplace(scan_);
        } catch (const JsonSyntaxError& e) {
            fail(e.offset, npos, e.reason);
        }
        const std::string_view text = scan_.text();
        std::size_t pos = cutter->first();
        std::size_t events = 0; // events before `pos`
        bool last = false;
        while (!last) {
            throw_if_cancelled();
            if (options.progress)
                options.progress(text.empty() ? 1.0 : static_cast<double>(pos) / static_cast<double>(text.size()));
            if (auto quick = cutter->quick(pos, chunk_bytes)) {
                if (decoder_.decode(text.substr(pos, quick->end - pos), records_, failure_)) {
                    commit();
                    events += records_.size();
                    pos = quick->next;
                    if (done_before)
                        done_before(pos);
                    continue;
                }
                // The guessed cut was not between two events, or the chunk is malformed:
                // cut exactly and read again, now to report what is wrong.
            }
            EventChunk chunk;
            try {
                chunk = cutter->exact(pos, chunk_bytes);
            } catch (const JsonSyntaxError& e) {
                fail(e.offset, e.event == npos ? npos : events + e.event, e.reason);
            }
            records_.clear();
            if (chunk.end > chunk.begin) {
                const std::string_view part = text.substr(chunk.begin, chunk.end - chunk.begin);
                if (!decoder_.decode(part, records_, failure_))
                    report(*cutter, chunk.begin, part, events);
                commit();
            }
            if (chunk.error) {
                const JsonSyntaxError& e = *chunk.error;
                fail(e.offset, e.event == npos ? npos : events + e.event, e.reason);
            }
            events += records_.size();
            pos = chunk.next;
            last = chunk.last;
            if (done_before)
                done_before(pos);
        }
        if (options.progress)
            options.progress(1.0);
        return collector_.finish(source_);
    }

private:
    void commit()
    {
        for (const EventRecord& r : records_)
            collector_.add(r, decoder_.counters());
    }

    // Reports the first fault of the chunk of events from `begin` (`part`) that failed.
    [[noreturn]] void report(const EventCutter& cutter, std::size_t begin, std::string_view part, std::size_t events)
    {
        if (failure_.event != DecodeFailure::npos)
            fail(cutter.event_start(begin, failure_.event), events + failure_.event, reason_of(failure_));
        // simdjson checks the bytes of the whole chunk at once (UTF-8, control bytes in
        // strings) and names one fault, not the first: read the events one by one.
        const std::string_view text = scan_.text();
        std::size_t start = scan_.skip_ws(begin);
        for (std::size_t k = 0; start < begin + part.size(); ++k) {
            std::size_t end = start;
            try {
                end = scan_.skip_value(start);
            } catch (const JsonSyntaxError&) {
                break; // (the chunk was cut by this scan: not reached)
            }
            const std::string_view event = text.substr(start, end - start);
            if (decoder_.decode(event, records_, failure_)) {
                start = scan_.skip_ws(end);
                if (start < text.size() && text[start] == ',')
                    start = scan_.skip_ws(start + 1);
                continue;
            }
            std::size_t offset = start;
            std::string reason = reason_of(failure_);
            if (failure_.event == DecodeFailure::npos) {
                const std::size_t bad_utf8 = first_invalid_utf8(event), control = first_control_in_string(event);
                if (std::min(bad_utf8, control) < event.size()) {
                    offset = start + std::min(bad_utf8, control);
                    reason = bad_utf8 <= control ? "invalid UTF-8" : "a control character inside a string";
                }
            }
            fail(offset, events + k, reason);
        }
        fail(begin, npos, reason_of(failure_));
    }

    JsonScan scan_;
    const std::string& source_;
    EventDecoder decoder_;
    EventCollector collector_;
    std::vector<EventRecord> records_;
    DecodeFailure failure_;
};

// The position after `"key"`, whitespace, `:` and whitespace, when `head` has it at or
// after `from`; npos otherwise.
std::size_t after_key(std::string_view head, std::size_t from, std::string_view quoted_key)
{
    for (std::size_t p = head.find(quoted_key, from); p != std::string_view::npos; p = head.find(quoted_key, p + 1)) {
        std::size_t q = p + quoted_key.size();
        while (q < head.size() && is_ws(head[q]))
            ++q;
        if (q >= head.size() || head[q] != ':')
            continue;
        ++q;
        while (q < head.size() && is_ws(head[q]))
            ++q;
        return q;
    }
    return npos;
}

} // namespace

LaneTrace read_chrome_json(std::string_view text, const std::string& source, const ImportOptions& options,
                           std::size_t chunk_bytes, const std::function<void(std::size_t)>& done_before)
{
    Reader reader(text, source);
    return reader.run(options, std::max<std::size_t>(chunk_bytes, 1), done_before);
}

bool looks_like_chrome_json(std::string_view head)
{
    std::size_t p = head.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
    while (p < head.size() && is_ws(head[p]))
        ++p;
    if (p >= head.size())
        return false;
    if (head[p] == '{') {
        const std::size_t q = after_key(head, p, "\"traceEvents\"");
        return q < head.size() && head[q] == '[';
    }
    if (head[p] != '[')
        return false;
    ++p;
    while (p < head.size() && is_ws(head[p]))
        ++p;
    if (p >= head.size() || head[p] != '{')
        return false;
    const std::size_t q = after_key(head, p, "\"ph\"");
    return q < head.size() && head[q] == '"';
}

} // namespace chitra::detail
