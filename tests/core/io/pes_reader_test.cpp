// PES text reader and writer: happy paths, every error path (exact FILE:LINE prefix),
// round trips, and a 10-million-record file.
#include "chitra/io/io.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <unistd.h>

using namespace chitra;

namespace {

std::vector<std::string> names(const Trace& t)
{
    std::vector<std::string> out;
    for (const auto& s : *t.symbols)
        out.push_back(s.name);
    return out;
}

std::vector<Time> times(const Trace& t) { return {t.times.begin(), t.times.end()}; }
std::vector<SymbolId> states(const Trace& t) { return {t.states.begin(), t.states.end()}; }

// The message of the InputError that reading `text` throws ("" if none).
std::string error_of(std::string_view text, const std::string& source = "t.pes")
{
    try {
        read_pes_text(text, source);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

// Asserts the exact "t.pes:LINE: " prefix and that the reason mentions `reason`.
#define EXPECT_PES_ERROR(text, line, reason)                                                                           \
    do {                                                                                                               \
        std::string message = error_of(text);                                                                          \
        std::string prefix = "t.pes:" + std::to_string(line) + ": ";                                                   \
        EXPECT_EQ(message.substr(0, prefix.size()), prefix) << message;                                                \
        EXPECT_NE(message.find(reason), std::string::npos) << message;                                                 \
    } while (0)

struct TempDir {
    std::filesystem::path path;
    TempDir()
    {
        std::string tmpl = (std::filesystem::temp_directory_path() / "chitra-pes-XXXXXX").string();
        path = ::mkdtemp(tmpl.data());
    }
    ~TempDir() { std::filesystem::remove_all(path); }
    std::string file(const std::string& name, std::string_view content) const
    {
        auto p = (path / name).string();
        std::ofstream(p, std::ios::binary) << content;
        return p;
    }
};

} // namespace

// ---- happy paths ---------------------------------------------------------------------

TEST(PesReader, NoHeaderIsTimeStateInMicroseconds)
{
    Trace t = read_pes_text("10 IDLE\n15 SEND\n15 IDLE\n40 SEND\n", "x");
    EXPECT_EQ(t.header.timebase, TimeBase::us);
    EXPECT_EQ(t.header.components, 1u);
    EXPECT_FALSE(t.header.end);
    EXPECT_EQ(times(t), (std::vector<Time>{10, 15, 15, 40}));
    EXPECT_EQ(states(t), (std::vector<SymbolId>{0, 1, 0, 1}));
    EXPECT_EQ(names(t), (std::vector<std::string>{"IDLE", "SEND"}));
    EXPECT_EQ((*t.symbols)[1].components, (std::vector<std::string>{"SEND"}));
    EXPECT_EQ((*t.symbols)[1].kind, SymbolKind::program);
    EXPECT_EQ(t.source, "x");
}

TEST(PesReader, InterfacesExampleWithFieldsAndEnd)
{
    Trace t = read_pes_text("# chitra-pes 1\n# timebase: us\n# components: 2\n"
                            "# fields: flops:counter queue:gauge\n# end: 1760\n"
                            "1550 A2 T 120 3\n1560 E T 180 3\n",
                            "x");
    EXPECT_EQ(t.header.components, 2u);
    ASSERT_EQ(t.header.fields.size(), 2u);
    EXPECT_EQ(t.header.fields[0].name, "flops");
    EXPECT_EQ(t.header.fields[0].kind, FieldKind::counter);
    EXPECT_EQ(t.header.fields[1].name, "queue");
    EXPECT_EQ(t.header.fields[1].kind, FieldKind::gauge);
    EXPECT_EQ(t.header.end, 1760);
    EXPECT_EQ(names(t), (std::vector<std::string>{"A2T", "ET"}));
    EXPECT_EQ((*t.symbols)[0].components, (std::vector<std::string>{"A2", "T"}));
    ASSERT_EQ(t.fields.size(), 2u);
    EXPECT_EQ(std::vector<double>(t.fields[0].begin(), t.fields[0].end()), (std::vector<double>{120, 180}));
    EXPECT_EQ(std::vector<double>(t.fields[1].begin(), t.fields[1].end()), (std::vector<double>{3, 3}));
}

TEST(PesReader, SeparatorJoinsComponentsAndTuplesAreInternedByValue)
{
    // Tabs and repeated spaces between tokens give the same tuple as single spaces.
    Trace t = read_pes_text("# components: 3\n# separator: ,\n"
                            "1 T A1 E\n2 T\tA1  E\n3 T A1 T\n4   T A1 E  \n",
                            "x");
    EXPECT_EQ(states(t), (std::vector<SymbolId>{0, 0, 1, 0}));
    EXPECT_EQ(names(t), (std::vector<std::string>{"T,A1,E", "T,A1,T"}));
}

TEST(PesReader, QuotedSeparatorKeepsSpaces)
{
    Trace t = read_pes_text("# components: 2\n# separator: \" | \"\n1 a b\n", "x");
    EXPECT_EQ(t.header.separator, " | ");
    EXPECT_EQ(names(t), (std::vector<std::string>{"a | b"}));
}

TEST(PesReader, BlankLinesCommentsCrlfAndMissingFinalNewline)
{
    Trace t = read_pes_text("# a free comment\r\n\r\n10 A\r\n   \r\n\t\n20 B\r\n30 A", "x");
    EXPECT_EQ(times(t), (std::vector<Time>{10, 20, 30}));
    EXPECT_EQ(names(t), (std::vector<std::string>{"A", "B"}));
    EXPECT_TRUE(t.header.extra.empty());
}

TEST(PesReader, UnknownHeaderKeysAreKeptInOrder)
{
    Trace t = read_pes_text("# host: node 7\n# timebase: ns\n# run: 3\n1 A\n# note: after\n2 B\n", "x");
    EXPECT_EQ(t.header.timebase, TimeBase::ns);
    ASSERT_EQ(t.header.extra.size(), 3u);
    EXPECT_EQ(t.header.extra[0], (std::pair<std::string, std::string>{"host", "node 7"}));
    EXPECT_EQ(t.header.extra[1], (std::pair<std::string, std::string>{"run", "3"}));
    EXPECT_EQ(t.header.extra[2], (std::pair<std::string, std::string>{"note", "after"}));
}

TEST(PesReader, EndMayFollowTheRecordsAndEqualTheLastTime)
{
    Trace t = read_pes_text("1 A\n5 B\n# end: 5\n", "x");
    EXPECT_EQ(t.header.end, 5);
}

TEST(PesReader, NegativeAndExtremeTimesAndUtf8States)
{
    Trace t =
        read_pes_text("-9223372036854775808 warten\n0 \xc3\xa9t\xc3\xa9\n9223372036854775807 \xe2\x9c\x93\n", "x");
    EXPECT_EQ(times(t), (std::vector<Time>{INT64_MIN, 0, INT64_MAX}));
    EXPECT_EQ(names(t)[1], "\xc3\xa9t\xc3\xa9");
}

TEST(PesReader, EveryTimebaseParses)
{
    for (auto [text, base] : {std::pair{"ns", TimeBase::ns},
                              {"us", TimeBase::us},
                              {"ms", TimeBase::ms},
                              {"s", TimeBase::s},
                              {"cycles", TimeBase::cycles}}) {
        Trace t = read_pes_text(std::string("# timebase: ") + text + "\n1 A\n", "x");
        EXPECT_EQ(t.header.timebase, base) << text;
    }
}

TEST(PesReader, FieldValuesAcceptDecimalsAndExponents)
{
    Trace t = read_pes_text("# fields: x:gauge\n1 A -2.5\n2 A 1e3\n3 A 0.1\n", "x");
    EXPECT_EQ(std::vector<double>(t.fields[0].begin(), t.fields[0].end()), (std::vector<double>{-2.5, 1000, 0.1}));
}

TEST(PesReader, ReadsFromFile)
{
    TempDir dir;
    auto path = dir.file("run.pes", "1 A\n2 B\n");
    Trace t = read_pes_file(path);
    EXPECT_EQ(t.size(), 2u);
    EXPECT_EQ(t.source, path);
    EXPECT_EQ(load_trace(path).size(), 2u);
}

// ---- errors ----------------------------------------------------------------------------

TEST(PesReaderErrors, NonNumericTime)
{
    EXPECT_PES_ERROR("1 A\nabc B\n", 2, "bad time 'abc'");
    EXPECT_PES_ERROR("1 A\n12x B\n", 2, "bad time '12x'");
    EXPECT_PES_ERROR("1.5 A\n", 1, "bad time '1.5'");
    EXPECT_PES_ERROR("+3 A\n", 1, "bad time");
}

TEST(PesReaderErrors, OverflowingTime) { EXPECT_PES_ERROR("\n9223372036854775808 A\n", 2, "out of range"); }

TEST(PesReaderErrors, DecreasingTime)
{
    EXPECT_PES_ERROR("# components: 1\n10 A\n\n9 B\n", 4, "decreasing time (9 after 10 on line 2)");
}

TEST(PesReaderErrors, TooFewAndTooManyColumns)
{
    EXPECT_PES_ERROR("# components: 2\n1 A B\n2 A\n", 3, "expected 3 columns (time, 2 components), found 2");
    EXPECT_PES_ERROR("1 A\n2 A B\n", 2, "expected 2 columns (time, 1 component), found 3");
    EXPECT_PES_ERROR("# fields: q:gauge\n1 A 3\n2 A\n", 3, "expected 3 columns (time, 1 component, 1 field), found 2");
    EXPECT_PES_ERROR("1 A\n2\n", 2, "found 1");
}

TEST(PesReaderErrors, BadFieldNumber)
{
    EXPECT_PES_ERROR("# fields: q:gauge\n1 A 3\n2 A x3\n", 3, "bad number 'x3' for field 'q'");
    EXPECT_PES_ERROR("# fields: q:gauge\n1 A nan\n", 2, "bad number 'nan'");
    EXPECT_PES_ERROR("# fields: q:gauge\n1 A 1e999\n", 2, "bad number '1e999'");
}

TEST(PesReaderErrors, HeaderProblems)
{
    EXPECT_PES_ERROR("# fields: q:gauge r:meter\n1 A 1 2\n", 1, "unknown field kind 'meter' for field 'r'");
    EXPECT_PES_ERROR("# fields: q\n", 1, "bad field declaration 'q'");
    EXPECT_PES_ERROR("# fields: q:gauge q:counter\n", 1, "duplicate field 'q'");
    EXPECT_PES_ERROR("\n# timebase: fortnights\n", 2, "bad timebase 'fortnights'");
    EXPECT_PES_ERROR("# components: -2\n", 1, "bad components count '-2'");
    EXPECT_PES_ERROR("# components: 0\n", 1, "bad components count '0'");
    EXPECT_PES_ERROR("# components: two\n", 1, "bad components count 'two'");
    EXPECT_PES_ERROR("# end: soon\n", 1, "bad end time 'soon'");
    EXPECT_PES_ERROR("# timebase: us\n# timebase: ns\n", 2, "duplicate header key 'timebase'");
    EXPECT_PES_ERROR("# chitra-pes 2\n", 1, "unsupported chitra-pes version '2'");
    EXPECT_PES_ERROR("# timebase us\n1 A\n", 1, "needs a colon");
    EXPECT_PES_ERROR("1 A\n# components: 2\n", 2, "must come before the first record");
}

TEST(PesReaderErrors, EndBeforeLastRecord)
{
    EXPECT_PES_ERROR("# end: 15\n10 A\n20 B\n", 1, "end time 15 is before the last record's time 20 (line 3)");
}

TEST(PesReaderErrors, InvalidUtf8AndControlCharactersInStates)
{
    EXPECT_PES_ERROR("1 A\n2 B\xff\n", 2, "invalid UTF-8 in state token 'B\\xff'");
    EXPECT_PES_ERROR("1 \xc0\xaf\n", 1, "invalid UTF-8");     // overlong '/'
    EXPECT_PES_ERROR("1 \xed\xa0\x80\n", 1, "invalid UTF-8"); // surrogate
    EXPECT_PES_ERROR("1 \xe2\x9c\n", 1, "invalid UTF-8");     // cut short
    EXPECT_PES_ERROR("1 A\x01"
                     "B\n",
                     1, "control character '\\x01'");
    EXPECT_PES_ERROR("1 A\rB\n", 1, "control character '\\x0d'");
    EXPECT_PES_ERROR("# host: \xfe\n", 1, "invalid UTF-8 in header line");
}

TEST(PesReaderErrors, NulAndBinaryGarbage)
{
    using namespace std::string_literals;
    EXPECT_PES_ERROR("1 A\n2 B\0C\n"s, 2, "NUL byte (binary data?)");
    EXPECT_PES_ERROR("1 A\n\0\0\0\0\n"s, 2, "NUL byte");
    EXPECT_PES_ERROR("1 A\n2 B\n\x7f"
                     "ELF\x02\x01\x01\0\0\0"s,
                     3, "NUL byte");
    EXPECT_PES_ERROR("\x89PNG\r\n\x1a\n"s, 1, "bad time");
}

TEST(PesReaderErrors, SameNameFromDifferentTuplesNeedsASeparator)
{
    EXPECT_PES_ERROR("# components: 2\n1 A BC\n2 AB C\n", 3, "have the same name 'ABC'");
}

TEST(PesReaderErrors, TruncatedLastLine)
{
    // The writer died in the middle of "30 A2 T": the incomplete line is reported.
    EXPECT_PES_ERROR("# components: 2\n10 A1 T\n20 E T\n30 A2", 4, "expected 3 columns");
    EXPECT_PES_ERROR("# components: 2\n10 A1 T\n20 E T\n30", 4, "found 1");
}

TEST(PesReaderErrors, EmptyHeaderOnlyAndUnreadableFiles)
{
    // No records is an empty trace, not an error (docs/file-formats.md, "Empty files").
    EXPECT_EQ(read_pes_text("", "t.pes").size(), 0u);
    Trace header_only = read_pes_text("# timebase: ms\n# end: 50\n\n", "t.pes");
    EXPECT_EQ(header_only.size(), 0u);
    EXPECT_EQ(header_only.header.timebase, TimeBase::ms);
    ASSERT_NE(header_only.symbols, nullptr);
    EXPECT_EQ(header_only.symbols->size(), 0u);
    TempDir dir;
    std::string missing = (dir.path / "missing.pes").string();
    try {
        read_pes_file(missing);
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()), missing + ": cannot open: No such file or directory");
    }
    try {
        read_pes_file(dir.path.string());
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()), dir.path.string() + ": cannot open: Is a directory");
    }
    auto empty = dir.file("empty.pes", "");
    EXPECT_EQ(load_trace(empty).size(), 0u);
}

