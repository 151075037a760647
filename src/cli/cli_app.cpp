#include "cli_app.hpp"
#include "commands.hpp"

#include "chitra/util/atomic_file.hpp"
#include "chitra/trace/types.hpp"

#include <iostream>
#include <map>

namespace chitra::cli {

int run_guarded(const Action& action)
{
    try {
        return action();
    } catch (const InputError& e) {
        std::cerr << e.what() << '\n';
        return 3;
    } catch (const std::bad_alloc&) {
        std::cerr << "chitra-cli: out of memory\n";
        return 3;
    } catch (const std::exception& e) {
        std::cerr << "chitra-cli: " << e.what() << '\n';
        return 3;
    }
}

void emit(const std::string& path, const std::string& text)
{
    if (path.empty() || path == "-")
        std::cout << text << std::flush;
    else
        write_file_atomically(path, text);
}

void emit_streamed(const std::string& path, const std::function<void(std::ostream&)>& writer)
{
    if (path.empty() || path == "-") {
        writer(std::cout);
        std::cout.flush();
    } else {
        write_file_atomically(path, writer);
    }
}

int run_command_line(const std::vector<std::string>& args)
{
    CLI::App app{"chitra-cli: analyse program execution sequences without a display"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "chitra-cli 0.1.0");

    std::map<CLI::App*, Action> actions;
    auto remember = [&](Action action) { actions[app.get_subcommands({}).back()] = std::move(action); };
#define CHITRA_REGISTER_CLI_COMMAND(name) remember(add_##name##_command(app));
    CHITRA_CLI_COMMANDS(CHITRA_REGISTER_CLI_COMMAND)
#undef CHITRA_REGISTER_CLI_COMMAND

    std::vector<std::string> reversed(args.rbegin(), args.rend()); // CLI11 takes them last first
    try {
        app.parse(reversed);
    } catch (const CLI::Success& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return 2;
    }
    for (auto& [sub, action] : actions)
        if (sub->parsed())
            return run_guarded(action);
    return 2;
}

} // namespace chitra::cli
