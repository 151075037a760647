// Each chitra-cli subcommand registers itself on the CLI11 app; one file per command.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

namespace chitra::cli {

// A registered subcommand's action; returns the process exit status.
using Action = std::function<int()>;

Action add_info_command(CLI::App& app);
Action add_convert_command(CLI::App& app);
Action add_transform_command(CLI::App& app);
Action add_fit_command(CLI::App& app);
Action add_merge_command(CLI::App& app);
Action add_periodogram_command(CLI::App& app);
Action add_session_command(CLI::App& app);
Action add_dump_command(CLI::App& app);
Action add_simulate_command(CLI::App& app);
Action add_validate_command(CLI::App& app);
Action add_ensemble_command(CLI::App& app);
Action add_compare_command(CLI::App& app);
Action add_suggest_command(CLI::App& app);

// Runs an action, turning InputError into "message" on stderr and exit status 3.
int run_guarded(const Action& action);

// Writes text to `path`, or stdout when path is empty (atomically for files).
void emit(const std::string& path, const std::string& text);
// The same for output too large to hold whole: `writer` streams it (to a temporary file
// renamed over `path`, or to stdout).
void emit_streamed(const std::string& path, const std::function<void(std::ostream&)>& writer);

} // namespace chitra::cli