// Random byte mutations of a valid file: the reader either accepts or throws
// InputError with the "t.pes:" prefix; it never crashes or throws anything else.
TEST(PesReaderErrors, RandomMutationsOnlyEverThrowInputError)
{
    const std::string base = "# components: 2\n# fields: q:gauge\n# end: 99\n1 A B 1.5\n2 C D 2\n3 A B 3\n";
    std::mt19937 rng(12345);
    int accepted = 0;
    for (int round = 0; round < 3000; ++round) {
        std::string text = base;
        int edits = 1 + static_cast<int>(rng() % 4);
        for (int e = 0; e < edits; ++e) {
            std::size_t at = rng() % text.size();
            switch (rng() % 3) {
            case 0:
                text[at] = static_cast<char>(rng() % 256);
                break;
            case 1:
                text.erase(at, 1 + rng() % 3);
                break;
            default:
                text.insert(at, 1, static_cast<char>(rng() % 256));
                break;
            }
            if (text.empty())
                text = "x";
        }
        try {
            Trace t = read_pes_text(text, "t.pes");
            ++accepted;
            ASSERT_EQ(t.states.size(), t.size());
            for (SymbolId s : t.states)
                ASSERT_LT(s, t.symbols->size());
        } catch (const InputError& e) {
            ASSERT_EQ(std::string(e.what()).substr(0, 6), "t.pes:") << e.what();
        }
    }
    EXPECT_GT(accepted, 0);
}

