// Internal: large arrays filled once from start to end (a lane's events and changes, a
// trace's columns) asked to be backed by 2 MB pages where the kernel offers transparent
// huge pages on request ("madvise", the default of many distributions). Touching fresh
// memory costs a page fault per 4 KB page otherwise, which dominated the import of large
// traces (in a virtual machine above all); with 2 MB pages it is one fault per 2 MB and
// fewer TLB misses. A hint only: where it is not honoured nothing changes.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <utility>
#include <vector>

#include <sys/mman.h>

#include "chitra/util/huge_page_advice.hpp"

namespace chitra::detail {

// Blocks smaller than this are left alone (they hold no whole 2 MB page worth asking for).
inline constexpr std::size_t kHugePageMinBytes = std::size_t{4} << 20;

// Asks for 2 MB pages on the whole 2 MB pages inside [data, data + bytes), unless the
// process turned the advice off (chitra/util/huge_page_advice.hpp).
inline void advise_huge_pages(const void* data, std::size_t bytes)
{
#ifdef MADV_HUGEPAGE
    constexpr std::uintptr_t huge = std::uintptr_t{2} << 20;
    const auto at = reinterpret_cast<std::uintptr_t>(data);
    const std::uintptr_t begin = (at + huge - 1) & ~(huge - 1), end = (at + bytes) & ~(huge - 1);
    if (bytes >= kHugePageMinBytes && end > begin && huge_page_advice())
        ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
    (void)data;
    (void)bytes;
#endif
}

// The same for the vector's reserved room; to be called right after reserve(), before
// the room is written.
template <class T> void advise_huge_pages(const std::vector<T>& v)
{
    advise_huge_pages(v.data(), v.capacity() * sizeof(T));
}

// v.reserve(n), the new block asked for huge pages before the elements are moved into it
// (std::vector::reserve would move them first, touching half the block in 4 KB pages).
template <class T> void reserve_huge(std::vector<T>& v, std::size_t n)
{
    if (n <= v.capacity())
        return;
    std::vector<T> bigger;
    bigger.reserve(n);
    advise_huge_pages(bigger.data(), bigger.capacity() * sizeof(T));
    bigger.insert(bigger.end(), std::make_move_iterator(v.begin()), std::make_move_iterator(v.end()));
    v.swap(bigger);
}

// v.push_back(x), the capacity doubled by reserve_huge when full.
template <class T, class U> void push_back_huge(std::vector<T>& v, U&& x)
{
    if (v.size() == v.capacity())
        reserve_huge(v, std::max<std::size_t>(16, 2 * v.capacity()));
    v.push_back(std::forward<U>(x));
}

} // namespace chitra::detail
