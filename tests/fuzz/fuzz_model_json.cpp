// libFuzzer target: the model JSON reader, then a short simulation and a validation of the
// trajectory against the model (docs/validation.md). Bad input must end in InputError,
// never in a crash, a hang or undefined behaviour.
#include "chitra/chain/model_json.hpp"
#include "chitra/simulation/simulation.hpp"
#include "chitra/validation/validation.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    chitra::ModelDocument model;
    try {
        model = chitra::model_from_json(text, "fuzz.json");
    } catch (const chitra::InputError&) {
        return 0;
    }
    for (auto law : {chitra::OccupancyLaw::empirical, chitra::OccupancyLaw::parametric}) {
        try {
            const chitra::Simulation sim = chitra::simulate_chain(model, {64, 7, law});
            chitra::ValidationOptions options;
            options.trajectories = 3;
            chitra::validate_model(sim.ses, model, options);
        } catch (const chitra::InputError&) {
        }
    }
    return 0;
}
