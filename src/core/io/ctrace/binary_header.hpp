// The fixed 64-byte header every `.ctrace` begins with (docs/file-formats.md, "Binary
// trace"): version 1 holds records, symbols and columns; version 2 a trace's lanes.
#pragma once

#include <cstdint>
#include <cstring>

namespace chitra::detail {

inline constexpr char kBinaryMagic[8] = {'\x89', 'C', 'T', 'R', 'A', 'C', 'E', '\n'};
inline constexpr std::uint32_t kBinaryVersion = 1;                    // records, symbols, columns
inline constexpr std::uint32_t kBinaryLanesVersion = 3;               // lanes (binary_lanes.cpp), with messages
inline constexpr std::uint32_t kBinaryLanesVersionBeforeMessages = 2; // still read
inline constexpr std::uint64_t kBinaryHeaderSize = 64;

struct BinaryHeader {
    char magic[8];
    std::uint32_t version;
    std::uint32_t header_size;
    std::uint64_t records;
    std::uint32_t symbols;
    std::uint32_t fields;
    std::uint64_t meta_offset;
    std::uint64_t meta_size;
    std::uint64_t columns_offset;
    std::uint64_t file_size;
};
static_assert(sizeof(BinaryHeader) == kBinaryHeaderSize);

inline std::uint64_t pad8(std::uint64_t n) { return (n + 7) & ~std::uint64_t{7}; }

// A header of `version` with its magic and sizes; counts and offsets are the writer's.
inline BinaryHeader binary_header(std::uint32_t version)
{
    BinaryHeader h{};
    std::memcpy(h.magic, kBinaryMagic, 8);
    h.version = version;
    h.header_size = kBinaryHeaderSize;
    h.meta_offset = kBinaryHeaderSize;
    return h;
}

} // namespace chitra::detail
