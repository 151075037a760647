// Messages between lanes (interfaces.md "Messages between lanes"): what `chitra-cli
// messages` reports of the messages between the chosen lanes of a trace, sent in a range:
// counts and bytes per pair of lanes, latencies, and the late-sender waits (Scalasca's wait
// state) of the receiving lanes.
#pragma once

#include "chitra/profile/profile.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace chitra {

// One message, its lanes numbered from 1 among the chosen lanes, times in ns from the origin.
struct MessageRow {
    std::size_t from = 0, to = 0;
    Time send_ns = 0, recv_ns = 0;
    std::uint64_t bytes = 0;
    std::int64_t tag = 0;
    bool operator==(const MessageRow&) const = default;
};

struct LaneWait {
    std::size_t lane = 0; // 1-based among the chosen lanes
    Time ns = 0;
    bool operator==(const LaneWait&) const = default;
};

struct MessageReport {
    std::uint64_t messages = 0, bytes = 0;
    std::uint64_t unmatched_sends = 0, unmatched_receives = 0;    // of the whole trace
    std::vector<std::string> lanes;                               // the chosen lanes' names
    std::vector<std::vector<std::uint64_t>> count, bytes_matrix;  // [from - 1][to - 1]
    std::optional<Time> latency_min, latency_median, latency_max; // none without messages
    Time late_sender_ns = 0;
    std::vector<LaneWait> late_sender; // every chosen lane, in order
    std::vector<MessageRow> list;      // by send time, then sending lane (with `list`)
};

// The messages of `source` between its chosen lanes sent in `range`. A message's wait as a
// late sender: when its receiving lane (for Paraver, that thread's `calls` lane) has on top
// of its stack, just after every event at the receive time, a region whose name starts with MPI_Recv or MPI_Wait, entered at E:
// max(0, send time - E). Throws InputError for an empty or reversed range.
MessageReport message_report(const ProfileSource& source, const ProfileRange& range = {}, bool list = false);

// The late-sender waits alone (as message_report counts them): every chosen lane's, in
// order. Throws InputError for an empty or reversed range.
std::vector<LaneWait> late_sender_waits(const ProfileSource& source, const ProfileRange& range = {});

// The forms `chitra-cli messages` writes (docs/cli.md): JSON (with "list" when the report
// has one) and CSV (the list).
std::string messages_json(const MessageReport& report, bool list);
std::string messages_csv(const MessageReport& report);

} // namespace chitra
