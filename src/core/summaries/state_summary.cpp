#include "chitra/summaries/state_summary.hpp"

#include "chitra/util/two_halves.hpp"

#include <algorithm>
#include <limits>

namespace chitra {

namespace {
// Opening a trace of a hundred million elements waits on these passes: from a million
// elements, each runs on two halves on two threads.
constexpr std::size_t kThreadedFrom = std::size_t{1} << 20;
constexpr std::size_t kOneThread = std::numeric_limits<std::size_t>::max();
} // namespace

SymbolTotals symbolTotals(const Ses& ses, bool bothCores, std::vector<Time>* boundSample)
{
    const std::size_t n = ses.symbols ? ses.symbols->size() : 0;
    constexpr std::size_t step = StateSummary::kSampleStep;
    SymbolTotals half[2];
    const SymbolId* symbol = ses.symbol.data();
    const Time* bounds = ses.bounds.data();
    Time* sample = nullptr;
    if (boundSample && !ses.bounds.empty()) {
        boundSample->resize(ses.size() / step + 1);
        sample = boundSample->data();
        sample[ses.size() / step] = bounds[ses.size() / step * step]; // the last, maybe the end
    }
    detail::in_halves(
        ses.size(), bothCores ? kThreadedFrom : kOneThread, [&](int h, std::size_t first, std::size_t last) {
            SymbolTotals& t = half[h];
            t.time.assign(n, 0.0);
            t.count.assign(n, 0);
            t.firstSeen.assign(n, SymbolTotals::kNever);
            // Runs up to the next sampled boundary, so that sampling costs no test per element.
            for (std::size_t i = first; i < last;) {
                if (sample && i % step == 0)
                    sample[i / step] = bounds[i];
                const std::size_t end = std::min(last, (i / step + 1) * step);
                for (; i < end; ++i) {
                    const SymbolId s = symbol[i];
                    if (t.firstSeen[s] == SymbolTotals::kNever)
                        t.firstSeen[s] = static_cast<std::uint32_t>(std::min<std::size_t>(i, SymbolTotals::kNever - 1));
                    t.time[s] += static_cast<double>(bounds[i + 1] - bounds[i]);
                    ++t.count[s];
                }
            }
        });
    SymbolTotals& t = half[0];
    for (std::size_t s = 0; s < n; ++s) {
        t.time[s] += half[1].time[s];
        t.count[s] += half[1].count[s];
        if (t.firstSeen[s] == SymbolTotals::kNever)
            t.firstSeen[s] = half[1].firstSeen[s];
    }
    return std::move(t);
}

void StateSummary::build(std::shared_ptr<const Ses> ses, std::vector<int> laneOf, bool bothCores,
                         std::vector<Time> boundSample)
{
    ses_ = std::move(ses);
    symbol_ = ses_->symbol.data();
    size_ = ses_->size();
    laneOf_ = std::move(laneOf);
    levels_.clear();
    // The first level on two halves split at a block boundary.
    const std::size_t blocks = (size_ + kLeaf - 1) / kLeaf;
    std::vector<LaneSummary> level(blocks);
    detail::in_halves(blocks, bothCores ? kThreadedFrom / kLeaf : kOneThread,
                      [&](int, std::size_t first, std::size_t last) {
                          for (std::size_t block = first; block < last; ++block) {
                              const std::size_t end = std::min(size_, (block + 1) * kLeaf);
                              LaneSummary s;
                              for (std::size_t i = block * kLeaf; i < end; ++i)
                                  s.add(lane(i));
                              level[block] = s;
                          }
                      });
    levels_.push_back(std::move(level));
    boundSample_ = std::move(boundSample);
    if (boundSample_.size() != size_ / kSampleStep + 1) {
        boundSample_.resize(size_ / kSampleStep + 1);
        const Time* bounds = ses_->bounds.data();
        for (std::size_t k = 0; k < boundSample_.size(); ++k)
            boundSample_[k] = bounds[k * kSampleStep];
    }
    while (levels_.back().size() > 1) {
        const auto& below = levels_.back();
        std::vector<LaneSummary> up((below.size() + kFan - 1) / kFan);
        for (std::size_t i = 0; i < below.size(); ++i)
            up[i / kFan].add(below[i]);
        levels_.push_back(std::move(up));
    }
}

bool StateSummary::restore(std::shared_ptr<const Ses> ses, std::vector<int> laneOf,
                           std::vector<std::vector<LaneSummary>> levels, std::vector<Time> boundSample)
{
    const std::size_t n = ses->size();
    const std::size_t symbols = ses->symbols ? ses->symbols->size() : 0;
    if (ses->bounds.size() != n + 1 || laneOf.size() != symbols || boundSample.size() != n / kSampleStep + 1 ||
        levels.empty())
        return false;
    std::size_t blocks = (n + kLeaf - 1) / kLeaf;
    for (std::size_t l = 0; l < levels.size(); ++l) {
        if (levels[l].size() != blocks || (l + 1 < levels.size()) != (blocks > 1))
            return false;
        blocks = (blocks + kFan - 1) / kFan;
    }
    const std::size_t last = (boundSample.size() - 1) * kSampleStep;
    if (boundSample.front() != ses->bounds[0] || boundSample.back() != ses->bounds[last])
        return false;
    ses_ = std::move(ses);
    symbol_ = ses_->symbol.data();
    size_ = n;
    laneOf_ = std::move(laneOf);
    levels_ = std::move(levels);
    boundSample_ = std::move(boundSample);
    return true;
}

LaneSummary StateSummary::query(std::size_t a, std::size_t b) const
{
    LaneSummary s;
    b = std::min(b, size_);
    // Loose elements at both ends until the range is block aligned.
    while (a < b && a % kLeaf != 0)
        s.add(lane(a++));
    while (a < b && b % kLeaf != 0 && b != size_)
        s.add(lane(--b));
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

} // namespace chitra
