// Exclusion (semantics.md section 3; Traceview's event exclusion).
#include "transforms/common/transform_common.hpp"

namespace chitra {

Ses exclude(const Ses& in, const std::vector<std::string>& states, Warnings* warnings)
{
    if (states.empty())
        throw InputError("the set of states to exclude is empty");
    const SymbolTable& table = *in.symbols;
    std::vector<std::uint8_t> excluded(table.size(), 0);
    bool any = false;
    for (const auto& item : states) {
        bool matched = false;
        if (detail::has_glob_chars(item)) {
            for (SymbolId id = 0; id < table.size(); ++id)
                if (glob_match(item, table[id].name)) {
                    excluded[id] = 1;
                    matched = true;
                }
        } else if (SymbolId id = table.find(item); id != kNoSymbol) {
            excluded[id] = 1;
            matched = true;
        }
        if (!matched && warnings)
            warnings->push_back("state " + detail::single_quoted(item) + " names no symbol of this trace");
        any = any || matched;
    }
    if (!any) {
        if (warnings)
            warnings->push_back("no state to exclude names a symbol of this trace; the step has no effect");
        return in;
    }

    const std::size_t n = in.size();
    const SymbolId* sym = in.symbol.data();
    detail::SesBuilder out(in.symbols, n, in.records.back());
    bool gap = false; // excluded elements vanished since the last kept one
    for (std::size_t i = 0; i < n; ++i) {
        SymbolId s = sym[i];
        if (excluded[s]) {
            gap = true;
            continue;
        }
        // The previous kept element already spans the vanished ones; the same symbol
        // after them merges into it.
        if (!(gap && !out.empty() && out.last() == s))
            out.push(s, in.bounds[i], in.records[i]);
        gap = false;
    }
    return out.finish(in.bounds.back(), in.records.back());
}

} // namespace chitra
