// Sequence aggregation (semantics.md section 3).
#include "chitra/transforms/pattern.hpp"
#include "transforms/common/transform_common.hpp"

namespace chitra {

Ses aggregate(const Ses& in, const std::vector<std::string>& pattern, const std::string& as, Warnings* warnings)
{
    if (pattern.size() < 2)
        throw InputError("pattern needs at least 2 symbols, got " + std::to_string(pattern.size()));
    if (as.empty())
        throw InputError("the composite needs a name (\"as\")");
    std::vector<SymbolId> ids;
    bool missing = false;
    for (const auto& name : pattern) {
        SymbolId id = in.symbols->find(name);
        if (id == kNoSymbol) {
            if (warnings)
                warnings->push_back("pattern symbol " + detail::single_quoted(name) +
                                    " names no symbol of this trace; the step has no effect");
            missing = true;
        }
        ids.push_back(id);
    }
    if (missing)
        return in;

    // The same symbol is a sequence composite with the identical pattern: replaying
    // the same aggregation (or repeating it after another step) reuses it.
    std::shared_ptr<const SymbolTable> table = in.symbols;
    SymbolId composite = table->find(as);
    if (composite != kNoSymbol) {
        const Symbol& existing = (*table)[composite];
        if (existing.kind != SymbolKind::sequence || existing.members != ids)
            throw InputError("name " + detail::single_quoted(as) + " already names a different symbol (" +
                             std::string(to_string(existing.kind)) + ")");
    } else {
        auto copy = std::make_shared<SymbolTable>(*table);
        Symbol symbol;
        symbol.name = as;
        symbol.kind = SymbolKind::sequence;
        symbol.members = ids;
        composite = copy->add(std::move(symbol));
        table = std::move(copy);
    }

    const std::size_t k = ids.size();
    std::vector<std::size_t> starts = find_pattern_starts(in.symbol, ids);
    const std::size_t n = in.size();
    detail::SesBuilder out(table, n - starts.size() * (k - 1), in.records.back());
    std::size_t pos = 0;
    for (std::size_t start : starts) {
        out.copy(in, pos, start);
        out.push(composite, in.bounds[start], in.records[start]);
        pos = start + k;
    }
    out.copy(in, pos, n);
    return out.finish(in.bounds.back(), in.records.back());
}

} // namespace chitra
