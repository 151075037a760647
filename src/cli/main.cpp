// chitra-cli: every core capability without a display (docs/cli.md).
// Exit status: 0 success, 2 usage error, 3 bad input.
#include "commands.hpp"

#include "chitra/util/atomic_file.hpp"
#include "chitra/trace/types.hpp"

#include <iostream>
#include <malloc.h>
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

} // namespace chitra::cli

int main(int argc, char** argv)
{
    using namespace chitra::cli;
    // Each pipeline step allocates whole-trace columns and frees its input's. Served from
    // the heap and kept there (not mapped per array and returned to the kernel), the next
    // step reuses those pages instead of having the kernel fault in and zero fresh ones
    // (docs/performance.md, "Scale: a hundred million records").
    mallopt(M_MMAP_MAX, 0);
    mallopt(M_TRIM_THRESHOLD, -1); // as size_t: never
    CLI::App app{"chitra-cli: analyse program execution sequences without a display"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "chitra-cli 0.1.0");

    std::map<CLI::App*, Action> actions;
    auto remember = [&](Action action) { actions[app.get_subcommands({}).back()] = std::move(action); };
#define CHITRA_REGISTER_CLI_COMMAND(name) remember(add_##name##_command(app));
    CHITRA_CLI_COMMANDS(CHITRA_REGISTER_CLI_COMMAND)
#undef CHITRA_REGISTER_CLI_COMMAND

    try {
        app.parse(argc, argv);
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
