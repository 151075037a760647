#include "text/definition_text.hpp"
#include "text/qt_strings.hpp"

#include "text/number_format.hpp"

#include <QStringList>

namespace chitra::app {

namespace {

QString joined(const std::vector<std::string>& names, const QString& sep)
{
    QStringList parts;
    for (const auto& n : names)
        parts << qs(n);
    return parts.join(sep);
}

QString expand(const Expansion& e, bool nested)
{
    if (e.kind == SymbolKind::program || e.kind == SymbolKind::other)
        return qs(e.name);
    if (e.reference)
        return qs(e.name) + QStringLiteral("…");
    QStringList parts;
    switch (e.kind) {
    case SymbolKind::sequence:
        for (const auto& item : e.items)
            parts << expand(item, true);
        return nested ? "(" + parts.join(' ') + ")" : parts.join(' ');
    case SymbolKind::projection:
        for (const auto& item : e.items)
            parts << expand(item, true);
        return "{" + parts.join(", ") + "}";
    default:
        for (const auto& path : e.paths) {
            QStringList syms;
            for (const auto& s : path.symbols)
                syms << expand(s, true);
            parts << syms.join(' ');
        }
        return "[" + parts.join(" | ") + "]";
    }
}

bool hasComposite(const Expansion& e)
{
    for (const auto& item : e.items)
        if (item.kind != SymbolKind::program)
            return true;
    for (const auto& path : e.paths)
        for (const auto& s : path.symbols)
            if (s.kind != SymbolKind::program)
                return true;
    return false;
}

} // namespace

QString expansionText(const Expansion& expansion) { return expand(expansion, false); }

QString definitionText(SymbolKind kind, const StateDefinition& def, TimeBase timebase)
{
    const QString arrow = QStringLiteral(" → ");
    QString text;
    switch (kind) {
    case SymbolKind::program:
        return QStringLiteral("Program state");
    case SymbolKind::other:
        return QStringLiteral("End marker: follows the last element when the chain is fitted");
    case SymbolKind::sequence:
        text = QStringLiteral("Sequence of %1: %2").arg(def.pattern.size()).arg(joined(def.pattern, arrow));
        break;
    case SymbolKind::projection:
        text = QStringLiteral("Projection of %1 states: {%2}").arg(def.states.size()).arg(joined(def.states, ", "));
        break;
    case SymbolKind::filter:
    case SymbolKind::parallel: {
        if (kind == SymbolKind::filter)
            text = QStringLiteral("Filter composite: %1 distinct path(s) replaced").arg(def.paths.size());
        else if (!def.from.empty())
            text = QStringLiteral("Parallel composite between %1 and %2: %3 distinct path(s)")
                       .arg(qs(def.from), qs(def.to))
                       .arg(def.paths.size());
        else
            text = QStringLiteral("Parallel composite: %1 distinct path(s)").arg(def.paths.size());
        std::uint64_t total = 0;
        for (const auto& p : def.paths)
            total += p.count;
        for (const auto& p : def.paths) {
            const double share = total ? static_cast<double>(p.count) / static_cast<double>(total) : 0.0;
            text += QStringLiteral("\n  %1×  %2   (%3, mean %4)")
                        .arg(formatCount(static_cast<long long>(p.count)), joined(p.symbols, arrow), formatShare(share),
                             formatDuration(p.mean_total, timebase));
        }
        break;
    }
    }
    if (hasComposite(def.expanded))
        text += QStringLiteral("\nIn program states: ") + expansionText(def.expanded);
    return text;
}

} // namespace chitra::app
