// A pass over n items split at n / 2, the two halves on two threads when there
// are at least `threaded_from` items and two cores. The split does not depend on how it
// runs, so results combined half by half (floating-point sums too) are the same either way.
#pragma once

#include <cstddef>
#include <thread>

namespace chitra::detail {

// first() and second(), on two threads when `threaded` and there are two cores, else one
// after the other.
template <class F0, class F1> void side_by_side(bool threaded, F0&& first, F1&& second)
{
    if (threaded && std::thread::hardware_concurrency() > 1) {
        std::thread other([&] { first(); });
        second();
        other.join();
    } else {
        first();
        second();
    }
}

// f(half, first, last) for the halves [0, n/2) and [n/2, n).
template <class F> void in_halves(std::size_t n, std::size_t threaded_from, F&& f)
{
    const std::size_t h = n / 2;
    side_by_side(
        n >= threaded_from, [&] { f(0, std::size_t{0}, h); }, [&] { f(1, h, n); });
}

} // namespace chitra::detail