// ---- writer ----------------------------------------------------------------------------

TEST(PesWriter, RoundTripKeepsEverything)
{
    // "# chitra-pes: x" is not the magic line (colon) but an extra key; found by the fuzzer.
    const std::string text = "# timebase: ms\n# components: 2\n# separator: \" / \"\n"
                             "# fields: flops:counter queue:gauge\n# end: 100\n# host: node 7\n"
                             "# chitra-pes: x\n"
                             "1 A2 T 0.1 3\n1 E T 1e+300 -4\n50 \xc3\xa9 R1 -0 0.30000000000000004\n";
    Trace a = read_pes_text(text, "a");
    std::ostringstream out;
    write_pes(a, out);
    Trace b = read_pes_text(out.str(), "b");
    EXPECT_EQ(b.header.timebase, TimeBase::ms);
    EXPECT_EQ(b.header.components, 2u);
    EXPECT_EQ(b.header.separator, " / ");
    EXPECT_EQ(b.header.end, 100);
    EXPECT_EQ(b.header.extra, a.header.extra);
    ASSERT_EQ(b.header.fields.size(), 2u);
    EXPECT_EQ(b.header.fields[0].kind, FieldKind::counter);
    EXPECT_EQ(times(a), times(b));
    EXPECT_EQ(states(a), states(b));
    EXPECT_EQ(names(a), names(b));
    for (std::size_t f = 0; f < 2; ++f)
        for (std::size_t i = 0; i < a.size(); ++i)
            EXPECT_EQ(a.fields[f][i], b.fields[f][i]); // shortest round-trip formatting
    EXPECT_EQ((*b.symbols)[2].components, (std::vector<std::string>{"\xc3\xa9", "R1"}));
}

