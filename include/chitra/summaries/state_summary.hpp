// Multi-resolution summaries of a SES's lanes (y coordinates) so that a display can ask
// "which lanes occur among elements [a, b)" in O(log n), whatever the trace size: a
// frame then costs O(pixel columns), not O(elements).
#pragma once

#include "chitra/trace/ses.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace chitra {

// Per symbol id of a SES: total occupancy, number of elements, and the index of the
// first element (kNever when absent). One pass over the SES, done on the worker that
// replays a pipeline so that the panels listing states do not scan it on the GUI thread.
struct SymbolTotals {
    static constexpr std::uint32_t kNever = 0xFFFFFFFFu;
    std::vector<double> time;
    std::vector<std::uint64_t> count;
    std::vector<std::uint32_t> firstSeen;
};
// With `bothCores`, a large SES is scanned in two halves on two threads: for opening a
// trace, when the user waits for the first frame. A replay's worker keeps to one thread,
// since a second busy thread was seen to delay the GUI thread (docs/performance.md).
// `boundSample`: also filled, in the same pass, with the sample of boundaries that
// StateSummary keeps (every kSampleStep-th), so that build() need not read them again:
// a trace larger than memory comes from disk at each pass.
SymbolTotals symbolTotals(const Ses& ses, bool bothCores = false, std::vector<Time>* boundSample = nullptr);

struct LaneSummary {
    std::uint64_t mask = 0; // bit l set: lane l occurs (lanes >= 63 share bit 63)
    std::uint32_t ymin = 0xFFFFFFFFu;
    std::uint32_t ymax = 0;
    bool empty() const { return mask == 0; }
    void add(std::uint32_t lane)
    {
        mask |= std::uint64_t{1} << (lane < 63 ? lane : 63);
        ymin = lane < ymin ? lane : ymin;
        ymax = lane > ymax ? lane : ymax;
    }
    void add(const LaneSummary& o)
    {
        mask |= o.mask;
        ymin = o.ymin < ymin ? o.ymin : ymin;
        ymax = o.ymax > ymax ? o.ymax : ymax;
    }
};

class StateSummary {
public:
    static constexpr std::size_t kLeaf = 16; // elements per level-0 block
    static constexpr std::size_t kFan = 4;   // blocks per block of the next level

    // Element i of `ses` is in lane laneOf[its symbol]. The summary keeps the SES: the
    // lane of one element is read through its symbol, not stored (4 bytes an element).
    // `boundSample`: boundSample() as symbolTotals made it; taken here when left empty.
    void build(std::shared_ptr<const Ses> ses, std::vector<int> laneOf, bool bothCores = false,
               std::vector<Time> boundSample = {});
    LaneSummary query(std::size_t a, std::size_t b) const;
    std::size_t size() const { return size_; }
    std::uint32_t lane(std::size_t i) const { return static_cast<std::uint32_t>(laneOf_[symbol_[i]]); }

    // Every kSampleStep-th boundary of the SES (bounds[k * kSampleStep]), so that finding
    // the elements of a time touches a few pages of the boundaries, not a whole binary
    // search's worth: they may be pages of a mapped trace larger than memory.
    static constexpr std::size_t kSampleStep = 1024;
    const std::vector<Time>& boundSample() const { return boundSample_; }

    // What a cache keeps of a summary (summary_cache.hpp), and a summary made from it
    // again: false, leaving this summary as it was, when the parts are not the shape that
    // build() makes for `ses`.
    const std::vector<int>& laneOf() const { return laneOf_; }
    const std::vector<std::vector<LaneSummary>>& levels() const { return levels_; }
    bool restore(std::shared_ptr<const Ses> ses, std::vector<int> laneOf, std::vector<std::vector<LaneSummary>> levels,
                 std::vector<Time> boundSample);

private:
    std::shared_ptr<const Ses> ses_;
    const SymbolId* symbol_ = nullptr; // ses_'s symbols
    std::vector<int> laneOf_;
    std::size_t size_ = 0;
    std::vector<Time> boundSample_;
    std::vector<std::vector<LaneSummary>> levels_;
};

} // namespace chitra
