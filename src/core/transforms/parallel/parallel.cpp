// Parallel aggregation (semantics.md section 3).
#include "transforms/common/transform_common.hpp"

namespace chitra {

Ses parallel(const Ses& in, const std::string& from, const std::string& to, const std::string& as, Warnings* warnings)
{
    if (from.empty() || to.empty())
        throw InputError("parallel aggregation needs \"from\" and \"to\" symbols");
    if (as.empty())
        throw InputError("the composite needs a name (\"as\")");
    SymbolId a = in.symbols->find(from);
    SymbolId b = in.symbols->find(to);
    for (auto [id, name] : {std::pair{a, &from}, std::pair{b, &to}})
        if (id == kNoSymbol && warnings)
            warnings->push_back("state " + detail::single_quoted(*name) +
                                " names no symbol of this trace; the step has no effect");
    if (a == kNoSymbol || b == kNoSymbol)
        return in;

    // The same symbol: a parallel composite between the same two symbols.
    auto table = std::make_shared<SymbolTable>(*in.symbols);
    SymbolId composite = table->find(as);
    if (composite != kNoSymbol) {
        const Symbol& existing = (*table)[composite];
        if (existing.kind != SymbolKind::parallel || existing.members != std::vector<SymbolId>{a, b})
            throw InputError("name " + detail::single_quoted(as) + " already names a different symbol (" +
                             std::string(to_string(existing.kind)) + ")");
    } else {
        Symbol symbol;
        symbol.name = as;
        symbol.kind = SymbolKind::parallel;
        symbol.members = {a, b};
        composite = table->add(std::move(symbol));
    }

    // For each `a`, the next `b` with no `a` in between: checking `b` before `a` lets a
    // symbol that is both close the previous interval and open the next.
    const std::size_t n = in.size();
    const SymbolId* sym = in.symbol.data();
    std::vector<std::pair<std::size_t, std::size_t>> spans; // [begin, end) strictly between
    std::size_t open = SIZE_MAX;
    for (std::size_t j = 0; j < n; ++j) {
        SymbolId s = sym[j];
        if (s == b && open != SIZE_MAX) {
            if (j - open >= 2)
                spans.push_back({open + 1, j});
            open = SIZE_MAX;
        }
        if (s == a)
            open = j;
    }

    detail::PathRecorder paths(in.symbols->size());
    detail::SesBuilder out(table, n, in.records.back());
    std::size_t pos = 0;
    for (auto [begin, end] : spans) {
        out.copy(in, pos, begin);
        paths.add(composite, std::span<const SymbolId>(sym + begin, end - begin), in.bounds[end] - in.bounds[begin]);
        out.push(composite, in.bounds[begin], in.records[begin]);
        pos = end;
    }
    out.copy(in, pos, n);
    paths.store(*table);
    return out.finish(in.bounds.back(), in.records.back());
}

} // namespace chitra
