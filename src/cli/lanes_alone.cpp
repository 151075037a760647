#include "lanes_alone.hpp"

#include "chitra/io/import.hpp"
#include "chitra/lanes/lane_selection.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"

#include <atomic>
#include <chrono>
#include <exception>
#include <iostream>
#include <mutex>
#include <thread>

namespace chitra::cli {

LanesAlone::LanesAlone(const std::string& file, const TraceInput& input)
{
    ImportOptions options = import_options(input);
    const SourceFormat format = options.from ? *options.from : detect_format(file);
    options.from = format;
    std::vector<std::string> warnings;
    options.warnings = &warnings;
    // Lanes: a foreign trace's own, else the PES's components.
    foreign_ = reads_as_lanes(format, file);
    if (foreign_) {
        lanes_ = std::make_shared<const LaneTrace>(import_lanes(file, options));
    } else {
        pes_ = load_trace(file, options);
        lanes_ = lanes_of(pes_);
    }
    for (const std::string& w : warnings)
        std::cerr << "warning: " << w << '\n';
    chosen_ = choose_lanes(*lanes_, options.components);
    if (foreign_)
        origin_ = first_change(*lanes_, chosen_);
    for (std::size_t lane : chosen_)
        names_.push_back(lanes_->lanes[lane].name);
}

Trace LanesAlone::alone(std::size_t k) const
{
    return foreign_ ? to_trace(*lanes_, {chosen_[k]}, origin_) : project_lanes(pes_, {chosen_[k]}, lanes_);
}

void LanesAlone::forEach(const Pipeline& pipeline, const std::string& pipelineSource, const std::string& command,
                         const std::function<void(LaneAlone&&)>& each) const
{
    const std::vector<std::size_t>& chosen = chosen_;
    const std::vector<std::string>& names = names_;
    std::atomic<std::size_t> next{0}, done{0};
    std::mutex said; // stderr, the first error
    std::exception_ptr error;
    const auto start = std::chrono::steady_clock::now();
    auto lastSaid = start;
    const auto work = [&] {
        for (std::size_t k = next++; k < chosen.size(); k = next++) {
            try {
                const Trace trace = alone(k);
                LaneAlone lane{k, names[k], trace.header.timebase, trace.size(), base_ses(trace)};
                if (!pipeline.steps.empty()) {
                    const std::string which = "lane " + std::to_string(k + 1) + " " + names[k];
                    RunResult result;
                    try {
                        result = run_pipeline(std::move(lane.ses), pipeline);
                    } catch (const InputError& e) {
                        throw InputError(pipelineSource + ": " + e.what() + " (on " + which + ")");
                    }
                    lane.ses = std::move(result.ses);
                    const std::lock_guard lock(said);
                    for (const std::string& w : result.warnings)
                        std::cerr << pipelineSource << ": warning: " << w << " (on " << which << ")\n";
                }
                each(std::move(lane));
            } catch (...) {
                const std::lock_guard lock(said);
                if (!error)
                    error = std::current_exception();
                next = chosen.size(); // the others stop
                return;
            }
            const std::size_t finished = ++done;
            const auto now = std::chrono::steady_clock::now();
            const std::lock_guard lock(said);
            if (now - lastSaid >= std::chrono::seconds(2) && finished < chosen.size()) {
                std::cerr << "chitra-cli " << command << ": " << finished << " of " << chosen.size() << " lanes done\n";
                lastSaid = now;
            }
        }
    };
    const std::size_t threads = std::min<std::size_t>(chosen.size(), std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work();
    for (std::thread& t : pool)
        t.join();
    if (error)
        std::rethrow_exception(error);
}

} // namespace chitra::cli
