// An SES column either owns its values or views someone else's; reading never copies,
// changing copies a view once and leaves what it viewed alone.
#include "io/trace_readers.hpp"

#include "chitra/io/io.hpp"
#include "chitra/trace/ses.hpp"
#include "chitra/transforms/transforms.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <unistd.h>

using namespace chitra;

namespace {
SesColumn<Time> view_of(const std::shared_ptr<const std::vector<Time>>& values)
{
    return SesColumn<Time>(values, std::span<const Time>(*values));
}
} // namespace

TEST(SesColumn, AViewReadsTheValuesItViews)
{
    auto values = std::make_shared<const std::vector<Time>>(std::vector<Time>{3, 5, 8});
    const SesColumn<Time> c = view_of(values);
    EXPECT_TRUE(c.is_view());
    EXPECT_EQ(c.data(), values->data());
    EXPECT_EQ(c, (std::vector<Time>{3, 5, 8}));
    EXPECT_EQ(c.back(), 8);
}

TEST(SesColumn, AChangeCopiesAViewOnceAndLeavesItsSourceAlone)
{
    auto values = std::make_shared<const std::vector<Time>>(std::vector<Time>{3, 5, 8});
    SesColumn<Time> c = view_of(values);
    c.push_back(13);
    EXPECT_FALSE(c.is_view());
    EXPECT_EQ(c, (std::vector<Time>{3, 5, 8, 13}));
    EXPECT_EQ(*values, (std::vector<Time>{3, 5, 8}));
    const Time* owned = c.data();
    c.edit()[0] = 1;
    EXPECT_EQ(c.data(), owned); // owned values are changed in place
    EXPECT_EQ(c, (std::vector<Time>{1, 5, 8, 13}));
}

TEST(SesColumn, ASliceOfAViewIsAViewAndOfOwnedValuesACopy)
{
    auto values = std::make_shared<const std::vector<Time>>(std::vector<Time>{3, 5, 8, 13});
    const SesColumn<Time> view = view_of(values);
    const SesColumn<Time> part = view.slice(1, 3);
    EXPECT_TRUE(part.is_view());
    EXPECT_EQ(part.data(), values->data() + 1);
    EXPECT_EQ(part, (std::vector<Time>{5, 8}));

    const SesColumn<Time> owned(std::vector<Time>{3, 5, 8, 13});
    const SesColumn<Time> copy = owned.slice(1, 3);
    EXPECT_FALSE(copy.is_view());
    EXPECT_EQ(copy, (std::vector<Time>{5, 8}));
}

TEST(SesColumn, AssigningFromItsOwnViewKeepsTheValues)
{
    auto values = std::make_shared<const std::vector<Time>>(std::vector<Time>{3, 5, 8, 13});
    SesColumn<Time> c = view_of(values);
    c.assign(c.begin() + 1, c.end());
    EXPECT_EQ(c, (std::vector<Time>{5, 8, 13}));
    EXPECT_EQ(c.release(), (std::vector<Time>{5, 8, 13}));
    EXPECT_TRUE(c.empty());
}

// The SES of a binary trace with a declared end views the mapped times, the end written
// after them in a private mapping: the state ids that follow in the file stay as they are.
TEST(SesColumn, TheSesOfABinaryTraceViewsItsColumns)
{
    const std::string text = "# chitra-pes 1\n# timebase: ns\n# end: 100\n10 A\n15 B\n15 A\n40 B\n";
    char tmpl[] = "/tmp/chitra-ses-view-XXXXXX";
    ASSERT_NE(::mkdtemp(tmpl), nullptr);
    const std::string path = std::string(tmpl) + "/t.ctrace";
    write_binary_file(read_pes_text(text, "t.pes"), path);
    {
        const Trace trace = read_binary_file(path);
        const Ses ses = Ses::from_trace(trace);
        EXPECT_TRUE(ses.bounds.is_view());
        EXPECT_TRUE(ses.symbol.is_view());
        EXPECT_EQ(ses.bounds.data(), trace.times.data());
        EXPECT_EQ(ses.bounds, (std::vector<Time>{10, 15, 15, 40, 100}));
        ASSERT_EQ(trace.states.size(), 4u);
        EXPECT_EQ(ses.name(0), "A");
        EXPECT_EQ(ses.name(3), "B");
        EXPECT_EQ(trace.states[0], trace.states[2]);
        const Ses clipped = clip_count(ses, 1, 1);
        EXPECT_TRUE(clipped.bounds.is_view());
        EXPECT_EQ(clipped.bounds, (std::vector<Time>{15, 15, 40}));
    }
    // The file itself is unchanged: read again, the same trace.
    const Trace again = read_binary_file(path);
    EXPECT_EQ(Ses::from_trace(again).bounds, (std::vector<Time>{10, 15, 15, 40, 100}));
    EXPECT_EQ(again.states[0], again.states[2]);
    EXPECT_NE(again.states[0], again.states[1]);
    std::filesystem::remove_all(tmpl);
}

TEST(SesColumn, TheSesOfAPesTextViewsItsColumns)
{
    const Trace with_end = read_pes_text("# chitra-pes 1\n# timebase: ns\n# end: 100\n10 A\n15 B\n", "t.pes");
    const Ses a = Ses::from_trace(with_end);
    EXPECT_TRUE(a.bounds.is_view());
    EXPECT_EQ(a.bounds, (std::vector<Time>{10, 15, 100}));
    const Trace without = read_pes_text("# chitra-pes 1\n# timebase: ns\n10 A\n15 B\n", "t.pes");
    const Ses b = Ses::from_trace(without);
    EXPECT_TRUE(b.bounds.is_view());
    EXPECT_EQ(b.bounds, (std::vector<Time>{10, 15}));
    EXPECT_EQ(b.symbol.size(), 1u);
}

// Read in two halves, the joined time column still has room for the end after it.
TEST(SesColumn, TheSesOfAPesTextReadInHalvesViewsItsColumns)
{
    std::string text = "# chitra-pes 1\n# timebase: ns\n# end: 1000000\n";
    std::vector<Time> expected;
    for (int i = 0; i < 5000; ++i) {
        text += std::to_string(i * 7) + (i % 3 ? " A\n" : " B\n");
        expected.push_back(i * 7);
    }
    expected.push_back(1000000);
    const Trace trace = detail::parse_pes(text, "t.pes", 0);
    const Ses ses = Ses::from_trace(trace);
    EXPECT_TRUE(ses.bounds.is_view());
    EXPECT_EQ(ses.bounds, expected);
    EXPECT_EQ(ses.size(), 5000u);
    EXPECT_EQ(ses.name(0), "B");
    EXPECT_EQ(ses.name(4999), "A");
}
