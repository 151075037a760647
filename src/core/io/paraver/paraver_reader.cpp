// The Paraver reader: the header makes one lane per thread; then one pass over the
// records, split at ':' in place. A state record sets its thread's state over [begin,
// end); the end is applied lazily, when the thread's next record begins later. Events of
// a region type (MPI calls, user functions) set the regions of the thread's `calls`
// lane, added when the thread's first one comes and put after every state lane.
#include "io/paraver/paraver_reader.hpp"

#include "chitra/messages/message_matcher.hpp"

#include "io/import/exact_time.hpp"
#include "io/import/text_scan.hpp"
#include "io/paraver/paraver_header.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <unordered_map>

namespace chitra::detail {

namespace {

using text::fail;

constexpr std::size_t kMaxFields = 2 + 6 + 2 * 64; // an event record of 64 type:value pairs

struct Fields {
    std::string_view at[kMaxFields];
    std::size_t count = 0;
};

// One pass over the line: fields are a few characters long, so a byte loop beats a
// memchr call per field.
void split(std::string_view line, Fields& f, const std::string& source, std::size_t n)
{
    f.count = 0;
    const char* start = line.data();
    const char* const end = start + line.size();
    for (const char* c = start;; ++c) {
        if (c == end || *c == ':') {
            if (f.count == kMaxFields)
                fail(source, n, "more than " + std::to_string(kMaxFields) + " fields in a record");
            f.at[f.count++] = std::string_view(start, static_cast<std::size_t>(c - start));
            if (c == end)
                return;
            start = c + 1;
        }
    }
}

class ParaverReader {
public:
    ParaverReader(const std::string& source, const paraver::Header& header, const paraver::Names& names)
        : source_(source), scale_(header.time_scale), names_(names), builder_(source, "paraver")
    {
        std::size_t lane = 0;
        for (std::size_t a = 0; a < header.threads.size(); ++a) {
            first_lane_.emplace_back();
            for (std::size_t t = 0; t < header.threads[a].size(); ++t) {
                first_lane_[a].push_back(lane);
                for (std::uint32_t h = 0; h < header.threads[a][t]; ++h, ++lane)
                    builder_.add_lane(lane_names_.emplace_back(
                        lane < names.threads.size() && names.threads.size() == total(header)
                            ? names.threads[lane]
                            : std::to_string(a + 1) + "." + std::to_string(t + 1) + "." + std::to_string(h + 1)));
            }
            threads_.push_back(header.threads[a]);
        }
        lanes_.resize(lane);
        calls_lane_.assign(lane, kNoCallsLane);
        if (!names.threads.empty() && names.threads.size() != lane)
            row_mismatch_ = std::to_string(names.threads.size()) + " thread names in the .row for " +
                            std::to_string(lane) + " threads: names not used";
    }

    void record(const Fields& f, std::size_t n)
    {
        const std::string_view kind = f.at[0];
        if (kind == "1")
            state(f, n);
        else if (kind == "2")
            event(f, n);
        else if (kind == "3")
            communication(f, n);
        else if (kind == "4")
            ++global_ops_;
        else
            fail(source_, n,
                 "unknown record type " + std::string(kind.substr(0, 16)) +
                     " (1 state, 2 event, 3 communication, 4 global operation)");
    }

    LaneTrace finish()
    {
        for (std::size_t lane = 0; lane < lanes_.size(); ++lane)
            if (lanes_[lane].end)
                builder_.reset(lane, *lanes_[lane].end);
        LaneTrace out = builder_.finish();
        order_calls_lanes(out);
        const auto note = [&](std::uint64_t count, const std::string& what) {
            if (count)
                out.warnings.push_back(source_ + ": " + std::to_string(count) + " x " + what);
        };
        note(lost_communications_, "communication record (3:) naming a thread not in the header skipped");
        note(global_ops_, "global operation record (4:) skipped");
        note(unnamed_events_, "event of a type the .pcf does not name skipped");
        note(overlaps_, "state record that begins before the previous one of its thread ends (it wins)");
        if (!row_mismatch_.empty())
            out.warnings.push_back(source_ + ": " + row_mismatch_);
        return out;
    }

private:
    struct LaneState {
        std::optional<Time> end; // of the last state record, not applied yet
        Time begin = 0;
        Time last_sample = 0;
    };

