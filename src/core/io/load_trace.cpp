// Format detection: a file that starts with the binary magic is a .ctrace, anything
// else is parsed as PES text (whose first byte can never be 0x89: it is not UTF-8).
#include "chitra/io/import.hpp"
#include "chitra/io/io.hpp"
#include "io/mapped_file.hpp"
#include "io/trace_readers.hpp"

namespace chitra {

std::string_view to_string(TraceFormat format) { return format == TraceFormat::binary ? "binary" : "pes"; }

Trace load_trace(const std::string& path, TraceFormat& format)
{
    auto file = detail::MappedFile::open(path);
    if (has_binary_magic(file->text())) {
        format = TraceFormat::binary;
        return detail::parse_binary(std::move(file), path);
    }
    format = TraceFormat::pes;
    return detail::parse_pes(file->text(), path);
}

Trace load_trace(const std::string& path) { return load_trace(path, ImportOptions{}); }

} // namespace chitra
