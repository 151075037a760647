// Binary .ctrace: round trip column by column, corruption detection, format detection.
#include "chitra/io/io.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <unistd.h>

using namespace chitra;

namespace {

struct TempDir {
    std::filesystem::path path;
    TempDir()
    {
        std::string tmpl = (std::filesystem::temp_directory_path() / "chitra-bin-XXXXXX").string();
        path = ::mkdtemp(tmpl.data());
    }
    ~TempDir() { std::filesystem::remove_all(path); }
    std::string operator/(const std::string& name) const { return (path / name).string(); }
};

std::string slurp(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

void spit(const std::string& path, const std::string& bytes)
{
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

std::string error_of(const std::string& path)
{
    try {
        read_binary_file(path);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

const char* kSample = "# chitra-pes 1\n# timebase: ns\n# components: 2\n# separator: -\n"
                      "# fields: flops:counter queue:gauge\n# end: 90\n# host: node 7\n"
                      "10 A2 T 120 3\n20 E T 180.5 -3\n20 A2 T 1e-7 0\n40 T R1 0 1\n";

void expect_same(const Trace& a, const Trace& b)
{
    EXPECT_EQ(a.header.timebase, b.header.timebase);
    EXPECT_EQ(a.header.components, b.header.components);
    EXPECT_EQ(a.header.separator, b.header.separator);
    EXPECT_EQ(a.header.end, b.header.end);
    EXPECT_EQ(a.header.extra, b.header.extra);
    ASSERT_EQ(a.header.fields.size(), b.header.fields.size());
    for (std::size_t f = 0; f < a.header.fields.size(); ++f) {
        EXPECT_EQ(a.header.fields[f].name, b.header.fields[f].name);
        EXPECT_EQ(a.header.fields[f].kind, b.header.fields[f].kind);
    }
    ASSERT_EQ(a.size(), b.size());
    EXPECT_TRUE(std::equal(a.times.begin(), a.times.end(), b.times.begin()));
    EXPECT_TRUE(std::equal(a.states.begin(), a.states.end(), b.states.begin()));
    ASSERT_EQ(a.fields.size(), b.fields.size());
    for (std::size_t f = 0; f < a.fields.size(); ++f)
        EXPECT_EQ(std::memcmp(a.fields[f].data(), b.fields[f].data(), 8 * a.size()), 0);
    ASSERT_EQ(a.symbols->size(), b.symbols->size());
    for (std::size_t s = 0; s < a.symbols->size(); ++s) {
        EXPECT_EQ((*a.symbols)[s].name, (*b.symbols)[s].name);
        EXPECT_EQ((*a.symbols)[s].components, (*b.symbols)[s].components);
    }
}

// Offsets in the fixed 64-byte header (docs/file-formats.md).
constexpr std::size_t kVersionAt = 8, kRecordsAt = 16, kColumnsAt = 48;

} // namespace

TEST(BinaryTrace, RoundTripEqualsOriginalColumnByColumn)
{
    TempDir dir;
    Trace a = read_pes_text(kSample, "a.pes");
    write_binary_file(a, dir / "a.ctrace");
    Trace b = read_binary_file(dir / "a.ctrace");
    expect_same(a, b);
    EXPECT_EQ(b.source, dir / "a.ctrace");
    EXPECT_EQ((*b.symbols)[1].name, "E-T");
    // Columns view the mapping; it must outlive the Trace object that made it.
    Column<Time> kept = b.times;
    b = Trace{};
    EXPECT_EQ(kept[3], 40);
}

TEST(BinaryTrace, LayoutIsAlignedAndSizedAsDocumented)
{
    TempDir dir;
    Trace a = read_pes_text(kSample, "a.pes");
    write_binary_file(a, dir / "a.ctrace");
    std::string bytes = slurp(dir / "a.ctrace");
    ASSERT_GE(bytes.size(), 64u);
    EXPECT_EQ(bytes.substr(0, 8), std::string("\x89"
                                              "CTRACE\n"));
    std::uint64_t columns = 0, records = 0;
    std::memcpy(&columns, bytes.data() + kColumnsAt, 8);
    std::memcpy(&records, bytes.data() + kRecordsAt, 8);
    EXPECT_EQ(records, 4u);
    EXPECT_EQ(columns % 8, 0u);
    // 4 times (32) + 4 states (16, already 8-aligned) + 2 fields (64).
    EXPECT_EQ(bytes.size(), columns + 32 + 16 + 64);
    Time third = 0;
    std::memcpy(&third, bytes.data() + columns + 16, 8);
    EXPECT_EQ(third, 20);
}

TEST(BinaryTrace, RandomTracesRoundTrip)
{
    TempDir dir;
    std::mt19937_64 rng(99);
    for (int round = 0; round < 10; ++round) {
        std::string text = "# components: 1\n";
        bool with_field = round % 2;
        if (with_field)
            text += "# fields: x:gauge\n";
        Time t = 0;
        std::size_t n = 1 + rng() % 1001; // odd and even counts exercise the state padding
        for (std::size_t i = 0; i < n; ++i) {
            t += static_cast<Time>(rng() % 100);
            text += std::to_string(t) + " s" + std::to_string(rng() % 50);
            if (with_field)
                text += " " + std::to_string(static_cast<double>(rng() % 1000) / 3.0);
            text += "\n";
        }
        Trace a = read_pes_text(text, "a");
        write_binary_file(a, dir / "r.ctrace");
        Trace b = load_trace(dir / "r.ctrace");
        expect_same(a, b);
    }
}

TEST(BinaryTrace, LoadTraceDetectsTheFormatByMagic)
{
    TempDir dir;
    Trace a = read_pes_text(kSample, "a.pes");
    // Deliberately misleading extensions: content decides.
    write_binary_file(a, dir / "binary.pes");
    std::ofstream(dir / "text.ctrace") << kSample;
    TraceFormat format{};
    Trace b = load_trace(dir / "binary.pes", format);
    EXPECT_EQ(format, TraceFormat::binary);
    expect_same(a, b);
    Trace c = load_trace(dir / "text.ctrace", format);
    EXPECT_EQ(format, TraceFormat::pes);
    expect_same(a, c);
}

TEST(BinaryTraceCorruption, Truncated)
{
    TempDir dir;
    write_binary_file(read_pes_text(kSample, "a"), dir / "a.ctrace");
    std::string bytes = slurp(dir / "a.ctrace");
    for (std::size_t cut :
         {std::size_t{0}, std::size_t{7}, std::size_t{63}, std::size_t{64}, bytes.size() / 2, bytes.size() - 1}) {
        spit(dir / "t.ctrace", bytes.substr(0, cut));
        std::string message = error_of(dir / "t.ctrace");
        EXPECT_EQ(message.rfind(dir / "t.ctrace" + ": ", 0), 0u) << "cut " << cut << ": " << message;
        if (cut >= 8) {
            EXPECT_NE(message.find("corrupt binary trace"), std::string::npos) << message;
        }
    }
}

TEST(BinaryTraceCorruption, WrongMagicAndVersion)
{
    TempDir dir;
    write_binary_file(read_pes_text(kSample, "a"), dir / "a.ctrace");
    std::string bytes = slurp(dir / "a.ctrace");
    std::string bad = bytes;
    bad[1] = 'X';
    spit(dir / "m.ctrace", bad);
    EXPECT_EQ(error_of(dir / "m.ctrace"), dir / "m.ctrace" + ": not a Chitra binary trace (bad magic bytes)");
    bad = bytes;
    std::uint32_t version = 4;
    std::memcpy(bad.data() + kVersionAt, &version, 4);
    spit(dir / "v.ctrace", bad);
    EXPECT_EQ(error_of(dir / "v.ctrace"),
              dir / "v.ctrace" + ": unsupported binary trace version 4 (this reader knows versions 1, 2 and 3)");
}

TEST(BinaryTraceCorruption, SymbolIdOutOfRangeAndDecreasingTime)
{
    TempDir dir;
    write_binary_file(read_pes_text(kSample, "a"), dir / "a.ctrace");
    std::string bytes = slurp(dir / "a.ctrace");
    std::uint64_t columns = 0;
    std::memcpy(&columns, bytes.data() + kColumnsAt, 8);

    std::string bad = bytes;
    std::uint32_t id = 7; // only 3 symbols
    std::memcpy(bad.data() + columns + 32 + 2 * 4, &id, 4);
    spit(dir / "s.ctrace", bad);
    EXPECT_EQ(error_of(dir / "s.ctrace"),
              dir / "s.ctrace" + ": corrupt binary trace: state id 7 at record 2 is out of range (3 symbols)");

    bad = bytes;
    Time t = 5;
    std::memcpy(bad.data() + columns + 8 * 3, &t, 8);
    spit(dir / "d.ctrace", bad);
    EXPECT_EQ(error_of(dir / "d.ctrace"),
              dir / "d.ctrace" + ": corrupt binary trace: time decreases at record 3 (5 after 20)");
}

TEST(BinaryTraceCorruption, HugeRecordCountDoesNotOverflow)
{
    TempDir dir;
    write_binary_file(read_pes_text(kSample, "a"), dir / "a.ctrace");
    std::string bytes = slurp(dir / "a.ctrace");
    std::uint64_t huge = ~std::uint64_t{0} / 4;
    std::memcpy(bytes.data() + kRecordsAt, &huge, 8);
    spit(dir / "h.ctrace", bytes);
    EXPECT_NE(error_of(dir / "h.ctrace").find("corrupt binary trace: truncated"), std::string::npos);
}

// Flipping any single byte anywhere gives either an equal-shaped valid trace or an
// InputError naming the file; never a crash.
TEST(BinaryTraceCorruption, EveryByteFlipIsHandled)
{
    TempDir dir;
    write_binary_file(read_pes_text(kSample, "a"), dir / "a.ctrace");
    const std::string bytes = slurp(dir / "a.ctrace");
    int rejected = 0;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        for (unsigned char x : {0x01, 0xff}) {
            std::string bad = bytes;
            bad[i] = static_cast<char>(bad[i] ^ x);
            spit(dir / "f.ctrace", bad);
            try {
                Trace t = read_binary_file(dir / "f.ctrace");
                for (SymbolId s : t.states)
                    ASSERT_LT(s, t.symbols->size());
                for (std::size_t r = 1; r < t.size(); ++r)
                    ASSERT_LE(t.times[r - 1], t.times[r]);
            } catch (const InputError& e) {
                ++rejected;
                ASSERT_EQ(std::string(e.what()).rfind(dir / "f.ctrace: ", 0), 0u) << e.what();
            }
        }
    }
    EXPECT_GT(rejected, 0);
}
