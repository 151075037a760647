#include "io/chrome/event_collector.hpp"

#include "chitra/messages/message_matcher.hpp"

#include "util/huge_pages.hpp"

#include <algorithm>
#include <numeric>
#include <optional>
#include <string_view>
#include <unordered_map>

namespace chitra::detail::chrome {

namespace {

// The colours of the trace viewer's reserved colour names (catapult's color_scheme), which
// an event's `cname` picks; nullopt for another name.
std::optional<std::uint32_t> reserved_colour(std::string_view cname)
{
    static const std::unordered_map<std::string_view, std::uint32_t> colours = {
        {"thread_state_uninterruptible", 0xB67D8F},
        {"thread_state_iowait", 0xFF8C00},
        {"thread_state_running", 0x7EC894},
        {"thread_state_runnable", 0x85A0D2},
        {"thread_state_sleeping", 0xF0F0F0},
        {"thread_state_unknown", 0xC79B7D},
        {"background_memory_dump", 0x00B4B4},
        {"light_memory_dump", 0x0000B4},
        {"detailed_memory_dump", 0xB400B4},
        {"vsync_highlight_color", 0x0000FF},
        {"generic_work", 0x7D7D7D},
        {"good", 0x007D00},
        {"bad", 0xB47D00},
        {"terrible", 0xB40000},
        {"black", 0x000000},
        {"grey", 0xDDDDDD},
        {"white", 0xFFFFFF},
        {"yellow", 0xFFFF00},
        {"olive", 0x646400},
        {"rail_response", 0x4387FD},
        {"rail_animation", 0xF44A3F},
        {"rail_idle", 0xEE8E00},
        {"rail_load", 0x0DA861},
        {"startup", 0xE6E600},
    };
    const auto it = colours.find(cname);
    return it == colours.end() ? std::nullopt : std::optional<std::uint32_t>(it->second);
}

constexpr std::string_view kUnnamed = "(unnamed)";

bool same(const ThreadKey& key, const ThreadRef& ref)
{
    return key.is_text == ref.is_text && (ref.is_text ? key.text == ref.text : key.number == ref.number);
}

std::string_view phase_kind(std::string_view ph)
{
    if (ph.size() != 1)
        return "unknown";
    switch (ph[0]) {
    case 'i':
    case 'I':
    case 'R':
        return "instant";
    case 'b':
    case 'e':
    case 'n':
    case 'S':
    case 'T':
    case 'p':
    case 'F':
        return "async";
    case 's':
    case 't':
    case 'f':
        return "flow";
    case 'P':
        return "sample";
    case 'N':
    case 'O':
    case 'D':
        return "object";
    case 'c':
        return "clock sync";
    case 'v':
    case 'V':
        return "memory dump";
    case '(':
    case ')':
        return "context";
    default:
        return "unknown";
    }
}

// A `ph` as it may appear in a message: printable ASCII, at most 16 bytes.
std::string printable(std::string_view ph)
{
    std::string out;
    for (char c : ph.substr(0, 16))
        out += (c >= 0x20 && c < 0x7f) ? c : '?';
    return ph.size() > 16 ? out + "..." : out;
}

// A lane's name goes into a PES header line: control bytes (a newline in a thread name,
// a DEL in a pid string) are written %XX there, like in state names.
std::string header_safe(const std::string& name)
{
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (char c : name) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f)
            out += {'%', hex[u >> 4], hex[u & 15]};
        else
            out += c;
    }
    return out;
}

std::string counted(std::uint64_t count, const std::string& message)
{
    return count > 1 ? std::to_string(count) + " x " + message : message;
}

} // namespace

std::size_t EventCollector::lane_of(const ThreadRef& pid, const ThreadRef& tid)
{
    if (last_lane_ < lanes_.size() && same(lanes_[last_lane_].pid, pid) && same(lanes_[last_lane_].tid, tid))
        return last_lane_;
    std::size_t* slot = nullptr;
    if (!pid.is_text && !tid.is_text) {
        auto [it, fresh] = numeric_lanes_.try_emplace({pid.number, tid.number}, lanes_.size());
        slot = &it->second;
        if (!fresh)
            return last_lane_ = *slot;
    } else {
        auto [it, fresh] = text_lanes_.try_emplace({ThreadKey::of(pid), ThreadKey::of(tid)}, lanes_.size());
        slot = &it->second;
        if (!fresh)
            return last_lane_ = *slot;
    }
    lanes_.push_back({ThreadKey::of(pid), ThreadKey::of(tid), {}});
    return last_lane_ = *slot;
}

std::uint32_t EventCollector::name_of(const EventRecord& record)
{
    const std::string_view name = record.has_name && !record.name.empty() ? record.name : kUnnamed;
    const std::uint32_t id = names_.intern(name);
    if (!record.cname.empty()) [[unlikely]]
        if (const auto rgb = reserved_colour(record.cname))
            colours_.try_emplace(id, *rgb);
    return id;
}

