// `.ctrace` version 3 (docs/file-formats.md, "Binary trace of lanes"): the 64-byte header
// of version 1 with no columns, its metadata block a LaneTrace in the lane codec's form.
// Version 2, the same without messages, still reads.
// What could send a later access out of bounds (a record, state or lane number) is
// checked before the lanes are handed out.
#include "chitra/io/io.hpp"
#include "io/ctrace/binary_header.hpp"
#include "io/file_sink.hpp"
#include "io/import/name_text.hpp"
#include "io/mapped_file.hpp"
#include "io/trace_readers.hpp"
#include "lanes/lane_trace_codec.hpp"

#include <cstring>
#include <fstream>
#include <unordered_set>

namespace chitra {

namespace {

void check_lanes(const LaneTrace& t, const std::string& source)
{
    const auto corrupt = [&](const std::string& reason) {
        throw InputError(source + ": corrupt binary trace: " + reason);
    };
    for (std::size_t i = 1; i < t.times.size(); ++i)
        if (t.times[i] <= t.times[i - 1])
            corrupt("record times do not increase at record " + std::to_string(i));
    // Every time a record or sample is counted from (its origin, the first time) fits.
    const auto span_fits = [&](Time time) {
        Time d;
        return t.times.empty() || !__builtin_sub_overflow(time, t.times.front(), &d);
    };
    if (!t.times.empty() &&
        (!span_fits(t.times.back()) || (t.last_event && (*t.last_event < t.times.back() || !span_fits(*t.last_event)))))
        corrupt("the last event is before the last record, or too far from the first");
    if (t.state_names.empty() || t.state_names[0] != "-")
        corrupt("the lane states do not begin with \"-\"");
    std::unordered_set<std::string_view> names;
    for (const std::string& name : t.state_names)
        if (!names.insert(name).second || (name != "-" && !detail::name_text_problem(name).empty()))
            corrupt("lane state name " + detail::quote_token(name) + " is taken twice or not a name");
    for (std::size_t l = 0; l < t.lanes.size(); ++l) {
        const Lane& lane = t.lanes[l];
        std::uint64_t frames = 0;
        for (std::size_t i = 0; i < lane.steps.size(); ++i) {
            const StackStep& s = lane.steps[i];
            if ((i > 0 && s.time <= lane.steps[i - 1].time) || !span_fits(s.time) ||
                s.entered > lane.frames.size() - frames)
                corrupt("lane " + std::to_string(l + 1) + " has a stack step out of order or range");
            frames += s.entered;
        }
        if (frames != lane.frames.size())
            corrupt("lane " + std::to_string(l + 1) + " has frames no stack step enters");
        for (LaneStateId f : lane.frames)
            if (f >= t.state_names.size())
                corrupt("lane " + std::to_string(l + 1) + " enters a region with no name");
    }
    for (std::size_t l = 0; l < t.lanes.size(); ++l) {
        std::uint64_t next = 0;
        for (const LaneChange& c : t.lanes[l].changes) {
            if (c.record < next || c.record >= t.times.size())
                corrupt("lane " + std::to_string(l + 1) + " changes at a record out of order or range");
            if (c.state >= t.state_names.size())
                corrupt("lane " + std::to_string(l + 1) + " enters a state with no name");
            next = c.record + 1;
        }
    }
    for (std::size_t i = 0; i < t.messages.size(); ++i) {
        const Message& m = t.messages[i];
        if (m.from >= t.lanes.size() || m.to >= t.lanes.size() || !span_fits(m.send) || !span_fits(m.recv) ||
            (i > 0 && sent_before(m, t.messages[i - 1])))
            corrupt("message " + std::to_string(i + 1) + " names a lane out of range or is out of order");
    }
    for (const LaneField& f : t.fields) {
        if (f.lane && *f.lane >= t.lanes.size())
            corrupt("field " + f.name + " belongs to no lane");
        if (f.kind != FieldKind::gauge && f.kind != FieldKind::counter)
            corrupt("field " + f.name + " is neither a gauge nor a counter");
        for (std::size_t i = 0; i < f.samples.size(); ++i)
            if ((i > 0 && f.samples[i].first < f.samples[i - 1].first) || !span_fits(f.samples[i].first))
                corrupt("the samples of field " + f.name + " go back in time or too far");
    }
}

} // namespace

bool binary_holds_lanes(std::string_view head)
{
    detail::BinaryHeader h;
    return has_binary_magic(head) && head.size() >= sizeof h &&
           (std::memcpy(&h, head.data(), sizeof h),
            h.version == detail::kBinaryLanesVersion || h.version == detail::kBinaryLanesVersionBeforeMessages);
}

bool binary_file_holds_lanes(const std::string& path)
{
    char head[sizeof(detail::BinaryHeader)];
    std::ifstream in(path, std::ios::binary);
    return in.read(head, sizeof head) && binary_holds_lanes(std::string_view(head, sizeof head));
}

void write_binary_lanes(const LaneTrace& lanes, const std::string& path)
{
    std::uint64_t size = 0;
    detail::write_lane_trace(lanes, [&](const void*, std::size_t n) { size += n; });
    detail::BinaryHeader h = detail::binary_header(detail::kBinaryLanesVersion);
    h.records = lanes.times.size();
    h.fields = static_cast<std::uint32_t>(lanes.fields.size());
    h.meta_size = size;
    h.columns_offset = detail::pad8(detail::kBinaryHeaderSize + size);
    h.file_size = h.columns_offset;
    static const char zeros[8] = {};
    detail::FileSink sink(path);
    sink.write(&h, sizeof h);
    detail::write_lane_trace(lanes, [&](const void* data, std::size_t n) { sink.write(data, n); });
    sink.write(zeros, h.columns_offset - detail::kBinaryHeaderSize - size);
    if (sink.written() != h.file_size)
        throw InputError(path + ": internal error: wrote " + std::to_string(sink.written()) + " bytes, expected " +
                         std::to_string(h.file_size));
    sink.commit();
}

namespace detail {

LaneTrace parse_binary_lanes(const MappedFile& file, const std::string& source)
{
    const std::uint64_t size = file.size();
    const auto corrupt = [&](const std::string& reason) {
        throw InputError(source + ": corrupt binary trace: " + reason);
    };
    BinaryHeader h;
    if (size < sizeof h)
        corrupt("truncated (" + std::to_string(size) + " bytes, shorter than the 64-byte header)");
    std::memcpy(&h, file.data(), sizeof h);
    if (h.header_size != kBinaryHeaderSize || h.meta_offset != kBinaryHeaderSize)
        corrupt("bad header size");
    if (h.file_size != size || h.meta_size > size - kBinaryHeaderSize || h.columns_offset != size ||
        pad8(kBinaryHeaderSize + h.meta_size) != size)
        corrupt("truncated or extended (" + std::to_string(size) + " bytes, the header says " +
                std::to_string(h.file_size) + ")");
    const char* at = file.data() + kBinaryHeaderSize;
    const char* const end = at + h.meta_size;
    LaneTrace lanes;
    try {
        lanes = read_lane_trace(
            [&](void* data, std::size_t n) {
                if (n == 0) // an empty vector's data() may be null
                    return;
                std::memcpy(data, at, n);
                at += n;
            },
            h.meta_size);
    } catch (const InputError& e) {
        const std::string what = e.what();
        if (what.starts_with(source + ":"))
            throw;
        corrupt(what);
    }
    if (at != end)
        corrupt("bytes after the lanes in their block");
    if (lanes.times.size() != h.records || lanes.fields.size() != h.fields)
        corrupt("the lanes do not match the header's counts");
    check_lanes(lanes, source);
    lanes.source = source;
    return lanes;
}

} // namespace detail

} // namespace chitra
