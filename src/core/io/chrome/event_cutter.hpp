// Where the events of a Chrome trace are, and how to cut them into chunks of whole
// events, so that simdjson (which parses one padded document at a time) never holds more
// than a chunk of a file of any size. Both top-level forms are read: a bare array of
// events, or an object whose "traceEvents" key holds it (other keys are stepped over).
// A trace cut short (Chrome writes them when tracing stops early) may end after a
// trailing comma or without its closing bracket(s).
#pragma once

#include "io/chrome/json_scan.hpp"
#include "io/chrome/json_values.hpp"

#include <cstddef>
#include <optional>

namespace chitra::detail::chrome {

struct EventChunk {
    std::size_t begin = 0; // the events are [begin, end): whole events and commas
    std::size_t end = 0;
    std::size_t next = 0; // where the following events start
    bool last = false;    // no event follows (the array or the text ended)
    // A fault after the events of the chunk (exact() only), to report once they are read.
    std::optional<JsonSyntaxError> error;
};

class EventCutter {
public:
    // Finds the event array. Throws JsonSyntaxError when the text is not a trace's JSON.
    explicit EventCutter(const JsonScan& scan);

    // Where the first event starts (or the array ends).
    std::size_t first() const { return first_; }

    // A guess, without scanning: the events from `pos` up to the last `}` `,` `{` (a
    // comma between two objects) in the half of the next `target` bytes farther away.
    // The comma may lie inside a string or a nested value, so the caller checks the
    // chunk by parsing it and falls back to exact(). None near the end of the text.
    std::optional<EventChunk> quick(std::size_t pos, std::size_t target) const;

    // The events from `pos` up to the first event boundary at or after `target` bytes
    // (at least one event when there is one), found by scanning every byte. At the end
    // of the array, checks what follows it (other top-level keys, a closing brace).
    // A fault found after whole events ends the chunk there (EventChunk::error); one in
    // the first event throws JsonSyntaxError. `event` is counted from `pos`.
    EventChunk exact(std::size_t pos, std::size_t target) const;

    // Where event `k` (from 0) of the events from `pos` starts; where the scan fails
    // when the events before it are malformed.
    std::size_t event_start(std::size_t pos, std::size_t k) const;

private:
    // Key-value pairs of the top-level object from `p` (after its `{` or a `,`); stops
    // at "traceEvents" when `find` is set. Returns the position of that key's value.
    std::optional<std::size_t> object_members(std::size_t p, bool find) const;
    void check_after_array(std::size_t p) const;
    // The key or value in [begin, end) is valid JSON to the end (what lies outside the
    // event array is read once, and is usually small).
    void check_json(std::size_t begin, std::size_t end) const;

    const JsonScan& scan_;
    mutable JsonChecker checker_;
    std::size_t first_ = 0;
    bool object_form_ = false;
};

} // namespace chitra::detail::chrome
