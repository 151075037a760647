// The checks run before babeltrace2 opens a trace (ctf_metadata_check.hpp,
// ctf_lttng_index.hpp): the sample traces pass; each kind of damage babeltrace2 2.0
// aborts or spins on is refused with the damaged file named.
#include "io/ctf/ctf_lttng_index.hpp"
#include "io/ctf/ctf_metadata_check.hpp"

#include "chitra/trace/types.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

using namespace chitra;
using namespace chitra::detail;
namespace fs = std::filesystem;

namespace {

const fs::path kSamples = fs::path(CHITRA_SOURCE_DIR) / "sample_traces";

std::string read_file(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_file(const fs::path& p, const std::string& bytes)
{
    std::ofstream(p, std::ios::binary | std::ios::trunc) << bytes;
}

std::string text_error(const std::string& text)
{
    try {
        check_ctf_metadata_text(text, "m");
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

class CtfChecks : public ::testing::Test {
protected:
    void SetUp() override
    {
        dir_ = fs::temp_directory_path() /
               ("chitra-ctf-checks-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(dir_);
        fs::copy(kSamples / "lttng-workers-t4-n10", dir_, fs::copy_options::recursive);
    }
    void TearDown() override { fs::remove_all(dir_); }

    fs::path streams() const { return dir_ / "ust/uid/0/64-bit"; }

    // The index entry `k` (from 0) of channel0_1's index, field `f` (0 offset, 1 packet
    // size, 2 content size, 3 first and 4 last timestamp), set to `value`.
    void set_entry(std::size_t k, std::size_t f, std::uint64_t value)
    {
        const fs::path idx = streams() / "index/channel0_1.idx";
        std::string bytes = read_file(idx);
        const std::size_t at = 16 + k * 72 + f * 8; // LTTng's index 1.1: 72-byte entries
        for (int i = 7; i >= 0; --i, value >>= 8)
            bytes[at + static_cast<std::size_t>(i)] = static_cast<char>(value & 0xFF);
        write_file(idx, bytes);
    }

    std::string index_error() const
    {
        try {
            check_lttng_indexes(streams().string());
        } catch (const InputError& e) {
            return e.what();
        }
        return "";
    }
    std::string metadata_error() const
    {
        try {
            check_ctf_metadata(streams().string());
        } catch (const InputError& e) {
            return e.what();
        }
        return "";
    }

    fs::path dir_;
};

} // namespace

TEST_F(CtfChecks, TheSampleTracesPass)
{
    for (const char* dir :
         {"lttng-workers-t4-n10/ust/uid/0/64-bit", "lttng-workers-cyg-t2-n3/ust/uid/0/64-bit", "kernel-sched-c2"}) {
        EXPECT_NO_THROW(check_ctf_metadata((kSamples / dir).string())) << dir;
        EXPECT_NO_THROW(check_lttng_indexes((kSamples / dir).string())) << dir;
    }
}

TEST_F(CtfChecks, APacketBeyondItsStreamFileIsRefused)
{
    // babeltrace2 2.0: "ds_file_mmap(): Assertion `requested_offset_in_file <
    // ds_file->file->size' failed" when the sizes still add up.
    set_entry(0, 0, 1u << 20);
    const std::string e = index_error();
    EXPECT_EQ(e.rfind((streams() / "index/channel0_1.idx").string() + ": packet 1 at byte 1048576", 0), 0u) << e;
}

TEST_F(CtfChecks, APacketLargerThanItsStreamFileIsRefused)
{
    set_entry(0, 1, 8ull * (1u << 20));
    const std::string e = index_error();
    EXPECT_EQ(e.rfind((streams() / "channel0_1").string() + ": a stream file of 8192 bytes", 0), 0u) << e;
}

TEST_F(CtfChecks, AContentLargerThanItsPacketIsRefused)
{
    set_entry(0, 2, 8ull * 8192 + 8);
    EXPECT_NE(index_error().find("packet 1 has a content of 65544 bits in a packet of 65536 bits"), std::string::npos)
        << index_error();
}

TEST_F(CtfChecks, AnIndexWithoutItsMagicIsRefused)
{
    const fs::path idx = streams() / "index/channel0_1.idx";
    std::string bytes = read_file(idx);
    bytes[0] = 'x';
    write_file(idx, bytes);
    EXPECT_EQ(index_error().rfind(idx.string() + ": not an LTTng packet index", 0), 0u) << index_error();
}

TEST_F(CtfChecks, APacketThatDoesNotStartWithTheMagicIsRefused)
{
    std::string bytes = read_file(streams() / "channel0_1");
    bytes[0] ^= 0x01; // its only packet's first byte
    write_file(streams() / "channel0_1", bytes);
    const std::string e = index_error();
    EXPECT_EQ(e.rfind((streams() / "channel0_1").string() + ": byte 0: packet 1", 0), 0u) << e;
}

TEST_F(CtfChecks, ACutPacketizedMetadataIsRefused)
{
    // babeltrace2 2.0 runs without end on it.
    fs::resize_file(streams() / "metadata", 4333);
    const std::string e = metadata_error();
    EXPECT_EQ(e.rfind((streams() / "metadata").string() + ": byte 4096: metadata packet 2 has", 0), 0u) << e;
    EXPECT_NE(e.find("cut short or damaged"), std::string::npos) << e;
}

TEST_F(CtfChecks, AMetadataPacketWithImpossibleSizesIsRefused)
{
    std::string bytes = read_file(streams() / "metadata");
    bytes[24] = 0x7f; // content size (little-endian bits) above the packet size
    bytes[27] = 0x7f;
    write_file(streams() / "metadata", bytes);
    const std::string e = metadata_error();
    EXPECT_EQ(e.rfind((streams() / "metadata").string() + ": byte 0: metadata packet 1 has a content of", 0), 0u) << e;
}

TEST(CtfMetadataText, ACompleteTextPasses)
{
    EXPECT_EQ(text_error("/* CTF 1.8 */\ntrace { major = 1; s = \"}{\"; c = '}'; };\n// }\n"), "");
}

TEST(CtfMetadataText, IncompleteTextIsRefusedWithItsLine)
{
    EXPECT_EQ(text_error("trace {\n major = 1;\n event {\n a = 1;\n};"),
              "m:1: the `{` opened here is never closed: the metadata is cut short or damaged");
    EXPECT_EQ(text_error("trace { major = 1; };\nevent { name = \"x"),
              "m:2: a quoted text that never ends: the metadata is cut short or damaged");
    EXPECT_EQ(text_error("trace { };\n/* cut"), "m:2: a comment that never ends: the metadata is cut short or damaged");
    EXPECT_EQ(text_error("trace { major = 1; };\nevent { name = x; }"),
              "m:2: the metadata does not end with a complete declaration (`;`): it is cut short or damaged");
    EXPECT_EQ(text_error("trace { a[2 }; };"), "m:1: `}` closes no `{`: the metadata is damaged");
    EXPECT_EQ(text_error(std::string("trace { a = 1;\0 };", 18)),
              "m:1: a zero byte in the metadata text: the file is damaged");
}
