// chitra-cli merge S1.json S2.json ... [--format json|dot|csv|prism] [-o OUT]
// Combines the statistics that `fit --stats-out` writes into one model (docs/scale-out.md).
#include "commands.hpp"
#include "model_output.hpp"

#include "chitra/scaleout/filter_figures.hpp"
#include "chitra/chain/chain_stats.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <set>
#include <sstream>

namespace chitra::cli {

namespace {

struct MergeOptions {
    std::vector<std::string> files;
    std::string format = "json";
    std::string out;
};

struct Loaded {
    std::string file;
    FitStats stats;
};

FitStats read_stats(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path + ": cannot open");
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad())
        throw InputError(path + ": cannot read");
    return stats_from_json(text.str(), path);
}

// Shards of one trace go in shard order, traces in the order first named, so that the
// states keep their order of first appearance whatever order the files come in.
void order_inputs(std::vector<Loaded>& inputs)
{
    std::map<std::string, std::size_t> first_seen;
    for (const Loaded& l : inputs)
        for (const StatsPart& p : l.stats.parts)
            first_seen.emplace(p.source, first_seen.size());
    auto key = [&](const Loaded& l) {
        if (l.stats.parts.empty())
            return std::pair<std::size_t, std::uint64_t>{first_seen.size(), 0};
        return std::pair<std::size_t, std::uint64_t>{first_seen[l.stats.parts.front().source],
                                                     l.stats.parts.front().shard};
    };
    std::stable_sort(inputs.begin(), inputs.end(), [&](const Loaded& a, const Loaded& b) { return key(a) < key(b); });
}

// Records of one trace in two statistics would count twice: refused, whether the same
// shard is given twice or shards of different splits overlap. Missing shards are legal
// (a model of part of a trace) but said.
void check_shards(const std::vector<Loaded>& inputs)
{
    struct Owned {
        std::uint64_t first, end;
        std::string file;
        const StatsPart* part;
    };
    std::map<std::string, std::vector<Owned>> by_source;
    for (const Loaded& l : inputs)
        for (const StatsPart& p : l.stats.parts)
            by_source[p.source].push_back({p.first_record, p.end_record, l.file, &p});
    const auto name = [](const StatsPart& p) { return std::to_string(p.shard) + "/" + std::to_string(p.shards); };
    for (auto& [source, owned] : by_source) {
        std::sort(owned.begin(), owned.end(), [](const Owned& a, const Owned& b) {
            return a.first != b.first ? a.first < b.first : a.end < b.end;
        });
        for (std::size_t i = 1; i < owned.size(); ++i) {
            const Owned& a = owned[i - 1];
            const Owned& b = owned[i];
            if (b.first < a.end || (a.first == b.first && a.end == b.end && a.part->shard == b.part->shard &&
                                    a.part->shards == b.part->shards))
                throw InputError(b.file + ": shard " + name(*b.part) + " of " + source +
                                 (a.part->shard == b.part->shard && a.part->shards == b.part->shards
                                      ? " is given twice"
                                      : " overlaps shard " + name(*a.part) + " in " + a.file));
        }
        const std::uint64_t shards = owned.front().part->shards;
        const bool one_split =
            std::all_of(owned.begin(), owned.end(), [&](const Owned& o) { return o.part->shards == shards; });
        if (one_split && owned.size() != shards)
            std::cerr << "chitra-cli merge: warning: " << owned.size() << " of " << shards << " shards of " << source
                      << "\n";
    }
}

} // namespace

Action add_merge_command(CLI::App& app)
{
    auto options = std::make_shared<MergeOptions>();
    CLI::App* sub = app.add_subcommand("merge", "combine statistics written by `fit --stats-out` into one model");
    sub->add_option("STATS", options->files, "statistics files (chitra-stats JSON)")->required();
    sub->add_option("--format", options->format,
                    "json (model), dot (Graphviz), csv (transition matrix), prism (explicit files; needs -o BASE)")
        ->check(CLI::IsMember({"json", "dot", "csv", "prism"}))
        ->capture_default_str();
    sub->add_option("-o,--output", options->out, "output file (default: stdout); for prism the base name");
    return [options] {
        if (options->format == "prism" && (options->out.empty() || options->out == "-")) {
            std::cerr << "chitra-cli merge: --format prism writes four files and needs -o BASE\n";
            return 2;
        }
        std::vector<Loaded> inputs;
        for (const std::string& file : options->files)
            inputs.push_back({file, read_stats(file)});
        order_inputs(inputs);
        check_shards(inputs);
        // Filter composites of a first-pass filter are numbered per file, as its whole fit does.
        std::map<std::string, std::vector<FitStats*>> by_file;
        for (Loaded& l : inputs)
            if (!l.stats.parts.empty())
                by_file[l.stats.parts.front().source].push_back(&l.stats);
        for (auto& [source, parts] : by_file)
            align_filter_composites(parts);
        FitStats merged;
        for (const Loaded& l : inputs) {
            try {
                merge_into(merged, l.stats);
            } catch (const InputError& e) {
                throw InputError(l.file + ": " + e.what());
            }
        }
        std::cerr << "chitra-cli merge: " << inputs.size() << " statistics, " << merged.elements << " elements, "
                  << merged.ends.size() << " sequences, " << merged.near_edge << " elements near a shard edge\n";
        write_model(model_from_stats(merged), options->format, options->out);
        return 0;
    };
}

} // namespace chitra::cli
