// The registry of the kinds of step: everything that works on any step (apply, pipeline
// JSON, session tags, text and fields) visits the `Step` variant and asks the kind.
#include "chitra/pipeline/step_text.hpp"
#include "chitra/transforms/transforms.hpp"
#include "transforms/registry/step_json.hpp"
#include "transforms/registry/step_record.hpp"

#include <utility>

namespace chitra {

namespace {
// Calls `f.template operator()<Kind>()` for every kind, in the registry's order, until
// one returns true.
template <class F, std::size_t... I> bool each_kind(F&& f, std::index_sequence<I...>)
{
    return (f.template operator()<std::variant_alternative_t<I, Step>>() || ...);
}
template <class F> bool each_kind(F&& f) { return each_kind(f, std::make_index_sequence<std::variant_size_v<Step>>{}); }
} // namespace

Ses apply_step(const Ses& in, const Step& step, Warnings& warnings)
{
    return std::visit([&](const auto& kind) { return kind.apply(in, warnings); }, step);
}

// A kind that can write over its input declares apply(Ses&&, ...); the others read it.
Ses apply_step(Ses&& in, const Step& step, Warnings& warnings)
{
    return std::visit([&](const auto& kind) { return kind.apply(std::move(in), warnings); }, step);
}

std::string_view op_name(const Step& step)
{
    return std::visit([](const auto& kind) { return kind.op; }, step);
}

std::string step_label(std::size_t index, const Step& step)
{
    return "step " + std::to_string(index + 1) + " (" + std::string(op_name(step)) + ")";
}

std::optional<Step> read_step_of_op(std::string_view op, const StepJsonReader& json)
{
    std::optional<Step> step;
    each_kind([&]<class Kind>() {
        if (Kind::op != op)
            return false;
        step = Kind::read(json);
        return true;
    });
    return step;
}

std::string known_ops()
{
    std::vector<std::string_view> ops;
    each_kind([&]<class Kind>() {
        if (std::find(ops.begin(), ops.end(), Kind::op) == ops.end())
            ops.push_back(Kind::op);
        return false;
    });
    std::string out;
    for (std::size_t i = 0; i < ops.size(); ++i)
        out += (i == 0 ? "" : i + 1 == ops.size() ? " or " : ", ") + std::string(ops[i]);
    return out;
}

nlohmann::json step_to_json(const Step& step)
{
    nlohmann::json object;
    object["op"] = std::string(op_name(step));
    StepJsonWriter writer(object);
    std::visit([&](const auto& kind) { kind.write(writer); }, step);
    return object;
}

std::string_view session_tag(const Step& step)
{
    return std::visit([](const auto& kind) { return kind.session_tag; }, step);
}

std::optional<Step> step_of_session_tag(std::string_view tag)
{
    std::optional<Step> step;
    each_kind([&]<class Kind>() {
        if (Kind::session_tag != tag)
            return false;
        step = Kind{};
        return true;
    });
    return step;
}

std::string describe_step(const Step& step, const StepNumbers& numbers)
{
    return std::visit([&](const auto& kind) { return kind.describe(numbers); }, step);
}

std::vector<StepField> step_fields(const Step& step)
{
    return std::visit([](const auto& kind) { return kind.fields(); }, step);
}

std::optional<Step> step_with_fields(const Step& step, const std::vector<std::string>& values, std::string& error)
{
    if (values.size() != step_fields(step).size()) {
        error = "this step has nothing to edit";
        return std::nullopt;
    }
    return std::visit(
        [&](auto kind) -> std::optional<Step> {
            if (!kind.set_fields(values, error))
                return std::nullopt;
            return Step{std::move(kind)};
        },
        step);
}

} // namespace chitra
