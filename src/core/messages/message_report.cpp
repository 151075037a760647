// The report of `chitra-cli messages`: one pass over the trace's messages, then one replay
// of each receiving lane's stack for the late-sender waits.
#include "chitra/messages/messages.hpp"
#include "profile/stack_replay.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace chitra {

namespace {

bool waits_for_a_message(const std::string& region)
{
    return region.starts_with("MPI_Recv") || region.starts_with("MPI_Wait");
}

// The late-sender wait of each message of `rows` received by one lane (indices into rows,
// by receive time): the lane's stack replayed up to each receive time, all its events
// there included.
Time late_sender_waits(const ProfileSource& source, const Lane& lane, const std::vector<MessageRow>& rows,
                       const std::vector<std::size_t>& received)
{
    const LaneTrace& lanes = *source.lanes;
    detail::CallPaths paths;
    detail::StackReplay replay(lanes, lane, paths);
    std::vector<Time> entered_at{0}; // per depth of the stack: when its frame was entered
    Time waited = 0;
    for (std::size_t i : received) {
        const Time at = source.origin + rows[i].recv_ns;
        while (!replay.done() && replay.next_time() <= at) {
            const Time t = replay.next_time();
            replay.apply([&](std::uint32_t p) {
                entered_at.resize(std::max<std::size_t>(entered_at.size(), paths[p].depth + 1));
                entered_at[paths[p].depth] = t;
            });
        }
        const std::uint32_t top = replay.path();
        if (top == 0 || !waits_for_a_message(lanes.state_names[paths[top].region]))
            continue;
        const Time send = source.origin + rows[i].send_ns;
        waited += std::max<Time>(0, send - entered_at[paths[top].depth]);
    }
    return waited;
}

// The lane whose stack says what a receiving lane did: a Paraver thread's `calls` lane
// (its MPI calls; the thread's own lane holds its states), else the lane itself.
std::size_t wait_lane(const LaneTrace& lanes, std::size_t lane)
{
    if (lanes.format != "paraver")
        return lane;
    const std::string calls = lanes.lanes[lane].name + " calls";
    for (std::size_t l = 0; l < lanes.lanes.size(); ++l)
        if (lanes.lanes[l].name == calls)
            return l;
    return lane;
}

// The messages of `source` between its chosen lanes sent in `range`, by send time (lanes
// numbered among the chosen), with the trace's unmatched ends.
MessageReport messages_in(const ProfileSource& source, const ProfileRange& range)
{
    const LaneTrace& lanes = *source.lanes;
    const Time end = source.end - source.origin;
    const Time from = range.from, to = range.to.value_or(end);
    if (to < from || (range.to && to == from))
        throw InputError(lanes.source + ": the range " + std::to_string(from) + ":" + std::to_string(to) + " is empty");
    MessageReport out;
    out.unmatched_sends = lanes.unmatched_sends;
    out.unmatched_receives = lanes.unmatched_receives;
    const std::size_t n = source.chosen.size();
    std::vector<std::size_t> number(lanes.lanes.size(), 0); // lane -> 1-based among the chosen
    for (std::size_t k = 0; k < n; ++k) {
        number[source.chosen[k]] = k + 1;
        out.lanes.push_back(lanes.lanes[source.chosen[k]].name);
    }
    for (const Message& m : lanes.messages) {
        const Time send = m.send - source.origin;
        if (send < from || (range.to ? send >= to : send > to) || number[m.from] == 0 || number[m.to] == 0)
            continue;
        out.list.push_back({number[m.from], number[m.to], send, m.recv - source.origin, m.bytes, m.tag});
    }
    return out;
}

// Each chosen lane's late-sender wait for the messages of `rows`.
std::vector<LaneWait> late_sender_of(const ProfileSource& source, const std::vector<MessageRow>& rows)
{
    const LaneTrace& lanes = *source.lanes;
    const std::size_t n = source.chosen.size();
    std::vector<std::vector<std::size_t>> received(n);
    for (std::size_t i = 0; i < rows.size(); ++i)
        received[rows[i].to - 1].push_back(i);
    std::vector<LaneWait> waits;
    for (std::size_t k = 0; k < n; ++k) {
        std::sort(received[k].begin(), received[k].end(),
                  [&](std::size_t a, std::size_t b) { return rows[a].recv_ns < rows[b].recv_ns; });
        const Time waited =
            received[k].empty()
                ? 0
                : late_sender_waits(source, lanes.lanes[wait_lane(lanes, source.chosen[k])], rows, received[k]);
        waits.push_back({k + 1, waited});
    }
    return waits;
}

} // namespace

