// The ensemble document (`ensemble fit --format json`) and the model predicted from it
// (`ensemble predict`): interfaces.md "Ensembles, models across parameters".
#include "chitra/ensemble/ensemble.hpp"

#include "chitra/export/model_export.hpp"
#include "chitra/trace/types.hpp"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>
#include <limits>

namespace chitra {

namespace {

using Json = nlohmann::ordered_json;

// A value as JSON: an integer or a number when it is one, else the word.
Json param_json(const std::string& text)
{
    std::int64_t integer = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), integer);
    if (ec == std::errc() && end == text.data() + text.size())
        return integer;
    if (auto v = numeric_value(text))
        return *v;
    return text;
}

Json params_json(const RunParams& params)
{
    Json out = Json::object();
    for (const auto& [name, value] : params)
        out[name] = param_json(value);
    return out;
}

std::string param_text(const Json& value, const std::string& where)
{
    if (value.is_string())
        return value.get<std::string>();
    if (value.is_number_integer())
        return value.dump();
    if (value.is_number())
        return value.dump();
    throw InputError(where + ": a parameter value must be a number or a word");
}

RunParams params_from_json(const Json& object, const std::string& where)
{
    if (!object.is_object())
        throw InputError(where + ": parameters must be an object");
    RunParams params;
    for (const auto& [name, value] : object.items())
        params[name] = param_text(value, where);
    return params;
}

bool same_value(const std::string& a, const std::string& b)
{
    auto x = numeric_value(a), y = numeric_value(b);
    return x && y ? *x == *y : a == b;
}

Json model_json(const SemiMarkovModel& model) { return Json::parse(model_to_json(model)); }

// How far a measured group lies from the point: relative distance per numeric
// parameter; a different word or a missing parameter is far beyond any number.
double distance(const RunParams& group, const RunParams& point)
{
    constexpr double kFar = 1e9;
    double d = 0.0;
    for (const auto& [name, value] : point) {
        auto it = group.find(name);
        if (it == group.end()) {
            d += kFar;
            continue;
        }
        auto x = numeric_value(value), y = numeric_value(it->second);
        if (x && y) {
            const double scale = std::max(std::abs(*x), std::abs(*y));
            d += scale > 0.0 ? std::abs(*x - *y) / scale : 0.0;
        } else if (value != it->second) {
            d += kFar;
        }
    }
    return d;
}

FormulaForm form_from_text(const std::string& text, const std::string& where)
{
    if (text == "linear")
        return FormulaForm::linear;
    if (text == "power")
        return FormulaForm::power;
    if (text == "log")
        return FormulaForm::log;
    throw InputError(where + ": unknown formula form '" + text + "'");
}

} // namespace

std::string ensemble_to_json(const Ensemble& ensemble)
{
    Json root;
    root["format"] = "chitra-ensemble";
    root["version"] = 1;
    Json members = Json::array();
    for (const EnsembleMember& m : ensemble.members)
        members.push_back(Json{{"file", m.file}, {"params", params_json(m.params)}, {"model", model_json(m.model)}});
    root["members"] = std::move(members);
    Json groups = Json::array();
    for (const EnsembleGroup& g : ensemble.groups) {
        Json files = Json::array();
        for (std::size_t i : g.members)
            files.push_back(ensemble.members[i].file);
        groups.push_back(
            Json{{"params", params_json(g.params)}, {"members", std::move(files)}, {"model", model_json(g.model)}});
    }
    root["groups"] = std::move(groups);
    Json formulas = Json::array();
    for (const Formula& f : ensemble.formulas)
        formulas.push_back(Json{{"state", f.state},
                                {"quantity", f.quantity},
                                {"parameter", f.parameter},
                                {"given", params_json(f.given)},
                                {"form", std::string(to_string(f.fit.form))},
                                {"a", f.fit.a},
                                {"b", f.fit.b},
                                {"r2", f.fit.r2},
                                {"best", f.best}});
    root["formulas"] = std::move(formulas);
    return root.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
}

