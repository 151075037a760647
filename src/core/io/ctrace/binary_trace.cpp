// Binary trace format `.ctrace` (docs/file-formats.md, "Binary trace"): a fixed
// 64-byte header, a metadata block (header keys and symbol table), then 8-byte-aligned
// columns that a reader maps straight into Column views. Everything that could make a
// later access go out of bounds is checked before the Trace is handed out.
#include "chitra/io/io.hpp"
#include "chitra/lanes/lane_selection.hpp"
#include "io/ctrace/binary_header.hpp"
#include "io/file_sink.hpp"
#include "io/mapped_file.hpp"
#include "io/import/name_text.hpp"
#include "io/trace_readers.hpp"
#include "chitra/util/two_halves.hpp"

#include <bit>
#include <cstring>
#include <limits>
#include <numeric>

namespace chitra {

static_assert(std::endian::native == std::endian::little,
              "the .ctrace format is little-endian; a big-endian port needs byte swapping");

namespace {

using detail::pad8;
using FixedHeader = detail::BinaryHeader;
constexpr const char (&kMagic)[8] = detail::kBinaryMagic;
constexpr std::uint32_t kVersion = detail::kBinaryVersion;
constexpr std::uint64_t kHeaderSize = detail::kBinaryHeaderSize;
// From this many records the checks of every record run on two threads.
constexpr std::size_t kThreadedValidation = std::size_t{1} << 22;

// ---- writing ------------------------------------------------------------------------

void put_u8(std::string& out, std::uint8_t v) { out.push_back(static_cast<char>(v)); }
void put_u16(std::string& out, std::uint16_t v) { out.append(reinterpret_cast<const char*>(&v), 2); }
void put_u32(std::string& out, std::uint32_t v) { out.append(reinterpret_cast<const char*>(&v), 4); }
void put_i64(std::string& out, std::int64_t v) { out.append(reinterpret_cast<const char*>(&v), 8); }
void put_str(std::string& out, std::string_view s)
{
    if (s.size() > std::numeric_limits<std::uint32_t>::max())
        throw InputError("string too long for a binary trace");
    put_u32(out, static_cast<std::uint32_t>(s.size()));
    out.append(s);
}

std::string metadata(const Trace& trace)
{
    const TraceHeader& h = trace.header;
    std::string out;
    put_u8(out, static_cast<std::uint8_t>(h.timebase));
    put_u8(out, h.end ? 1 : 0);
    put_u16(out, 0);
    put_u32(out, static_cast<std::uint32_t>(h.components));
    put_i64(out, h.end.value_or(0));
    put_str(out, h.separator);
    for (const auto& f : h.fields) {
        put_str(out, f.name);
        put_u8(out, static_cast<std::uint8_t>(f.kind));
    }
    put_u32(out, static_cast<std::uint32_t>(h.extra.size()));
    for (const auto& [k, v] : h.extra) {
        put_str(out, k);
        put_str(out, v);
    }
    for (const Symbol& s : *trace.symbols) {
        put_str(out, s.name);
        if (s.components.size() != h.components)
            throw InputError(trace.source + ": cannot write state " + detail::quote_token(s.name) +
                             " to a binary trace: it has " + std::to_string(s.components.size()) +
                             " components, the header says " + std::to_string(h.components));
        for (const auto& c : s.components)
            put_str(out, c);
    }
    return out;
}

// ---- reading ------------------------------------------------------------------------

class BinaryReader {
public:
    BinaryReader(std::shared_ptr<const detail::MappedFile> file, const std::string& source)
        : file_(std::move(file)), source_(source)
    {
    }

