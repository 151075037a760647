// Large buffers filled once from start to end (a lane's changes, a trace's columns):
// asking for transparent huge pages where the kernel gives them only when asked
// (`madvise` mode) takes one page fault per 2 MiB instead of one per 4 KiB, which on
// some machines (virtual ones in particular) costs more than filling the buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace chitra::detail {

// Advises huge pages for the whole 2 MiB pages inside the vector's reserved room; to be
// called right after reserve(), before the room is written. Only a hint: nothing changes
// where the kernel does not follow it.
template <class T>
void advise_huge_pages(const std::vector<T>& v)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr std::uintptr_t kHuge = std::uintptr_t{2} << 20;
    const std::size_t bytes = v.capacity() * sizeof(T);
    if (bytes < 2 * kHuge)
        return;
    const auto begin = reinterpret_cast<std::uintptr_t>(v.data());
    const std::uintptr_t first = (begin + kHuge - 1) & ~(kHuge - 1);
    const std::uintptr_t last = (begin + bytes) & ~(kHuge - 1);
    if (last > first)
        madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#else
    (void)v;
#endif
}

} // namespace chitra::detail
