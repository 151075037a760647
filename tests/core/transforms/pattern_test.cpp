#include "chitra/transforms/pattern.hpp"
#include "transform_test_util.hpp"

#include <gtest/gtest.h>

#include <random>

using namespace chitra;
using namespace chitra::testing;

namespace {
// The definition, quadratic: at each position compare the pattern; skip past a match.
std::vector<std::size_t> naive(const std::vector<SymbolId>& s, const std::vector<SymbolId>& p)
{
    std::vector<std::size_t> starts;
    std::size_t i = 0;
    while (p.size() > 0 && i + p.size() <= s.size()) {
        if (std::equal(p.begin(), p.end(), s.begin() + static_cast<std::ptrdiff_t>(i))) {
            starts.push_back(i);
            i += p.size();
        } else {
            ++i;
        }
    }
    return starts;
}
} // namespace

TEST(Pattern, OverlappingCandidatesGiveLeftmostNonOverlapping)
{
    Ses ses = make_ses("A A A");
    EXPECT_EQ(find_pattern(ses, std::vector<std::string>{"A", "A"}).starts, (std::vector<std::size_t>{0}));
    Ses abab = make_ses("A B A B A B A");
    EXPECT_EQ(find_pattern(abab, std::vector<std::string>{"A", "B", "A"}).starts, (std::vector<std::size_t>{0, 4}));
    // A failed partial match must not hide a match starting inside it.
    Ses tricky = make_ses("A A B A A A B");
    EXPECT_EQ(find_pattern(tricky, std::vector<std::string>{"A", "A", "B"}).starts, (std::vector<std::size_t>{0, 4}));
}

TEST(Pattern, SharesOfElementsAndTime)
{
    // Matches "A:1 B:3" at 0 and "A:2 B:2" at 3: 4 of 6 elements, 8 of 20 time units.
    Ses ses = make_ses("A:1 B:3 C:10 A:2 B:2 A:2");
    PatternMatches m = find_pattern(ses, std::vector<std::string>{"A", "B"});
    EXPECT_EQ(m.count(), 2u);
    EXPECT_EQ(m.length, 2u);
    EXPECT_DOUBLE_EQ(m.element_share, 4.0 / 6.0);
    EXPECT_DOUBLE_EQ(m.time_share, 8.0 / 20.0);
}

TEST(Pattern, UnknownNameOrEmptyPatternMatchesNothing)
{
    Ses ses = make_ses("A B");
    EXPECT_EQ(find_pattern(ses, std::vector<std::string>{"A", "Q"}).count(), 0u);
    EXPECT_EQ(find_pattern(ses, std::vector<std::string>{}).count(), 0u);
    Ses empty = make_ses("");
    PatternMatches m = find_pattern(empty, std::vector<std::string>{"A"});
    EXPECT_EQ(m.count(), 0u);
    EXPECT_EQ(m.element_share, 0.0);
}

TEST(Pattern, AgreesWithTheDefinitionOnRandomSequences)
{
    std::mt19937 rng(12345);
    for (int trial = 0; trial < 300; ++trial) {
        std::uniform_int_distribution<SymbolId> sym(0, trial % 3 + 1);
        std::vector<SymbolId> s(rng() % 200);
        for (auto& x : s)
            x = sym(rng);
        std::vector<SymbolId> p(1 + rng() % 4);
        for (auto& x : p)
            x = sym(rng);
        EXPECT_EQ(find_pattern_starts(s, p), naive(s, p)) << "trial " << trial;
    }
}