    static std::size_t total(const paraver::Header& h)
    {
        std::size_t n = 0;
        for (const auto& a : h.threads)
            for (std::uint32_t t : a)
                n += t;
        return n;
    }

    std::uint64_t number(std::string_view text, const char* what, std::size_t n) const
    {
        const auto v = text::parse_unsigned(text);
        if (!v)
            fail(source_, n, std::string(what) + " " + quote(text) + " is not a number");
        return *v;
    }

    static std::string quote(std::string_view text) { return "'" + std::string(text.substr(0, 32)) + "'"; }

    Time time(std::string_view text, std::size_t n) const
    {
        const auto t = text.empty() || text.front() == '-' ? std::nullopt : decimal_scaled(text, scale_);
        if (!t)
            fail(source_, n, "the time " + quote(text) + " is not a number (or is too large)");
        return *t;
    }

    // The lane of the record's `appl:task:thread` (fields 2-4, 1-based, or from `first`).
    std::size_t lane(const Fields& f, std::size_t n, std::size_t first = 2) const
    {
        const std::optional<std::size_t> l = lane_if_any(f, n, first);
        if (!l)
            fail(source_, n,
                 "thread " + std::string(f.at[first]) + "." + std::string(f.at[first + 1]) + "." +
                     std::string(f.at[first + 2]) + " is not in the header");
        return *l;
    }
    std::optional<std::size_t> lane_if_any(const Fields& f, std::size_t n, std::size_t first) const
    {
        const std::uint64_t a = number(f.at[first], "the application", n);
        const std::uint64_t t = number(f.at[first + 1], "the task", n);
        const std::uint64_t h = number(f.at[first + 2], "the thread", n);
        if (a < 1 || a > threads_.size() || t < 1 || t > threads_[a - 1].size() || h < 1 || h > threads_[a - 1][t - 1])
            return std::nullopt;
        return first_lane_[a - 1][t - 1] + (h - 1);
    }

    // 3:CPU:APPL:TASK:THREAD:LSEND:PSEND:CPU:APPL:TASK:THREAD:LRECV:PRECV:SIZE:TAG, a
    // message from the sending thread's lane at its logical send time to the receiving
    // thread's at its physical receive time.
    void communication(const Fields& f, std::size_t n)
    {
        if (f.count != 15)
            fail(source_, n,
                 "a communication record is 3:CPU:APPL:TASK:THREAD:LSEND:PSEND:CPU:APPL:TASK:THREAD:LRECV:PRECV:"
                 "SIZE:TAG, this one has " +
                     std::to_string(f.count) + " fields");
        const Time send = time(f.at[5], n), psend = time(f.at[6], n);
        const Time lrecv = time(f.at[11], n), recv = time(f.at[12], n);
        const std::uint64_t size = number(f.at[13], "the size", n);
        const auto tag = text::parse_double(f.at[14]);
        if (!tag || *tag != std::floor(*tag) || std::abs(*tag) > 9e15)
            fail(source_, n, "the tag " + quote(f.at[14]) + " is not a whole number");
        builder_.saw_event(std::max({send, psend, lrecv, recv}));
        const std::optional<std::size_t> from = lane_if_any(f, n, 2), to = lane_if_any(f, n, 8);
        if (!from || !to) {
            ++lost_communications_;
            return;
        }
        // A record holds both ends: a key of its own pairs them.
        const MessageKey key{++communications_, 0, 0, 0};
        builder_.messages().send(key, static_cast<std::uint32_t>(*from), send, size, static_cast<std::int64_t>(*tag));
        builder_.messages().receive(key, static_cast<std::uint32_t>(*to), recv);
    }