TEST(PesWriter, WritesTheDocumentedLayout)
{
    Trace a = read_pes_text("10 IDLE\n25 SEND\n", "a");
    std::ostringstream out;
    write_pes(a, out);
    EXPECT_EQ(out.str(), "# chitra-pes 1\n# timebase: us\n# components: 1\n10 IDLE\n25 SEND\n");
}

TEST(PesWriter, RandomTracesRoundTripThroughAFile)
{
    TempDir dir;
    std::mt19937_64 rng(7);
    for (int round = 0; round < 20; ++round) {
        std::size_t comps = 1 + rng() % 3;
        std::ostringstream text;
        text << "# components: " << comps << "\n# separator: .\n# fields: g:gauge\n";
        Time t = static_cast<Time>(rng() % 1000) - 500;
        std::size_t n = 1 + rng() % 500;
        for (std::size_t i = 0; i < n; ++i) {
            t += static_cast<Time>(rng() % 5);
            text << t;
            for (std::size_t c = 0; c < comps; ++c)
                text << " S" << rng() % 4;
            text << ' ' << static_cast<double>(rng() % 100000) / 7.0 << '\n';
        }
        Trace a = read_pes_text(text.str(), "a");
        auto path = (dir.path / "r.pes").string();
        write_pes_file(a, path);
        Trace b = read_pes_file(path);
        ASSERT_EQ(times(a), times(b));
        ASSERT_EQ(states(a), states(b));
        ASSERT_EQ(names(a), names(b));
        ASSERT_TRUE(std::equal(a.fields[0].begin(), a.fields[0].end(), b.fields[0].begin()));
    }
}