void EventCollector::add(const EventRecord& record, const std::vector<CounterValue>& counters)
{
    switch (record.phase) {
    case 'B':
        push_back_huge(lanes_[lane_of(record.pid, record.tid)].events,
                       LaneEvent{record.ts, kOpenEnd, name_of(record), LaneEvent::open});
        break;
    case 'X':
        push_back_huge(lanes_[lane_of(record.pid, record.tid)].events,
                       LaneEvent{record.ts, record.ts + record.dur, name_of(record), LaneEvent::complete});
        break;
    case 'E':
        push_back_huge(lanes_[lane_of(record.pid, record.tid)].events, LaneEvent{record.ts, 0, 0, LaneEvent::close});
        break;
    case 'C': {
        const std::string name(record.has_name && !record.name.empty() ? record.name : kUnnamed);
        for (std::uint32_t i = record.counters_begin; i < record.counters_end; ++i) {
            std::pair<std::string, ThreadKey> key{name + "." + std::string(counters[i].key), ThreadKey::of(record.pid)};
            auto [it, fresh] = series_index_.try_emplace(key, series_.size());
            if (fresh)
                series_.push_back({key.first, key.second, {}});
            series_[it->second].samples.emplace_back(record.ts, counters[i].value);
        }
        non_numeric_ += record.non_numeric;
        args_not_object_ += record.args_not_object ? 1 : 0;
        break;
    }
    case 's':
    case 'f':
        flow_end(record, record.phase == 's');
        break;
    case 'M':
        if (record.has_name && record.name == "thread_name" && record.has_args_name)
            thread_names_[{ThreadKey::of(record.pid), ThreadKey::of(record.tid)}] = std::string(record.args_name);
        break;
    default:
        ++skipped_[std::string(record.ph)];
        break;
    }
    if (record.has_ts && record.phase != 'M') {
        const Time t = record.phase == 'X' ? record.ts + record.dur : record.ts;
        if (!last_time_ || t > *last_time_)
            last_time_ = t;
    }
}

void EventCollector::flow_end(const EventRecord& record, bool start)
{
    if (record.id.empty() || !record.has_ts) {
        ++skipped_[std::string(record.ph)]; // a flow with no id (or time) joins nothing
        return;
    }
    std::string key(record.cat);
    key += '\0';
    key += record.id;
    const auto [it, fresh] = flow_keys_.try_emplace(std::move(key), static_cast<std::uint32_t>(flow_keys_.size()));
    flows_.push_back({record.ts, it->second, start, ThreadKey::of(record.pid), ThreadKey::of(record.tid)});
}

std::optional<std::size_t> EventCollector::find_lane(const ThreadKey& pid, const ThreadKey& tid) const
{
    if (!pid.is_text && !tid.is_text) {
        const auto it = numeric_lanes_.find({pid.number, tid.number});
        return it == numeric_lanes_.end() ? std::nullopt : std::optional(it->second);
    }
    const auto it = text_lanes_.find({pid, tid});
    return it == text_lanes_.end() ? std::nullopt : std::optional(it->second);
}

LaneTrace EventCollector::finish(const std::string& source)
{
    LaneTraceBuilder builder(source, "chrome");
    std::vector<std::size_t> order(lanes_.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return std::tie(lanes_[a].pid, lanes_[a].tid) < std::tie(lanes_[b].pid, lanes_[b].tid);
    });
    for (std::size_t index : order) {
        const LaneData& lane = lanes_[index];
        auto named = thread_names_.find({lane.pid, lane.tid});
        builder.add_lane(
            header_safe(named != thread_names_.end() ? named->second : lane.pid.str() + "/" + lane.tid.str()));
    }
    std::vector<LaneStateId> states;
    states.reserve(names_.names().size());
    for (const std::string& name : names_.names())
        states.push_back(builder.state(name));
    for (const auto& [name, rgb] : colours_)
        builder.colour(states[name], rgb);
    std::vector<std::uint32_t> position(order.size()); // gathered lane -> builder lane
    for (std::size_t k = 0; k < order.size(); ++k) {
        LaneSweep(builder, k, states).run(lanes_[order[k]].events);
        std::vector<LaneEvent>().swap(lanes_[order[k]].events);
        position[order[k]] = static_cast<std::uint32_t>(k);
    }
    for (const FlowEnd& f : flows_) {
        const std::optional<std::size_t> lane = find_lane(f.pid, f.tid);
        if (!lane) {
            ++flows_off_lanes_;
            continue;
        }
        const MessageKey key{f.key, 0, 0, 0};
        const auto to = static_cast<std::uint32_t>(position[*lane]);
        if (f.start)
            builder.messages().send(key, to, f.t, 0, 0);
        else
            builder.messages().receive(key, to, f.t);
    }
    std::vector<FlowEnd>().swap(flows_);

    for (const auto& [key, index] : series_index_) {
        Series& s = series_[index];
        const std::size_t field = builder.add_field(s.name, FieldKind::gauge, std::nullopt, s.pid.str());
        for (const auto& [t, v] : s.samples)
            builder.sample(field, t, v);
        std::vector<std::pair<Time, double>>().swap(s.samples);
    }

    for (const auto& [ph, count] : skipped_)
        builder.warn(
            counted(count, "event of phase '" + printable(ph) + "' (" + std::string(phase_kind(ph)) + ") skipped"));
    if (flows_off_lanes_ > 0)
        builder.warn(counted(flows_off_lanes_, "flow event on a thread with no slice skipped"));
    if (non_numeric_ > 0)
        builder.warn(counted(non_numeric_, "counter value that is not a number skipped"));
    if (args_not_object_ > 0)
        builder.warn(counted(args_not_object_, "C event whose args is not an object skipped"));
    if (last_time_)
        builder.saw_event(*last_time_);
    return builder.finish();
}

} // namespace chitra::detail::chrome
