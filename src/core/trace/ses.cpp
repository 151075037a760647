#include "chitra/trace/ses.hpp"

namespace chitra {

Ses Ses::from_trace(const Trace& trace)
{
    Ses ses;
    ses.symbols = trace.symbols;
    const std::size_t n = trace.size();
    const bool has_end = trace.header.end.has_value();
    const std::size_t m = has_end ? n : (n == 0 ? 0 : n - 1);

    ses.symbol = SesColumn<SymbolId>(trace.states.owner(), trace.states.span().first(m));
    if (n == 0)
        ses.bounds = std::vector<Time>{has_end ? *trace.header.end : 0};
    else if (!has_end)
        ses.bounds = SesColumn<Time>(trace.times.owner(), trace.times.span());
    else if (trace.times_and_end.data() == trace.times.data() && trace.times_and_end.size() == n + 1 &&
             trace.times_and_end[n] == *trace.header.end) // the same times, with the end after them
        ses.bounds = SesColumn<Time>(trace.times_and_end.owner(), trace.times_and_end.span());
    else {
        std::vector<Time> bounds;
        bounds.reserve(n + 1);
        bounds.assign(trace.times.begin(), trace.times.end());
        bounds.push_back(*trace.header.end);
        ses.bounds = std::move(bounds);
    }
    ses.records = RecordIndices::identity(m + 1);
    return ses;
}

std::shared_ptr<const SymbolTable> symbols_with_header_separator(const Trace& trace)
{
    if (!trace.symbols || trace.symbols->separator() == trace.header.separator)
        return trace.symbols;
    auto table = std::make_shared<SymbolTable>(*trace.symbols);
    table->set_separator(trace.header.separator);
    return table;
}

} // namespace chitra
