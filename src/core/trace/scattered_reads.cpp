#include "chitra/trace/scattered_reads.hpp"

#include "io/mapped_file.hpp"

namespace chitra {

namespace {
template <class Column> ScatteredReads::Range rangeOf(const Column& column)
{
    return {column.data(), column.size() * sizeof(*column.data())};
}
} // namespace

ScatteredReads::ScatteredReads(const Ses& ses) : symbols_(rangeOf(ses.symbol)), bounds_(rangeOf(ses.bounds))
{
    for (const Range& r : {symbols_, bounds_})
        detail::advise_mapped_reads(r.begin, r.bytes, detail::ReadPattern::scattered);
}

ScatteredReads::~ScatteredReads()
{
    for (const Range& r : {symbols_, bounds_})
        detail::advise_mapped_reads(r.begin, r.bytes, detail::ReadPattern::sequential);
}

} // namespace chitra
