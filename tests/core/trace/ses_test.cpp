#include "chitra/trace/ses.hpp"

#include <gtest/gtest.h>

using namespace chitra;

namespace {
Trace small_trace(std::optional<Time> end)
{
    Trace t;
    auto table = std::make_shared<SymbolTable>();
    SymbolId a = table->add({.name = "A", .components = {"A"}});
    SymbolId b = table->add({.name = "B", .components = {"B"}});
    t.symbols = table;
    t.times = Column<Time>(std::vector<Time>{10, 15, 15, 40});
    t.states = Column<SymbolId>(std::vector<SymbolId>{a, b, a, b});
    t.header.end = end;
    return t;
}
} // namespace

TEST(Ses, LastRecordOnlyClosesPreviousStateWithoutDeclaredEnd)
{
    Ses ses = Ses::from_trace(small_trace(std::nullopt));
    ASSERT_EQ(ses.size(), 3u);
    EXPECT_EQ(ses.occupancy(0), 5);
    EXPECT_EQ(ses.occupancy(1), 0);
    EXPECT_EQ(ses.occupancy(2), 25);
    EXPECT_EQ(ses.entry(2), 15);
    EXPECT_EQ(ses.total(), 30);
    EXPECT_EQ(ses.provenance(2), std::make_pair(RecordIndex{2}, RecordIndex{3}));
    EXPECT_EQ(ses.name(1), "B");
}

TEST(Ses, DeclaredEndMakesLastRecordAnElement)
{
    Ses ses = Ses::from_trace(small_trace(Time{100}));
    ASSERT_EQ(ses.size(), 4u);
    EXPECT_EQ(ses.occupancy(3), 60);
    EXPECT_EQ(ses.total(), 90);
    EXPECT_EQ(ses.records.back(), 4u);
}

TEST(Ses, EmptyTraceGivesEmptySesWithOneBoundary)
{
    Trace t;
    t.symbols = std::make_shared<SymbolTable>();
    Ses ses = Ses::from_trace(t);
    EXPECT_TRUE(ses.empty());
    EXPECT_EQ(ses.bounds.size(), 1u);
    EXPECT_EQ(ses.records.size(), 1u);
    EXPECT_EQ(ses.total(), 0);
}
