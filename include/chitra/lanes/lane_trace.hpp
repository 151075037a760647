// A trace as a foreign source records it (interfaces.md "Foreign trace formats"): lanes
// (threads, locations, containers), each with its own state stack, on one time axis.
// One change list per lane, not one symbol per distinct vector of lane states: 64 lanes
// of 10^8 records stay 64 short lists. Vector states are formed on demand (to_trace).
#pragma once

#include "chitra/trace/trace.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <string>
#include <utility>
#include <vector>

namespace chitra {

using LaneStateId = std::uint32_t;                // index into LaneTrace::state_names
inline constexpr LaneStateId kEmptyLaneState = 0; // "-": the lane's stack is empty

// From record `record` on, the lane is in `state` with `depth` regions on its stack.
struct LaneChange {
    std::uint64_t record = 0;
    LaneStateId state = kEmptyLaneState;
    std::uint32_t depth = 0;
};

// What a lane's change says of its stack when nothing else does: a change into `top` at
// `depth`, from a stack of `before` frames whose frame at index i is `frame(i)`, keeps
// the frames it returns and enters `top` above them when that is depth - 1 (a push, a pop
// and a push, a set); nullopt when it cannot say (it entered more than one frame).
template <class Frame>
std::optional<std::uint32_t> kept_by_change(std::uint32_t before, Frame&& frame, LaneStateId top, std::uint32_t depth)
{
    if (depth == 0)
        return 0;
    if (depth <= before && frame(depth - 1) == top)
        return depth; // pops down to a frame that was there
    if (depth <= before + 1)
        return depth - 1;
    return std::nullopt;
}

// What the change list cannot say of a lane's stack at an instant: at `time` (absolute
// ns) the stack keeps its lowest `kept` frames and enters `entered` more, the next regions
// of Lane::frames, bottom first. A lane's stack is its changes (kept_by_change) but at the
// instants of these steps, which are rare: several frames entered at once, a region left
// and entered again (a new call, the top unchanged), frames below the top changed.
struct StackStep {
    Time time = 0;
    std::uint32_t kept = 0;
    std::uint32_t entered = 0;
    bool operator==(const StackStep&) const = default;
};

struct Lane {
    std::string name;                // as the source names it; need not be unique
    std::vector<LaneChange> changes; // increasing records; "-" at depth 0 before the first
    std::uint64_t events = 0;        // state events read for this lane
    // Increasing times; none where the builder kept no stacks (lanes_of a PES, whose
    // components are stacks of depth at most one, set whole: the changes say all).
    std::vector<StackStep> steps;
    std::vector<LaneStateId> frames; // the frames the steps enter, in order
};

// A counter or gauge as the source records it; samples at absolute source times (ns).
struct LaneField {
    std::string name;
    FieldKind kind = FieldKind::gauge;
    std::optional<std::size_t> lane;              // the lane that records it, when a lane does
    std::string owner;                            // else who does (a Chrome process id), for NAME@OWNER
    std::vector<std::pair<Time, double>> samples; // non-decreasing times
};

// A message from one lane to another (interfaces.md "Messages between lanes"): sent from
// lane `from` at `send`, received by lane `to` at `recv` (lane indices, absolute ns).
struct Message {
    Time send = 0, recv = 0;
    std::uint64_t bytes = 0;
    std::uint32_t from = 0, to = 0;
    std::int64_t tag = 0;
    bool operator==(const Message&) const = default;
};
// The order of LaneTrace::messages: by send time, then sending lane, receive time and
// receiving lane.
inline bool sent_before(const Message& a, const Message& b)
{
    if (a.send != b.send)
        return a.send < b.send;
    if (a.from != b.from)
        return a.from < b.from;
    return a.recv != b.recv ? a.recv < b.recv : a.to < b.to;
}

struct LaneTrace {
    std::string source;      // path, for messages
    std::string format;      // "paje", "otf2", "chrome", ...
    std::vector<Time> times; // absolute ns of each record (strictly increasing)
    std::vector<Lane> lanes; // in the format's lane order
    std::vector<std::string> state_names{"-"};
    // Colours (0xRRGGBB) the source gives some states by name (Paje entity values, Paraver
    // .pcf STATES_COLOR, Chrome `cname`): the views draw those states in them.
    std::unordered_map<std::string, std::uint32_t> state_colours;
    std::vector<LaneField> fields;
    std::optional<Time> last_event;                         // absolute ns of the last event read
    std::vector<std::pair<std::string, std::string>> extra; // header lines to keep
    std::vector<std::string> warnings;
    std::vector<Message> messages;     // in sent_before order
    std::uint64_t unmatched_sends = 0; // ends of messages the source has without their other end
    std::uint64_t unmatched_receives = 0;

