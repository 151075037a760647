#include "io/ctf/ctf_event_reader.hpp"

#include "chitra/trace/types.hpp"

#include <algorithm>
#include <numeric>

namespace chitra::detail {

namespace {

constexpr char kFunctionMark = '\x01'; // starts the placeholder name of a function state

bool ends_with(std::string_view s, std::string_view suffix)
{
    return s.size() > suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

std::optional<std::uint64_t> member_index(const bt_field_class* structure, const char* name)
{
    if (!structure || bt_field_class_get_type(structure) != BT_FIELD_CLASS_TYPE_STRUCTURE)
        return std::nullopt;
    const std::uint64_t n = bt_field_class_structure_get_member_count(structure);
    for (std::uint64_t i = 0; i < n; ++i)
        if (std::string_view(bt_field_class_structure_member_get_name(
                bt_field_class_structure_borrow_member_by_index_const(structure, i))) == name)
            return i;
    return std::nullopt;
}

bool is_integer(bt_field_class_type type) { return bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_INTEGER); }

bool is_number(bt_field_class_type type)
{
    return is_integer(type) || bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_REAL) ||
           type == BT_FIELD_CLASS_TYPE_BOOL;
}

double number(const bt_field* f)
{
    const bt_field_class_type type = bt_field_get_class_type(f);
    if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_SIGNED_INTEGER))
        return static_cast<double>(bt_field_integer_signed_get_value(f));
    if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER))
        return static_cast<double>(bt_field_integer_unsigned_get_value(f));
    if (type == BT_FIELD_CLASS_TYPE_SINGLE_PRECISION_REAL)
        return bt_field_real_single_precision_get_value(f);
    if (type == BT_FIELD_CLASS_TYPE_DOUBLE_PRECISION_REAL)
        return bt_field_real_double_precision_get_value(f);
    if (type == BT_FIELD_CLASS_TYPE_BOOL)
        return bt_field_bool_get_value(f) ? 1.0 : 0.0;
    return 0.0;
}

const bt_field* member(const bt_field* structure, std::uint64_t index)
{
    return bt_field_structure_borrow_member_field_by_index_const(structure, index);
}

bool is_signed_integer(const bt_field_class* cls)
{
    return bt_field_class_type_is(bt_field_class_get_type(cls), BT_FIELD_CLASS_TYPE_SIGNED_INTEGER);
}

// The class of a structure class's member `index`.
const bt_field_class* member_class(const bt_field_class* structure, std::uint64_t index)
{
    return bt_field_class_structure_member_borrow_field_class_const(
        bt_field_class_structure_borrow_member_by_index_const(structure, index));
}

} // namespace

std::int64_t CtfEventReader::integer(const bt_field* structure, const Member& m)
{
    const bt_field* f = member(structure, m.index);
    return m.is_signed ? bt_field_integer_signed_get_value(f)
                       : static_cast<std::int64_t>(bt_field_integer_unsigned_get_value(f));
}

CtfEventReader::CtfEventReader(std::string source, std::optional<std::regex> fields)
    : source_(std::move(source)), fields_(std::move(fields)), builder_(source_, "ctf")
{
    running_ = builder_.state("running");
    runnable_ = builder_.state("runnable");
    blocked_ = builder_.state("blocked");
}

namespace {
// A slot of a recent-lookup cache of 2^bits slots: the top bits of a multiplicative hash.
template <int bits = 4> std::size_t slot(std::uint64_t key)
{
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> (64 - bits));
}
} // namespace

void CtfEventReader::fail(const std::string& reason) const
{
    throw InputError(source_ + ": event " + std::to_string(events_) + ": " + reason);
}

