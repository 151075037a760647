// Gathers decoded Chrome events into what becomes the LaneTrace: each (pid, tid) pair that
// has a B, E or X event is a lane, its events kept in file order until all are read (the
// file need not be sorted); `C` events become gauges NAME.KEY owned by their process;
// `M` thread_name events name the lanes; other phases are counted and skipped.
#pragma once

#include "chitra/lanes/lane_trace.hpp"
#include "io/chrome/event_decoder.hpp"
#include "io/chrome/lane_sweep.hpp"
#include "io/chrome/name_table.hpp"

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace chitra::detail::chrome {

// An owned pid or tid; integers order before names, integers numerically.
struct ThreadKey {
    bool is_text = false;
    std::int64_t number = 0;
    std::string text;

    static ThreadKey of(const ThreadRef& r) { return {r.is_text, r.number, std::string(r.text)}; }
    std::string str() const { return is_text ? text : std::to_string(number); }
    auto operator<=>(const ThreadKey&) const = default;
};

class EventCollector {
public:
    void add(const EventRecord& record, const std::vector<CounterValue>& counters);

    // The lanes in (pid, tid) order, each lane's events applied by LaneSweep, the gauges
    // and the warnings. Frees what it has gathered as it goes.
    LaneTrace finish(const std::string& source);

private:
    struct LaneData {
        ThreadKey pid, tid;
        std::vector<LaneEvent> events;
    };
    struct Series {
        std::string name;
        ThreadKey pid;
        std::vector<std::pair<Time, double>> samples;
    };
    using ThreadPair = std::pair<ThreadKey, ThreadKey>;

    std::size_t lane_of(const ThreadRef& pid, const ThreadRef& tid);
    void flow_end(const EventRecord& record, bool start);
    // The lane gathered for a thread, if it has one (flows make none).
    std::optional<std::size_t> find_lane(const ThreadKey& pid, const ThreadKey& tid) const;
    std::uint32_t name_of(const EventRecord& record);

    std::vector<LaneData> lanes_;
    // Flow events `s` and `f`: ends of messages keyed by `cat` and `id`, on their threads'
    // lanes once every event is gathered.
    struct FlowEnd {
        Time t;
        std::uint32_t key;
        bool start;
        ThreadKey pid, tid;
    };
    std::uint64_t flows_off_lanes_ = 0; // flow ends on a thread with no slice
    std::vector<FlowEnd> flows_;
    std::unordered_map<std::string, std::uint32_t> flow_keys_;
    struct PairHash {
        std::size_t operator()(const std::pair<std::int64_t, std::int64_t>& p) const
        {
            return std::hash<std::int64_t>{}(p.first * 0x9E3779B97F4A7C15LL ^ p.second);
        }
    };
    std::unordered_map<std::pair<std::int64_t, std::int64_t>, std::size_t, PairHash> numeric_lanes_;
    std::map<ThreadPair, std::size_t> text_lanes_;
    std::size_t last_lane_ = static_cast<std::size_t>(-1);

    NameTable names_;
    std::unordered_map<std::uint32_t, std::uint32_t> colours_; // by name id: the first `cname`'s colour

    std::map<std::pair<std::string, ThreadKey>, std::size_t> series_index_;
    std::vector<Series> series_;
    std::map<ThreadPair, std::string> thread_names_;

    std::map<std::string, std::uint64_t> skipped_; // by ph
    std::uint64_t non_numeric_ = 0, args_not_object_ = 0;
    std::optional<Time> last_time_; // latest ts (or X end) of any event but M
};

} // namespace chitra::detail::chrome
