// Reads a chunk of Chrome trace events with simdjson's On-Demand API (no DOM: each event's
// keys are visited once, in file order) into flat records. Nothing here changes the trace
// being built, so a chunk that turns out to be cut in the wrong place (EventCutter::quick)
// can be read again. Times are taken from the numbers' text and converted exactly.
#pragma once

#include "chitra/trace/types.hpp"
#include "io/chrome/json_values.hpp"

#include <simdjson.h>

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace chitra::detail::chrome {

// A pid or tid: an integer (also when written as a string of decimal digits, "12"), or
// any other string.
struct ThreadRef {
    bool is_text = false;
    std::int64_t number = 0;
    std::string_view text;
};

struct CounterValue {
    std::string_view key;
    double value = 0.0;
};

// One event as read. String views live until the next chunk is decoded.
struct EventRecord {
    char phase = 0; // the `ph` letter; 0 when `ph` is not one letter
    std::string_view ph;
    bool has_ts = false, has_dur = false, has_name = false, has_args_name = false;
    bool args_not_object = false; // a `C` event whose args is not an object
    Time ts = 0, dur = 0;         // ns
    ThreadRef pid, tid;
    std::string_view name;
    std::string_view cname;                             // the viewer's colour name, when given
    std::string_view args_name;                         // `M`: args.name
    std::string_view id, cat;                           // flows (`s`, `f`): `id` as written (a number or a string)
    std::uint32_t counters_begin = 0, counters_end = 0; // `C`: numeric args
    std::uint32_t non_numeric = 0;                      // `C`: args that are not numbers
};

// Reads a pid or tid, remembering the last integer's spelling (threads write runs of events).
class ThreadReader {
public:
    bool read(simdjson::ondemand::value& value, const char* key, ThreadRef& out, DecodeFailure& failure);

private:
    char last_[24] = {};
    std::size_t last_size_ = 0; // 0: nothing remembered
    std::int64_t last_number_ = 0;
};

class EventDecoder {
public:
    // Reads `events` (whole events separated by commas). False, with `failure` set, when
    // the chunk is not valid JSON, an event is not an object or breaks a rule (a missing
    // `ph`, a `ts` that is not a number, an `X` without `dur`, ...).
    bool decode(std::string_view events, std::vector<EventRecord>& out, DecodeFailure& failure);

    const std::vector<CounterValue>& counters() const { return counters_; }

private:
    bool decode_event(simdjson::ondemand::object& object, EventRecord& record, DecodeFailure& failure);
    bool decode_args(simdjson::ondemand::value& args, EventRecord& record, bool copy_keys, DecodeFailure& failure);
    bool decode_raw_args(std::string_view raw, EventRecord& record, DecodeFailure& failure);

    simdjson::ondemand::parser parser_;
    simdjson::ondemand::parser args_parser_; // args met before `ph`, read once `ph` is known
    std::vector<char> buffer_;               // '[' + events + ']' + padding
    std::string args_buffer_;
    std::vector<CounterValue> counters_;
    std::deque<std::string> kept_; // keys read by args_parser_
    ThreadReader pid_, tid_;
};

} // namespace chitra::detail::chrome
