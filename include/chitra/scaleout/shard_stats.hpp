// The map step of a fit past one machine: the statistics of one shard of a trace, with
// or without a pipeline (docs/scale-out.md).
#pragma once

#include "chitra/chain/chain_stats.hpp"
#include "chitra/pipeline/pipeline.hpp"
#include "chitra/trace/ses.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace chitra {

struct ShardSpec {
    std::uint64_t shard = 1, shards = 1; // the shard-th (1-based) of `shards` record ranges
    std::uint64_t margin = 0;            // with a pipeline: records read beyond each edge
};

// Parses "K/N" (1 <= K <= N); throws InputError naming the text otherwise.
ShardSpec parse_shard(const std::string& text);

// The elements [lo, hi) of `ses` as a SES of their own (symbols shared).
Ses slice_ses(const Ses& ses, std::size_t lo, std::size_t hi);

// The part of `base` a shard reads: its records and one more (the end of its last element
// and the target of its last transition), widened by the margin on each side when a
// pipeline is replayed on it; [lo, hi) in elements of `base`.
struct ShardPart {
    Ses ses;
    std::uint64_t first = 0, end = 0; // the records the shard owns
    std::uint64_t lo = 0, hi = 0;     // hi may be below lo for a shard past the end
};
ShardPart shard_part(const Ses& base, std::uint64_t records, const ShardSpec& spec, bool piped);

struct FilterFigures; // chitra/scaleout/filter_figures.hpp

// Statistics of the shard of `base` (the SES of a trace of `records` records). Without a
// pipeline it reads the shard's part; with one it replays the pipeline on the part and
// keeps the elements whose first record lies in the shard. With `figures` (the first map
// pass, summed over all shards), the pipeline's first time or event filter selects the
// states the whole trace's figures select. Pipeline warnings are appended to `warnings`.
FitStats shard_stats(const Ses& base, TimeBase timebase, std::uint64_t records, const ShardSpec& spec,
                     const Pipeline* pipeline, bool strict, std::vector<std::string>& warnings,
                     const FilterFigures* figures = nullptr);

// Why the steps of a pipeline may differ on shards from the whole trace ("step 2
// (filter): ..."), one line per step that is not exact; empty when all are. With figures
// of a first pass, the filter they were counted for is exact.
std::vector<std::string> inexact_on_shards(const Pipeline& pipeline, const FilterFigures* figures = nullptr);

} // namespace chitra
