// advise_huge_pages marks a large block for 2 MB pages (the "hg" flag of its mapping in
// /proc/self/smaps) unless the process turned the advice off.
#include "chitra/util/huge_page_advice.hpp"
#include "util/huge_pages.hpp"

#include <gtest/gtest.h>

#include <sys/mman.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

using namespace chitra;

namespace {

// The VmFlags of the mapping that holds `address`, from /proc/self/smaps.
std::string vm_flags(const void* address)
{
    const auto at = reinterpret_cast<std::uintptr_t>(address);
    std::ifstream smaps("/proc/self/smaps");
    std::string line;
    bool inside = false;
    while (std::getline(smaps, line)) {
        std::uintptr_t begin = 0, end = 0;
        char dash = 0;
        std::istringstream head(line);
        if (head >> std::hex >> begin >> dash >> end && dash == '-') {
            inside = begin <= at && at < end;
            continue;
        }
        if (inside && line.rfind("VmFlags:", 0) == 0)
            return line;
    }
    return {};
}

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
        EXPECT_EQ(vm_flags(b.data).find(" hg"), std::string::npos);
        detail::advise_huge_pages(b.data, Block::kBytes);
        // The flag is on the 2 MB-aligned part; its middle is inside it whatever the start.
        EXPECT_NE(vm_flags(static_cast<char*>(b.data) + Block::kBytes / 2).find(" hg"), std::string::npos)
            << vm_flags(b.data);
    }
    set_huge_page_advice(false);
    {
        Block b;
        ASSERT_NE(b.data, MAP_FAILED);
        detail::advise_huge_pages(b.data, Block::kBytes);
        EXPECT_EQ(vm_flags(static_cast<char*>(b.data) + Block::kBytes / 2).find(" hg"), std::string::npos);
    }
    set_huge_page_advice(true);
}
