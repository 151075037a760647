// chitra-cli simulate MODEL.json --length N --seed S [--occupancy empirical|parametric] -o OUT.pes
#include "commands.hpp"

#include "chitra/chain/model_json.hpp"
#include "chitra/io/io.hpp"
#include "chitra/simulation/simulation.hpp"

#include <iostream>
#include <memory>

namespace chitra::cli {

namespace {

struct SimulateOptions {
    std::string model;
    std::uint64_t length = 0;
    std::uint64_t seed = 1;
    std::string occupancy = "empirical";
    std::string out;
};

} // namespace

Action add_simulate_command(CLI::App& app)
{
    auto options = std::make_shared<SimulateOptions>();
    CLI::App* sub = app.add_subcommand("simulate", "draw a trajectory from a fitted chain (docs/validation.md)");
    sub->add_option("MODEL", options->model, "model JSON written by chitra-cli fit --format json")->required();
    sub->add_option("--length", options->length, "elements to draw")->required()->check(CLI::PositiveNumber);
    sub->add_option("--seed", options->seed, "seed of the generator: the same seed draws the same trajectory")
        ->capture_default_str();
    sub->add_option("--occupancy", options->occupancy,
                    "empirical (each state's histogram, uniform within a bin) or parametric (the exponential, "
                    "gamma or lognormal law of highest likelihood)")
        ->check(CLI::IsMember({"empirical", "parametric"}))
        ->capture_default_str();
    sub->add_option("-o,--output", options->out, "output PES file (default: stdout)");
    return [options] {
        const ModelDocument model = read_model_file(options->model);
        SimulationOptions sim;
        sim.length = options->length;
        sim.seed = options->seed;
        sim.law = options->occupancy == "parametric" ? OccupancyLaw::parametric : OccupancyLaw::empirical;
        Simulation simulation;
        try {
            simulation = simulate_chain(model, sim);
        } catch (const InputError& e) {
            throw InputError(options->model + ": " + e.what());
        }
        if (!simulation.stopped_at.empty())
            std::cerr << options->model << ": warning: state " << simulation.stopped_at
                      << " has no successor but OTHER; the trajectory ends after " << simulation.ses.size()
                      << " elements\n";
        const Trace trace = simulation_trace(simulation, model.model.timebase);
        if (options->out.empty() || options->out == "-") {
            write_pes(trace, std::cout);
            std::cout.flush();
        } else {
            write_pes_file(trace, options->out);
        }
        return 0;
    };
}

} // namespace chitra::cli