MessageReport message_report(const ProfileSource& source, const ProfileRange& range, bool list)
{
    MessageReport out = messages_in(source, range);
    const std::size_t n = source.chosen.size();
    const std::vector<MessageRow>& rows = out.list;
    out.count.assign(n, std::vector<std::uint64_t>(n, 0));
    out.bytes_matrix = out.count;
    for (const MessageRow& r : rows) {
        ++out.count[r.from - 1][r.to - 1];
        out.bytes_matrix[r.from - 1][r.to - 1] += r.bytes;
        out.bytes += r.bytes;
    }
    out.messages = rows.size();
    if (!rows.empty()) {
        std::vector<Time> latency;
        latency.reserve(rows.size());
        for (const MessageRow& r : rows)
            latency.push_back(r.recv_ns - r.send_ns);
        const auto middle = latency.begin() + static_cast<std::ptrdiff_t>((latency.size() - 1) / 2);
        std::nth_element(latency.begin(), middle, latency.end());
        out.latency_median = *middle;
        const auto [lo, hi] = std::minmax_element(latency.begin(), latency.end());
        out.latency_min = *lo;
        out.latency_max = *hi;
    }
    out.late_sender = late_sender_of(source, rows);
    for (const LaneWait& w : out.late_sender)
        out.late_sender_ns += w.ns;
    if (!list)
        out.list.clear();
    return out;
}

std::vector<LaneWait> late_sender_waits(const ProfileSource& source, const ProfileRange& range)
{
    return late_sender_of(source, messages_in(source, range).list);
}

std::string messages_json(const MessageReport& r, bool list)
{
    using json = nlohmann::ordered_json;
    json out;
    out["messages"] = r.messages;
    out["bytes"] = r.bytes;
    out["unmatched_sends"] = r.unmatched_sends;
    out["unmatched_receives"] = r.unmatched_receives;
    out["lanes"] = r.lanes;
    out["count"] = r.count;
    out["bytes_matrix"] = r.bytes_matrix;
    const auto value = [](const std::optional<Time>& t) { return t ? json(*t) : json(nullptr); };
    out["latency_ns"] = {
        {"min", value(r.latency_min)}, {"median", value(r.latency_median)}, {"max", value(r.latency_max)}};
    out["late_sender_ns"] = r.late_sender_ns;
    json waits = json::array();
    for (const LaneWait& w : r.late_sender)
        waits.push_back({{"lane", w.lane}, {"ns", w.ns}});
    out["late_sender"] = std::move(waits);
    if (list) {
        json rows = json::array();
        for (const MessageRow& m : r.list)
            rows.push_back({{"from", m.from},
                            {"to", m.to},
                            {"send_ns", m.send_ns},
                            {"recv_ns", m.recv_ns},
                            {"bytes", m.bytes},
                            {"tag", m.tag}});
        out["list"] = std::move(rows);
    }
    return out.dump(2) + "\n";
}

std::string messages_csv(const MessageReport& r)
{
    std::string out = "from,to,send_ns,recv_ns,bytes,tag\n";
    for (const MessageRow& m : r.list)
        out += std::to_string(m.from) + ',' + std::to_string(m.to) + ',' + std::to_string(m.send_ns) + ',' +
               std::to_string(m.recv_ns) + ',' + std::to_string(m.bytes) + ',' + std::to_string(m.tag) + '\n';
    return out;
}

} // namespace chitra