    void state(const Fields& f, std::size_t n)
    {
        if (f.count != 8)
            fail(source_, n,
                 "a state record is 1:CPU:APPL:TASK:THREAD:BEGIN:END:STATE, this one has " + std::to_string(f.count) +
                     " fields");
        const std::size_t l = lane(f, n);
        const Time begin = time(f.at[5], n);
        const Time end = time(f.at[6], n);
        const std::uint64_t value = number(f.at[7], "the state", n);
        if (end < begin)
            fail(source_, n, "the state record ends before it begins");
        builder_.saw_event(end);
        if (end == begin)
            return;
        LaneState& s = lanes_[l];
        if (s.end && begin < s.begin)
            fail(source_, n, "the state record begins before the previous one of its thread");
        if (s.end && *s.end > begin)
            ++overlaps_;
        else if (s.end && *s.end < begin)
            builder_.reset(l, *s.end);
        builder_.set(l, begin, state_id(value));
        s.begin = begin;
        s.end = end;
    }

    void event(const Fields& f, std::size_t n)
    {
        if (f.count < 8 || f.count % 2 != 0)
            fail(source_, n, "an event record is 2:CPU:APPL:TASK:THREAD:TIME:TYPE:VALUE[:TYPE:VALUE...]");
        const std::size_t l = lane(f, n);
        const Time t = time(f.at[5], n);
        builder_.saw_event(t);
        LaneState& s = lanes_[l];
        for (std::size_t i = 6; i < f.count; i += 2) {
            const std::uint64_t type = number(f.at[i], "the event type", n);
            const auto value = text::parse_double(f.at[i + 1]);
            if (!value)
                fail(source_, n, "the event value " + quote(f.at[i + 1]) + " is not a number");
            const auto name = names_.event_types.find(type);
            if (name == names_.event_types.end()) {
                ++unnamed_events_;
                continue;
            }
            if (t < s.last_sample)
                fail(source_, n, "the event is before the previous event of its thread");
            s.last_sample = t;
            if (names_.is_region_type(type))
                region(l, t, type, number(f.at[i + 1], "the value of a region type", n));
            else
                builder_.sample(field(type, name->second, l), t, *value);
        }
    }

    // A region type's event on thread lane `l`: a non-zero value sets that type's entry of
    // the calls lane's stack (in place, or on top when it has none), 0 removes it.
    void region(std::size_t l, Time t, std::uint64_t type, std::uint64_t value)
    {
        if (calls_lane_[l] == kNoCallsLane) {
            if (value == 0)
                return; // the end of a region never begun: nothing to undo
            calls_lane_[l] = builder_.add_lane(lane_names_[l] + " calls");
            calls_threads_.push_back(l);
            call_stacks_.emplace_back();
        }
        const std::size_t calls = calls_lane_[l];
        auto& stack = call_stacks_[calls - lane_names_.size()];
        auto entry = std::find_if(stack.begin(), stack.end(), [&](const auto& e) { return e.first == type; });
        if (value == 0) {
            if (entry == stack.end())
                return;
            stack.erase(entry);
        } else if (entry != stack.end()) {
            entry->second = region_id(type, value);
        } else {
            stack.emplace_back(type, region_id(type, value));
        }
        builder_.reset(calls, t);
        for (const auto& [type_of_entry, id] : stack)
            builder_.push(calls, t, id);
    }

    // The value's .pcf name; the type's name for a value named `Begin`; else the number.
    LaneStateId region_id(std::uint64_t type, std::uint64_t value)
    {
        const auto key = std::make_pair(type, value);
        auto it = region_ids_.find(key);
        if (it != region_ids_.end())
            return it->second;
        std::string name = std::to_string(value);
        if (const auto values = names_.event_values.find(type); values != names_.event_values.end())
            if (const auto named = values->second.find(value); named != values->second.end())
                name = named->second == "Begin" ? names_.event_types.at(type) : named->second;
        return region_ids_.emplace(key, builder_.state(name)).first->second;
    }

    // The calls lanes come after every state lane, in the order of their threads (they
    // were added in the order of their first region event). Fields belong to state lanes.
    void order_calls_lanes(LaneTrace& out) const
    {
        const std::size_t first = lane_names_.size();
        std::vector<std::size_t> order(calls_threads_.size());
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::sort(order.begin(), order.end(),
                  [&](std::size_t a, std::size_t b) { return calls_threads_[a] < calls_threads_[b]; });
        std::vector<Lane> calls;
        for (std::size_t k : order)
            calls.push_back(std::move(out.lanes[first + k]));
        std::move(calls.begin(), calls.end(), out.lanes.begin() + static_cast<std::ptrdiff_t>(first));
    }