const CtfEventReader::EventInfo& CtfEventReader::info(const bt_event_class* cls)
{
    auto& recent = recent_classes_[slot(reinterpret_cast<std::uintptr_t>(cls))];
    if (recent.first == cls)
        return *recent.second;
    auto [it, inserted] = events_info_.try_emplace(cls);
    recent = {cls, &it->second};
    if (!inserted)
        return it->second;
    EventInfo& e = it->second;
    e.stream = &stream(bt_event_class_borrow_stream_class_const(cls));
    const char* raw = bt_event_class_get_name(cls);
    const std::string name = raw ? raw : "";
    const bt_field_class* payload = bt_event_class_borrow_payload_field_class_const(cls);
    // The kind applies only when every member it reads is there, as an integer (bin_info's
    // path: a string).
    const auto use = [&](Kind kind, std::initializer_list<const char*> names) {
        std::vector<Member> found;
        for (const char* m : names) {
            const auto i = member_index(payload, m);
            if (!i)
                return false;
            const bt_field_class* member = member_class(payload, *i);
            const bt_field_class_type type = bt_field_class_get_type(member);
            if (!is_integer(type) && !(std::string_view(m) == "path" && type == BT_FIELD_CLASS_TYPE_STRING))
                return false;
            found.push_back({*i, is_signed_integer(member)});
        }
        e.kind = kind;
        e.members = std::move(found);
        return true;
    };
    const std::string_view profile = "lttng_ust_cyg_profile";
    const std::size_t colon = name.find(':');
    const std::string_view provider = std::string_view(name).substr(0, colon == std::string::npos ? 0 : colon);
    if ((provider == profile || provider == "lttng_ust_cyg_profile_fast") && ends_with(name, ":func_entry"))
        use(Kind::func_entry, {"addr"});
    else if ((provider == profile || provider == "lttng_ust_cyg_profile_fast") && ends_with(name, ":func_exit"))
        e.kind = Kind::func_exit;
    else if (name == "lttng_ust_statedump:bin_info")
        use(Kind::bin_info, {"baddr", "memsz", "path", "is_pic"});
    else if (name == "sched_switch")
        use(Kind::sched_switch, {"prev_tid", "next_tid", "prev_state"});
    else if (name == "sched_wakeup" || name == "sched_waking")
        use(Kind::sched_wakeup, {"tid"});
    else if (name == "lttng_statedump_process_state")
        use(Kind::process_state, {"tid", "pid"});
    else if (colon != std::string::npos) {
        for (std::string_view suffix : {"_entry", "_begin", "_enter"})
            if (ends_with(name, suffix) && name.size() - suffix.size() > colon + 1) {
                e.kind = Kind::push;
                e.state = builder_.state(name.substr(0, name.size() - suffix.size()));
            }
        for (std::string_view suffix : {"_exit", "_end"})
            if (ends_with(name, suffix) && name.size() - suffix.size() > colon + 1)
                e.kind = Kind::pop;
    }
    if (fields_ && payload && bt_field_class_get_type(payload) == BT_FIELD_CLASS_TYPE_STRUCTURE) {
        const std::uint64_t n = bt_field_class_structure_get_member_count(payload);
        for (std::uint64_t i = 0; i < n; ++i) {
            const bt_field_class_structure_member* m =
                bt_field_class_structure_borrow_member_by_index_const(payload, i);
            std::string field = name + "." + bt_field_class_structure_member_get_name(m);
            if (is_number(bt_field_class_get_type(bt_field_class_structure_member_borrow_field_class_const(m))) &&
                std::regex_search(field, *fields_))
                e.fields.push_back({i, std::move(field)});
        }
    }
    return e;
}

const CtfEventReader::StreamInfo& CtfEventReader::stream(const bt_stream_class* cls)
{
    auto [it, inserted] = streams_.try_emplace(cls);
    if (!inserted)
        return it->second;
    StreamInfo& s = it->second;
    s.clock = bt_stream_class_borrow_default_clock_class_const(cls) != nullptr;
    const bt_field_class* context = bt_stream_class_borrow_event_common_context_field_class_const(cls);
    const auto integer_member = [&](const char* name) -> std::optional<Member> {
        const auto i = member_index(context, name);
        if (!i || !is_integer(bt_field_class_get_type(member_class(context, *i))))
            return std::nullopt;
        return Member{*i, is_signed_integer(member_class(context, *i))};
    };
    s.pid = integer_member("vpid");
    if (!s.pid)
        s.pid = integer_member("pid");
    s.tid = integer_member("vtid");
    if (!s.tid)
        s.tid = integer_member("tid");
    return s;
}

std::size_t CtfEventReader::lane(const LaneKey& key)
{
    std::size_t& recent =
        recent_lanes_[slot<kRecentLaneBits>(static_cast<std::uint64_t>(key.tid.value_or(-1)) * 3 +
                                            static_cast<std::uint64_t>(key.pid.value_or(-1)) + key.sched)];
    if (recent != 0 && lane_keys_[recent - 1] == key)
        return recent - 1;
    auto [it, inserted] = lanes_.try_emplace(key, lane_keys_.size());
    if (inserted) {
        builder_.add_lane({}); // named in finish(), when every process id is known
        lane_keys_.push_back(key);
        if (key.pid && key.tid && !key.sched)
            pid_of_tid_.try_emplace(*key.tid, *key.pid);
    }
    recent = it->second + 1;
    return it->second;
}

std::size_t CtfEventReader::sched_lane(std::int64_t tid) { return lane(LaneKey{true, std::nullopt, tid}); }

LaneStateId CtfEventReader::function_state(std::int64_t pid, std::uint64_t address)
{
    auto [it, inserted] = functions_.try_emplace({pid, address}, 0);
    if (inserted) {
        it->second = builder_.state(std::string(1, kFunctionMark) + std::to_string(pid) + ":" + hex_address(address));
        function_of_state_.emplace(it->second, it->first);
    }
    return it->second;
}

void CtfEventReader::on_message(const bt_message* message)
{
    switch (bt_message_get_type(message)) {
    case BT_MESSAGE_TYPE_EVENT:
        event(message);
        break;
    case BT_MESSAGE_TYPE_DISCARDED_EVENTS:
        builder_.warn("events discarded by the tracer (buffers full)");
        break;
    case BT_MESSAGE_TYPE_DISCARDED_PACKETS:
        builder_.warn("packets discarded by the tracer");
        break;
    default:
        break;
    }
}