namespace {

struct StoredFormula {
    std::string state, quantity, parameter;
    RunParams given;
    FormulaForm form;
    double a, b, r2;
};

// The best formula for (state, quantity) that `point` can evaluate, the highest r2 first.
const StoredFormula* formula_for(const std::vector<StoredFormula>& formulas, const std::string& state,
                                 const std::string& quantity, const RunParams& point)
{
    const StoredFormula* chosen = nullptr;
    for (const StoredFormula& f : formulas) {
        if (f.state != state || f.quantity != quantity || !point.contains(f.parameter))
            continue;
        bool agrees = true;
        for (const auto& [name, value] : f.given)
            agrees = agrees && point.contains(name) && same_value(point.at(name), value);
        if (agrees && (!chosen || f.r2 > chosen->r2))
            chosen = &f;
    }
    return chosen;
}

// The steady state of the predicted chain, in the `fit --format json` keys.
void put_steady_state(Json& model)
{
    SemiMarkovModel chain;
    for (const Json& s : model["states"]) {
        ChainState state;
        state.name = s.at("name").get<std::string>();
        state.kind = s.at("kind") == "other" ? SymbolKind::other : SymbolKind::program;
        state.mean = s.at("mean").is_number() ? s.at("mean").get<double>() : 0.0;
        chain.states.push_back(std::move(state));
    }
    for (const Json& t : model["transitions"]) {
        ChainTransition transition;
        transition.from = chain.find(t.at("from").get<std::string>());
        transition.to = chain.find(t.at("to").get<std::string>());
        if (transition.from == kNoState || transition.to == kNoState)
            continue;
        transition.probability = t.at("probability").get<double>();
        chain.transitions.push_back(transition);
    }
    chain.steady = solve_steady_state(chain);
    Json written = Json::parse(model_to_json(chain));
    model["steady_state"] = written["steady_state"];
    model["closed_classes"] = written["closed_classes"];
}

} // namespace

std::string predict_model_json(const std::string& ensemble_json, const std::string& where, const RunParams& point)
{
    Json doc;
    try {
        doc = Json::parse(ensemble_json);
    } catch (const Json::exception& e) { // parse_error, or out_of_range for a number past double
        throw InputError(where + ": not JSON (" + e.what() + ")");
    }
    try {
        if (!doc.is_object() || doc.value("format", "") != "chitra-ensemble")
            throw InputError(where + ": not an ensemble document (\"format\": \"chitra-ensemble\")");
        std::vector<StoredFormula> formulas;
        for (const Json& f : doc.at("formulas"))
            if (f.at("best").get<bool>())
                formulas.push_back({f.at("state").get<std::string>(), f.at("quantity").get<std::string>(),
                                    f.at("parameter").get<std::string>(), params_from_json(f.at("given"), where),
                                    form_from_text(f.at("form").get<std::string>(), where), f.at("a").get<double>(),
                                    f.at("b").get<double>(), f.at("r2").get<double>()});
        bool known = false;
        for (const StoredFormula& f : formulas)
            known = known || point.contains(f.parameter);
        if (!known)
            throw InputError(where + ": no formula against any parameter given");

        const Json* nearest = nullptr;
        double nearest_distance = std::numeric_limits<double>::infinity();
        for (const Json& g : doc.at("groups")) {
            const double d = distance(params_from_json(g.at("params"), where), point);
            if (d < nearest_distance) {
                nearest = &g;
                nearest_distance = d;
            }
        }
        if (!nearest)
            throw InputError(where + ": no groups");

        Json model = nearest->at("model");
        model["elements"] = nullptr;
        model["total_time"] = nullptr;
        bool predicted = false;
        for (Json& s : model.at("states")) {
            for (const char* key : {"count", "total", "variance", "stddev", "min", "max", "histogram"})
                s[key] = nullptr;
            if (s.at("kind") == "other")
                continue;
            for (const char* quantity : {"mean", "share"}) {
                const StoredFormula* f = formula_for(formulas, s.at("name").get<std::string>(), quantity, point);
                if (!f) {
                    s[quantity] = nullptr;
                    continue;
                }
                const std::optional<double> value = numeric_value(point.at(f->parameter));
                if (!value)
                    throw InputError(where + ": parameter " + f->parameter + " must be a number");
                const double p = *value;
                if (f->form != FormulaForm::linear && !(p > 0.0))
                    throw InputError(where + ": the " + std::string(to_string(f->form)) + " formula of " + f->state +
                                     " needs " + f->parameter + " > 0");
                s[quantity] = evaluate(f->form, f->a, f->b, p);
                predicted = true;
            }
        }
        if (!predicted)
            throw InputError(where + ": no formula agrees with the parameters given");
        for (Json& t : model.at("transitions"))
            t["count"] = nullptr;
        put_steady_state(model);
        return model.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
    } catch (const Json::exception& e) {
        throw InputError(where + ": malformed ensemble document (" + e.what() + ")");
    }
}

} // namespace chitra
