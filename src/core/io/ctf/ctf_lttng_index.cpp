#include "io/ctf/ctf_lttng_index.hpp"

#include "chitra/trace/types.hpp"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <vector>

namespace chitra::detail {

namespace {

namespace fs = std::filesystem;

// CTF index 1.x (LTTng): a big-endian header (magic, major, minor, entry length), then
// entries of big-endian 64-bit fields: offset (bytes), packet size and content size
// (bits), first and last timestamp, ...
constexpr std::uint32_t kIndexMagic = 0xC1F1DCC1;
constexpr std::size_t kIndexHeaderBytes = 16;
constexpr std::size_t kEntryMinBytes = 40; // up to the last timestamp
constexpr std::uint32_t kStreamPacketMagic = 0xC1FC1FC1;

std::uint64_t big_endian(const unsigned char* p, int bytes)
{
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i)
        v = (v << 8) | p[i];
    return v;
}

std::string read_file(const fs::path& file)
{
    std::ifstream in(file, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// The first 4 bytes at `offset` of `stream` as a 32-bit number in either byte order
// (the trace's own is in its metadata): {little-endian, big-endian}.
std::optional<std::pair<std::uint32_t, std::uint32_t>> word_at(std::ifstream& stream, std::uint64_t offset)
{
    unsigned char b[4];
    stream.clear();
    stream.seekg(static_cast<std::streamoff>(offset));
    if (!stream.read(reinterpret_cast<char*>(b), 4))
        return std::nullopt;
    const auto be = static_cast<std::uint32_t>(big_endian(b, 4));
    const std::uint32_t le = (be >> 24) | ((be >> 8) & 0xFF00u) | ((be << 8) & 0xFF0000u) | (be << 24);
    return std::make_pair(le, be);
}

void check_index(const fs::path& idx, const fs::path& stream_file, std::uintmax_t stream_size)
{
    const std::string file = idx.string();
    auto fail = [&](const std::string& why) {
        throw InputError(file + ": " + why +
                         ": the index is damaged (without the `index` folder the stream files are read on their own)");
    };
    const std::string text = read_file(idx);
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    if (text.size() < kIndexHeaderBytes || big_endian(bytes, 4) != kIndexMagic)
        fail("not an LTTng packet index (no index magic number)");
    if (big_endian(bytes + 4, 4) != 1)
        fail("index version " + std::to_string(big_endian(bytes + 4, 4)) + ", not 1");
    const std::uint64_t entry = big_endian(bytes + 12, 4);
    if (entry < kEntryMinBytes || (text.size() - kIndexHeaderBytes) % entry != 0)
        fail("entries of " + std::to_string(entry) + " bytes in " + std::to_string(text.size() - kIndexHeaderBytes) +
             " bytes");
    std::ifstream stream(stream_file, std::ios::binary);
    std::optional<bool> little; // the byte order of the stream's packet magic
    std::uint64_t expected_offset = 0;
    for (std::size_t at = kIndexHeaderBytes, k = 1; at < text.size(); at += entry, ++k) {
        const std::uint64_t offset = big_endian(bytes + at, 8);
        const std::uint64_t packet_bits = big_endian(bytes + at + 8, 8);
        const std::uint64_t content_bits = big_endian(bytes + at + 16, 8);
        const std::uint64_t begin = big_endian(bytes + at + 24, 8);
        const std::uint64_t end = big_endian(bytes + at + 32, 8);
        const std::string packet = "packet " + std::to_string(k);
        if (packet_bits == 0 || packet_bits % 8 != 0 || content_bits > packet_bits)
            fail(packet + " has a content of " + std::to_string(content_bits) + " bits in a packet of " +
                 std::to_string(packet_bits) + " bits");
        if (offset != expected_offset)
            fail(packet + " at byte " + std::to_string(offset) +
                 " of its stream file, but the packets before it end at byte " + std::to_string(expected_offset));
        if (packet_bits / 8 > stream_size || offset > stream_size - packet_bits / 8)
            throw InputError(stream_file.string() + ": a stream file of " + std::to_string(stream_size) +
                             " bytes, but its LTTng index (index/" + idx.filename().string() + ") has " + packet +
                             " at bytes " + std::to_string(offset) + "-" + std::to_string(offset + packet_bits / 8) +
                             ": the file is cut short or damaged");
        if (end < begin)
            fail(packet + " ends (" + std::to_string(end) + ") before it begins (" + std::to_string(begin) + ")");
        // LTTng, the one writer of these indexes, starts every packet with the magic.
        if (const auto word = word_at(stream, offset)) {
            if (!little && (word->first == kStreamPacketMagic || word->second == kStreamPacketMagic))
                little = word->first == kStreamPacketMagic;
            if (!little || (*little ? word->first : word->second) != kStreamPacketMagic)
                throw InputError(stream_file.string() + ": byte " + std::to_string(offset) + ": " + packet +
                                 " of the index (index/" + idx.filename().string() +
                                 ") does not start with CTF's packet magic number: the file or its index is damaged");
        }
        expected_offset = offset + packet_bits / 8;
    }
    if (expected_offset != stream_size)
        throw InputError(stream_file.string() + ": a stream file of " + std::to_string(stream_size) +
                         " bytes, but its LTTng index (index/" + idx.filename().string() + ") lists " +
                         std::to_string(expected_offset) + " bytes of packets: the file is cut short or damaged");
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
        if (size_ec) // an index of no stream: babeltrace2 reads only the stream files
            continue;
        check_index(idx, stream, size);
    }
}

} // namespace chitra::detail
