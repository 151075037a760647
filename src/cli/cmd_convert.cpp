// chitra-cli convert IN -o OUT [--to binary|pes] [--from FORMAT] [--components ...]
// chitra-cli convert IN --per-component DIR ...: any trace Chitra reads to PES text or the
// binary .ctrace; a foreign trace's chosen lanes as one PES, or as one PES per lane.
#include "commands.hpp"
#include "lanes_input.hpp"
#include "trace_input.hpp"

#include "chitra/io/io.hpp"
#include "chitra/lanes/lane_clip.hpp"

#include <filesystem>
#include <iostream>

namespace chitra::cli {

namespace {

// DIR/lane-K.pes for each chosen lane K (renumbered from 1), all with the origin of the
// chosen lanes together. Every trace is made before the first is written.
int write_per_component(const std::string& in, const TraceInput& input, const std::string& dir)
{
    std::vector<std::string> warnings;
    ImportOptions options = import_options(input);
    options.warnings = &warnings;
    const LaneTrace lanes = import_lanes(in, options);
    for (const std::string& w : warnings)
        std::cerr << "warning: " << w << '\n';
    const std::vector<std::size_t> chosen = choose_lanes(lanes, options.components);
    const std::optional<Time> origin = first_change(lanes, chosen);
    std::vector<Trace> traces;
    for (std::size_t lane : chosen)
        traces.push_back(to_trace(lanes, {lane}, origin));
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || !std::filesystem::is_directory(dir))
        throw InputError(dir + ": cannot create the folder (" + ec.message() + ")");
    for (std::size_t k = 0; k < traces.size(); ++k)
        write_pes_file(traces[k], (std::filesystem::path(dir) / ("lane-" + std::to_string(k + 1) + ".pes")).string());
    return 0;
}

// The lanes in `range`, in ns from the origin of the chosen lanes and up to their end
// included when it is open, as `messages --range` and `profile --range` take it
// (profile_source).
LaneTrace clip_to_range(const LaneTrace& lanes, const std::vector<std::size_t>& chosen, const ProfileRange& range)
{
    const Time origin = first_change(lanes, chosen).value_or(lanes.last_event.value_or(0));
    const Time end = std::max(origin, lanes.last_event.value_or(origin));
    const Time t0 = origin + range.from;
    return clip_lanes(lanes, t0, range.to ? origin + *range.to : std::max(end + 1, t0 + 1));
}

// A trace read from lanes (a foreign format, a `.ctrace` of lanes) written from its chosen
// lanes, as a `.ctrace` of lanes (`binary`) or a PES streamed from them, its vector states
// never formed; false for a PES or a `.ctrace` of records, which convert as loaded traces.
// With `range`, only that window of the lanes (clip_lanes).
bool write_from_lanes(const std::string& in, const TraceInput& input, const std::string& out, bool binary,
                      const std::optional<ProfileRange>& range)
{
    ImportOptions options = import_options(input);
    const SourceFormat format = options.from ? *options.from : detect_format(in);
    if (!reads_as_lanes(format, in))
        return false;
    std::vector<std::string> warnings;
    options.from = format;
    options.warnings = &warnings;
    LaneTrace lanes = import_lanes(in, options);
    for (const std::string& w : warnings)
        std::cerr << "warning: " << w << '\n';
    const std::vector<std::size_t> chosen = choose_lanes(lanes, options.components);
    if (range)
        lanes = clip_to_range(lanes, chosen, *range);
    if (!binary) {
        if (out == "-") {
            write_lanes_pes(lanes, chosen, std::cout);
            std::cout.flush();
        } else {
            write_lanes_pes_file(lanes, chosen, out);
        }
        return true;
    }
    bool every_lane = chosen.size() == lanes.lanes.size();
    for (std::size_t k = 0; every_lane && k < chosen.size(); ++k)
        every_lane = chosen[k] == k;
    if (!every_lane)
        lanes = select_lanes(lanes, chosen);
    lanes.warnings.clear(); // said once, here
    write_binary_lanes(lanes, out);
    return true;
}

} // namespace

Action add_convert_command(CLI::App& app)
{
    struct Options {
        std::string in;
        std::string out;
        std::string per_component;
        std::string to;
        std::string range;
        TraceInput input;
    };
    auto options = std::make_shared<Options>();
    auto* cmd =
        app.add_subcommand("convert", "Convert any trace Chitra reads to PES text or the binary .ctrace format");
    cmd->add_option("IN", options->in, "Input trace (format detected by content; see --from)")->required();
    auto* out = cmd->add_option("-o,--output", options->out, "Output file (written atomically)");
    auto* per = cmd->add_option("--per-component", options->per_component,
                                "Write DIR/lane-K.pes for each chosen lane K of a foreign trace instead of -o");
    out->excludes(per);
    cmd->add_option("--to", options->to, "Output format; default: binary when OUT ends in .ctrace, else pes")
        ->check(CLI::IsMember({"binary", "pes"}));
    auto* range =
        cmd->add_option("--range", options->range,
                        "T0:T1, only the window [T0, T1) in ns from the origin of a trace read as lanes: regions open "
                        "at T0 enter there, counters keep their increase, messages sent in it stay");
    range->excludes(per);
    add_trace_input_options(cmd, options->input);
    return [options] {
        if (!options->per_component.empty())
            return write_per_component(options->in, options->input, options->per_component);
        if (options->out.empty()) {
            std::cerr << "chitra-cli convert: -o OUT or --per-component DIR is required\n";
            return 2;
        }
        std::string to = options->to;
        if (to.empty())
            to = options->out.ends_with(".ctrace") ? "binary" : "pes";
        if (options->out == "-" && to == "binary") {
            std::cerr << "chitra-cli convert: refusing to write a binary trace to stdout\n";
            return 2;
        }
        std::optional<ProfileRange> range;
        if (!options->range.empty()) {
            range = ns_range_option(options->range, "convert");
            if (!range)
                return 2;
        }
        if (write_from_lanes(options->in, options->input, options->out, to == "binary", range))
            return 0;
        if (range) {
            std::cerr << "chitra-cli convert: --range cuts traces read as lanes (foreign formats, a .ctrace of "
                         "lanes); cut a PES with a clip step (transform --pipeline)\n";
            return 2;
        }
        Trace trace = load_input(options->in, options->input);
        if (to == "binary") {
            write_binary_file(trace, options->out);
        } else if (options->out == "-") {
            write_pes(trace, std::cout);
            std::cout.flush();
        } else {
            write_pes_file(trace, options->out);
        }
        return 0;
    };
}

} // namespace chitra::cli
