// chitra-cli merge S1.json S2.json ... [--format json|dot|csv|prism] [-o OUT]
// Combines the statistics that `fit --stats-out` writes into one model (docs/scale-out.md).
#include "commands.hpp"
#include "model_output.hpp"

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
        return std::pair<std::size_t, std::uint64_t>{first_seen[l.stats.parts.front().source], l.stats.parts.front().shard};
    };
    std::stable_sort(inputs.begin(), inputs.end(), [&](const Loaded& a, const Loaded& b) { return key(a) < key(b); });
}

// The same shard twice would count its elements twice: refused. Missing shards are legal
// (a model of part of a trace) but said.
void check_shards(const std::vector<Loaded>& inputs)
{
    std::map<std::pair<std::string, std::uint64_t>, std::set<std::uint64_t>> seen;
    for (const Loaded& l : inputs)
        for (const StatsPart& p : l.stats.parts)
            if (!seen[{p.source, p.shards}].insert(p.shard).second)
                throw InputError(l.file + ": shard " + std::to_string(p.shard) + "/" + std::to_string(p.shards) +
                                 " of " + p.source + " is given twice");
    for (const auto& [key, shards] : seen)
        if (shards.size() != key.second)
            std::cerr << "chitra-cli merge: warning: " << shards.size() << " of " << key.second << " shards of "
                      << key.first << "\n";
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
