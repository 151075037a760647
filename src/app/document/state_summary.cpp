#include "document/state_summary.hpp"

#include <algorithm>

namespace chitra::app {

SymbolTotals symbolTotals(const Ses& ses)
{
    const std::size_t n = ses.symbols ? ses.symbols->size() : 0;
    SymbolTotals t;
    t.time.assign(n, 0.0);
    t.count.assign(n, 0);
    t.firstSeen.assign(n, SymbolTotals::kNever);
    for (std::size_t i = 0; i < ses.size(); ++i) {
        const SymbolId s = ses.symbol[i];
        if (t.firstSeen[s] == SymbolTotals::kNever)
            t.firstSeen[s] = static_cast<std::uint32_t>(std::min<std::size_t>(i, SymbolTotals::kNever - 1));
        t.time[s] += static_cast<double>(ses.occupancy(i));
        ++t.count[s];
    }
    return t;
}

void StateSummary::build(std::vector<std::uint32_t> lanes)
{
    lanes_ = std::move(lanes);
    levels_.clear();
    std::vector<LaneSummary> level((lanes_.size() + kLeaf - 1) / kLeaf);
    for (std::size_t i = 0; i < lanes_.size(); ++i)
        level[i / kLeaf].add(lanes_[i]);
    levels_.push_back(std::move(level));
    while (levels_.back().size() > 1) {
        const auto& below = levels_.back();
        std::vector<LaneSummary> up((below.size() + kFan - 1) / kFan);
        for (std::size_t i = 0; i < below.size(); ++i)
            up[i / kFan].add(below[i]);
        levels_.push_back(std::move(up));
    }
}

LaneSummary StateSummary::query(std::size_t a, std::size_t b) const
{
    LaneSummary s;
    b = std::min(b, lanes_.size());
    // Loose elements at both ends until the range is block aligned.
    while (a < b && a % kLeaf != 0)
        s.add(lanes_[a++]);
    while (a < b && b % kLeaf != 0 && b != lanes_.size())
        s.add(lanes_[--b]);
    if (a >= b)
        return s;
    std::size_t ia = a / kLeaf;
    std::size_t ib = (b + kLeaf - 1) / kLeaf; // the trailing partial block is whole
    for (std::size_t l = 0; l < levels_.size(); ++l) {
        const auto& level = levels_[l];
        if (l + 1 == levels_.size()) {
            for (; ia < ib; ++ia)
                s.add(level[ia]);
            break;
        }
        while (ia < ib && ia % kFan != 0)
            s.add(level[ia++]);
        while (ia < ib && ib % kFan != 0 && ib != level.size())
            s.add(level[--ib]);
        if (ia >= ib)
            break;
        ia /= kFan;
        ib = (ib + kFan - 1) / kFan;
    }
    return s;
}

} // namespace chitra::app
