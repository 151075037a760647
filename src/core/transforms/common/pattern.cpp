// Pattern search: Knuth-Morris-Pratt, restarted after every match so that matches are
// leftmost and never overlap (the rule the aggregation uses).
#include "chitra/transforms/pattern.hpp"

#include <algorithm>

namespace chitra {

std::vector<std::size_t> find_pattern_starts(std::span<const SymbolId> symbols, std::span<const SymbolId> pattern)
{
    std::vector<std::size_t> starts;
    const std::size_t k = pattern.size();
    if (k == 0 || std::find(pattern.begin(), pattern.end(), kNoSymbol) != pattern.end())
        return starts;
    // fail[q]: length of the longest proper border of pattern[0..q].
    std::vector<std::size_t> fail(k, 0);
    for (std::size_t q = 1, b = 0; q < k; ++q) {
        while (b > 0 && pattern[q] != pattern[b])
            b = fail[b - 1];
        if (pattern[q] == pattern[b])
            ++b;
        fail[q] = b;
    }
    const SymbolId first = pattern[0];
    const std::size_t n = symbols.size();
    std::size_t q = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const SymbolId c = symbols[i];
        if (q == 0) {
            // Fast path: most positions do not even start a match.
            if (c != first)
                continue;
            q = 1;
        } else {
            while (q > 0 && pattern[q] != c)
                q = fail[q - 1];
            if (pattern[q] == c)
                ++q;
        }
        if (q == k) {
            starts.push_back(i + 1 - k);
            q = 0;
        }
    }
    return starts;
}

PatternMatches find_pattern(const Ses& ses, std::span<const SymbolId> pattern)
{
    PatternMatches m;
    m.length = pattern.size();
    m.starts = find_pattern_starts(ses.symbol, pattern);
    if (!ses.empty())
        m.element_share = static_cast<double>(m.starts.size() * m.length) / static_cast<double>(ses.size());
    const Time total = ses.total();
    if (total > 0) {
        long double matched = 0;
        for (std::size_t s : m.starts)
            matched += static_cast<long double>(ses.bounds[s + m.length] - ses.bounds[s]);
        m.time_share = static_cast<double>(matched / static_cast<long double>(total));
    }
    return m;
}

PatternMatches find_pattern(const Ses& ses, const std::vector<std::string>& names)
{
    std::vector<SymbolId> ids;
    ids.reserve(names.size());
    for (const auto& name : names)
        ids.push_back(ses.symbols->find(name));
    return find_pattern(ses, ids);
}

} // namespace chitra
