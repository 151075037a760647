// Pipeline files: parsing with validation, and writing (interfaces.md "Pipeline file").
#include "chitra/pipeline/pipeline_json.hpp"

#include "chitra/util/text_file.hpp"
#include "transforms/registry/step_json.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace chitra {

using nlohmann::json;

namespace {

Step read_step(const json& object, std::size_t index, const std::string& source, const std::string& base_dir)
{
    std::string where = source + ": step " + std::to_string(index + 1);
    if (!object.is_object())
        throw InputError(where + ": must be an object with an \"op\"");
    auto op_it = object.find("op");
    if (op_it == object.end() || !op_it->is_string())
        throw InputError(where + ": missing \"op\"");
    const std::string op = op_it->get<std::string>();
    StepJsonReader r(object, where + " (" + op + ")", base_dir);
    std::optional<Step> step = read_step_of_op(op, r);
    if (!step)
        throw InputError(where + ": unknown op \"" + op + "\" (expected " + known_ops() + ")");
    r.finish();
    return std::move(*step);
}

} // namespace

Pipeline parse_pipeline_json(std::string_view text, const std::string& source, const std::string& base_dir)
{
    json document;
    try {
        document = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        std::size_t line =
            1 + static_cast<std::size_t>(std::count(
                    text.begin(), text.begin() + static_cast<std::ptrdiff_t>(std::min(e.byte, text.size())), '\n'));
        std::string what = e.what();
        // nlohmann's message starts with "[json.exception.parse_error.101] "; keep the reason.
        if (auto pos = what.find("] "); pos != std::string::npos)
            what = what.substr(pos + 2);
        throw InputError(source + ":" + std::to_string(line) + ": invalid JSON: " + what);
    } catch (const json::exception& e) {
        // e.g. out_of_range.406 "number overflow parsing '1e999'": not a parse_error, and
        // carries no position; the line is that of the first occurrence of the token.
        std::string what = e.what();
        if (auto pos = what.find("] "); pos != std::string::npos)
            what = what.substr(pos + 2);
        std::string where = source;
        if (auto q = what.find('\''); q != std::string::npos) {
            auto q2 = what.find('\'', q + 1);
            auto at = text.find(std::string_view(what).substr(q + 1, q2 == std::string::npos ? 0 : q2 - q - 1));
            if (q2 != std::string::npos && q2 > q + 1 && at != std::string_view::npos)
                where += ":" + std::to_string(
                                   1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
        }
        throw InputError(where + ": invalid JSON: " + what);
    }
    if (!document.is_object() || !document.contains("pipeline"))
        throw InputError(source + ": expected an object {\"pipeline\": [...]}");
    const json& steps = document["pipeline"];
    if (!steps.is_array())
        throw InputError(source + ": \"pipeline\" must be a list of steps");
    Pipeline pipeline;
    for (std::size_t i = 0; i < steps.size(); ++i)
        pipeline.steps.push_back(read_step(steps[i], i, source, base_dir));
    return pipeline;
}

Pipeline load_pipeline_file(const std::string& path)
{
    std::string text = read_text_file(path, "pipeline");
    std::string base_dir = std::filesystem::path(path).parent_path().string();
    return parse_pipeline_json(text, path, base_dir);
}

std::string to_pipeline_json(const Pipeline& pipeline)
{
    std::string out = "{\"pipeline\": [";
    for (std::size_t i = 0; i < pipeline.steps.size(); ++i) {
        out += i == 0 ? "\n  " : ",\n  ";
        out += step_to_json(pipeline.steps[i]).dump();
    }
    out += pipeline.steps.empty() ? "]}\n" : "\n]}\n";
    return out;
}

} // namespace chitra
