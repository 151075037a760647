// chitra-cli profile TRACE [--from F] [--components SPEC] [--range T0:T1] [--tree]
//                    [--format json|csv|text] [-o OUT]: where the time goes, per region and
// per lane (docs/cli.md, interfaces.md "Regions: profiles across lanes").
#include "commands.hpp"
#include "lanes_input.hpp"

#include "chitra/profile/profile.hpp"

#include <iostream>

namespace chitra::cli {

namespace {

struct ProfileOptions {
    std::string file;
    TraceInput input;
    std::string range;
    bool tree = false;
    std::string format = "text";
    std::string out;
};

int run_profile(const ProfileOptions& o)
{
    const std::optional<ProfileRange> range = ns_range_option(o.range, "profile");
    if (!range)
        return 2;
    const Profile p = profile(lanes_input(o.file, o.input), *range, o.tree);
    if (o.format == "json")
        emit(o.out, profile_json(p));
    else if (o.format == "csv")
        emit(o.out, profile_csv(p));
    else
        emit(o.out, profile_text(p));
    return 0;
}

} // namespace

Action add_profile_command(CLI::App& app)
{
    auto opts = std::make_shared<ProfileOptions>();
    auto* sub = app.add_subcommand("profile", "Where the time goes: calls, inclusive and exclusive time per region "
                                              "and lane, busy and idle time, imbalance");
    sub->add_option("TRACE", opts->file, "trace file (any format Chitra reads)")->required();
    add_trace_input_options(sub, opts->input);
    sub->add_option("--range", opts->range,
                    "T0:T1, the interval [T0, T1) in ns from the origin (default: 0 to the end)");
    sub->add_flag("--tree", opts->tree, "add the call tree: every call path summed over the lanes");
    sub->add_option("--format", opts->format, "text (a table), json or csv (one row per region and lane)")
        ->check(CLI::IsMember({"text", "json", "csv"}))
        ->capture_default_str();
    sub->add_option("-o,--output", opts->out, "output file (default: stdout)");
    return [opts] { return run_profile(*opts); };
}

} // namespace chitra::cli