// interfaces.md: names from other programs may hold spaces; they are written %XX and read
// back as they were. Only an empty name cannot be written.
TEST(PesWriter, EncodesStatesThatAreNotTokensAndRefusesEmptyOnes)
{
    Trace t;
    auto table = std::make_shared<SymbolTable>();
    table->add({.name = "two words", .components = {"two words"}});
    t.symbols = table;
    t.times = Column<Time>(std::vector<Time>{1});
    t.states = Column<SymbolId>(std::vector<SymbolId>{0});
    std::ostringstream out;
    write_pes(t, out);
    EXPECT_NE(out.str().find("\n1 two%20words\n"), std::string::npos) << out.str();
    Trace back = read_pes_text(out.str(), "back.pes");
    EXPECT_EQ((*back.symbols)[back.states[0]].name, "two words");

    auto empty = std::make_shared<SymbolTable>();
    empty->add({.name = "", .components = {""}});
    t.symbols = empty;
    EXPECT_THROW(write_pes(t, out), InputError);
}

// A %XX in a name may stand for a byte that is not UTF-8 ("%ec"); written back, that byte
// stays encoded while real UTF-8 ("é") is written as it is, so the output reads back.
TEST(PesWriter, KeepsBytesThatAreNotUtf8Encoded)
{
    const Trace a = read_pes_text("10 neg%ecok%20caf\xc3\xa9\n", "a.pes");
    EXPECT_EQ((*a.symbols)[a.states[0]].name, "neg\xecok caf\xc3\xa9");
    std::ostringstream out;
    write_pes(a, out);
    EXPECT_NE(out.str().find("\n10 neg%ECok%20caf\xc3\xa9\n"), std::string::npos) << out.str();
    const Trace b = read_pes_text(out.str(), "b.pes");
    EXPECT_EQ((*b.symbols)[b.states[0]].name, (*a.symbols)[a.states[0]].name);
}

