// The rules step: {"op": "rules", "file": path} (the file read when the pipeline is
// loaded, relative to the pipeline's folder), or with its "text" inline.
#include "chitra/pipeline/step_text.hpp"
#include "chitra/transforms/transforms.hpp"
#include "transforms/registry/step_fields.hpp"
#include "transforms/registry/step_json.hpp"
#include "transforms/registry/step_record.hpp"
#include "chitra/util/text_file.hpp"
#include "transforms/rules/rules.hpp"

#include <filesystem>

namespace chitra::step {

using namespace step_fields_text;

Ses Rules::apply(const Ses& in, Warnings& warnings) const { return apply_rules(in, file, text, &warnings); }

Step Rules::read(const StepJsonReader& r)
{
    Rules s;
    s.file = r.string("file");
    if (r.has("text")) {
        s.text = r.string("text");
    } else {
        std::filesystem::path path(s.file);
        if (path.is_relative() && !r.base_dir().empty())
            path = std::filesystem::path(r.base_dir()) / path;
        try {
            s.text = read_text_file(path.string(), "rules file");
        } catch (const InputError& e) {
            r.fail(e.what());
        }
    }
    try {
        detail::parse_rules(s.file, s.text); // report a bad line now, before any trace
    } catch (const InputError& e) {
        r.fail(e.what());
    }
    return s;
}

// The text goes with the file's name so that a pipeline file stands on its own.
void Rules::write(StepJsonWriter& json) const
{
    json["file"] = file;
    json["text"] = text;
}

void Rules::record(StepRecord& r)
{
    r.text("file", file);
    r.text("text", text);
}

std::string Rules::describe(const StepNumbers&) const { return "rules " + file; }

std::vector<StepField> Rules::fields() const { return {}; }

bool Rules::set_fields(const std::vector<std::string>&, std::string& error) { return nothing_to_edit(error); }

} // namespace chitra::step
