// clip by count, time window and event window (semantics.md section 3).
#include "transforms/common/transform_common.hpp"

#include <algorithm>

namespace chitra {

Ses clip_count(const Ses& in, std::size_t head, std::size_t tail)
{
    const std::size_t n = in.size();
    if (head > n || tail > n - head)
        throw InputError("clip of head " + std::to_string(head) + " + tail " + std::to_string(tail) +
                         " elements is beyond the " + std::to_string(n) + " elements of the trace");
    const std::size_t end = n - tail;
    Ses out;
    out.symbols = in.symbols;
    // A clip of a whole trace stores nothing: it views what the trace's SES views.
    out.symbol = in.symbol.slice(head, end);
    out.bounds = in.bounds.slice(head, end + 1);
    out.records = in.records.slice(head, end + 1);
    return out;
}

Ses clip_time(const Ses& in, Time t0, Time t1)
{
    if (t0 > t1)
        throw InputError("clip window [" + std::to_string(t0) + ", " + std::to_string(t1) + ") has t0 > t1");
    // Entry times are non-decreasing, so both counts are binary searches.
    auto entries_begin = in.bounds.begin();
    auto entries_end = in.bounds.begin() + static_cast<std::ptrdiff_t>(in.size());
    auto head = static_cast<std::size_t>(std::lower_bound(entries_begin, entries_end, t0) - entries_begin);
    auto keep_end = static_cast<std::size_t>(std::lower_bound(entries_begin, entries_end, t1) - entries_begin);
    return clip_count(in, head, in.size() - keep_end);
}

Ses clip_event(const Ses& in, std::size_t i0, std::size_t i1)
{
    if (i0 > i1)
        throw InputError("clip window [" + std::to_string(i0) + ", " + std::to_string(i1) + ") has i0 > i1");
    if (i1 > in.size())
        throw InputError("clip window [" + std::to_string(i0) + ", " + std::to_string(i1) + ") is beyond the " +
                         std::to_string(in.size()) + " elements of the trace");
    return clip_count(in, i0, in.size() - i1);
}

} // namespace chitra
