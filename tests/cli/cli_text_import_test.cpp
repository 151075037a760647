// chitra-cli on Paraver, CSV and event traces, run as a separate process (the built binary):
// convert, info, errors (exit 3, nothing written) and warnings (stderr, exit 0).
#include "cli_test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace {

using chitra::cli_test::CliRun;
using chitra::cli_test::quote;
using chitra::cli_test::slurp;
using chitra::cli_test::TempDir;

CliRun cli(const TempDir& dir, const std::string& args) { return chitra::cli_test::run_cli(args, dir.path); }

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
