#include "chitra/transforms/pattern.hpp"
#include "chitra/transforms/transforms.hpp"
#include "transform_test_util.hpp"

#include <gtest/gtest.h>

using namespace chitra;
using namespace chitra::testing;

TEST(TransformAggregate, LeftmostMatchWinsAndMatchesDoNotOverlap)
{
    Ses in = make_ses("A:1 A:2 A:3");
    Ses out = aggregate(in, {"A", "A"}, "Z");
    EXPECT_EQ(names(out), (Names{"Z", "A"}));
    EXPECT_EQ(occupancies(out), (Times{3, 3}));
    EXPECT_EQ(out.bounds, (Times{0, 3, 6}));
    EXPECT_EQ(out.records, (Records{0, 2, 3}));
    SymbolId z = out.symbols->find("Z");
    ASSERT_NE(z, kNoSymbol);
    EXPECT_EQ((*out.symbols)[z].kind, SymbolKind::sequence);
    SymbolId a = out.symbols->find("A");
    EXPECT_EQ((*out.symbols)[z].members, (std::vector<SymbolId>{a, a}));
    EXPECT_EQ(in.symbols->find("Z"), kNoSymbol); // input table untouched
}

TEST(TransformAggregate, ReplacesEveryMatchComparingOnlySymbols)
{
    Ses out = aggregate(make_ses("A:5 B:1 C:2 A:1 B:9 A:3 B:3"), {"A", "B"}, "Z");
    EXPECT_EQ(names(out), (Names{"Z", "C", "Z", "Z"}));
    EXPECT_EQ(occupancies(out), (Times{6, 2, 10, 6}));
}

TEST(TransformAggregate, PatternSearchCountEqualsReplacements)
{
    Ses in = make_ses("L W U L W L W U U L W U");
    PatternMatches m = find_pattern(in, std::vector<std::string>{"L", "W", "U"});
    EXPECT_EQ(m.count(), 3u);
    Ses out = aggregate(in, {"L", "W", "U"}, "CS");
    EXPECT_EQ(names(out), (Names{"CS", "L", "W", "CS", "U", "CS"}));
}

TEST(TransformAggregate, NameOfADifferentSymbolIsRefused)
{
    Ses in = make_ses("A B C");
    EXPECT_THROW(aggregate(in, {"A", "B"}, "C"), InputError);
    Ses once = aggregate(in, {"A", "B"}, "Z");
    // The same composite (same pattern) is reused ...
    Ses twice = aggregate(once, {"A", "B"}, "Z");
    EXPECT_EQ(twice.symbols->find("Z"), once.symbols->find("Z"));
    EXPECT_EQ(twice.symbols->size(), once.symbols->size());
    // ... a different pattern under that name is not.
    EXPECT_THROW(aggregate(once, {"B", "C"}, "Z"), InputError);
}

TEST(TransformAggregate, ShortPatternIsAnError)
{
    EXPECT_THROW(aggregate(make_ses("A B"), {"A"}, "Z"), InputError);
    EXPECT_THROW(aggregate(make_ses("A B"), {}, "Z"), InputError);
    EXPECT_THROW(aggregate(make_ses("A B"), {"A", "B"}, ""), InputError);
}

TEST(TransformAggregate, UnknownSymbolWarnsAndHasNoEffect)
{
    Ses in = make_ses("A B A B");
    Warnings w;
    Ses out = aggregate(in, {"A", "Q"}, "Z", &w);
    EXPECT_EQ(names(out), names(in));
    ASSERT_EQ(w.size(), 1u);
    EXPECT_NE(w[0].find("'Q'"), std::string::npos);
    EXPECT_EQ(out.symbols->find("Z"), kNoSymbol);
}
