#include "chitra/transforms/transforms.hpp"
#include "transform_test_util.hpp"

#include <gtest/gtest.h>

using namespace chitra;
using namespace chitra::testing;

namespace {
const Symbol& symbol(const Ses& ses, const std::string& name)
{
    SymbolId id = ses.symbols->find(name);
    EXPECT_NE(id, kNoSymbol) << name;
    return (*ses.symbols)[id];
}
} // namespace

TEST(TransformFilter, TimeFilterRunsBecomeTCompositesByNeighbourPair)
{
    // T = 205; x, y, z each hold < 5 % of the time.
    Ses in = make_ses("A:50 x:1 y:1 B:50 x:1 A:50 y:1 B:50 z:1");
    Ses out = filter_time(in, 0.05);
    EXPECT_EQ(names(out), (Names{"A", "T1", "B", "T2", "A", "T1", "B", "T3"}));
    EXPECT_EQ(occupancies(out), (Times{50, 2, 50, 1, 50, 1, 50, 1}));
    EXPECT_EQ(out.records, (Records{0, 1, 3, 4, 5, 6, 7, 8, 9}));
    const Symbol& t1 = symbol(out, "T1");
    EXPECT_EQ(t1.kind, SymbolKind::filter);
    ASSERT_EQ(t1.paths.size(), 2u);
    SymbolId x = in.symbols->find("x"), y = in.symbols->find("y");
    EXPECT_EQ(t1.paths[0].symbols, (std::vector<SymbolId>{x, y}));
    EXPECT_EQ(t1.paths[0].count, 1u);
    EXPECT_DOUBLE_EQ(t1.paths[0].mean_total, 2.0);
    EXPECT_EQ(t1.paths[1].symbols, (std::vector<SymbolId>{y}));
    EXPECT_DOUBLE_EQ(t1.paths[1].mean_total, 1.0);

    // A second filter continues the numbering after T3.
    Ses again = filter_event(out, 2); // T2 and T3 occur once
    EXPECT_EQ(names(again), (Names{"A", "T1", "B", "T4", "A", "T1", "B", "T5"}));
    const Symbol& t4 = symbol(again, "T4");
    ASSERT_EQ(t4.paths.size(), 1u);
    EXPECT_EQ(t4.paths[0].symbols, (std::vector<SymbolId>{out.symbols->find("T2")}));
}

TEST(TransformFilter, StartAndEndAreBoundaryMarkers)
{
    Ses in = make_ses("x:2 A:5 x:3 A:5 x:4");
    Ses out = filter_symbols(in, {in.symbols->find("x")});
    // x at the start (start, A), between A and A, at the end (A, end): three pairs.
    EXPECT_EQ(names(out), (Names{"T1", "A", "T2", "A", "T3"}));
    Ses whole = filter_event(make_ses("x y x"), 10);
    EXPECT_EQ(names(whole), (Names{"T1"}));
    EXPECT_EQ(occupancies(whole), (Times{3}));
    EXPECT_EQ(symbol(whole, "T1").paths.size(), 1u);
    EXPECT_EQ(symbol(whole, "T1").paths[0].symbols.size(), 3u);
}

TEST(TransformFilter, NumberingCountsProgramStatesNamedTk)
{
    // A program state T2 makes the first filter composite T3 ("T9x" is no T<k>).
    Ses out = filter_event(make_ses("T2:5 A:1 T2:5 B:1 T9x:5 T9x:5 T9x:5 T2:5"), 2);
    EXPECT_EQ(names(out), (Names{"T2", "T3", "T2", "T4", "T9x", "T9x", "T9x", "T2"}));
}

TEST(TransformFilter, EventFilterByFraction)
{
    // m = 10, fraction 0.25 -> count < 2.5: B (2) and C (1); A (7) stays.
    Ses out = filter_event_fraction(make_ses("A B A A C A A B A A"), 0.25);
    EXPECT_EQ(names(out), (Names{"A", "T1", "A", "A", "T1", "A", "A", "T1", "A", "A"}));
    EXPECT_EQ(symbol(out, "T1").paths.size(), 2u);
    EXPECT_EQ(symbol(out, "T1").paths[0].count, 2u);
}

TEST(TransformFilter, NothingSelectedChangesNothing)
{
    Ses in = make_ses("A:1 B:1");
    Ses out = filter_time(in, 0.1);
    EXPECT_EQ(names(out), (Names{"A", "B"}));
    EXPECT_EQ(out.symbols, in.symbols);
    Ses zero = make_ses("A:0 B:0");
    EXPECT_EQ(names(filter_time(zero, 0.5)), (Names{"A", "B"})); // T = 0 selects nothing
}

TEST(TransformFilter, FrequencyFilterSelectsSymbolsPeakingInBand)
{
    // X X X X Y Y Y Y repeated: both indicators are square waves of period 8 events,
    // peaking at 0.125 cycles per event.
    std::string spec;
    for (int r = 0; r < 64; ++r)
        spec += "X X X X Y Y Y Y ";
    Ses in = make_ses(spec);
    Ses out = filter_frequency(in, 0.1, 0.15, true, std::nullopt);
    EXPECT_EQ(names(out), (Names{"T1"}));
    Ses none = filter_frequency(in, 0.3, 0.5, true, std::nullopt);
    EXPECT_EQ(none.size(), in.size());
    EXPECT_THROW(filter_frequency(in, 0.5, 0.3, true, std::nullopt), InputError);
}
