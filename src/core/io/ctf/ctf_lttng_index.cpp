#include "io/ctf/ctf_lttng_index.hpp"

#include "chitra/trace/types.hpp"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <vector>

namespace chitra::detail {

namespace {

namespace fs = std::filesystem;

std::uint64_t big_endian(const unsigned char* p, int bytes)
{
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i)
        v = (v << 8) | p[i];
    return v;
}

// The bytes of all the packets an index lists, or nothing when it is not an LTTng index
// (CTF index 1.x: a big-endian header, magic 0xC1F1DCC1, major, minor, entry length; then
// entries whose second field is the packet size in bits).
std::optional<std::uint64_t> indexed_bytes(const fs::path& index)
{
    std::ifstream in(index, std::ios::binary);
    std::vector<unsigned char> bytes{std::istreambuf_iterator<char>(in), {}};
    if (bytes.size() < 16 || big_endian(bytes.data(), 4) != 0xC1F1DCC1u || big_endian(bytes.data() + 4, 4) != 1)
        return std::nullopt;
    const std::uint64_t entry = big_endian(bytes.data() + 12, 4);
    if (entry < 24 || (bytes.size() - 16) % entry != 0)
        return std::nullopt;
    std::uint64_t total = 0;
    for (std::size_t at = 16; at < bytes.size(); at += entry)
        total += big_endian(bytes.data() + at + 8, 8) / 8;
    return total;
}

} // namespace

void check_lttng_indexes(const std::string& trace_dir)
{
    std::error_code ec;
    for (const fs::directory_entry& e : fs::directory_iterator(fs::path(trace_dir) / "index", ec)) {
        const fs::path idx = e.path();
        if (idx.extension() != ".idx")
            continue;
        const fs::path stream = fs::path(trace_dir) / idx.stem();
        std::error_code size_ec;
        const std::uintmax_t size = fs::file_size(stream, size_ec);
        const std::optional<std::uint64_t> indexed = indexed_bytes(idx);
        if (size_ec || !indexed || *indexed == size)
            continue;
        throw InputError(stream.string() + ": a stream file of " + std::to_string(size) +
                         " bytes, but its LTTng index (index/" + idx.filename().string() + ") lists " +
                         std::to_string(*indexed) + " bytes of packets: the file is cut short or damaged");
    }
}

} // namespace chitra::detail
