#include "chitra/transforms/transforms.hpp"
#include "transform_test_util.hpp"

#include <gtest/gtest.h>

using namespace chitra;
using namespace chitra::testing;

TEST(TransformParallel, ElementsStrictlyBetweenBecomeOneComposite)
{
    Ses in = make_ses("a:1 x:2 y:3 b:1 a:1 b:1 a:1 z:1 a:1 w:4 b:1");
    Ses out = parallel(in, "a", "b", "P");
    EXPECT_EQ(names(out), (Names{"a", "P", "b", "a", "b", "a", "z", "a", "P", "b"}));
    EXPECT_EQ(occupancies(out), (Times{1, 5, 1, 1, 1, 1, 1, 1, 4, 1}));
    const Symbol& p = (*out.symbols)[out.symbols->find("P")];
    EXPECT_EQ(p.kind, SymbolKind::parallel);
    ASSERT_EQ(p.paths.size(), 2u);
    EXPECT_EQ(p.paths[0].symbols, (std::vector<SymbolId>{in.symbols->find("x"), in.symbols->find("y")}));
    EXPECT_DOUBLE_EQ(p.paths[0].mean_total, 5.0);
    EXPECT_EQ(p.paths[1].symbols, (std::vector<SymbolId>{in.symbols->find("w")}));
}

TEST(TransformParallel, SameSymbolOpensAndCloses)
{
    Ses out = parallel(make_ses("a x a y:2 z:3 a"), "a", "a", "P");
    EXPECT_EQ(names(out), (Names{"a", "P", "a", "P", "a"}));
    EXPECT_EQ(occupancies(out), (Times{1, 1, 1, 5, 1}));
    const Symbol& p = (*out.symbols)[out.symbols->find("P")];
    EXPECT_EQ(p.paths.size(), 2u);
}

TEST(TransformParallel, RepeatedPathsAreCountedAndNamesChecked)
{
    Ses out = parallel(make_ses("a x:2 b a x:4 b"), "a", "b", "P");
    const Symbol& p = (*out.symbols)[out.symbols->find("P")];
    ASSERT_EQ(p.paths.size(), 1u);
    EXPECT_EQ(p.paths[0].count, 2u);
    EXPECT_DOUBLE_EQ(p.paths[0].mean_total, 3.0);
    EXPECT_THROW(parallel(make_ses("a x b"), "a", "b", "x"), InputError);
    Warnings w;
    Ses same = parallel(make_ses("a x b"), "a", "q", "P", &w);
    EXPECT_EQ(names(same), (Names{"a", "x", "b"}));
    EXPECT_EQ(w.size(), 1u);
}

TEST(TransformExclude, TimeGoesToPreviousKeptAndEqualNeighboursMerge)
{
    Ses out = exclude(make_ses("A:1 X:2 A:3"), {"X"});
    EXPECT_EQ(names(out), (Names{"A"}));
    EXPECT_EQ(occupancies(out), (Times{6}));
    EXPECT_EQ(out.records, (Records{0, 3}));
}

TEST(TransformExclude, LeadingExcludedAreDroppedWithTheirTime)
{
    Ses out = exclude(make_ses("X1:1 X2:2 A:3 X1:4 B:5 A:6 A:7"), {"X*"});
    EXPECT_EQ(names(out), (Names{"A", "B", "A", "A"})); // the last two were already adjacent
    EXPECT_EQ(occupancies(out), (Times{7, 5, 6, 7}));
    EXPECT_EQ(out.bounds.front(), 3);
    EXPECT_EQ(out.records, (Records{2, 4, 5, 6, 7}));
}

TEST(TransformExclude, EverythingExcludedLeavesAnEmptySes)
{
    Ses out = exclude(make_ses("X:1 X:2"), {"X"});
    EXPECT_TRUE(out.empty());
    EXPECT_EQ(out.bounds, (Times{3}));
    EXPECT_EQ(out.records, (Records{2}));
}

TEST(TransformExclude, UnmatchedItemWarns)
{
    Warnings w;
    Ses out = exclude(make_ses("A X A"), {"X", "Q*"}, &w);
    EXPECT_EQ(names(out), (Names{"A"}));
    ASSERT_EQ(w.size(), 1u);
    EXPECT_NE(w[0].find("'Q*'"), std::string::npos);
}

TEST(Glob, StarAndQuestionMark)
{
    EXPECT_TRUE(glob_match("A*", "A"));
    EXPECT_TRUE(glob_match("A*", "ABC"));
    EXPECT_FALSE(glob_match("A*", "BA"));
    EXPECT_TRUE(glob_match("*B*D", "xxBxxD"));
    EXPECT_FALSE(glob_match("*B*D", "xxBxxDx"));
    EXPECT_TRUE(glob_match("L?", "LX"));
    EXPECT_FALSE(glob_match("L?", "L"));
    EXPECT_TRUE(glob_match("*", ""));
}
