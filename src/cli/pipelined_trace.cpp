#include "pipelined_trace.hpp"

#include "chitra/pipeline/pipeline_runner.hpp"

#include <iostream>

namespace chitra::cli {

PipelinedTrace load_pipelined(const std::string& path, const TraceInput& input, const Pipeline& pipeline,
                              const std::string& pipeline_source)
{
    Trace trace = load_input(path, input);
    PipelinedTrace out{trace.header, base_ses(trace)};
    if (pipeline.steps.empty())
        return out;
    RunResult result;
    try {
        result = run_pipeline(std::move(out.ses), pipeline);
    } catch (const InputError& e) {
        throw InputError(pipeline_source + ": " + e.what() + " (on " + path + ")");
    }
    for (const auto& w : result.warnings)
        std::cerr << pipeline_source << ": warning: " << w << " (on " << path << ")\n";
    out.ses = std::move(result.ses);
    return out;
}

} // namespace chitra::cli
