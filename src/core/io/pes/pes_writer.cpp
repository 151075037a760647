// PES text writer: the exact inverse of the reader (read_pes(write_pes(t)) == t).
#include "chitra/io/io.hpp"
#include "io/file_sink.hpp"
#include "io/import/name_text.hpp"

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

// Formats records into a buffer handed to `sink` in large pieces.
template <class Sink> void write_records(const Trace& trace, Sink&& sink)
{
    if (trace.fields.size() != trace.header.fields.size())
        throw InputError(trace.source + ": cannot write: " + std::to_string(trace.fields.size()) +
                         " field columns for " + std::to_string(trace.header.fields.size()) + " declared fields");
    auto tokens = state_tokens(trace);
    std::vector<char> buffer(1 << 16);
    std::size_t used = 0;
    const std::size_t n = trace.size();
    for (std::size_t i = 0; i < n; ++i) {
        if (buffer.size() - used < 4096) {
            sink(buffer.data(), used);
            used = 0;
        }
        auto put = [&](const char* p, std::size_t len) {
            if (buffer.size() - used < len + 64)
                buffer.resize(used + len + 4096);
            std::memcpy(buffer.data() + used, p, len);
            used += len;
        };
        char* b = buffer.data();
        used = static_cast<std::size_t>(std::to_chars(b + used, b + buffer.size(), trace.times[i]).ptr - b);
        SymbolId id = trace.states[i];
        if (id >= tokens.size())
            throw InputError(trace.source + ": cannot write record " + std::to_string(i) + ": state id " +
                             std::to_string(id) + " is not in the symbol table");
        put(tokens[id].data(), tokens[id].size());
        for (const auto& column : trace.fields) {
            if (buffer.size() - used < 64)
                buffer.resize(used + 4096);
            b = buffer.data();
            b[used++] = ' ';
            used = static_cast<std::size_t>(std::to_chars(b + used, b + buffer.size(), column[i]).ptr - b);
        }
        buffer[used++] = '\n';
    }
    sink(buffer.data(), used);
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

} // namespace chitra
