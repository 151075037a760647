#include "chitra/trace/ses.hpp"

namespace chitra {

Ses Ses::from_trace(const Trace& trace)
{
    Ses ses;
    ses.symbols = trace.symbols;
    const std::size_t n = trace.size();
    const bool has_end = trace.header.end.has_value();
    const std::size_t m = has_end ? n : (n == 0 ? 0 : n - 1);

    ses.symbol.assign(trace.states.begin(), trace.states.begin() + static_cast<std::ptrdiff_t>(m));
    ses.bounds.reserve(m + 1);
    ses.bounds.assign(trace.times.begin(), trace.times.begin() + static_cast<std::ptrdiff_t>(std::min(n, m + 1)));
    if (has_end)
        ses.bounds.push_back(*trace.header.end);
    if (ses.bounds.empty())
        ses.bounds.push_back(0);
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
