// Large PES texts are read in two halves on two threads: the trace, and any error, must
// be exactly those of one pass, wherever the records, symbols, header lines and problems
// fall relative to the seam; a cancelled read stops in either.
#include "io/pes_test_util.hpp"
#include "io/trace_readers.hpp"

#include "chitra/chain/chain.hpp"
#include "chitra/io/io.hpp"
#include "chitra/trace/ses.hpp"
#include "chitra/util/cancel.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <limits>
#include <random>
#include <string>
#include <vector>

using namespace chitra;

namespace {

constexpr std::size_t kAlwaysHalves = 0;
constexpr std::size_t kNeverHalves = std::numeric_limits<std::size_t>::max();

// Where the halves reader splits `text`: after the first line end at or past the middle
// (and past the first record, which these texts have on their first lines).
std::size_t seam_of(const std::string& text) { return text.find('\n', text.size() / 2) + 1; }

using Outcome = test::PesOutcome;

Outcome read(const std::string& text, std::size_t two_halves_from)
{
    return test::read_pes_outcome(text, two_halves_from);
}

void expect_same_as_one_pass(const std::string& text)
{
    const Outcome one = read(text, kNeverHalves);
    const Outcome two = read(text, kAlwaysHalves);
    ASSERT_EQ(two.error, one.error);
    if (!one.error.empty())
        return;
    const Trace& a = one.trace;
    const Trace& b = two.trace;
    EXPECT_EQ(b.header.timebase, a.header.timebase);
    EXPECT_EQ(b.header.components, a.header.components);
    EXPECT_EQ(b.header.end, a.header.end);
    EXPECT_EQ(b.header.separator, a.header.separator);
    EXPECT_EQ(b.header.extra, a.header.extra);
    ASSERT_EQ(b.size(), a.size());
    EXPECT_TRUE(std::equal(a.times.begin(), a.times.end(), b.times.begin()));
    EXPECT_TRUE(std::equal(a.states.begin(), a.states.end(), b.states.begin()));
    ASSERT_EQ(b.symbols->size(), a.symbols->size());
    for (SymbolId s = 0; s < a.symbols->size(); ++s) {
        EXPECT_EQ((*b.symbols)[s].name, (*a.symbols)[s].name);
        EXPECT_EQ((*b.symbols)[s].components, (*a.symbols)[s].components);
    }
    ASSERT_EQ(b.fields.size(), a.fields.size());
    for (std::size_t f = 0; f < a.fields.size(); ++f)
        EXPECT_TRUE(std::equal(a.fields[f].begin(), a.fields[f].end(), b.fields[f].begin()));
}

// Record lines "TTTTTTTT c1 c2 v" with fixed-width times from `t0` by `step`; the state
// names are drawn from a pool that grows as the text goes on, so some states first
// appear after the seam.
std::vector<std::string> record_lines(std::size_t n, std::uint64_t seed, long t0 = 0, long step = 3)
{
    std::mt19937_64 rng(seed);
    std::vector<std::string> lines;
    char buf[64];
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t pool = 3 + i / 50;
        std::snprintf(buf, sizeof buf, "%08ld P%zu s%zu %zu.5", t0 + static_cast<long>(i) * step,
                      static_cast<std::size_t>(rng() % 4), static_cast<std::size_t>(rng() % pool),
                      static_cast<std::size_t>(rng() % 100));
        lines.push_back(buf);
    }
    return lines;
}

std::string join(const std::string& header, const std::vector<std::string>& lines, const std::string& eol = "\n")
{
    std::string text = header;
    for (const auto& l : lines)
        text += l + eol;
    return text;
}

const std::string kHeader = "# chitra-pes 1\n# timebase: us\n# components: 2\n# fields: load:gauge\n";

TEST(PesHalves, RecordsSymbolsAndFieldsAsOnePass)
{
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        std::vector<std::string> lines = record_lines(3000, seed);
        lines.insert(lines.begin() + 700, "# a comment in the first half");
        lines.insert(lines.begin() + 2400, "");
        lines.insert(lines.begin() + 2500, "# note: written after the seam");
        const std::string text = join(kHeader, lines, seed % 2 == 0 ? "\r\n" : "\n");
        expect_same_as_one_pass(text);
        ASSERT_TRUE(detail::parse_pes_in_halves(text, "t.pes")); // joined, not read again whole
        const Trace t = detail::parse_pes(text, "t.pes", kAlwaysHalves);
        EXPECT_EQ(t.size(), 3000u);
        ASSERT_EQ(t.header.extra.size(), 1u);
    }
}

