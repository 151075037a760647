// chitra-cli validate FILE --model MODEL.json [--pipeline P.json] [--seed S] [--json] [-o OUT]
#include "commands.hpp"
#include "pipelined_trace.hpp"
#include "trace_input.hpp"

#include "chitra/chain/model_json.hpp"
#include "chitra/pipeline/pipeline_json.hpp"
#include "chitra/validation/validation.hpp"

#include <cstdio>
#include <memory>

namespace chitra::cli {

namespace {

struct ValidateOptions {
    std::string file;
    TraceInput input;
    std::string model;
    std::string pipeline;
    std::uint64_t seed = 1;
    bool json = false;
    std::string out;
};

std::string format_p(double p)
{
    char text[32];
    std::snprintf(text, sizeof text, p < 1e-3 && p > 0.0 ? "%.2e" : "%.4f", p);
    return text;
}

// The readable form: the verdict, the worst offenders, then every test.
std::string validation_table(const Validation& v)
{
    const std::size_t tests = v.states.size() + 1 + (v.periodogram.trajectories > 0 ? 1 : 0);
    std::string out = std::string(v.pass ? "PASS" : "FAIL") + " at the " + format_p(v.level) +
                      " level (Holm-corrected over " + std::to_string(tests) + " tests)\n";
    if (!v.worst.empty()) {
        out += "\nworst:\n";
        for (const Offender& o : v.worst)
            out += "  " + std::string(o.rejected ? "x " : "  ") + o.test + (o.name.empty() ? "" : " " + o.name) +
                   "  p=" + format_p(o.p) + "\n";
    }
    out += "\nstate occupancies (Kolmogorov-Smirnov):\n";
    for (const StateFit& s : v.states)
        out += "  " + s.name + "  visits=" + std::to_string(s.visits) + "  D=" + format_p(s.ks) +
               "  p=" + format_p(s.p) + "\n";
    for (const auto& [name, visits] : v.unknown)
        out += "  " + name + "  visits=" + std::to_string(visits) + "  not in the model\n";
    out += "\ntransitions (chi-square): chi2=" + format_p(v.transitions.chi2) +
           "  dof=" + std::to_string(v.transitions.dof) + "  p=" + format_p(v.transitions.p) + "\n";
    for (const UnexpectedTransition& t : v.transitions.unexpected)
        out += "  " + t.from + " -> " + t.to + " seen " +
               (t.count == 1 ? std::string("once") : std::to_string(t.count) + " times") +
               ", probability 0 in the model\n";
    out += "\nperiodogram (event domain, " + std::to_string(v.periodogram.trajectories) +
           " simulated trajectories): distance=" + format_p(v.periodogram.distance) +
           "  share farther=" + format_p(v.periodogram.p) + "  p=" + format_p(v.periodogram.p_tail) + "\n";
    return out;
}

} // namespace

Action add_validate_command(CLI::App& app)
{
    auto options = std::make_shared<ValidateOptions>();
    CLI::App* sub =
        app.add_subcommand("validate", "test whether a fitted chain reproduces a trace (docs/validation.md)");
    sub->add_option("FILE", options->file, "trace file (any format Chitra reads)")->required();
    add_trace_input_options(sub, options->input);
    sub->add_option("--model", options->model, "model JSON written by chitra-cli fit --format json")->required();
    sub->add_option("--pipeline", options->pipeline, "pipeline JSON file applied to the trace first");
    sub->add_option("--seed", options->seed, "seed of the simulated trajectories")->capture_default_str();
    sub->add_flag("--json", options->json, "one JSON document instead of the table");
    sub->add_option("-o,--output", options->out, "output file (default: stdout)");
    return [options] {
        const ModelDocument model = read_model_file(options->model);
        Pipeline pipeline;
        if (!options->pipeline.empty())
            pipeline = load_pipeline_file(options->pipeline);
        const Ses ses = load_pipelined(options->file, options->input, pipeline, options->pipeline).ses;
        ValidationOptions vo;
        vo.seed = options->seed;
        Validation v;
        try {
            v = validate_model(ses, model, vo);
        } catch (const InputError& e) {
            throw InputError(options->model + ": " + e.what());
        }
        emit(options->out, options->json ? validation_to_json(v) : validation_table(v));
        return 0;
    };
}

} // namespace chitra::cli
