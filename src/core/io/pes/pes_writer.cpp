// PES text writer: the exact inverse of the reader (read_pes(write_pes(t)) == t).
#include "chitra/io/io.hpp"
#include "io/file_sink.hpp"
#include "io/import/name_text.hpp"
#include "chitra/lanes/lane_selection.hpp"
#include "lanes/lane_merge.hpp"

#include <charconv>
#include <cstring>
#include <ostream>
#include <vector>

namespace chitra {

namespace {

std::string one_line(std::string_view text)
{
    std::string out(text);
    for (char& c : out)
        if (c == '\n' || c == '\r')
            c = ' ';
    return out;
}

std::string header_text(const Trace& trace)
{
    const TraceHeader& h = trace.header;
    std::string out = "# chitra-pes 1\n";
    out += "# timebase: " + std::string(to_string(h.timebase)) + "\n";
    out += "# components: " + std::to_string(h.components) + "\n";
    if (!h.separator.empty()) {
        // Quoted when trimming would change it (the reader strips one pair of quotes).
        const std::string& s = h.separator;
        bool quote = s.front() == ' ' || s.front() == '\t' || s.back() == ' ' || s.back() == '\t' ||
                     (s.size() >= 2 && s.front() == '"' && s.back() == '"');
        out += "# separator: ";
        if (quote)
            out += '"';
        out += one_line(s);
        if (quote)
            out += '"';
        out += '\n';
    }
    if (!h.fields.empty()) {
        out += "# fields:";
        for (const auto& f : h.fields) {
            if (f.name.empty())
                throw InputError(trace.source + ": cannot write an empty field name as PES text");
            out += " " + detail::encode_name(f.name, h.separator) + ":" + std::string(to_string(f.kind));
        }
        out += "\n";
    }
    if (h.end)
        out += "# end: " + std::to_string(*h.end) + "\n";
    for (const auto& [key, value] : h.extra) {
        std::string k = one_line(key);
        // Keys the reader would treat specially cannot round-trip as extras.
        if (k.empty() || k.find(':') != std::string::npos || k == "timebase" || k == "components" || k == "fields" ||
            k == "separator" || k == "end" ||
            (k.starts_with("chitra-pes") && k.size() > 10 && (k[10] == ' ' || k[10] == '\t')))
            continue;
        out += "# " + k + ": " + one_line(value) + "\n";
    }
    return out;
}

// Each symbol's record text (" comp1 comp2 ..."), checked once.
std::vector<std::string> state_tokens(const Trace& trace)
{
    std::vector<std::string> out;
    if (!trace.symbols)
        return out;
    out.reserve(trace.symbols->size());
    for (const Symbol& s : *trace.symbols) {
        std::string text;
        const auto& comps = s.components;
        const std::string& sep = trace.header.separator;
        if (comps.empty() && trace.header.components == 1) {
            if (s.name.empty())
                throw InputError(trace.source + ": cannot write a state with an empty name as PES text");
            text = " " + detail::encode_name(s.name, sep);
        } else {
            if (comps.size() != trace.header.components)
                throw InputError(trace.source + ": cannot write state " + detail::quote_token(s.name) +
                                 " as PES text: it has " + std::to_string(comps.size()) +
                                 " components, the header says " + std::to_string(trace.header.components));
            for (const auto& c : comps) {
                if (c.empty())
                    throw InputError(trace.source + ": cannot write state " + detail::quote_token(s.name) +
                                     " as PES text: a component is empty");
                text += " " + detail::encode_name(c, sep);
            }
        }
        out.push_back(std::move(text));
    }
    return out;
}

// Formats records into a buffer handed to `sink` in large pieces: each record's time, the
// state text its caller appends, its field values.
template <class Sink> class RecordWriter {
public:
    RecordWriter(const Trace& trace, Sink& sink) : trace_(trace), sink_(sink), buffer_(1 << 16)
    {
        if (trace.fields.size() != trace.header.fields.size())
            throw InputError(trace.source + ": cannot write: " + std::to_string(trace.fields.size()) +
                             " field columns for " + std::to_string(trace.header.fields.size()) + " declared fields");
    }
    void put(const char* p, std::size_t len)
    {
        if (buffer_.size() - used_ < len + 64)
            buffer_.resize(used_ + len + 4096);
        std::memcpy(buffer_.data() + used_, p, len);
        used_ += len;
    }
    void put(const std::string& text) { put(text.data(), text.size()); }
    // Record i, its state text appended by put_state().
    template <class PutState> void record(std::size_t i, PutState&& put_state)
    {
        if (buffer_.size() - used_ < 4096) {
            sink_(buffer_.data(), used_);
            used_ = 0;
        }
        char* b = buffer_.data();
        used_ = static_cast<std::size_t>(std::to_chars(b + used_, b + buffer_.size(), trace_.times[i]).ptr - b);
        put_state();
        for (const auto& column : trace_.fields) {
            if (buffer_.size() - used_ < 64)
                buffer_.resize(used_ + 4096);
            b = buffer_.data();
            b[used_++] = ' ';
            used_ = static_cast<std::size_t>(std::to_chars(b + used_, b + buffer_.size(), column[i]).ptr - b);
        }
        put("\n", 1);
    }
    void finish() { sink_(buffer_.data(), used_); }

private:
    const Trace& trace_;
    Sink& sink_;
    std::vector<char> buffer_;
    std::size_t used_ = 0;
};

template <class Sink> void write_records(const Trace& trace, Sink&& sink)
{
    RecordWriter<Sink> writer(trace, sink);
    const auto tokens = state_tokens(trace);
    for (std::size_t i = 0; i < trace.size(); ++i) {
        const SymbolId id = trace.states[i];
        if (id >= tokens.size())
            throw InputError(trace.source + ": cannot write record " + std::to_string(i) + ": state id " +
                             std::to_string(id) + " is not in the symbol table");
        writer.record(i, [&] { writer.put(tokens[id]); });
    }
    writer.finish();
}

// The records of the chosen lanes, each state written as its lanes' tokens: `shell` is
// their trace without states (to_unnamed_trace), whose records the merge visits in order.
template <class Sink>
void write_lane_records(const LaneTrace& lanes, const std::vector<std::size_t>& chosen, const Trace& shell, Sink&& sink)
{
    std::vector<std::string> tokens(lanes.state_names.size());
    for (std::size_t s = 0; s < tokens.size(); ++s)
        tokens[s] = " " + detail::encode_name(lanes.state_names[s], shell.header.separator);
    RecordWriter<Sink> writer(shell, sink);
    std::vector<LaneStateId> current(chosen.size(), kEmptyLaneState);
    std::size_t i = 0;
    detail::merge_lane_changes(
        lanes, chosen, [&](std::size_t j, LaneStateId state) { current[j] = state; },
        [&](std::uint64_t) {
            writer.record(i++, [&] {
                for (LaneStateId s : current)
                    writer.put(tokens[s]);
            });
        });
    writer.finish();
}

} // namespace

void write_pes(const Trace& trace, std::ostream& out)
{
    out << header_text(trace);
    write_records(trace, [&](const char* p, std::size_t n) { out.write(p, static_cast<std::streamsize>(n)); });
    if (!out)
        throw InputError(trace.source + ": cannot write PES text");
}

void write_pes_file(const Trace& trace, const std::string& path)
{
    detail::FileSink sink(path);
    sink.write(header_text(trace));
    write_records(trace, [&](const char* p, std::size_t n) { sink.write(p, n); });
    sink.commit();
}

void write_lanes_pes(const LaneTrace& lanes, const std::vector<std::size_t>& chosen, std::ostream& out)
{
    const UnnamedTrace shell = to_unnamed_trace(lanes, chosen);
    out << header_text(shell.trace);
    write_lane_records(lanes, chosen, shell.trace,
                       [&](const char* p, std::size_t n) { out.write(p, static_cast<std::streamsize>(n)); });
    if (!out)
        throw InputError(lanes.source + ": cannot write PES text");
}

void write_lanes_pes_file(const LaneTrace& lanes, const std::vector<std::size_t>& chosen, const std::string& path)
{
    const UnnamedTrace shell = to_unnamed_trace(lanes, chosen);
    detail::FileSink sink(path);
    sink.write(header_text(shell.trace));
    write_lane_records(lanes, chosen, shell.trace, [&](const char* p, std::size_t n) { sink.write(p, n); });
    sink.commit();
}

} // namespace chitra