void CtfEventReader::event(const bt_message* message)
{
    ++events_;
    const bt_event* ev = bt_message_event_borrow_event_const(message);
    const EventInfo& e = info(bt_event_borrow_class_const(ev));
    const StreamInfo& s = *e.stream;
    if (!s.clock)
        fail("its stream has no clock, so the event has no time");
    std::int64_t t = 0;
    if (bt_clock_snapshot_get_ns_from_origin(bt_message_event_borrow_default_clock_snapshot_const(message), &t) !=
        BT_CLOCK_SNAPSHOT_GET_NS_FROM_ORIGIN_STATUS_OK)
        fail("its time in nanoseconds does not fit in 64 bits");
    builder_.saw_event(t);
    if (e.kind == Kind::other && e.fields.empty())
        return;

    LaneKey key;
    if (const bt_field* context = bt_event_borrow_common_context_field_const(ev)) {
        if (s.pid)
            key.pid = integer(context, *s.pid);
        if (s.tid)
            key.tid = integer(context, *s.tid);
    }
    const bool reads_payload = !e.members.empty() || !e.fields.empty();
    const bt_field* payload = reads_payload ? bt_event_borrow_payload_field_const(ev) : nullptr;
    const auto arg = [&](std::size_t i) { return member(payload, e.members[i].index); };
    const auto int_arg = [&](std::size_t i) { return integer(payload, e.members[i]); };
    switch (e.kind) {
    case Kind::push:
        builder_.push(lane(key), t, e.state);
        break;
    case Kind::pop:
    case Kind::func_exit:
        builder_.pop(lane(key), t);
        break;
    case Kind::func_entry:
        builder_.push(lane(key), t, function_state(key.pid.value_or(0), static_cast<std::uint64_t>(int_arg(0))));
        break;
    case Kind::bin_info:
        symbols_.add_mapping(key.pid.value_or(0), static_cast<std::uint64_t>(int_arg(0)),
                             static_cast<std::uint64_t>(int_arg(1)), bt_field_string_get_value(arg(2)),
                             int_arg(3) != 0);
        break;
    case Kind::sched_switch: {
        const std::int64_t prev = int_arg(0), next = int_arg(1);
        builder_.set(sched_lane(prev), t, int_arg(2) == 0 ? runnable_ : blocked_);
        builder_.set(sched_lane(next), t, running_);
        break;
    }
    case Kind::sched_wakeup:
        builder_.set(sched_lane(int_arg(0)), t, runnable_);
        break;
    case Kind::process_state:
        pid_of_tid_.try_emplace(int_arg(0), int_arg(1));
        break;
    case Kind::other:
        break;
    }
    if (!e.fields.empty())
        sample_fields(e, payload, lane(key), t);
}

void CtfEventReader::sample_fields(const EventInfo& e, const bt_field* payload, std::size_t lane, Time t)
{
    for (const EventInfo::Pick& p : e.fields) {
        auto [it, inserted] = field_ids_.try_emplace({p.name, lane}, 0);
        if (inserted)
            it->second = builder_.add_field(p.name, FieldKind::gauge, lane);
        builder_.sample(it->second, t, number(member(payload, p.member)));
    }
}

LaneTrace CtfEventReader::finish()
{
    LaneTrace out = builder_.finish();

    // Function states get their names, and states that turn out to share one are merged.
    if (!function_of_state_.empty()) {
        std::vector<std::string> names;
        std::unordered_map<std::string, LaneStateId> ids;
        std::vector<LaneStateId> remap(out.state_names.size());
        for (LaneStateId i = 0; i < out.state_names.size(); ++i) {
            const auto f = function_of_state_.find(i);
            std::string name = f == function_of_state_.end() ? std::move(out.state_names[i])
                                                             : symbols_.name(f->second.first, f->second.second);
            auto [it, inserted] = ids.try_emplace(name, static_cast<LaneStateId>(names.size()));
            if (inserted)
                names.push_back(std::move(name));
            remap[i] = it->second;
        }
        renumber_states(out, std::move(names), remap);
    }

    // Lane order: user threads by pid then tid, then scheduler lanes by pid then tid.
    std::vector<LaneKey> keys = lane_keys_;
    for (LaneKey& k : keys)
        if (k.sched) {
            const auto p = pid_of_tid_.find(*k.tid);
            k.pid = p == pid_of_tid_.end() ? *k.tid : p->second;
        }
    std::vector<std::size_t> order(keys.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
    std::vector<Lane> lanes;
    std::vector<std::size_t> position(order.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        const LaneKey& k = keys[order[i]];
        Lane l = std::move(out.lanes[order[i]]);
        if (k.pid && k.tid)
            l.name = std::to_string(*k.pid) + "/" + std::to_string(*k.tid);
        else if (k.pid)
            l.name = std::to_string(*k.pid);
        else
            l.name = k.tid ? "?/" + std::to_string(*k.tid) : "trace";
        if (k.sched)
            l.name += " sched";
        lanes.push_back(std::move(l));
        position[order[i]] = i;
    }
    out.lanes = std::move(lanes);
    for (LaneField& f : out.fields)
        if (f.lane)
            f.lane = position[*f.lane];
    return out;
}

} // namespace chitra::detail
