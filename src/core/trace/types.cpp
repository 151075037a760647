#include "chitra/trace/types.hpp"
#include "chitra/trace/symbols.hpp"
#include "chitra/trace/trace.hpp"

namespace chitra {

std::string_view to_string(TimeBase base)
{
    switch (base) {
    case TimeBase::ns:
        return "ns";
    case TimeBase::us:
        return "us";
    case TimeBase::ms:
        return "ms";
    case TimeBase::s:
        return "s";
    case TimeBase::cycles:
        return "cycles";
    }
    return "us";
}

std::optional<TimeBase> parse_timebase(std::string_view text)
{
    for (auto base : {TimeBase::ns, TimeBase::us, TimeBase::ms, TimeBase::s, TimeBase::cycles})
        if (text == to_string(base))
            return base;
    return std::nullopt;
}

std::optional<double> seconds_per_tick(TimeBase base)
{
    switch (base) {
    case TimeBase::ns:
        return 1e-9;
    case TimeBase::us:
        return 1e-6;
    case TimeBase::ms:
        return 1e-3;
    case TimeBase::s:
        return 1.0;
    case TimeBase::cycles:
        return std::nullopt;
    }
    return std::nullopt;
}

std::string_view to_string(SymbolKind kind)
{
    switch (kind) {
    case SymbolKind::program:
        return "program";
    case SymbolKind::sequence:
        return "sequence";
    case SymbolKind::projection:
        return "projection";
    case SymbolKind::filter:
        return "filter";
    case SymbolKind::parallel:
        return "parallel";
    case SymbolKind::other:
        return "other";
    }
    return "other";
}

std::string_view to_string(FieldKind kind) { return kind == FieldKind::counter ? "counter" : "gauge"; }

SymbolId SymbolTable::add(Symbol symbol)
{
    if (by_name_.find(std::string_view(symbol.name)) != by_name_.end())
        throw InputError("symbol name '" + symbol.name + "' is already taken");
    auto id = static_cast<SymbolId>(symbols_.size());
    by_name_.emplace(symbol.name, id);
    symbols_.push_back(std::move(symbol));
    return id;
}

SymbolId SymbolTable::find(std::string_view name) const
{
    auto it = by_name_.find(name);
    return it == by_name_.end() ? kNoSymbol : it->second;
}

} // namespace chitra
