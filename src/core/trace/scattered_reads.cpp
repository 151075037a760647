#include "chitra/trace/scattered_reads.hpp"

#include "io/mapped_file.hpp"

#include <cstdint>
#include <unistd.h>

namespace chitra {

namespace {
// The whole pages under a column that views a mapping.
template <class Column>
ScatteredReads::Pages pagesOf(const Column& column)
{
    ScatteredReads::Pages range;
    if (!column.is_view() || column.empty())
        return range;
    static const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    const auto first = reinterpret_cast<std::uintptr_t>(column.data());
    const auto last = first + column.size() * sizeof(*column.data());
    const std::uintptr_t begin = first / page * page;
    range.begin = reinterpret_cast<void*>(begin);
    range.bytes = (last + page - 1) / page * page - begin;
    return range;
}
} // namespace

ScatteredReads::ScatteredReads(const Ses& ses) : symbols_(pagesOf(ses.symbol)), bounds_(pagesOf(ses.bounds))
{
    for (const Pages& r : {symbols_, bounds_})
        if (r.bytes)
            detail::advise_reads(r.begin, r.bytes, detail::ReadPattern::scattered);
}

ScatteredReads::~ScatteredReads()
{
    for (const Pages& r : {symbols_, bounds_})
        if (r.bytes)
            detail::advise_reads(r.begin, r.bytes, detail::ReadPattern::sequential);
}

} // namespace chitra
