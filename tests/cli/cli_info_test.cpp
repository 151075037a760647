// chitra-cli info / convert, run as a separate process (the built binary).
#include "chitra/io/io.hpp"
#include "cli_test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace chitra;

namespace {

using cli_test::CliRun;
using cli_test::quote;
using cli_test::slurp;
using cli_test::TempDir;

CliRun cli(const TempDir& dir, const std::string& args) { return cli_test::run_cli(args, dir.path); }

const char* kTrace = "# chitra-pes 1\n# timebase: ns\n# components: 2\n# separator: ,\n"
                     "# fields: flops:counter queue:gauge\n# end: 2500000\n# host: n7\n"
                     "1000 A2 T 120 3\n1560 E T 180 3\n1700 A2 T 181 2\n2000000 T R1 200 1\n";

} // namespace

TEST(CliInfo, HumanOutputShowsTheFigures)
{
    TempDir dir;
    auto path = dir.file("run.pes", kTrace);
    CliRun r = cli(dir, "info " + quote(path));
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_NE(r.out.find(path + "\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("format:      pes (" + std::to_string(std::string(kTrace).size()) + " bytes)"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("records:     4\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("symbols:     3 distinct states"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("components:  2 (separator \",\")"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("time base:   ns"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("first time:  1,000\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("last time:   2,000,000\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("end:         2,500,000 (declared)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("duration:    2,499,000 ns"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("fields:      flops (counter), queue (gauge)"), std::string::npos) << r.out;
}

TEST(CliInfo, JsonIsOneDocumentWithAFilesArray)
{
    TempDir dir;
    auto a = dir.file("a.pes", kTrace);
    auto b = dir.file("b.pes", "5 X\n9 Y\n9 X\n");
    CliRun r = cli(dir, "info --json " + quote(a) + " " + quote(b));
    ASSERT_EQ(r.status, 0) << r.err;
    auto doc = nlohmann::json::parse(r.out);
    ASSERT_EQ(doc["files"].size(), 2u);
    const auto& f = doc["files"][0];
    EXPECT_EQ(f["path"], a);
    EXPECT_EQ(f["format"], "pes");
    EXPECT_EQ(f["records"], 4);
    EXPECT_EQ(f["symbols"], 3);
    EXPECT_EQ(f["components"], 2);
    EXPECT_EQ(f["timebase"], "ns");
    EXPECT_EQ(f["first_time"], 1000);
    EXPECT_EQ(f["last_time"], 2000000);
    EXPECT_EQ(f["end"], 2500000);
    EXPECT_EQ(f["duration"], 2499000);
    EXPECT_EQ(f["fields"],
              nlohmann::json::parse(R"([{"name":"flops","kind":"counter"},{"name":"queue","kind":"gauge"}])"));
    EXPECT_EQ(f["extra"]["host"], "n7");
    const auto& g = doc["files"][1];
    EXPECT_EQ(g["records"], 3);
    EXPECT_EQ(g["symbols"], 2);
    EXPECT_TRUE(g["end"].is_null());
    EXPECT_EQ(g["duration"], 4); // first to last record without a declared end
    EXPECT_EQ(g["timebase"], "us");
}

TEST(CliInfo, NoFileIsAUsageError)
{
    TempDir dir;
    CliRun r = cli(dir, "info");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("FILE"), std::string::npos) << r.err;
}

TEST(CliInfo, BadInputExitsThreeWithTheMessageAndStillReportsGoodFiles)
{
    TempDir dir;
    auto good = dir.file("good.pes", "1 A\n2 B\n");
    auto bad = dir.file("bad.pes", "1 A\n0 B\n");
    CliRun r = cli(dir, "info " + quote(good) + " " + quote(bad));
    EXPECT_EQ(r.status, 3);
    EXPECT_EQ(r.err, bad + ":2: decreasing time (0 after 1 on line 1)\n");
    EXPECT_NE(r.out.find(good + "\n"), std::string::npos) << r.out;

    CliRun j = cli(dir, "info --json " + quote(bad) + " " + quote(good));
    EXPECT_EQ(j.status, 3);
    auto doc = nlohmann::json::parse(j.out);
    EXPECT_EQ(doc["files"][0]["error"], bad + ":2: decreasing time (0 after 1 on line 1)");
    EXPECT_EQ(doc["files"][1]["records"], 2);

    CliRun missing = cli(dir, "info " + quote(dir / "nope.pes"));
    EXPECT_EQ(missing.status, 3);
    EXPECT_EQ(missing.err, dir / "nope.pes" + ": cannot open: No such file or directory\n");
}

TEST(CliConvert, TextToBinaryAndBackKeepsTheTrace)
{
    TempDir dir;
    auto in = dir.file("run.pes", kTrace);
    CliRun r = cli(dir, "convert " + quote(in) + " -o " + quote(dir / "run.ctrace"));
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(has_binary_magic(slurp(dir / "run.ctrace")));

    CliRun info = cli(dir, "info --json " + quote(dir / "run.ctrace"));
    ASSERT_EQ(info.status, 0) << info.err;
    auto doc = nlohmann::json::parse(info.out);
    EXPECT_EQ(doc["files"][0]["format"], "binary");
    EXPECT_EQ(doc["files"][0]["records"], 4);
    EXPECT_EQ(doc["files"][0]["file_size"], std::filesystem::file_size(dir / "run.ctrace"));

    CliRun back = cli(dir, "convert " + quote(dir / "run.ctrace") + " -o " + quote(dir / "back.txt"));
    ASSERT_EQ(back.status, 0) << back.err;
    Trace a = read_pes_text(kTrace, "a");
    Trace b = read_pes_file(dir / "back.txt");
    EXPECT_TRUE(std::equal(a.times.begin(), a.times.end(), b.times.begin(), b.times.end()));
    EXPECT_TRUE(std::equal(a.states.begin(), a.states.end(), b.states.begin(), b.states.end()));
    EXPECT_EQ(b.header.end, 2500000);
    EXPECT_EQ(b.header.separator, ",");

    // --to overrides the extension.
    CliRun forced = cli(dir, "convert " + quote(in) + " -o " + quote(dir / "x.pes") + " --to binary");
    ASSERT_EQ(forced.status, 0) << forced.err;
    EXPECT_TRUE(has_binary_magic(slurp(dir / "x.pes")));
}

TEST(CliConvert, UsageAndInputErrors)
{
    TempDir dir;
    auto in = dir.file("run.pes", kTrace);
    EXPECT_EQ(cli(dir, "convert " + quote(in)).status, 2);                     // no -o
    EXPECT_EQ(cli(dir, "convert " + quote(in) + " -o x --to yaml").status, 2); // bad --to
    auto bad = dir.file("bad.pes", "1 A\nx B\n");
    CliRun r = cli(dir, "convert " + quote(bad) + " -o " + quote(dir / "out.ctrace"));
    EXPECT_EQ(r.status, 3);
    EXPECT_EQ(r.err, bad + ":2: bad time 'x' (expected an integer)\n");
    EXPECT_FALSE(std::filesystem::exists(dir / "out.ctrace"));
}

// ---- foreign traces: --from, --components, --per-component (docs/formats.md) ------------

namespace {

const std::string kPaje = std::string(CHITRA_SOURCE_DIR) + "/sample_traces/smpi-halo-r4.paje";

std::vector<std::string> header_values(const std::string& pes, const std::string& key)
{
    std::vector<std::string> out;
    std::istringstream in(pes);
    for (std::string line; std::getline(in, line);)
        if (line.rfind("# " + key + ": ", 0) == 0)
            out.push_back(line.substr(key.size() + 4));
    return out;
}

} // namespace

TEST(CliImport, ConvertAForeignTraceNamesItsLanes)
{
    TempDir dir;
    CliRun r = cli(dir, "convert " + quote(kPaje) + " -o " + quote(dir / "all.pes"));
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string pes = slurp(dir / "all.pes");
    EXPECT_EQ(header_values(pes, "lane"), (std::vector<std::string>{"1 rank-0", "2 rank-1", "3 rank-2", "4 rank-3"}));
    EXPECT_EQ(header_values(pes, "separator"), (std::vector<std::string>{"|"}));
    EXPECT_EQ(header_values(pes, "timebase"), (std::vector<std::string>{"ns"}));
    EXPECT_EQ(header_values(pes, "origin").size(), 1u);
    Trace back = read_pes_file(dir / "all.pes"); // the PES reads back as written
    EXPECT_EQ(back.header.components, 4u);
    EXPECT_GT(back.size(), 100u);

    r = cli(dir, "info --json " + quote(kPaje));
    ASSERT_EQ(r.status, 0) << r.err;
    const auto info = nlohmann::json::parse(r.out)["files"][0];
    EXPECT_EQ(info["format"], "paje");
    ASSERT_EQ(info["lanes"].size(), 4u);
    EXPECT_EQ(info["lanes"][2]["component"], 3);
    EXPECT_EQ(info["lanes"][2]["name"], "rank-2");
    EXPECT_EQ(info["records"], back.size());
}

// A foreign trace converted to .ctrace keeps its chosen lanes (a .ctrace of lanes, no
// vector states formed) and reads back as the source does: the same PES, the same figures.
TEST(CliImport, AForeignTraceConvertsToACtraceOfItsLanes)
{
    TempDir dir;
    for (const std::string components : {"all", "2,4"}) {
        SCOPED_TRACE(components);
        const std::string choose = " --components " + components;
        ASSERT_EQ(cli(dir, "convert " + quote(kPaje) + choose + " -o " + quote(dir / "lanes.ctrace")).status, 0);
        EXPECT_TRUE(binary_file_holds_lanes(dir / "lanes.ctrace"));
        ASSERT_EQ(cli(dir, "convert " + quote(dir / "lanes.ctrace") + " -o " + quote(dir / "back.pes")).status, 0);
        ASSERT_EQ(cli(dir, "convert " + quote(kPaje) + choose + " -o " + quote(dir / "direct.pes")).status, 0);
        EXPECT_EQ(slurp(dir / "back.pes"), slurp(dir / "direct.pes"));

        CliRun a = cli(dir, "info --json " + quote(dir / "lanes.ctrace"));
        CliRun b = cli(dir, "info --json " + quote(kPaje) + choose);
        ASSERT_EQ(a.status, 0) << a.err;
        ASSERT_EQ(b.status, 0) << b.err;
        auto ia = nlohmann::json::parse(a.out)["files"][0], ib = nlohmann::json::parse(b.out)["files"][0];
        EXPECT_EQ(ia["format"], "binary");
        for (const char* key : {"records", "symbols", "components", "first_time", "last_time", "end", "lanes"})
            EXPECT_EQ(ia[key], ib[key]) << key;
        EXPECT_GE(ib["symbols"].get<int>(), 10);
    }
}

TEST(CliImport, ImporterWarningsGoToStderrAndTheConversionSucceeds)
{
    TempDir dir;
    // A Chrome trace cut short (no closing bracket) with an E on an empty stack, two
    // instant events and a B left open: warnings, not errors.
    const std::string trace = dir.file("cut.json", "[\n"
                                                   "{\"pid\":1,\"tid\":1,\"ts\":1,\"ph\":\"E\"},\n"
                                                   "{\"pid\":1,\"tid\":1,\"ts\":2,\"ph\":\"B\",\"name\":\"work\"},\n"
                                                   "{\"pid\":1,\"tid\":1,\"ts\":3,\"ph\":\"i\",\"name\":\"mark\"},\n"
                                                   "{\"pid\":1,\"tid\":1,\"ts\":4,\"ph\":\"i\",\"name\":\"mark\"},\n");
    for (const std::string& command :
         {"convert " + quote(trace) + " -o " + quote(dir / "cut.pes"), "info " + quote(trace)}) {
        CliRun r = cli(dir, command);
        ASSERT_EQ(r.status, 0) << command << "\n" << r.err;
        EXPECT_NE(r.err.find("warning: " + trace + ": end of a region on a lane with no open region (ignored)"),
                  std::string::npos)
            << r.err;
        EXPECT_NE(r.err.find("warning: " + trace + ": 2 x event of phase 'i' (instant) skipped"), std::string::npos)
            << r.err;
    }
    const Trace back = read_pes_file(dir / "cut.pes");
    EXPECT_GT(back.size(), 0u);
}

TEST(CliImport, ComponentsChooseLanesByNumberNameOrRegexInLaneOrder)
{
    TempDir dir;
    for (const std::string spec : {"4,2", "rank-3,rank-1", "'/[13]$/'"}) {
        CliRun r = cli(dir, "convert " + quote(kPaje) + " --components " + spec + " -o " + quote(dir / "two.pes"));
        ASSERT_EQ(r.status, 0) << spec << ": " << r.err;
        EXPECT_EQ(header_values(slurp(dir / "two.pes"), "lane"), (std::vector<std::string>{"1 rank-1", "2 rank-3"}))
            << spec;
    }
    // Fit and transform take the same options.
    CliRun fit = cli(dir, "fit " + quote(kPaje) + " --components 1");
    ASSERT_EQ(fit.status, 0) << fit.err;
    EXPECT_EQ(nlohmann::json::parse(fit.out)["format"], "chitra-model");
}

TEST(CliImport, PerComponentWritesOneTraceALaneWithOneOrigin)
{
    TempDir dir;
    CliRun r = cli(dir, "convert " + quote(kPaje) + " --components 1,3 --per-component " + quote(dir / "lanes"));
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string a = slurp(dir / "lanes/lane-1.pes"), b = slurp(dir / "lanes/lane-2.pes");
    EXPECT_EQ(header_values(a, "lane"), (std::vector<std::string>{"1 rank-0"}));
    EXPECT_EQ(header_values(b, "lane"), (std::vector<std::string>{"1 rank-2"}));
    EXPECT_EQ(header_values(a, "components"), (std::vector<std::string>{"1"}));
    EXPECT_EQ(header_values(a, "origin"), header_values(b, "origin"));
    EXPECT_FALSE(std::filesystem::exists(dir / "lanes/lane-3.pes"));
    // Each lane's states equal that lane's column in the PES of all lanes.
    ASSERT_EQ(cli(dir, "convert " + quote(kPaje) + " -o " + quote(dir / "all.pes")).status, 0);
    Trace all = read_pes_file(dir / "all.pes"), one = read_pes_file(dir / "lanes/lane-2.pes");
    std::vector<std::string> expected, got;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const std::string& s = (*all.symbols)[all.states[i]].components[2];
        if (expected.empty() || expected.back() != s)
            expected.push_back(s);
    }
    for (std::size_t i = 0; i < one.size(); ++i)
        got.push_back((*one.symbols)[one.states[i]].name);
    if (!expected.empty() && expected.front() == "-")
        expected.erase(expected.begin()); // the lane's own trace starts at its first state
    EXPECT_EQ(got, expected);
}

TEST(CliImport, BadChoicesAndFormatsAreRefusedAndWriteNothing)
{
    TempDir dir;
    CliRun r = cli(dir, "convert " + quote(kPaje) + " --components 9 -o " + quote(dir / "x.pes"));
    EXPECT_EQ(r.status, 3);
    EXPECT_NE(r.err.find("lane 9 does not exist"), std::string::npos) << r.err;
    r = cli(dir, "convert " + quote(kPaje) + " --components '/(/' -o " + quote(dir / "x.pes"));
    EXPECT_EQ(r.status, 3);
    r = cli(dir, "convert " + quote(kPaje) + " --from bogus -o " + quote(dir / "x.pes"));
    EXPECT_EQ(r.status, 2);
    r = cli(dir, "convert " + quote(kPaje) + " --from pes -o " + quote(dir / "x.pes")); // read as PES: refused
    EXPECT_EQ(r.status, 3);
    EXPECT_EQ(r.err.rfind(kPaje + ":", 0), 0u) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "x.pes"));
    r = cli(dir, "convert " + quote(kPaje) + " -o " + quote(dir / "x.pes") + " --per-component " + quote(dir / "d"));
    EXPECT_EQ(r.status, 2);
    const std::string pes = dir.file("plain.pes", kTrace);
    r = cli(dir, "convert " + quote(pes) + " --per-component " + quote(dir / "d"));
    EXPECT_EQ(r.status, 3);
    EXPECT_NE(r.err.find("not a foreign format"), std::string::npos) << r.err;
}
