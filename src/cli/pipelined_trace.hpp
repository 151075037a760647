// A trace read and passed through a pipeline, as the commands that fit several traces
// (`ensemble fit`, `compare`) take each of them.
#pragma once

#include "trace_input.hpp"

#include "chitra/pipeline/pipeline.hpp"
#include "chitra/trace/ses.hpp"
#include "chitra/trace/trace.hpp"

#include <string>

namespace chitra::cli {

struct PipelinedTrace {
    TraceHeader header;
    Ses ses; // after the pipeline
};

// Loads `path` and applies `pipeline`; its warnings go to stderr, its errors are
// InputError "PIPELINE_SOURCE: step N (op): reason (on PATH)".
PipelinedTrace load_pipelined(const std::string& path, const TraceInput& input, const Pipeline& pipeline,
                              const std::string& pipeline_source);

} // namespace chitra::cli
