// Turns the messages of a CTF trace, in time order, into lane events (interfaces.md
// "Foreign trace formats", docs/formats.md "CTF (LTTng)"): one lane per thread, pushes
// and pops from `_entry`/`_exit`-style event names and from function tracing, kernel
// scheduler states on `PID/TID sched` lanes, payload fields when a pattern asks.
#pragma once

#include "io/ctf/ctf_symbols.hpp"

#include "chitra/lanes/lane_trace.hpp"

#include <babeltrace2/babeltrace.h>

#include <cstdint>
#include <array>
#include <map>
#include <optional>
#include <regex>
#include <string>
#include <unordered_map>
#include <vector>

namespace chitra::detail {

class CtfEventReader {
public:
    CtfEventReader(std::string source, std::optional<std::regex> fields);

    // Throws InputError("SOURCE: event N: reason") for an event it cannot use.
    void on_message(const bt_message* message);
    std::uint64_t events() const { return events_; }

    // The lanes in the contract's order (user threads by pid then tid, then the
    // scheduler lanes) with function names resolved now that every binary is known.
    LaneTrace finish();

private:
    enum class Kind : std::uint8_t {
        other,
        push,
        pop,
        func_entry,
        func_exit,
        bin_info,
        sched_switch,
        sched_wakeup,
        process_state
    };
    // A member of a structure field, with its integer signedness known from its class, so
    // that an event's value is read without asking the library for the field's type.
    struct Member {
        std::uint64_t index = 0;
        bool is_signed = false; // for integers; a string member leaves it false
    };
    struct StreamInfo {
        bool clock = false;
        std::optional<Member> pid, tid; // common context members (vpid/vtid first)
    };
    struct EventInfo {
        const StreamInfo* stream = nullptr; // of the event's stream class
        Kind kind = Kind::other;
        LaneStateId state = kEmptyLaneState;
        std::vector<Member> members; // payload members the kind reads
        struct Pick {
            std::uint64_t member;
            std::string name; // EVENT.FIELD
        };
        std::vector<Pick> fields; // payload members --fields asked for
    };
    struct LaneKey {
        bool sched = false;
        std::optional<std::int64_t> pid, tid;
        auto operator<=>(const LaneKey&) const = default;
    };

    // The integer member `m` of `structure` (an integer, as its class said).
    static std::int64_t integer(const bt_field* structure, const Member& m);
    const EventInfo& info(const bt_event_class* cls);
    const StreamInfo& stream(const bt_stream_class* cls); // once per event class
    std::size_t lane(const LaneKey& key);
    std::size_t sched_lane(std::int64_t tid);
    LaneStateId function_state(std::int64_t pid, std::uint64_t address);
    void event(const bt_message* message);
    void sample_fields(const EventInfo& info, const bt_field* payload, std::size_t lane, Time t);
    [[noreturn]] void fail(const std::string& reason) const;

    std::string source_;
    std::optional<std::regex> fields_;
    LaneTraceBuilder builder_;
    std::uint64_t events_ = 0;
    std::unordered_map<const bt_event_class*, EventInfo> events_info_; // node-based: entries stay put
    std::unordered_map<const bt_stream_class*, StreamInfo> streams_;   // node-based too
    // The last lookups, direct-mapped by a hash of their key: the few classes and threads
    // a trace's events cycle through are found without a lookup in the maps.
    static constexpr std::size_t kRecent = 16;
    std::array<std::pair<const bt_event_class*, const EventInfo*>, kRecent> recent_classes_{};
    // Busy traces switch among their threads' lanes at every event: room for hundreds.
    static constexpr int kRecentLaneBits = 10;
    std::array<std::size_t, std::size_t{1} << kRecentLaneBits> recent_lanes_{}; // lane + 1 (0: none)
    std::map<LaneKey, std::size_t> lanes_;
    std::vector<LaneKey> lane_keys_;
    std::unordered_map<std::int64_t, std::int64_t> pid_of_tid_;
    // Function states: a placeholder state per (pid, address), named at the end.
    std::map<std::pair<std::int64_t, std::uint64_t>, LaneStateId> functions_;
    std::unordered_map<LaneStateId, std::pair<std::int64_t, std::uint64_t>> function_of_state_;
    std::map<std::pair<std::string, std::size_t>, std::size_t> field_ids_;
    CtfSymbols symbols_;
    LaneStateId running_ = 0, runnable_ = 0, blocked_ = 0;
};

} // namespace chitra::detail
