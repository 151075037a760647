// The elements of a SES read in place, from a Ses or straight from a trace's columns, so
// that fitting a whole trace needs no copy of it.
#pragma once

#include "chitra/trace/ses.hpp"
#include "chitra/trace/trace.hpp"

#include <cstddef>

namespace chitra::detail {

struct VisitColumns {
    const SymbolTable* table = nullptr;
    const SymbolId* symbol = nullptr; // size entries
    const Time* bounds = nullptr;     // at least size entries: the elements' entry times
    std::size_t size = 0;
    Time end = 0; // when the last element ends

    static VisitColumns of(const Ses& ses)
    {
        return {ses.symbols.get(), ses.symbol.data(), ses.bounds.data(), ses.size(), ses.bounds.back()};
    }
    // The SES Ses::from_trace would build: without a declared end the last record only
    // closes the previous element.
    static VisitColumns of(const Trace& trace)
    {
        const std::size_t n = trace.size();
        if (trace.header.end)
            return {trace.symbols.get(), trace.states.data(), trace.times.data(), n, *trace.header.end};
        if (n == 0)
            return {trace.symbols.get(), nullptr, nullptr, 0, 0};
        return {trace.symbols.get(), trace.states.data(), trace.times.data(), n - 1, trace.times[n - 1]};
    }

    Time total() const { return size == 0 ? 0 : end - bounds[0]; }
    Time occupancy(std::size_t i) const { return (i + 1 < size ? bounds[i + 1] : end) - bounds[i]; }

    // f(i, symbol, occupancy) for the elements [first, last), in order.
    template <class F> void for_range(std::size_t first, std::size_t last, F&& f) const
    {
        if (first >= last)
            return;
        const std::size_t inner = last < size ? last : size - 1;
        for (std::size_t i = first; i < inner; ++i)
            f(i, symbol[i], bounds[i + 1] - bounds[i]);
        if (last == size)
            f(size - 1, symbol[size - 1], end - bounds[size - 1]);
    }
    template <class F> void for_each(F&& f) const { for_range(0, size, f); }
};

} // namespace chitra::detail
