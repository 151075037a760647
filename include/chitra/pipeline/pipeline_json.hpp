// Pipeline files (interfaces.md "Pipeline file", docs/pipeline.md).
#pragma once

#include "chitra/pipeline/pipeline.hpp"

#include <string>
#include <string_view>

namespace chitra {

// Parses and validates a pipeline. `source` names the text in messages
// ("P.json: step 3 (aggregate): pattern needs at least 2 symbols"); rules files are read
// relative to `base_dir` (unless absolute, or the step carries its "text"). Throws InputError.
Pipeline parse_pipeline_json(std::string_view text, const std::string& source, const std::string& base_dir);

// Reads a pipeline file; rules files resolve relative to the pipeline file's folder.
Pipeline load_pipeline_file(const std::string& path);

// The JSON form, one step per line; parse_pipeline_json(to_pipeline_json(p)) == p.
// Rules steps carry their text as "text" so that the file is self-contained.
std::string to_pipeline_json(const Pipeline& pipeline);

} // namespace chitra
