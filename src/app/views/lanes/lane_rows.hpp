// The rows of the lanes view: which lanes show, in which order, filtered by name, and
// which are unfolded into one row per nesting depth (the tracks come from LaneTracks).
#pragma once

#include "chitra/summaries/lane_tracks.hpp"

#include <memory>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace chitra::app {

struct LaneRow {
    std::size_t lane = 0;
    std::uint32_t depth = 0; // 0: the top of the stack; d > 0: the region at depth d
    std::shared_ptr<const LaneTrackSummary> summary;
};

// A stretch of one lane the view marks (a region found): the region at nesting depth
// `depth` (0: whatever is on top of the stack), [start, end) in the view's time units.
struct LaneSpan {
    std::size_t lane = 0;
    std::uint32_t depth = 0;
    Time start = 0, end = 0;
};

class LaneRows {
public:
    explicit LaneRows(std::shared_ptr<const LaneTracks> tracks);

    const LaneTracks& tracks() const { return *tracks_; }
    const LaneTrace& trace() const { return tracks_->trace(); }
    std::size_t laneCount() const { return tracks_->laneCount(); }

    // Lane order (indices into trace().lanes), hidden lanes and the name filter.
    const std::vector<std::size_t>& order() const { return order_; }
    void setOrder(std::vector<std::size_t> order); // a permutation of the lanes; ignored otherwise
    void moveLane(std::size_t lane, int by);       // up (-1) or down (+1) among the lanes
    bool hidden(std::size_t lane) const { return hidden_.count(lane) != 0; }
    void setHidden(std::size_t lane, bool hidden);
    const std::set<std::size_t>& hiddenLanes() const { return hidden_; }
    void setHiddenLanes(std::set<std::size_t> lanes); // lanes out of range are ignored
    void showAll()
    {
        hidden_.clear();
        rebuild();
    }
    // Lanes whose name contains the text (or matches /REGEX/) show; empty shows all.
    // Returns false (and keeps the old filter) for a bad regular expression.
    bool setFilter(const std::string& filter);
    const std::string& filter() const { return filter_; }
    bool unfolded(std::size_t lane) const { return unfolded_.count(lane) != 0; }
    void setUnfolded(std::size_t lane, bool on);
    const std::set<std::size_t>& unfoldedLanes() const { return unfolded_; }
    void setUnfoldedLanes(const std::set<std::size_t>& lanes); // only lanes with nesting unfold
    std::uint32_t maxDepth(std::size_t lane) const { return tracks_->maxDepth(lane); }

    // The rows shown, top row first.
    const std::vector<LaneRow>& rows() const { return rows_; }
    std::string rowLabel(const LaneRow& row) const;
    // The row that shows a span of a lane: the row of its depth when the lane is
    // unfolded (its first row for depth 0), else the lane's row; nullopt: not shown.
    std::optional<std::size_t> rowOf(const LaneSpan& span) const;

private:
    void rebuild();
    bool passes(std::size_t lane) const;

    std::shared_ptr<const LaneTracks> tracks_;
    std::vector<std::size_t> order_;
    std::set<std::size_t> hidden_, unfolded_;
    std::string filter_;
    std::optional<std::regex> regex_;
    std::vector<LaneRow> rows_;
    std::vector<std::size_t> firstRow_; // per lane: its first row in rows_, or rows_.size()
};

} // namespace chitra::app