    Trace read()
    {
        const std::uint64_t size = file_->size();
        if (size < kHeaderSize)
            corrupt("truncated (" + std::to_string(size) + " bytes, shorter than the 64-byte header)");
        FixedHeader fh;
        std::memcpy(&fh, file_->data(), sizeof fh);
        if (std::memcmp(fh.magic, kMagic, 8) != 0)
            throw InputError(source_ + ": not a Chitra binary trace (bad magic bytes)");
        if (fh.version != kVersion)
            throw InputError(source_ + ": unsupported binary trace version " + std::to_string(fh.version) +
                             " (this reader knows versions 1, 2 and 3)");
        if (fh.header_size != kHeaderSize || fh.meta_offset != kHeaderSize)
            corrupt("bad header size");
        if (fh.file_size != size)
            corrupt("truncated or extended (" + std::to_string(size) + " bytes, the header says " +
                    std::to_string(fh.file_size) + ")");
        if (fh.meta_size > size - kHeaderSize)
            corrupt("metadata runs past the end of the file");
        if (fh.columns_offset % 8 != 0 || fh.columns_offset < kHeaderSize + fh.meta_size || fh.columns_offset > size)
            corrupt("bad column offset");
        // Sizes: checked by division first so that no product can overflow.
        const std::uint64_t n = fh.records;
        const std::uint64_t room = size - fh.columns_offset;
        const std::uint64_t per_record = 8 + 4 + 8 * std::uint64_t{fh.fields};
        if (n > room / per_record)
            corrupt("truncated: " + std::to_string(n) + " records do not fit in the file");
        const std::uint64_t times_at = fh.columns_offset;
        const std::uint64_t states_at = times_at + 8 * n;
        const std::uint64_t fields_at = states_at + pad8(4 * n);
        if (fields_at + 8 * n * fh.fields != size)
            corrupt("column sizes do not match the file size");

        Trace trace;
        trace.source = source_;
        read_metadata(fh, trace);

        const char* base = file_->data();
        std::span<const Time> times(reinterpret_cast<const Time*>(base + times_at), n);
        std::span<const SymbolId> states(reinterpret_cast<const SymbolId*>(base + states_at), n);
        // With a declared end, the times come from a private mapping of their own with the
        // end written after the last one (over the first state ids, in that mapping only):
        // the trace's SES views them instead of copying 8 bytes a record.
        std::shared_ptr<const void> times_owner = file_;
        if (trace.header.end) {
            if (auto region = file_->map_private(times_at, 8 * n + 8)) {
                std::memcpy(region->data() + 8 * n, &*trace.header.end, 8);
                times = {reinterpret_cast<const Time*>(region->data()), n};
                trace.times_and_end = Column<Time>(region, std::span<const Time>(times.data(), n + 1));
                times_owner = std::move(region);
            }
        }
        validate(times, states, trace);
        trace.times = Column<Time>(times_owner, times);
        trace.states = Column<SymbolId>(file_, states);
        for (std::uint32_t f = 0; f < fh.fields; ++f)
            trace.fields.emplace_back(
                file_, std::span<const double>(reinterpret_cast<const double*>(base + fields_at + 8 * n * f), n));
        return trace;
    }

private:
    [[noreturn]] void corrupt(const std::string& reason) const
    {
        throw InputError(source_ + ": corrupt binary trace: " + reason);
    }

    // Bounded cursor over the metadata block.
    struct Cursor {
        const char* p;
        const char* end;
        const BinaryReader* reader;
        void need(std::uint64_t k) const
        {
            if (static_cast<std::uint64_t>(end - p) < k)
                reader->corrupt("metadata ends early");
        }
        template <class T> T get()
        {
            need(sizeof(T));
            T v;
            std::memcpy(&v, p, sizeof(T));
            p += sizeof(T);
            return v;
        }
        std::string str()
        {
            auto len = get<std::uint32_t>();
            need(len);
            std::string s(p, len);
            p += len;
            return s;
        }
    };

    void read_metadata(const FixedHeader& fh, Trace& trace)
    {
        Cursor c{file_->data() + fh.meta_offset, file_->data() + fh.meta_offset + fh.meta_size, this};
        TraceHeader& h = trace.header;
        auto base = c.get<std::uint8_t>();
        if (base > static_cast<std::uint8_t>(TimeBase::cycles))
            corrupt("bad time base code " + std::to_string(base));
        h.timebase = static_cast<TimeBase>(base);
        auto has_end = c.get<std::uint8_t>();
        c.get<std::uint16_t>();
        auto components = c.get<std::uint32_t>();
        if (components < 1 || components > 65536)
            corrupt("bad component count " + std::to_string(components));
        h.components = components;
        auto end = c.get<std::int64_t>();
        if (has_end > 1)
            corrupt("bad end flag");
        if (has_end)
            h.end = end;
        h.separator = c.str();
        for (std::uint32_t f = 0; f < fh.fields; ++f) {
            FieldInfo info;
            info.name = c.str();
            auto kind = c.get<std::uint8_t>();
            if (kind > 1)
                corrupt("bad field kind code " + std::to_string(kind));
            info.kind = static_cast<FieldKind>(kind);
            h.fields.push_back(std::move(info));
        }
        auto extras = c.get<std::uint32_t>();
        for (std::uint32_t i = 0; i < extras; ++i) {
            c.need(8); // two lengths at least: bounds the loop by the block size
            auto k = c.str();
            auto v = c.str();
            h.extra.emplace_back(std::move(k), std::move(v));
        }
        auto table = std::make_shared<SymbolTable>();
        for (std::uint32_t s = 0; s < fh.symbols; ++s) {
            c.need(4 + 4 * std::uint64_t{components});
            Symbol symbol;
            symbol.name = c.str();
            symbol.components.reserve(components);
            for (std::uint32_t k = 0; k < components; ++k)
                symbol.components.push_back(c.str());
            if (table->find(symbol.name) != kNoSymbol)
                corrupt("duplicate symbol name " + detail::quote_token(symbol.name));
            table->add(std::move(symbol));
        }
        if (c.p != c.end)
            corrupt("metadata has " + std::to_string(c.end - c.p) + " unexpected trailing bytes");
        trace.symbols = std::move(table);
    }

