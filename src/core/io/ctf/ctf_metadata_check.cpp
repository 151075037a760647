#include "io/ctf/ctf_metadata_check.hpp"

#include "chitra/trace/types.hpp"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

namespace chitra::detail {

namespace {

constexpr std::uint32_t kMetadataPacketMagic = 0x75D11D57;
// magic, uuid[16], checksum, content_size, packet_size (bits), compression, encryption,
// checksum scheme, major, minor (CTF 1.8, section 7.1).
constexpr std::size_t kPacketHeaderBytes = 37;

std::uint32_t u32(std::string_view bytes, std::size_t at, bool little)
{
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) {
        const auto byte = static_cast<unsigned char>(bytes[at + (little ? 3 - i : i)]);
        v = (v << 8) | byte;
    }
    return v;
}

[[noreturn]] void damaged_packet(const std::string& file, std::size_t at, std::size_t packet, const std::string& why)
{
    throw InputError(file + ": byte " + std::to_string(at) + ": metadata packet " + std::to_string(packet + 1) + " " +
                     why + ": the file is cut short or damaged");
}

} // namespace

std::string ctf_metadata_text(std::string_view bytes, const std::string& file)
{
    const bool packetized = bytes.size() >= 4 && (u32(bytes, 0, true) == kMetadataPacketMagic ||
                                                  u32(bytes, 0, false) == kMetadataPacketMagic);
    if (!packetized)
        return std::string(bytes);
    const bool little = u32(bytes, 0, true) == kMetadataPacketMagic;
    std::string text;
    std::size_t at = 0;
    for (std::size_t packet = 0; at < bytes.size(); ++packet) {
        if (bytes.size() - at < kPacketHeaderBytes)
            damaged_packet(file, at, packet,
                           "has " + std::to_string(bytes.size() - at) + " bytes, less than its header");
        if (u32(bytes, at, little) != kMetadataPacketMagic)
            damaged_packet(file, at, packet, "does not start with the metadata packet magic number");
        const std::uint64_t content_bits = u32(bytes, at + 24, little);
        const std::uint64_t packet_bits = u32(bytes, at + 28, little);
        if (content_bits % 8 != 0 || packet_bits % 8 != 0 || content_bits < kPacketHeaderBytes * 8 ||
            content_bits > packet_bits)
            damaged_packet(file, at, packet,
                           "has a content of " + std::to_string(content_bits) + " bits in a packet of " +
                               std::to_string(packet_bits) + " bits");
        const std::string_view tail = bytes.substr(at + 32, 5);
        if (tail[0] != 0 || tail[1] != 0 || tail[2] != 0)
            damaged_packet(file, at, packet, "says it is compressed, encrypted or checksummed");
        if (tail[3] != 1 || tail[4] != 8)
            damaged_packet(file, at, packet,
                           "says CTF " + std::to_string(static_cast<unsigned char>(tail[3])) + "." +
                               std::to_string(static_cast<unsigned char>(tail[4])) + ", not 1.8");
        if (packet_bits / 8 > bytes.size() - at)
            damaged_packet(file, at, packet,
                           "has " + std::to_string(packet_bits / 8) + " bytes but only " +
                               std::to_string(bytes.size() - at) + " are left in the file");
        text.append(bytes.substr(at + kPacketHeaderBytes, content_bits / 8 - kPacketHeaderBytes));
        at += packet_bits / 8;
    }
    return text;
}

void check_ctf_metadata_text(std::string_view text, const std::string& file)
{
    // The open blocks ({, [, () with their lines; comments and literals are skipped.
    std::vector<std::pair<char, std::size_t>> open;
    std::size_t line = 1;
    char last = 0; // the last character outside comments and blanks
    auto fail = [&](std::size_t at_line, const std::string& why) {
        throw InputError(file + ":" + std::to_string(at_line) + ": " + why);
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
            continue;
        }
        if (c == '\0')
            fail(line, "a zero byte in the metadata text: the file is damaged");
        if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
            const std::size_t start = line;
            const std::size_t end = text.find("*/", i + 2);
            if (end == std::string_view::npos)
                fail(start, "a comment that never ends: the metadata is cut short or damaged");
            for (std::size_t k = i; k < end; ++k)
                line += text[k] == '\n';
            i = end + 1;
            continue;
        }
        if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
            while (i + 1 < text.size() && text[i + 1] != '\n')
                ++i;
            continue;
        }
        if (c == '"' || c == '\'') {
            const std::size_t start = line;
            for (++i; i < text.size() && text[i] != c; ++i) {
                if (text[i] == '\\')
                    ++i;
                else if (text[i] == '\n')
                    ++line;
            }
            if (i >= text.size())
                fail(start, "a quoted text that never ends: the metadata is cut short or damaged");
            last = c;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r')
            continue;
        last = c;
        if (c == '{' || c == '[' || c == '(') {
            open.emplace_back(c, line);
        } else if (c == '}' || c == ']' || c == ')') {
            const char opener = c == '}' ? '{' : c == ']' ? '[' : '(';
            if (open.empty() || open.back().first != opener)
                fail(line, std::string("`") + c + "` closes no `" + opener + "`: the metadata is damaged");
            open.pop_back();
        }
    }
    if (!open.empty())
        fail(open.back().second, std::string("the `") + open.back().first +
                                     "` opened here is never closed: the metadata is cut short or damaged");
    if (last != ';')
        fail(line, "the metadata does not end with a complete declaration (`;`): it is cut short or damaged");
}

void check_ctf_metadata(const std::string& trace_dir)
{
    const std::string file = (std::filesystem::path(trace_dir) / "metadata").string();
    std::ifstream in(file, std::ios::binary);
    if (!in)
        throw InputError(file + ": cannot be read");
    const std::string bytes{std::istreambuf_iterator<char>(in), {}};
    check_ctf_metadata_text(ctf_metadata_text(bytes, file), file);
}

} // namespace chitra::detail
