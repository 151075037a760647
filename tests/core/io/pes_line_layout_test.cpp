// A record line of the usual layout (one space between columns, shorter than 32 bytes,
// a state seen before) is read from the bit masks of its blanks; every other line by the
// general reader. Whatever the layout, the trace and any error must be the same.
#include "io/pes_test_util.hpp"
#include "io/import/name_text.hpp"

#include "chitra/io/io.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <random>
#include <string>
#include <vector>

using namespace chitra;

namespace {

constexpr std::size_t kNeverHalves = std::numeric_limits<std::size_t>::max();

struct Record {
    Time time;
    std::vector<std::string> states;
    std::vector<std::string> values;
};

using Outcome = test::PesOutcome;

Outcome read(const std::string& text) { return test::read_pes_outcome(text, kNeverHalves); }

std::string header(std::size_t components, std::size_t fields)
{
    std::string h = "# chitra-pes 1\n# components: " + std::to_string(components) + "\n";
    if (fields > 0) {
        h += "# fields:";
        for (std::size_t f = 0; f < fields; ++f)
            h += " v" + std::to_string(f) + ":gauge";
        h += "\n";
    }
    return h;
}

// Random records: short state names (most lines fit in 32 bytes), some long ones (they
// do not), some percent-encoded; times that sometimes repeat.
std::vector<Record> random_records(std::mt19937_64& rng, std::size_t n, std::size_t components, std::size_t fields)
{
    const std::vector<std::string> pool = {
        "T", "A1", "R2", "eat", "think%20hard", "wait_for_a_rather_long_lock_name", "x", "MPI_Send", "%E2%82%AC"};
    std::vector<Record> records;
    // Times of 1 to 18 digits: a word, two words, and too long for two.
    const Time starts[] = {0, 99'999'000, 1'000'000'000, 999'999'999'999'000, 100'000'000'000'000'000};
    Time t = starts[rng() % 5] + static_cast<Time>(rng() % 1000);
    for (std::size_t i = 0; i < n; ++i) {
        Record r;
        t += static_cast<Time>(rng() % 3 == 0 ? 0 : rng() % 100000);
        r.time = t;
        for (std::size_t c = 0; c < components; ++c)
            r.states.push_back(pool[rng() % (rng() % 4 == 0 ? pool.size() : 3)]);
        for (std::size_t f = 0; f < fields; ++f)
            r.values.push_back(std::to_string(static_cast<int>(rng() % 2000) - 1000) + (rng() % 2 ? ".25" : ""));
        records.push_back(std::move(r));
    }
    return records;
}

std::string plain_line(const Record& r)
{
    std::string line = std::to_string(r.time);
    for (const auto& s : r.states)
        line += " " + s;
    for (const auto& v : r.values)
        line += " " + v;
    return line + "\n";
}

// The same columns with blanks the general reader must take: tabs, runs of spaces,
// leading and trailing blanks, CRLF, comment and blank lines between.
std::string loose_line(const Record& r, std::mt19937_64& rng)
{
    const auto blank = [&] {
        switch (rng() % 4) {
        case 0:
            return std::string("\t");
        case 1:
            return std::string("  ");
        case 2:
            return std::string(" \t ");
        default:
            return std::string(" ");
        }
    };
    std::string line = rng() % 3 == 0 ? blank() : "";
    line += std::to_string(r.time);
    for (const auto& s : r.states)
        line += blank() + s;
    for (const auto& v : r.values)
        line += blank() + v;
    if (rng() % 3 == 0)
        line += blank();
    line += rng() % 2 ? "\r\n" : "\n";
    if (rng() % 5 == 0)
        line += rng() % 2 ? "# a comment\n" : "  \n";
    return line;
}

void expect_same_trace(const Trace& a, const Trace& b)
{
    ASSERT_EQ(b.size(), a.size());
    EXPECT_TRUE(std::equal(a.times.begin(), a.times.end(), b.times.begin()));
    EXPECT_TRUE(std::equal(a.states.begin(), a.states.end(), b.states.begin()));
    ASSERT_EQ(b.symbols->size(), a.symbols->size());
    for (SymbolId s = 0; s < a.symbols->size(); ++s)
        EXPECT_EQ((*b.symbols)[s].components, (*a.symbols)[s].components);
    ASSERT_EQ(b.fields.size(), a.fields.size());
    for (std::size_t f = 0; f < a.fields.size(); ++f)
        EXPECT_TRUE(std::equal(a.fields[f].begin(), a.fields[f].end(), b.fields[f].begin()));
}

TEST(PesLineLayout, EveryLayoutOfTheSameRecordsReadsTheSame)
{
    std::mt19937_64 rng(2026);
    for (int round = 0; round < 60; ++round) {
        const std::size_t components = 1 + rng() % 3, fields = rng() % 3;
        const std::vector<Record> records = random_records(rng, 200 + rng() % 300, components, fields);
        std::string plain = header(components, fields), loose = plain;
        for (const Record& r : records) {
            plain += plain_line(r);
            loose += rng() % 2 ? loose_line(r, rng) : plain_line(r);
        }
        const Outcome a = read(plain), b = read(loose);
        ASSERT_EQ(a.error, "") << "round " << round;
        ASSERT_EQ(b.error, "") << "round " << round;
        ASSERT_EQ(a.trace.size(), records.size());
        for (std::size_t i = 0; i < records.size(); ++i) {
            ASSERT_EQ(a.trace.times[i], records[i].time);
            const Symbol& s = (*a.trace.symbols)[a.trace.states[i]];
            ASSERT_EQ(s.components.size(), components);
            for (std::size_t c = 0; c < components; ++c)
                ASSERT_EQ(s.components[c], detail::decode_name(records[i].states[c]));
            for (std::size_t f = 0; f < fields; ++f)
                ASSERT_EQ(a.trace.fields[f][i], std::stod(records[i].values[f]));
        }
        expect_same_trace(a.trace, b.trace);
    }
}

// A problem on a line of the usual layout is named as the general reader names it.
TEST(PesLineLayout, ProblemsOnShortLinesAreNamedAsOnAnyOther)
{
    const std::string head = "# chitra-pes 1\n# components: 2\n# fields: v:gauge\n10 A B 1\n20 A B 2\n";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"15 A B 3\n", "t.pes:6: decreasing time (15 after 20 on line 5)"},
        {"30 A 3\n", "t.pes:6: expected 4 columns (time, 2 components, 1 field), found 3"},
        {"30 A B 3 4\n", "t.pes:6: expected 4 columns (time, 2 components, 1 field), found 5"},
        {"30 A B x\n", "t.pes:6: bad number 'x' for field 'v' (expected a finite number)"},
        {"30 A B inf\n", "t.pes:6: bad number 'inf' for field 'v' (expected a finite number)"},
        {"3x A B 1\n", "t.pes:6: bad time '3x' (expected an integer)"},
        {"30 A\x01 B 1\n", "t.pes:6: control character '\\x01' in state token 'A\\x01'"},
    };
    for (const auto& [line, error] : cases) {
        // Padding after the line keeps 40 bytes readable past its start, as the fast
        // path asks; the same line last in the text takes the general path.
        const Outcome padded = read(head + line + "40 A B 5\n40 A B 5\n40 A B 5\n");
        const Outcome last = read(head + line);
        EXPECT_EQ(padded.error, error) << line;
        EXPECT_EQ(last.error, error) << line;
    }
}

} // namespace