    std::size_t size() const { return times.size(); }
};

// Gives the trace's states new numbers, `remap[old]` into `names` (states found to share
// one name are merged): the changes and the steps' frames follow, and a change from one
// merged state to another (a new call) gets the stack step that says so.
void renumber_states(LaneTrace& trace, std::vector<std::string> names, const std::vector<LaneStateId>& remap);

class MessageMatcher; // chitra/messages/message_matcher.hpp

// Builds a LaneTrace from a source's events. Events of one lane come in non-decreasing
// time; at equal times they apply in the order given, and only the state after the last
// of them counts (so a region that opens and closes at one instant changes nothing).
// Lanes may interleave in any order. Aligned to cache lines, so that a builder fed by
// another thread (LaneEventPipe) shares no line with its owner's other data.
class alignas(64) LaneTraceBuilder {
public:
    LaneTraceBuilder(std::string source, std::string format);
    ~LaneTraceBuilder();
    LaneTraceBuilder(LaneTraceBuilder&&) noexcept;
    LaneTraceBuilder& operator=(LaneTraceBuilder&&) noexcept;

    // The ends of the source's messages, matched into LaneTrace::messages by finish().
    // Apart from the lanes' events: a source may feed it from the thread that reads while
    // another applies the events (LaneEventPipe).
    MessageMatcher& messages() { return *messages_; }

    std::size_t add_lane(std::string name);
    // Room for about `changes` state changes of the lane: a hint from sources that know
    // their event counts, so that long change lists are not regrown.
    void reserve(std::size_t lane, std::size_t changes);
    // Room for about `records` record times, written (zeroed) now: a source that knows its
    // size lets the thread that applies its events pay for those pages while it waits.
    void reserve_records(std::size_t records);
    std::size_t lane_count() const { return lanes_.size(); }
    LaneStateId state(std::string_view name);
    // The source's colour (0xRRGGBB) for `state`; the first one given stays.
    void colour(LaneStateId state, std::uint32_t rgb) { colours_.try_emplace(names_.at(state), rgb); }

    // The event methods run once per event of the source: inline, with the rare cases
    // (time going back, a pop on an empty stack) out of line.
    // push and pop enter and leave a region: a region left and entered again at one instant
    // is a new call. set and reset replace the stack: frames it had before stay the same calls.
    void push(std::size_t lane, Time t, LaneStateId state) { at(lane, t).stack.push_back(state); }
    // Pops the top; popping an empty stack is counted in a warning and changes nothing.
    void pop(std::size_t lane, Time t)
    {
        LaneBuild& l = at(lane, t);
        if (l.stack.empty()) [[unlikely]] {
            pop_empty();
        } else {
            l.stack.pop_back();
            l.low = std::min(l.low, static_cast<std::uint32_t>(l.stack.size()));
        }
    }
    void set(std::size_t lane, Time t, LaneStateId state) // the whole stack becomes `state`
    {
        LaneBuild& l = replace(lane, t);
        l.stack.assign(1, state);
    }
    void reset(std::size_t lane, Time t) { replace(lane, t).stack.clear(); } // the stack becomes empty
    // Whether the lanes keep their stack steps (Lane::steps and frames); on by
    // default. Off where every stack is set whole and never deeper than one (lanes_of).
    void keep_stacks(bool keep) { keep_stacks_ = keep; }

    std::size_t add_field(std::string name, FieldKind kind, std::optional<std::size_t> lane, std::string owner = {});
    void sample(std::size_t field, Time t, double value);
    std::size_t field_count() const { return fields_.size(); }

    // Every event read (state or not), so that `end` is the time of the last one.
    void saw_event(Time t)
    {
        if (!seen_ || t > last_event_) {
            last_event_ = t;
            seen_ = true;
        }
    }
    // A warning counted by kind: "N x MESSAGE" once at the end.
    void warn(const std::string& message);

    // Takes lanes [first, last) as `other` built them, with its fields, warnings, message
    // ends and last event: `other` read those lanes of the same source on another thread, with
    // the same lanes and states added in the same order (else std::logic_error). Its
    // fields and warnings follow this builder's own, as if its lanes had been read after
    // this builder's, so take lanes in their source order.
    void take_lanes(LaneTraceBuilder&& other, std::size_t first, std::size_t last);

