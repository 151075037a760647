// chitra-cli messages TRACE [--from F] [--components SPEC] [--range T0:T1] [--list]
//                     [--format json|csv] [-o OUT]: the messages between lanes, their
// counts, bytes and latencies, and the late senders (docs/cli.md, interfaces.md
// "Messages between lanes").
#include "commands.hpp"
#include "lanes_input.hpp"

#include "chitra/messages/messages.hpp"

#include <iostream>

namespace chitra::cli {

namespace {

struct MessagesOptions {
    std::string file;
    TraceInput input;
    std::string range;
    bool list = false;
    std::string format = "json";
    std::string out;
};

int run_messages(const MessagesOptions& o)
{
    const std::optional<ProfileRange> range = ns_range_option(o.range, "messages");
    if (!range)
        return 2;
    const bool csv = o.format == "csv";
    const MessageReport report = message_report(lanes_input(o.file, o.input), *range, o.list || csv);
    emit(o.out, csv ? messages_csv(report) : messages_json(report, o.list));
    return 0;
}

} // namespace

Action add_messages_command(CLI::App& app)
{
    auto opts = std::make_shared<MessagesOptions>();
    auto* sub = app.add_subcommand("messages", "Messages between lanes: counts and bytes per pair of lanes, latency, "
                                               "late-sender waits");
    sub->add_option("TRACE", opts->file, "trace file (OTF2, Paje, Paraver, Chrome JSON, or its .ctrace)")->required();
    add_trace_input_options(sub, opts->input);
    sub->add_option("--range", opts->range, "T0:T1, the messages sent in [T0, T1), ns from the origin (default: all)");
    sub->add_flag("--list", opts->list, "add every message to the JSON, by send time");
    sub->add_option("--format", opts->format, "json, or csv (the list of messages)")
        ->check(CLI::IsMember({"json", "csv"}))
        ->capture_default_str();
    sub->add_option("-o,--output", opts->out, "output file (default: stdout)");
    return [opts] { return run_messages(*opts); };
}

} // namespace chitra::cli
