// chitra-cli lanes TRACE [--from F] [--components SPEC] [--pipeline P.json]
//                  [--group-distance X] [--models] [--format json|text] [-o OUT]: each
// chosen lane alone through the pipeline, its chain fitted; the distance between lanes'
// behaviours, groups by single linkage, outliers (interfaces.md "Lanes compared").
#include "commands.hpp"
#include "lanes_alone.hpp"

#include "chitra/chain/chain.hpp"
#include "chitra/export/model_export.hpp"
#include "chitra/lanecompare/lane_comparison.hpp"
#include "chitra/pipeline/pipeline_json.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>

namespace chitra::cli {

namespace {

struct LanesOptions {
    std::string file;
    TraceInput input;
    std::string pipeline;
    double group_distance = 0.2;
    bool models = false;
    std::string format = "json";
    std::string out;
};

struct Compared {
    std::vector<std::string> names;
    LaneGrouping grouping;
    std::vector<SemiMarkovModel> models; // with --models
};

std::string lanes_json(const Compared& c, bool models)
{
    using json = nlohmann::ordered_json;
    const LaneGrouping& g = c.grouping;
    json out;
    out["group_distance"] = g.group_distance;
    json lanes = json::array();
    for (std::size_t k = 0; k < c.names.size(); ++k) {
        json lane;
        lane["lane"] = k + 1;
        lane["name"] = c.names[k];
        lane["group"] = g.group[k];
        lane["nearest"] = g.nearest[k] ? json(*g.nearest[k] + 1) : json(nullptr);
        lane["nearest_distance"] = g.nearest_distance[k] ? json(*g.nearest_distance[k]) : json(nullptr);
        lane["outlier"] = static_cast<bool>(g.outlier[k]);
        if (models)
            lane["model"] = json::parse(model_to_json(c.models[k]));
        lanes.push_back(std::move(lane));
    }
    out["lanes"] = std::move(lanes);
    json groups = json::array();
    for (std::size_t n = 0; n < g.groups.size(); ++n) {
        json members = json::array();
        for (std::size_t lane : g.groups[n])
            members.push_back(lane + 1);
        groups.push_back({{"group", n + 1}, {"lanes", std::move(members)}});
    }
    out["groups"] = std::move(groups);
    out["distance"] = g.distance;
    return out.dump(2) + "\n";
}

std::string fixed(double value, int decimals)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

std::string lanes_text(const Compared& c)
{
    const LaneGrouping& g = c.grouping;
    std::size_t outliers = 0;
    for (bool o : g.outlier)
        outliers += o ? 1 : 0;
    std::string out = std::to_string(c.names.size()) + " lanes, " + std::to_string(g.groups.size()) +
                      " groups at distance < " + fixed(g.group_distance, 3) + ", " + std::to_string(outliers) +
                      " outliers\n\nlane  group  nearest  distance  outlier  name\n";
    for (std::size_t k = 0; k < c.names.size(); ++k) {
        std::string row = std::to_string(k + 1);
        row.resize(6, ' ');
        row += std::to_string(g.group[k]);
        row.resize(13, ' ');
        row += g.nearest[k] ? std::to_string(*g.nearest[k] + 1) : "-";
        row.resize(22, ' ');
        row += g.nearest_distance[k] ? fixed(*g.nearest_distance[k], 4) : "-";
        row.resize(32, ' ');
        row += g.outlier[k] ? "yes" : "no";
        row.resize(41, ' ');
        out += row + c.names[k] + "\n";
    }
    out += "\ngroup  lanes\n";
    for (std::size_t n = 0; n < g.groups.size(); ++n) {
        std::string row = std::to_string(n + 1);
        row.resize(7, ' ');
        for (std::size_t i = 0; i < g.groups[n].size(); ++i)
            row += (i ? " " : "") + std::to_string(g.groups[n][i] + 1);
        out += row + "\n";
    }
    return out;
}

int run_lanes(const LanesOptions& o)
{
    if (!(o.group_distance > 0 && o.group_distance <= 1)) {
        std::cerr << "chitra-cli lanes: --group-distance must be in (0, 1]\n";
        return 2;
    }
    const Pipeline pipeline = o.pipeline.empty() ? Pipeline{} : load_pipeline_file(o.pipeline);
    const LanesAlone lanes(o.file, o.input);
    Compared c;
    c.names = lanes.names();
    std::vector<LaneBehaviour> behaviours(c.names.size());
    c.models.resize(o.models ? c.names.size() : 0);
    lanes.forEach(pipeline, o.pipeline, "lanes", [&](LaneAlone&& lane) {
        behaviours[lane.index] = lane_behaviour(lane.ses);
        if (o.models)
            c.models[lane.index] = fit_chain(lane.ses, lane.timebase);
    });
    c.grouping = group_lanes(behaviours, o.group_distance);
    emit(o.out, o.format == "text" ? lanes_text(c) : lanes_json(c, o.models));
    return 0;
}

} // namespace

Action add_lanes_command(CLI::App& app)
{
    auto opts = std::make_shared<LanesOptions>();
    auto* sub = app.add_subcommand("lanes", "Lanes compared: a chain per lane, the distance between lanes' behaviours, "
                                            "groups of lanes that behave alike, outliers");
    sub->add_option("TRACE", opts->file, "trace file (any format Chitra reads)")->required();
    add_trace_input_options(sub, opts->input);
    sub->add_option("--pipeline", opts->pipeline, "pipeline JSON file applied to each lane alone");
    sub->add_option("--group-distance", opts->group_distance,
                    "lanes nearer than this to a lane of a group join it; a lane this far from every other is an "
                    "outlier")
        ->capture_default_str();
    sub->add_flag("--models", opts->models, "add each lane's fitted chain (as fit --format json)");
    sub->add_option("--format", opts->format, "json or text")
        ->check(CLI::IsMember({"json", "text"}))
        ->capture_default_str();
    sub->add_option("-o,--output", opts->out, "output file (default: stdout)");
    return [opts] { return run_lanes(*opts); };
}

} // namespace chitra::cli
