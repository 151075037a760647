// A pass over n items split at n / 2, the two halves on two threads when there
// are at least `threaded_from` items and two cores. The split does not depend on how it
// runs, so results combined half by half (floating-point sums too) are the same either way.
#pragma once

#include <cstddef>
#include <thread>

namespace chitra::detail {

// f(half, first, last) for the halves [0, n/2) and [n/2, n).
template <class F>
void in_halves(std::size_t n, std::size_t threaded_from, F&& f)
{
    const std::size_t h = n / 2;
    if (n >= threaded_from && std::thread::hardware_concurrency() > 1) {
        std::thread first([&] { f(0, std::size_t{0}, h); });
        f(1, h, n);
        first.join();
    } else {
        f(0, std::size_t{0}, h);
        f(1, h, n);
    }
}

} // namespace chitra::detail
