#include "chitra/trace/ses.hpp"

#include <gtest/gtest.h>

#include <algorithm>

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

TEST(Ses, AWholeTracesRecordBoundariesAreCountedNotStored)
{
    Ses ses = Ses::from_trace(small_trace(Time{100}));
    EXPECT_TRUE(ses.records.is_consecutive());
    EXPECT_EQ(ses.records.capacity(), 0u); // nothing stored
    EXPECT_EQ(ses.records, (std::vector<RecordIndex>{0, 1, 2, 3, 4}));
}

TEST(RecordIndices, ConsecutiveValuesReadAsStoredOnesWould)
{
    const RecordIndices identity = RecordIndices::identity(6);
    const RecordIndices stored{0, 1, 2, 3, 4, 5};
    EXPECT_EQ(identity, stored);
    EXPECT_EQ(identity.size(), 6u);
    EXPECT_EQ(identity.front(), 0u);
    EXPECT_EQ(identity.back(), 5u);
    EXPECT_EQ(*std::lower_bound(identity.begin(), identity.end(), RecordIndex{4}), 4u);
    EXPECT_EQ(std::lower_bound(identity.begin(), identity.end(), RecordIndex{9}), identity.end());
    EXPECT_EQ(identity.end() - identity.begin(), 6);
    EXPECT_EQ(identity.to_vector(), stored.to_vector());
    EXPECT_EQ(identity.storage(), nullptr);
    EXPECT_TRUE(RecordIndices::identity(0).empty());

    // A change stores the values first.
    RecordIndices grown = identity;
    grown.push_back(9);
    EXPECT_FALSE(grown.is_consecutive());
    EXPECT_EQ(grown, (std::vector<RecordIndex>{0, 1, 2, 3, 4, 5, 9}));
    RecordIndices part;
    part.assign(identity.begin() + 2, identity.begin() + 4);
    part.append(identity.begin() + 5, identity.end());
    EXPECT_EQ(part, (std::vector<RecordIndex>{2, 3, 5}));
    EXPECT_NE(part, identity);

    // Slices of consecutive values stay unstored; of stored ones, stored.
    const RecordIndices middle = identity.slice(2, 5);
    EXPECT_TRUE(middle.is_consecutive());
    EXPECT_EQ(middle, (std::vector<RecordIndex>{2, 3, 4}));
    EXPECT_EQ(middle.storage(), nullptr);
    EXPECT_EQ(RecordIndices::consecutive(7, 2), (std::vector<RecordIndex>{7, 8}));
    EXPECT_EQ(part.slice(1, 3), (std::vector<RecordIndex>{3, 5}));
    EXPECT_FALSE(part.slice(1, 3).is_consecutive());
}

// Stored values take 4 bytes each until one needs more than 32 bits; then all take 8,
// and every value reads back as it was stored, through [] and through read().
TEST(RecordIndices, StoredValuesWidenWhenOneNeedsMoreThan32Bits)
{
    constexpr RecordIndex kBig = RecordIndex{1} << 33;
    RecordIndices r{0, 5, 4294967295u};
    EXPECT_FALSE(r.is_wide());
    EXPECT_EQ(r.capacity_bytes(), r.capacity() * 4);
    r.push_back(kBig);
    EXPECT_TRUE(r.is_wide());
    EXPECT_EQ(r, (std::vector<RecordIndex>{0, 5, 4294967295u, kBig}));
    EXPECT_EQ(r.capacity_bytes(), r.capacity() * 8);
    EXPECT_TRUE(r.slice(1, 4).is_wide());
    EXPECT_EQ(r.slice(1, 4), (std::vector<RecordIndex>{5, 4294967295u, kBig}));

    // Consecutive values past 32 bits are stored wide when changed.
    RecordIndices far = RecordIndices::consecutive(kBig, 3);
    far.push_back(kBig + 7);
    EXPECT_TRUE(far.is_wide());
    EXPECT_EQ(far, (std::vector<RecordIndex>{kBig, kBig + 1, kBig + 2, kBig + 7}));

    // Room reserved for a large last value is wide from the start.
    RecordIndices room;
    room.reserve(10, kBig);
    EXPECT_TRUE(room.is_wide());
    RecordIndices narrow_room;
    narrow_room.reserve(10, 1000);
    EXPECT_FALSE(narrow_room.is_wide());

    // read() and edit() see the values as [] does, in each form.
    for (RecordIndices values : {RecordIndices::consecutive(3, 4), RecordIndices{1, 2, 9}, r}) {
        std::vector<RecordIndex> seen;
        values.read([&](const auto& v) {
            for (std::size_t i = 0; i < values.size(); ++i)
                seen.push_back(v[i]);
        });
        EXPECT_EQ(values, seen);
        values.edit([&](auto* v) { v[0] += 1; });
        EXPECT_EQ(values[0], seen[0] + 1);
        EXPECT_FALSE(values.is_consecutive());
    }
}