    // Throws InputError("SOURCE: ...") when a lane's events go back in time.
    LaneTrace finish();

private:
    // A lane's changes are kept as the LaneChanges they become, the change's time held in
    // `record` until finish() numbers the records in place (no second copy of the lists).
    struct LaneBuild {
        std::string name;
        std::vector<LaneStateId> stack;
        std::vector<LaneChange> changes;
        Time time = 0; // time of the events being applied
        bool started = false;
        LaneStateId before = kEmptyLaneState; // state before `time`
        std::uint64_t events = 0;
        // The stack before the instant at `time`; the lowest depth pops reached in it;
        // whether a set or reset replaced the stack in it.
        std::vector<LaneStateId> before_stack;
        std::uint32_t low = 0;
        bool replaced = false;
        std::vector<StackStep> steps;
        std::vector<LaneStateId> frames;
    };
    LaneBuild& replace(std::size_t lane, Time t) // the lane, its stack about to be replaced
    {
        LaneBuild& l = at(lane, t);
        l.replaced = true;
        return l;
    }
    LaneBuild& at(std::size_t lane, Time t)
    {
        LaneBuild& l = lanes_.at(lane);
        if (t != l.time || !l.started) [[likely]]
            advance(l, t);
        ++l.events;
        saw_event(t);
        return l;
    }
    // A lane's events move on to time t: the state of its previous instant settles.
    void advance(LaneBuild& l, Time t)
    {
        if (l.started) {
            if (t < l.time) [[unlikely]]
                back_in_time(l, t);
            settle(l);
        }
        l.time = t;
        l.started = true;
    }
    // The lane's state at the end of its current instant becomes a change when it
    // differs from the state before that instant (and its stack a step, when kept).
    void settle(LaneBuild& l)
    {
        if (keep_stacks_)
            step(l);
        const LaneStateId top = l.stack.empty() ? kEmptyLaneState : l.stack.back();
        if (top != l.before) {
            append_change(l.changes,
                          {static_cast<std::uint64_t>(l.time), top, static_cast<std::uint32_t>(l.stack.size())});
            l.before = top;
        }
    }
    // push_back that grows a long list in 2 MB pages (util/huge_pages.hpp): most of an
    // import's time was the kernel handing out 4 KB pages to lists doubling in size.
    static void append_change(std::vector<LaneChange>& changes, const LaneChange& change)
    {
        if (changes.size() == changes.capacity()) [[unlikely]]
            grow(changes);
        changes.push_back(change);
    }
    static void grow(std::vector<LaneChange>& changes);
    // The lane's instant as a step when its change (or the lack of one) does not say what
    // it kept and entered (kept_by_change); readies the lane for its next instant.
    static void step(LaneBuild& l);
    [[noreturn]] void back_in_time(const LaneBuild& l, Time t) const;
    void pop_empty();
    // `times` more of the warning `message`.
    void count_warning(const std::string& message, std::uint64_t times);

    // finish(): the changes of [first[i], last[i]) of every lane merged into record times
    // written from `out` on, each change's time replaced by its record's number counted
    // from `base`. Returns the number of records written.
    std::size_t merge(LaneChange* const* first, LaneChange* const* last, std::size_t changes, Time* out,
                      std::uint64_t base) const;
    template <std::size_t N>
    static std::size_t merge_few(LaneChange* const* first, LaneChange* const* last, std::size_t lanes,
                                 std::size_t changes, Time* out, std::uint64_t base); // up to N lanes
    static std::size_t merge_many(LaneChange* const* first, LaneChange* const* last, std::size_t lanes, Time* out,
                                  std::uint64_t base);

    std::string source_, format_;
    std::vector<LaneBuild> lanes_;
    std::vector<Time> times_; // reserve_records()'s room, taken by finish()
    std::vector<std::string> names_{"-"};
    std::unordered_map<std::string, LaneStateId> ids_;
    std::unordered_map<std::string, std::uint32_t> colours_;
    std::vector<LaneField> fields_;
    bool keep_stacks_ = true;
    Time last_event_ = 0;
    bool seen_ = false; // an event was read: last_event_ holds
    std::vector<std::pair<std::string, std::uint64_t>> warnings_;
    std::unique_ptr<MessageMatcher> messages_; // its own allocation: a reader thread's, not the builder's lines
};

} // namespace chitra
