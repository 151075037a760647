// Each chosen lane of a trace alone, through a pipeline: what `lanes` and `fit
// --pool-lanes` take (interfaces.md "Lanes compared"). A foreign trace's lane is the PES
// `convert --per-component` writes of it (the chosen lanes' common origin); a PES's
// component is its projection (`project_lanes`, its own time base).
#pragma once

#include "trace_input.hpp"

#include "chitra/lanes/lane_trace.hpp"
#include "chitra/pipeline/pipeline.hpp"
#include "chitra/trace/ses.hpp"
#include "chitra/trace/trace.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace chitra::cli {

struct LaneAlone {
    std::size_t index = 0; // among the chosen lanes, from 0
    std::string name;
    TimeBase timebase = TimeBase::ns;
    std::uint64_t records = 0; // of the lane's trace
    Ses ses;                   // after the pipeline
};

// A trace's chosen lanes, read once; each made alone on demand.
class LanesAlone {
public:
    // Reads `file` as `input` says; import warnings go to stderr.
    LanesAlone(const std::string& file, const TraceInput& input);

    const std::vector<std::string>& names() const { return names_; }

    // Calls `each` for every chosen lane, on as many threads as the machine has cores
    // (calls run at once: `each` writes only that lane's results). Pipeline warnings go
    // to stderr naming the lane; a pipeline error is InputError "PIPELINE_SOURCE: ... (on
    // lane K NAME)". Progress goes to stderr, as `command`, when it takes long.
    void forEach(const Pipeline& pipeline, const std::string& pipelineSource, const std::string& command,
                 const std::function<void(LaneAlone&&)>& each) const;

private:
    Trace alone(std::size_t k) const;

    bool foreign_ = false;
    Trace pes_; // a PES or .ctrace of records
    std::shared_ptr<const LaneTrace> lanes_;
    std::vector<std::size_t> chosen_;
    std::optional<Time> origin_;
    std::vector<std::string> names_;
};

} // namespace chitra::cli
