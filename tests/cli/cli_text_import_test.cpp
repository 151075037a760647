// chitra-cli on Paraver, CSV and event traces, run as a separate process (the built binary):
// convert, info, errors (exit 3, nothing written) and warnings (stderr, exit 0).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace {

struct CliRun {
    int status = -1;
    std::string out;
    std::string err;
};

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

std::string slurp(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

std::string quote(const std::string& s)
{
    std::string out = "'";
    for (char c : s)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

CliRun cli(const TempDir& dir, const std::string& args)
{
    std::string command = quote(CHITRA_CLI_PATH) + " " + args + " >" + quote(dir / "stdout") + " 2>" +
                          quote(dir / "stderr");
    int raw = std::system(command.c_str());
    CliRun run;
    run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
    run.out = slurp(dir / "stdout");
    run.err = slurp(dir / "stderr");
    return run;
}

} // namespace

TEST(CliTextImport, ConvertAnEventTraceWithATimeUnit)
{
    TempDir dir;
    const std::string in = dir.file("run.events", "1.5 idle busy\n2.5 busy idle\n");
    CliRun r = cli(dir, "convert " + quote(in) + " -o " + quote(dir / "out.pes") + " --time-unit us");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(slurp(dir / "out.pes"), "# chitra-pes 1\n# timebase: ns\n# components: 1\n# separator: |\n# end: 1000\n"
                                      "# origin: 1500\n# lane: 1 run\n0 busy\n1000 idle\n");
}

TEST(CliTextImport, InfoOfACsvWithStateAndFieldColumns)
{
    TempDir dir;
    const std::string in = dir.file("t.csv", "time;a;b;load\n0;x;y;1\n5;y;y;2\n");
    CliRun r = cli(dir, "info --json " + quote(in) + " --state a,b --field load");
    ASSERT_EQ(r.status, 0) << r.err;
    const auto info = nlohmann::json::parse(r.out)["files"][0];
    EXPECT_EQ(info["format"], "csv");
    ASSERT_EQ(info["lanes"].size(), 2u);
    EXPECT_EQ(info["lanes"][1]["name"], "b");
    EXPECT_EQ(info["records"], 2);
}

TEST(CliTextImport, AMalformedCsvExitsThreeAndWritesNothing)
{
    TempDir dir;
    const std::string in = dir.file("m.csv", "t,s\n1,a\n0,b\n");
    CliRun r = cli(dir, "convert " + quote(in) + " -o " + quote(dir / "out.pes"));
    EXPECT_EQ(r.status, 3);
    EXPECT_NE(r.err.find("m.csv:3: the time '0' is before the previous row's"), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "out.pes"));
}

TEST(CliTextImport, AParaverTraceWithoutPcfWarnsAndSucceeds)
{
    TempDir dir;
    const std::string in = dir.file("a.prv", "#Paraver (25/11/26 at 08:30):10_ns:1(1):1:1(1:1)\n1:1:1:1:1:0:10:1\n");
    CliRun r = cli(dir, "convert " + quote(in) + " -o " + quote(dir / "out.pes"));
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find("warning: " + (dir / "a.pcf") + ": missing"), std::string::npos) << r.err;
    EXPECT_NE(slurp(dir / "out.pes").find("# lane: 1 1.1.1\n0 1\n10 -\n"), std::string::npos);
}