    void validate(std::span<const Time> times, std::span<const SymbolId> states, const Trace& trace) const
    {
        // Branch-free reductions (vectorised) first, over two halves on two threads when
        // the trace is large; locate the culprit only on failure.
        const std::size_t n = times.size();
        bool decreasing_in[2] = {false, false};
        SymbolId max_in[2] = {0, 0};
        auto reduce = [&](int half, std::size_t first, std::size_t last) {
            bool decreasing = false;
            for (std::size_t i = std::max<std::size_t>(first, 1); i < last; ++i)
                decreasing |= times[i] < times[i - 1];
            SymbolId max_id = 0;
            for (std::size_t i = first; i < last; ++i)
                max_id = std::max(max_id, states[i]);
            decreasing_in[half] = decreasing;
            max_in[half] = max_id;
        };
        detail::in_halves(n, kThreadedValidation, reduce);
        const bool decreasing = decreasing_in[0] || decreasing_in[1];
        const SymbolId max_id = std::max(max_in[0], max_in[1]);
        const std::size_t count = trace.symbols->size();
        if (decreasing)
            for (std::size_t i = 1; i < n; ++i)
                if (times[i] < times[i - 1])
                    corrupt("time decreases at record " + std::to_string(i) + " (" + std::to_string(times[i]) +
                            " after " + std::to_string(times[i - 1]) + ")");
        if (max_id >= count)
            for (std::size_t i = 0; i < n; ++i)
                if (states[i] >= count)
                    corrupt("state id " + std::to_string(states[i]) + " at record " + std::to_string(i) +
                            " is out of range (" + std::to_string(count) + " symbols)");
        if (trace.header.end && *trace.header.end < times[n - 1])
            corrupt("end time " + std::to_string(*trace.header.end) + " is before the last record's time " +
                    std::to_string(times[n - 1]));
    }

    std::shared_ptr<const detail::MappedFile> file_;
    const std::string& source_;
};

} // namespace

bool has_binary_magic(std::string_view head) { return head.size() >= 8 && std::memcmp(head.data(), kMagic, 8) == 0; }

namespace detail {
Trace parse_binary(std::shared_ptr<const MappedFile> file, const std::string& source)
{
    if (binary_holds_lanes(file->text())) { // every lane it holds, as trace_from_lanes forms them
        auto lanes = std::make_shared<const LaneTrace>(parse_binary_lanes(*file, source));
        std::vector<std::size_t> every(lanes->lanes.size());
        std::iota(every.begin(), every.end(), std::size_t{0});
        Trace trace = to_trace(*lanes, every);
        trace.lanes = std::move(lanes);
        return trace;
    }
    return BinaryReader(std::move(file), source).read();
}
} // namespace detail

Trace read_binary_file(const std::string& path) { return detail::parse_binary(detail::MappedFile::open(path), path); }

void write_binary_file(const Trace& trace, const std::string& path)
{
    const std::uint64_t n = trace.size();
    if (!trace.symbols)
        throw InputError(trace.source + ": cannot write a binary trace without a symbol table");
    if (trace.states.size() != n || trace.fields.size() != trace.header.fields.size())
        throw InputError(trace.source + ": cannot write a binary trace: column sizes differ");
    for (const auto& f : trace.fields)
        if (f.size() != n)
            throw InputError(trace.source + ": cannot write a binary trace: column sizes differ");

    std::string meta = metadata(trace);
    FixedHeader fh{};
    std::memcpy(fh.magic, kMagic, 8);
    fh.version = kVersion;
    fh.header_size = kHeaderSize;
    fh.records = n;
    fh.symbols = static_cast<std::uint32_t>(trace.symbols->size());
    fh.fields = static_cast<std::uint32_t>(trace.fields.size());
    fh.meta_offset = kHeaderSize;
    fh.meta_size = meta.size();
    fh.columns_offset = pad8(kHeaderSize + meta.size());
    fh.file_size = fh.columns_offset + 8 * n + pad8(4 * n) + 8 * n * fh.fields;

    static const char zeros[8] = {};
    detail::FileSink sink(path);
    sink.write(&fh, sizeof fh);
    sink.write(meta);
    sink.write(zeros, fh.columns_offset - kHeaderSize - meta.size());
    sink.write(trace.times.data(), 8 * n);
    sink.write(trace.states.data(), 4 * n);
    sink.write(zeros, pad8(4 * n) - 4 * n);
    for (const auto& f : trace.fields)
        sink.write(f.data(), 8 * n);
    if (sink.written() != fh.file_size)
        throw InputError(path + ": internal error: wrote " + std::to_string(sink.written()) + " bytes, expected " +
                         std::to_string(fh.file_size));
    sink.commit();
}

} // namespace chitra
