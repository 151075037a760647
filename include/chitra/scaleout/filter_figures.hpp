// The first map pass of a fit past one machine whose pipeline filters states by their
// share of the whole trace (docs/scale-out.md "Filters on shards"): each shard counts
// the visits and occupancy of every state at the filter's input, the counts of all
// shards add up to the whole trace's, and with them every shard's filter selects the
// states a fit of the whole file would.
#pragma once

#include "chitra/chain/chain_stats.hpp"
#include "chitra/pipeline/pipeline.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"
#include "chitra/scaleout/shard_stats.hpp"
#include "chitra/trace/ses.hpp"

#include <cstdint>
#include <climits>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace chitra {

struct FilterFigures {
    std::size_t step = 0;       // the pipeline's first time or event filter (0-based)
    std::uint64_t elements = 0; // owned elements at the filter's input
    WideSum time = 0;           // their total occupancy
    std::map<std::string, std::pair<std::uint64_t, WideSum>> states; // name -> visits, occupancy
};

// The index of the first time or event filter of `pipeline`, if any.
std::optional<std::size_t> first_share_filter(const Pipeline& pipeline);

// Figures of one shard: the pipeline's steps before its first share filter replayed on
// the shard widened by the margin, and the elements whose first record the shard owns
// counted. Throws InputError when the pipeline has no time or event filter.
FilterFigures shard_filter_figures(const Ses& base, std::uint64_t records, const ShardSpec& spec,
                                   const Pipeline& pipeline, bool strict, std::vector<std::string>& warnings);

// Adds `other` to `into`; throws InputError when they are of different filter steps.
void merge_figures(FilterFigures& into, const FilterFigures& other);

// The pipeline replayed with its first time or event filter selecting by `figures`
// (errors and warnings name the steps as in `pipeline`). With `origins`, each filter
// composite the filter made is recorded by name with its neighbours and the first record
// in [owned.first, owned.second) where it stands (UINT64_MAX for one seen only outside).
RunResult run_pipeline_with_figures(const Ses& base, const Pipeline& pipeline, const FilterFigures& figures,
                                    bool strict, std::map<std::string, FilterOrigin>* origins = nullptr,
                                    std::pair<std::uint64_t, std::uint64_t> owned = {0, UINT64_MAX});

// Renames the filter composites that carry an origin, in all `parts` together, as a fit
// of the whole file names them: T<k> in order of the first record where their pair of
// neighbours stands, k counting on from the other T<k> states of the parts. Call it on
// all the parts of one file before merging them.
void align_filter_composites(std::vector<FitStats*> parts);

// The names the filter step selects with whole-trace figures.
std::vector<std::string> selected_by_figures(const Step& filter, const FilterFigures& figures);

// "format": "chitra-filter-figures", "version": 1; reading throws InputError "WHERE: reason".
std::string figures_to_json(const FilterFigures& figures);
FilterFigures figures_from_json(const std::string& text, const std::string& where);

} // namespace chitra
