// Runs the built chitra-cli as a separate process, as an analyst's script would, and
// collects its exit status and both output streams.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace chitra::cli_test {

struct CliRun {
    int status = -1; // the exit status, or 128 + the signal that ended the program
    std::string out, err;
};

// A fresh folder for one test's files, removed with everything in it afterwards.
struct TempDir {
    std::filesystem::path path;
    TempDir()
    {
        std::string tmpl = (std::filesystem::temp_directory_path() / "chitra-cli-XXXXXX").string();
        path = ::mkdtemp(tmpl.data());
    }
    ~TempDir() { std::filesystem::remove_all(path); }
    std::string operator/(const std::string& name) const { return (path / name).string(); }
    std::string file(const std::string& name, std::string_view content) const
    {
        std::ofstream(path / name, std::ios::binary) << content;
        return (path / name).string();
    }
};

// Single-quoted for the shell, whatever the text holds.
inline std::string quote(const std::string& s)
{
    std::string q = "'";
    for (char c : s)
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

inline std::string slurp(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

// `chitra-cli ARGS`, ARGS already quoted where the shell needs it; the output is caught in
// files `stdout` and `stderr` under `scratch`.
// What a shell command writes on stdout (a reference computed by another program).
inline std::string shell_output(const std::string& command)
{
    std::string out;
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(::popen(command.c_str(), "r"), ::pclose);
    char buf[4096];
    std::size_t n = 0;
    while (pipe && (n = std::fread(buf, 1, sizeof buf, pipe.get())) > 0)
        out.append(buf, n);
    return out;
}

inline CliRun run_cli(const std::string& args, const std::filesystem::path& scratch)
{
    const std::string command = quote(CHITRA_CLI_PATH) + " " + args + " >" + quote((scratch / "stdout").string()) +
                                " 2>" + quote((scratch / "stderr").string());
    const int raw = std::system(command.c_str());
    CliRun run;
    run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
    run.out = slurp(scratch / "stdout");
    run.err = slurp(scratch / "stderr");
    return run;
}

// The same with each argument quoted.
inline CliRun run_cli(const std::vector<std::string>& args, const std::filesystem::path& scratch)
{
    std::string joined;
    for (const std::string& a : args)
        joined += (joined.empty() ? "" : " ") + quote(a);
    return run_cli(joined, scratch);
}

} // namespace chitra::cli_test
