// A display's scattered reads of a mapped trace fault in their own pages only (no
// read-around), and the streaming passes get their sequential read-ahead back after.
#include "chitra/io/io.hpp"
#include "chitra/trace/scattered_reads.hpp"
#include "chitra/trace/ses.hpp"
#include "smaps_test_util.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

using namespace chitra;
using namespace chitra::test;

namespace {

class ScatteredReadsTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        char tmpl[] = "/tmp/chitra-scattered-XXXXXX";
        ASSERT_NE(::mkdtemp(tmpl), nullptr);
        dir_ = tmpl;
        // Enough records that both columns span several pages.
        std::string text = "# chitra-pes 1\n# timebase: ns\n# end: 1000000\n";
        for (int i = 0; i < 20000; ++i)
            text += std::to_string(i * 10) + (i % 3 ? " A\n" : " B\n");
        write_binary_file(read_pes_text(text, "t.pes"), path());
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::string path() const { return dir_ + "/t.ctrace"; }

    std::string dir_;
};

} // namespace

TEST_F(ScatteredReadsTest, AMappedTracesColumnsAreReadScatteredWhileItLives)
{
    const Trace trace = read_binary_file(path());
    const Ses ses = Ses::from_trace(trace);
    ASSERT_TRUE(ses.symbol.is_view());
    ASSERT_TRUE(ses.bounds.is_view());
    const void* last_symbol = &ses.symbol.back();
    ASSERT_TRUE(has_flag(vm_flags_at(ses.symbol.data()), "sr")) << vm_flags_at(ses.symbol.data());
    {
        const ScatteredReads reads(ses);
        for (const void* p :
             {static_cast<const void*>(ses.symbol.data()), last_symbol, static_cast<const void*>(ses.bounds.data()),
              static_cast<const void*>(&ses.bounds.back())}) {
            const std::string flags = vm_flags_at(p);
            EXPECT_TRUE(has_flag(flags, "rr")) << flags;
            EXPECT_FALSE(has_flag(flags, "sr")) << flags;
        }
        // Reading is unchanged.
        EXPECT_EQ(ses.bounds.back(), 1000000);
        EXPECT_EQ(ses.name(0), "B");
    }
    for (const void* p :
         {static_cast<const void*>(ses.symbol.data()), last_symbol, static_cast<const void*>(ses.bounds.data())}) {
        const std::string flags = vm_flags_at(p);
        EXPECT_TRUE(has_flag(flags, "sr")) << flags;
        EXPECT_FALSE(has_flag(flags, "rr")) << flags;
    }
}

// A PES text is read into memory: its SES views the trace's columns, which are not a
// mapping of the file, and keep their advice.
TEST_F(ScatteredReadsTest, ATraceReadIntoMemoryIsLeftAlone)
{
    std::string text = "# chitra-pes 1\n# end: 1000000\n";
    for (int i = 0; i < 20000; ++i)
        text += std::to_string(i * 10) + (i % 3 ? " A\n" : " B\n");
    const Trace trace = read_pes_text(text, "t.pes");
    const Ses ses = Ses::from_trace(trace);
    ASSERT_TRUE(ses.symbol.is_view());
    const std::string symbols = vm_flags_at(ses.symbol.data()), bounds = vm_flags_at(ses.bounds.data());
    {
        const ScatteredReads reads(ses);
        EXPECT_EQ(vm_flags_at(ses.symbol.data()), symbols);
        EXPECT_EQ(vm_flags_at(ses.bounds.data()), bounds);
        EXPECT_FALSE(has_flag(vm_flags_at(ses.symbol.data()), "rr"));
    }
    EXPECT_EQ(vm_flags_at(ses.symbol.data()), symbols);
    EXPECT_EQ(vm_flags_at(ses.bounds.data()), bounds);
}

TEST_F(ScatteredReadsTest, ColumnsTheSesOwnsAreLeftAlone)
{
    Ses ses = Ses::from_trace(read_pes_text("# chitra-pes 1\n# end: 9\n0 A\n5 B\n", "t.pes"));
    ses.symbol.edit(); // owned, in the heap
    ASSERT_FALSE(ses.symbol.is_view());
    const std::string before = vm_flags_at(ses.symbol.data());
    {
        const ScatteredReads reads(ses);
        EXPECT_EQ(vm_flags_at(ses.symbol.data()), before);
    }
    EXPECT_EQ(vm_flags_at(ses.symbol.data()), before);
}
