// The PES text writer of the trace generators (trace_recorder.hpp).
#include "trace_recorder.hpp"

#include <cerrno>
#include <charconv>
#include <cstring>

namespace chitra::tools {

void PesWriter::put(std::string_view s)
{
    buf_.append(s);
    if (buf_.size() > (1 << 16))
        flush();
}

template <class Int> void PesWriter::number(Int v)
{
    char tmp[24];
    auto r = std::to_chars(tmp, tmp + sizeof tmp, v);
    buf_.append(tmp, r.ptr);
}

bool PesWriter::flush()
{
    bool ok = std::fwrite(buf_.data(), 1, buf_.size(), file_) == buf_.size();
    buf_.clear();
    return ok;
}

PesWriter::~PesWriter()
{
    if (file_ && file_ != stdout)
        std::fclose(file_);
}

bool PesWriter::open()
{
    file_ = stdout;
    if (options_.output.empty())
        return true;
    file_ = std::fopen(options_.output.c_str(), "wb");
    if (!file_) {
        std::fprintf(stderr, "%s: cannot write %s: %s\n", program_.c_str(), options_.output.c_str(),
                     std::strerror(errno));
        return false;
    }
    return true;
}

void PesWriter::header(const PesHeader& h)
{
    divisor_ = options_.ns ? 1 : 1000; // floor keeps times non-decreasing
    put("# chitra-pes 1\n# timebase: ");
    put(options_.ns ? "ns" : "us");
    put("\n# components: ");
    number(std::int64_t(h.components));
    put("\n");
    if (!options_.separator.empty()) {
        put("# separator: ");
        put(options_.separator);
        put("\n");
    }
    if (!h.fields.empty()) {
        put("# fields: ");
        put(h.fields);
        put("\n");
    }
    put("# end: ");
    number(h.end / divisor_);
    put("\n# generator: ");
    put(h.generator);
    put("\n");
    for (const auto& [key, value] : h.more) {
        put("# ");
        put(key);
        put(": ");
        put(value);
        put("\n");
    }
}

void PesWriter::record(std::int64_t t, std::span<const std::uint8_t> states, const char* const* state_names,
                       std::span<const std::uint64_t> fields)
{
    number(t / divisor_);
    for (std::uint8_t s : states) {
        put(" ");
        put(state_names[s]);
    }
    for (std::uint64_t v : fields) {
        put(" ");
        number(v);
    }
    put("\n");
}

bool PesWriter::close()
{
    bool ok = flush();
    ok = (file_ != stdout ? std::fclose(file_) == 0 : std::fflush(file_) == 0) && ok;
    file_ = nullptr;
    if (!ok)
        std::fprintf(stderr, "%s: write error\n", program_.c_str());
    return ok;
}

} // namespace chitra::tools
