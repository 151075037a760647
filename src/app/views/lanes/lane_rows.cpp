#include "views/lanes/lane_rows.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

namespace chitra::app {

LaneRows::LaneRows(std::shared_ptr<const LaneTracks> tracks) : tracks_(std::move(tracks))
{
    order_.resize(tracks_->laneCount());
    std::iota(order_.begin(), order_.end(), std::size_t{0});
    rebuild();
}

void LaneRows::setOrder(std::vector<std::size_t> order)
{
    std::vector<std::size_t> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 0; i < sorted.size(); ++i)
        if (sorted[i] != i)
            return;
    if (sorted.size() != laneCount())
        return;
    order_ = std::move(order);
    rebuild();
}

void LaneRows::moveLane(std::size_t lane, int by)
{
    auto it = std::find(order_.begin(), order_.end(), lane);
    if (it == order_.end())
        return;
    const auto i = static_cast<std::ptrdiff_t>(it - order_.begin());
    const std::ptrdiff_t j = std::clamp<std::ptrdiff_t>(i + by, 0, static_cast<std::ptrdiff_t>(order_.size()) - 1);
    const std::size_t moved = order_[static_cast<std::size_t>(i)];
    order_.erase(order_.begin() + i);
    order_.insert(order_.begin() + j, moved);
    rebuild();
}

void LaneRows::setHidden(std::size_t lane, bool hidden)
{
    if (hidden)
        hidden_.insert(lane);
    else
        hidden_.erase(lane);
    rebuild();
}

void LaneRows::setHiddenLanes(std::set<std::size_t> lanes)
{
    std::erase_if(lanes, [this](std::size_t l) { return l >= laneCount(); });
    hidden_ = std::move(lanes);
    rebuild();
}

void LaneRows::setUnfoldedLanes(const std::set<std::size_t>& lanes)
{
    unfolded_.clear();
    for (std::size_t l : lanes)
        if (l < laneCount() && maxDepth(l) > 1)
            unfolded_.insert(l);
    rebuild();
}

bool LaneRows::setFilter(const std::string& filter)
{
    std::optional<std::regex> re;
    if (filter.size() >= 2 && filter.front() == '/' && filter.back() == '/') {
        try {
            re = std::regex(filter.substr(1, filter.size() - 2), std::regex::ECMAScript | std::regex::icase);
        } catch (const std::regex_error&) {
            return false;
        }
    }
    filter_ = filter;
    regex_ = std::move(re);
    rebuild();
    return true;
}

void LaneRows::setUnfolded(std::size_t lane, bool on)
{
    if (on && lane < laneCount() && maxDepth(lane) > 1)
        unfolded_.insert(lane);
    else
        unfolded_.erase(lane);
    rebuild();
}

bool LaneRows::passes(std::size_t lane) const
{
    if (hidden_.count(lane))
        return false;
    if (filter_.empty())
        return true;
    const std::string& name = trace().lanes[lane].name;
    if (regex_)
        return std::regex_search(name, *regex_);
    auto lower = [](std::string s) {
        std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
        return s;
    };
    return lower(name).find(lower(filter_)) != std::string::npos;
}

void LaneRows::rebuild()
{
    rows_.clear();
    firstRow_.assign(laneCount(), std::numeric_limits<std::size_t>::max());
    for (std::size_t lane : order_) {
        if (!passes(lane))
            continue;
        firstRow_[lane] = rows_.size();
        if (unfolded_.count(lane)) {
            for (std::uint32_t d = 1; d <= maxDepth(lane); ++d)
                rows_.push_back({lane, d, tracks_->track(lane, d)});
        } else {
            rows_.push_back({lane, 0, tracks_->track(lane, 0)});
        }
    }
}

std::optional<std::size_t> LaneRows::rowOf(const LaneSpan& span) const
{
    if (span.lane >= firstRow_.size() || firstRow_[span.lane] >= rows_.size())
        return std::nullopt;
    const std::size_t first = firstRow_[span.lane];
    if (rows_[first].depth == 0 || span.depth <= 1)
        return first;
    return span.depth <= maxDepth(span.lane) ? std::optional(first + span.depth - 1) : std::nullopt;
}

std::string LaneRows::rowLabel(const LaneRow& row) const
{
    const std::string& name = trace().lanes[row.lane].name;
    if (row.depth == 0)
        return name;
    return row.depth == 1 ? name + " \u00b7 depth 1" : "depth " + std::to_string(row.depth);
}

} // namespace chitra::app
