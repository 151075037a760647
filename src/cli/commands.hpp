// Each chitra-cli subcommand adds itself to the CLI11 app; one file per command.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

namespace chitra::cli {

// A registered subcommand's action; returns the process exit status.
using Action = std::function<int()>;

// Every subcommand, one line each, in the order `chitra-cli --help` lists them: `name`
// is defined by src/cli/cmd_<name>.cpp as `Action add_<name>_command(CLI::App& app)`,
// which adds the subcommand to `app` and returns what it does. This list is the registry
// that declares them and that main() registers.
#define CHITRA_CLI_COMMANDS(COMMAND)                                                                                   \
    COMMAND(info)                                                                                                      \
    COMMAND(convert)                                                                                                   \
    COMMAND(transform)                                                                                                 \
    COMMAND(fit)                                                                                                       \
    COMMAND(merge)                                                                                                     \
    COMMAND(periodogram)                                                                                               \
    COMMAND(profile)                                                                                                   \
    COMMAND(messages)                                                                                                  \
    COMMAND(lanes)                                                                                                     \
    COMMAND(session)                                                                                                   \
    COMMAND(dump)                                                                                                      \
    COMMAND(simulate)                                                                                                  \
    COMMAND(validate)                                                                                                  \
    COMMAND(ensemble)                                                                                                  \
    COMMAND(compare)                                                                                                   \
    COMMAND(suggest)

#define CHITRA_DECLARE_CLI_COMMAND(name) Action add_##name##_command(CLI::App& app);
CHITRA_CLI_COMMANDS(CHITRA_DECLARE_CLI_COMMAND)
#undef CHITRA_DECLARE_CLI_COMMAND

// Runs an action, turning InputError into "message" on stderr and exit status 3.
int run_guarded(const Action& action);

// Writes text to `path`, or stdout when path is empty (atomically for files).
void emit(const std::string& path, const std::string& text);
// The same for output too large to hold whole: `writer` streams it (to a temporary file
// renamed over `path`, or to stdout).
void emit_streamed(const std::string& path, const std::function<void(std::ostream&)>& writer);

} // namespace chitra::cli