TEST(PesHalves, AnEndDeclaredOnEitherSideOrTwice)
{
    const std::vector<std::string> lines = record_lines(2000, 7);
    std::vector<std::string> early = lines, late = lines, twice = lines;
    early.insert(early.begin() + 100, "# end: 99999999");
    late.insert(late.begin() + 1900, "# end: 99999999");
    twice.insert(twice.begin() + 100, "# end: 99999999");
    twice.insert(twice.begin() + 1900, "# end: 99999999");
    std::vector<std::string> too_soon = lines;
    too_soon.insert(too_soon.begin() + 1900, "# end: 5");
    for (const auto* variant : {&early, &late, &twice, &too_soon}) {
        expect_same_as_one_pass(join(kHeader, *variant));
        expect_same_as_one_pass(join(kHeader + "# end: 99999999\n", *variant));
    }
    for (const auto* joined : {&early, &late})
        EXPECT_EQ(detail::parse_pes_in_halves(join(kHeader, *joined), "t.pes")->header.end, 99999999);
    EXPECT_FALSE(detail::parse_pes_in_halves(join(kHeader, twice), "t.pes"));
    EXPECT_NE(read(join(kHeader, twice), kAlwaysHalves).error.find("duplicate header key 'end'"), std::string::npos);
}

TEST(PesHalves, TimeGoingBackAtTheSeamIsReportedAsOnePassDoes)
{
    std::vector<std::string> lines = record_lines(2000, 8);
    std::string text = join(kHeader, lines);
    const std::size_t seam = seam_of(text);
    text.replace(seam, 8, "00000001"); // the second half's first record, before the first half's last
    const Outcome two = read(text, kAlwaysHalves);
    EXPECT_NE(two.error.find("decreasing time (1 after"), std::string::npos) << two.error;
    EXPECT_FALSE(detail::parse_pes_in_halves(text, "t.pes"));
    expect_same_as_one_pass(text);
}

TEST(PesHalves, ProblemsInTheSecondHalfAreNamedAtTheirLine)
{
    const std::vector<std::string> lines = record_lines(2000, 9);
    for (const std::string& bad : {std::string("# timebase: ns"), std::string("00999999 onlyone 1.5"),
                                   std::string("00999999 P1 s1 nan"), std::string("x P1 s1 1")}) {
        SCOPED_TRACE(bad);
        std::vector<std::string> variant = lines;
        variant.insert(variant.begin() + 1800, bad);
        const std::string text = join(kHeader, variant);
        const Outcome two = read(text, kAlwaysHalves);
        EXPECT_EQ(two.error.rfind("t.pes:1805: ", 0), 0u) << two.error; // 4 header lines and 1800 records before it
        expect_same_as_one_pass(text);
    }
}

TEST(PesHalves, OneNameForTwoStatesAcrossTheSeam)
{
    // With an empty separator "ab c" and "a bc" are both named "abc": one pass refuses the
    // second where it first appears, and so must the halves.
    std::vector<std::string> lines;
    for (int i = 0; i < 2000; ++i)
        lines.push_back(std::to_string(1000 + i) + (i < 1500 ? " ab c" : " a bc"));
    const std::string text = join("# components: 2\n# separator: \"\"\n", lines);
    const Outcome two = read(text, kAlwaysHalves);
    EXPECT_NE(two.error.find("have the same name 'abc'"), std::string::npos) << two.error;
    EXPECT_FALSE(detail::parse_pes_in_halves(text, "t.pes"));
    expect_same_as_one_pass(text);
}

TEST(PesHalves, TextsWithoutASecondHalfOfRecords)
{
    expect_same_as_one_pass("# components: 1\n5 A\n");
    expect_same_as_one_pass("5 A\n6 B\n# only a comment after the seam, long enough to hold the middle\n");
    expect_same_as_one_pass("# just a header\n\n");
    expect_same_as_one_pass("");
}

} // namespace

// A set cancel flag (a Python caller's Ctrl+C) stops a read, in one pass or in halves
// (the tail's thread takes the caller's flag), and a fit; unset, both run to the end.
TEST(PesHalves, ACancelledReadOrFitStops)
{
    std::string text = "# chitra-pes 1\n";
    for (int i = 0; i < 300000; ++i)
        text += std::to_string(i) + (i % 3 ? " A\n" : " B\n");
    CancelFlag cancel{true};
    for (const std::size_t halves : {kNeverHalves, kAlwaysHalves}) {
        const CancelScope scope(&cancel);
        EXPECT_THROW(detail::parse_pes(text, "big.pes", halves), Cancelled) << halves;
    }
    const Trace trace = detail::parse_pes(text, "big.pes", kAlwaysHalves);
    EXPECT_EQ(trace.size(), 300000u);
    const Ses ses = Ses::from_trace(trace);
    {
        const CancelScope scope(&cancel);
        EXPECT_THROW(fit_chain(ses, TimeBase::us), Cancelled);
    }
    EXPECT_EQ(fit_chain(ses, TimeBase::us).elements, ses.size());
}
