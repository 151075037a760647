// The validation report as JSON (interfaces.md "Simulation and validation").
#include "chitra/validation/validation.hpp"

#include <nlohmann/json.hpp>

namespace chitra {

std::string validation_to_json(const Validation& v)
{
    using Json = nlohmann::ordered_json;
    Json root;
    root["pass"] = v.pass;
    root["level"] = v.level;
    Json states = Json::array();
    for (const StateFit& s : v.states)
        states.push_back(Json{{"name", s.name}, {"visits", s.visits}, {"ks", s.ks}, {"p", s.p}});
    root["states"] = std::move(states);
    Json unknown = Json::array();
    for (const auto& [name, visits] : v.unknown)
        unknown.push_back(Json{{"name", name}, {"visits", visits}});
    root["unknown_states"] = std::move(unknown);

    Json unexpected = Json::array();
    for (const UnexpectedTransition& t : v.transitions.unexpected)
        unexpected.push_back(Json{{"from", t.from}, {"to", t.to}, {"count", t.count}});
    root["transitions"] = Json{{"chi2", v.transitions.chi2},
                               {"dof", v.transitions.dof},
                               {"p", v.transitions.p},
                               {"unexpected", std::move(unexpected)}};

    const PeriodogramFit& pg = v.periodogram;
    root["periodogram"] = Json{
        {"distance", pg.distance},
        {"p", pg.p},
        {"p_tail", pg.p_tail},
        {"domain", "event"},
        {"trajectories", pg.trajectories},
        {"bands",
         Json{
             {"frequency", pg.frequency}, {"trace", pg.trace}, {"mean", pg.mean}, {"low", pg.low}, {"high", pg.high}}}};
    Json worst = Json::array();
    for (const Offender& o : v.worst) {
        Json j{{"test", o.test}};
        if (!o.name.empty())
            j["name"] = o.name;
        j["p"] = o.p;
        j["rejected"] = o.rejected;
        worst.push_back(std::move(j));
    }
    root["worst"] = std::move(worst);
    return root.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
}

} // namespace chitra