// ---- scale -------------------------------------------------------------------------------

TEST(PesReaderScale, TenMillionRecordsFromAFile)
{
    TempDir dir;
    const std::string path = (dir.path / "big.pes").string();
    const std::size_t n = 10'000'000;
    {
        // Two components; times advance by 1..3; 4 x 4 states all appear early.
        std::FILE* f = std::fopen(path.c_str(), "wb");
        ASSERT_NE(f, nullptr);
        std::fputs("# components: 2\n# timebase: ns\n", f);
        std::string buffer;
        Time t = 1000;
        for (std::size_t i = 0; i < n; ++i) {
            buffer += std::to_string(t);
            buffer += " P";
            buffer += static_cast<char>('0' + i % 4);
            buffer += " Q";
            buffer += static_cast<char>('0' + (i / 4) % 4);
            buffer += '\n';
            t += 1 + static_cast<Time>(i % 3);
            if (buffer.size() > (1 << 20)) {
                std::fwrite(buffer.data(), 1, buffer.size(), f);
                buffer.clear();
            }
        }
        std::fwrite(buffer.data(), 1, buffer.size(), f);
        std::fclose(f);
    }
    Trace trace = read_pes_file(path);
    ASSERT_EQ(trace.size(), n);
    EXPECT_EQ(trace.symbols->size(), 16u);
    EXPECT_EQ(trace.times[0], 1000);
    // Closed form: 3333333 full cycles of steps 1+2+3 = 6.
    EXPECT_EQ(trace.times[n - 1], 1000 + 3333333 * 6);
    EXPECT_EQ((*trace.symbols)[trace.states[n - 1]].name,
              std::string("P") + char('0' + (n - 1) % 4) + "Q" + char('0' + ((n - 1) / 4) % 4));
    EXPECT_EQ((*trace.symbols)[5].name, "P1Q1"); // record 5 introduces the 6th distinct state
}

TEST(PesReader, TimesOfEveryLengthReadExactly)
{
    // Times of 1 to 19 digits (plain digits up to 18 take a fast path), leading zeros,
    // and the 64-bit limits; then a digit too many, and digits run into letters.
    std::mt19937_64 rng(31);
    std::string text = "# components: 1\n";
    std::vector<Time> expected;
    Time t = 0;
    for (int digits = 1; digits <= 19; ++digits) {
        for (int k = 0; k < 20; ++k) {
            std::string s;
            for (int d = 0; d < digits; ++d)
                s += static_cast<char>('0' + (d == 0 && digits == 19 ? rng() % 9 : rng() % 10));
            const Time v = std::stoll(s);
            if (v < t)
                continue;
            t = v;
            text += (k % 3 == 0 ? "00" : "") + s + (k % 2 ? "\tA\n" : " A\n");
            expected.push_back(v);
        }
    }
    text += "9223372036854775807 A\n";
    expected.push_back(std::numeric_limits<Time>::max());
    const Trace trace = read_pes_text(text, "t.pes");
    EXPECT_EQ(times(trace), expected);
    EXPECT_NE(error_of("# components: 1\n9223372036854775808 A\n").find("out of range"), std::string::npos);
    EXPECT_NE(error_of("# components: 1\n12345678901234567890123 A\n").find("out of range"), std::string::npos);
    EXPECT_NE(error_of("# components: 1\n123456789012x A\n").find("bad time '123456789012x'"), std::string::npos);
    EXPECT_NE(error_of("# components: 1\n1234567890123456789x A\n").find("bad time"), std::string::npos);
    EXPECT_EQ(times(read_pes_text("# components: 1\n-12345678901 A\n-5 B\n", "t.pes")),
              (std::vector<Time>{-12345678901, -5}));
}