    LaneStateId state_id(std::uint64_t value)
    {
        // Paraver states are small numbers: most are found by index, without hashing.
        if (value < small_state_ids_.size() && small_state_ids_[value] != kNoLaneState)
            return small_state_ids_[value];
        const LaneStateId id = lookup_state_id(value);
        if (value < kSmallStates) {
            if (small_state_ids_.size() <= value)
                small_state_ids_.resize(value + 1, kNoLaneState);
            small_state_ids_[value] = id;
        }
        return id;
    }

    LaneStateId lookup_state_id(std::uint64_t value)
    {
        auto it = state_ids_.find(value);
        if (it != state_ids_.end())
            return it->second;
        const auto name = names_.states.find(value);
        const LaneStateId id = builder_.state(name != names_.states.end() ? name->second : std::to_string(value));
        if (const auto colour = names_.state_colours.find(value); colour != names_.state_colours.end())
            builder_.colour(id, colour->second);
        state_ids_.emplace(value, id);
        return id;
    }

    std::size_t field(std::uint64_t type, const std::string& name, std::size_t lane)
    {
        const auto key = std::make_pair(type, lane);
        auto it = fields_.find(key);
        if (it == fields_.end())
            it = fields_.emplace(key, builder_.add_field(name, FieldKind::gauge, lane)).first;
        return it->second;
    }

    struct PairHash {
        std::size_t operator()(const std::pair<std::uint64_t, std::size_t>& p) const
        {
            return std::hash<std::uint64_t>()(p.first * 0x9E3779B97F4A7C15ull ^ p.second);
        }
    };

    static constexpr std::size_t kNoCallsLane = std::numeric_limits<std::size_t>::max();

    const std::string& source_;
    int scale_;
    const paraver::Names& names_;
    LaneTraceBuilder builder_;
    std::vector<std::vector<std::size_t>> first_lane_; // [appl][task]
    std::vector<std::vector<std::uint32_t>> threads_;
    std::vector<LaneState> lanes_;
    std::vector<std::string> lane_names_;    // of the state lanes, one per thread
    std::vector<std::size_t> calls_lane_;    // per thread: its calls lane, or kNoCallsLane
    std::vector<std::size_t> calls_threads_; // per calls lane, in the order added: its thread
    // Per calls lane: its stack, one (type, region) entry per region type at the most.
    std::vector<std::vector<std::pair<std::uint64_t, LaneStateId>>> call_stacks_;
    std::map<std::pair<std::uint64_t, std::uint64_t>, LaneStateId> region_ids_;
    static constexpr std::uint64_t kSmallStates = 4096;
    static constexpr LaneStateId kNoLaneState = std::numeric_limits<LaneStateId>::max();
    std::vector<LaneStateId> small_state_ids_;
    std::unordered_map<std::uint64_t, LaneStateId> state_ids_;
    std::unordered_map<std::pair<std::uint64_t, std::size_t>, std::size_t, PairHash> fields_;
    std::uint64_t communications_ = 0, lost_communications_ = 0, global_ops_ = 0, unnamed_events_ = 0, overlaps_ = 0;
    std::string row_mismatch_;
};

} // namespace

LaneTrace read_paraver_text(std::string_view text, const std::string& source, const paraver::Names& names,
                            const ImportOptions& options)
{
    const char* p = text.data();
    const char* const end = p + text.size();
    if (p == end)
        fail(source, 1, "an empty file (a Paraver trace starts with #Paraver)");
    const paraver::Header header = paraver::parse_header(text::next_line(p, end), source);
    ParaverReader reader(source, header, names);
    text::Progress progress(text, options.progress);
    Fields fields;
    std::size_t n = 1;
    while (p < end) {
        const std::string_view line = text::next_line(p, end);
        ++n;
        if (line.empty() || line.front() == '#' || line.front() == 'c') // comments, communicators
            continue;
        split(line, fields, source, n);
        reader.record(fields, n);
        progress.at(p);
    }
    progress.done();
    return reader.finish();
}

bool looks_like_paraver(std::string_view head) { return head.starts_with("#Paraver"); }

} // namespace chitra::detail
