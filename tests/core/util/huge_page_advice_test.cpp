// advise_huge_pages marks a large block for 2 MB pages (the "hg" flag of its mapping in
// /proc/self/smaps) unless the process turned the advice off.
#include "chitra/util/huge_page_advice.hpp"
#include "smaps_test_util.hpp"
#include "util/huge_pages.hpp"

#include <gtest/gtest.h>

#include <sys/mman.h>

#include <string>

using namespace chitra;
using namespace chitra::test;

namespace {

// A fresh 16 MB anonymous mapping, unmapped at the end of the scope.
struct Block {
    static constexpr std::size_t kBytes = std::size_t{16} << 20;
    void* data = ::mmap(nullptr, kBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ~Block() { ::munmap(data, kBytes); }
};

} // namespace

TEST(HugePageAdvice, LargeBlocksAreAdvisedUnlessTheProcessTurnedItOff)
{
    ASSERT_TRUE(huge_page_advice()); // the default
    {
        Block b;
        ASSERT_NE(b.data, MAP_FAILED);
        EXPECT_FALSE(has_flag(vm_flags_at(b.data), "hg"));
        detail::advise_huge_pages(b.data, Block::kBytes);
        // The flag is on the 2 MB-aligned part; its middle is inside it whatever the start.
        EXPECT_TRUE(has_flag(vm_flags_at(static_cast<char*>(b.data) + Block::kBytes / 2), "hg")) << vm_flags_at(b.data);
    }
    set_huge_page_advice(false);
    {
        Block b;
        ASSERT_NE(b.data, MAP_FAILED);
        detail::advise_huge_pages(b.data, Block::kBytes);
        EXPECT_FALSE(has_flag(vm_flags_at(static_cast<char*>(b.data) + Block::kBytes / 2), "hg"));
    }
    set_huge_page_advice(true);
}
