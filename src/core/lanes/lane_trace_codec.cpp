#include "lanes/lane_trace_codec.hpp"

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace chitra::detail {

namespace {

static_assert(std::is_trivially_copyable_v<LaneChange> && sizeof(LaneChange) == 16, "change lists travel as raw bytes");
static_assert(std::is_trivially_copyable_v<StackStep> && sizeof(StackStep) == 16, "steps travel as raw bytes");
static_assert(std::is_trivially_copyable_v<Message> && sizeof(Message) == 40, "messages travel as raw bytes");

// Far above any real trace, low enough that a damaged count fails before it allocates.
constexpr std::uint64_t kMaxBytes = std::uint64_t{1} << 44;

class Encoder {
public:
    explicit Encoder(const ByteWriter& write) : write_(write) {}

    template <class T> void scalar(T value)
    {
        static_assert(std::is_trivially_copyable_v<T>);
        write_(&value, sizeof value);
    }
    void text(const std::string& s)
    {
        scalar<std::uint64_t>(s.size());
        write_(s.data(), s.size());
    }
    template <class T> void array(const std::vector<T>& v)
    {
        scalar<std::uint64_t>(v.size());
        write_(v.data(), v.size() * sizeof(T));
    }

private:
    const ByteWriter& write_;
};

class Decoder {
public:
    Decoder(const ByteReader& read, std::uint64_t size) : read_(read), left_(size) {}

    template <class T> T scalar()
    {
        T value;
        take(&value, sizeof value);
        return value;
    }
    // A count of elements that take at least `encoded` bytes each in the stream and
    // `element_size` in memory: checked against what the stream can still hold before
    // anything is allocated for them.
    std::uint64_t count(std::size_t element_size, std::size_t encoded)
    {
        const auto n = scalar<std::uint64_t>();
        if (n > kMaxBytes / element_size || n > left_ / encoded)
            throw InputError("lane trace: a count of " + std::to_string(n) + " is not a trace's");
        return n;
    }
    bool at_end() const { return left_ == 0; }
    std::string text()
    {
        std::string s(count(1, 1), '\0');
        take(s.data(), s.size());
        return s;
    }
    template <class T> std::vector<T> array()
    {
        std::vector<T> v(count(sizeof(T), sizeof(T)));
        take(v.data(), v.size() * sizeof(T));
        return v;
    }

private:
    void take(void* data, std::size_t size)
    {
        if (size > left_)
            throw InputError("lane trace: it ends inside a value");
        read_(data, size);
        left_ -= size;
    }

    const ByteReader& read_;
    std::uint64_t left_; // bytes the stream may still hold
};

} // namespace

void write_lane_trace(const LaneTrace& trace, const ByteWriter& write)
{
    Encoder out(write);
    out.text(trace.source);
    out.text(trace.format);
    out.array(trace.times);
    out.scalar<std::uint64_t>(trace.lanes.size());
    for (const Lane& lane : trace.lanes) {
        out.text(lane.name);
        out.array(lane.changes);
        out.scalar(lane.events);
    }
    out.scalar<std::uint64_t>(trace.state_names.size());
    for (const std::string& name : trace.state_names)
        out.text(name);
    out.scalar<std::uint64_t>(trace.fields.size());
    for (const LaneField& field : trace.fields) {
        out.text(field.name);
        out.scalar(field.kind);
        out.scalar<std::uint8_t>(field.lane.has_value());
        out.scalar<std::uint64_t>(field.lane.value_or(0));
        out.text(field.owner);
        // std::pair is not trivially copyable: times and values go as two arrays.
        std::vector<Time> times(field.samples.size());
        std::vector<double> values(field.samples.size());
        for (std::size_t i = 0; i < field.samples.size(); ++i) {
            times[i] = field.samples[i].first;
            values[i] = field.samples[i].second;
        }
        out.array(times);
        out.array(values);
    }
    out.scalar<std::uint8_t>(trace.last_event.has_value());
    out.scalar<Time>(trace.last_event.value_or(0));
    out.scalar<std::uint64_t>(trace.extra.size());
    for (const auto& [key, value] : trace.extra) {
        out.text(key);
        out.text(value);
    }
    out.scalar<std::uint64_t>(trace.warnings.size());
    for (const std::string& warning : trace.warnings)
        out.text(warning);
    out.scalar<std::uint64_t>(trace.state_colours.size());
    for (const auto& [name, rgb] : trace.state_colours) {
        out.text(name);
        out.scalar(rgb);
    }
    // Last, so that a stream written before lanes kept their stacks still reads.
    for (const Lane& lane : trace.lanes) {
        out.array(lane.steps);
        out.array(lane.frames);
    }
    // Then the messages, absent from streams written before them.
    out.array(trace.messages);
    out.scalar(trace.unmatched_sends);
    out.scalar(trace.unmatched_receives);
}

LaneTrace read_lane_trace(const ByteReader& read, std::uint64_t size)
{
    Decoder in(read, size);
    LaneTrace trace;
    trace.source = in.text();
    trace.format = in.text();
    trace.times = in.array<Time>();
    trace.lanes.resize(in.count(sizeof(Lane), 24));
    for (Lane& lane : trace.lanes) {
        lane.name = in.text();
        lane.changes = in.array<LaneChange>();
        lane.events = in.scalar<std::uint64_t>();
    }
    trace.state_names.resize(in.count(sizeof(std::string), 8));
    for (std::string& name : trace.state_names)
        name = in.text();
    trace.fields.resize(in.count(sizeof(LaneField), 42));
    for (LaneField& field : trace.fields) {
        field.name = in.text();
        field.kind = in.scalar<FieldKind>();
        const bool has_lane = in.scalar<std::uint8_t>() != 0;
        const auto lane = in.scalar<std::uint64_t>();
        if (has_lane)
            field.lane = static_cast<std::size_t>(lane);
        field.owner = in.text();
        const std::vector<Time> times = in.array<Time>();
        const std::vector<double> values = in.array<double>();
        if (times.size() != values.size())
            throw InputError("lane trace: field " + field.name + " has " + std::to_string(times.size()) +
                             " sample times but " + std::to_string(values.size()) + " values");
        field.samples.resize(times.size());
        for (std::size_t i = 0; i < times.size(); ++i)
            field.samples[i] = {times[i], values[i]};
    }
    const bool has_last = in.scalar<std::uint8_t>() != 0;
    const Time last = in.scalar<Time>();
    if (has_last)
        trace.last_event = last;
    trace.extra.resize(in.count(2 * sizeof(std::string), 16));
    for (auto& [key, value] : trace.extra) {
        key = in.text();
        value = in.text();
    }
    trace.warnings.resize(in.count(sizeof(std::string), 8));
    for (std::string& warning : trace.warnings)
        warning = in.text();
    const std::uint64_t colours = in.count(sizeof(std::string), 12);
    for (std::uint64_t i = 0; i < colours; ++i) {
        std::string name = in.text();
        trace.state_colours[std::move(name)] = in.scalar<std::uint32_t>();
    }
    if (!in.at_end())
        for (Lane& lane : trace.lanes) {
            lane.steps = in.array<StackStep>();
            lane.frames = in.array<LaneStateId>();
        }
    if (!in.at_end()) {
        trace.messages = in.array<Message>();
        trace.unmatched_sends = in.scalar<std::uint64_t>();
        trace.unmatched_receives = in.scalar<std::uint64_t>();
    }
    return trace;
}

} // namespace chitra::detail
