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

// Statistics of the shard of `base` (the SES of a trace of `records` records). Without a
// pipeline it reads the shard's records and one more (the end of its last element and
// the target of its last transition); with one it replays the pipeline on the shard
// widened by `margin` records on each side and keeps the elements whose first record
// lies in the shard. Pipeline warnings are appended to `warnings`.
FitStats shard_stats(const Ses& base, TimeBase timebase, std::uint64_t records, const ShardSpec& spec,
                     const Pipeline* pipeline, bool strict, std::vector<std::string>& warnings);

// Why the steps of a pipeline may differ on shards from the whole trace ("step 2
// (filter): ..."), one line per step that is not exact; empty when all are.
std::vector<std::string> inexact_on_shards(const Pipeline& pipeline);

} // namespace chitra
