// chitra-cli session new|info, run as a separate process like an analyst's script would.
#include "cli_test_util.hpp"
#include "session_test_fixture.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>

using namespace chitra;
using namespace chitra::testing;
namespace fs = std::filesystem;

namespace {

using cli_test::CliRun;

CliRun cli(const TempDir& dir, const std::vector<std::string>& args) { return cli_test::run_cli(args, dir.path); }

// Two small traces: A/B alternating and a three-state loop.
struct Traces : TempDir {
    Traces()
    {
        write_text(file("a.pes"), "0 A\n10 B\n15 A\n30 B\n40 A\n");
        write_text(file("b.pes"), "0 X\n1 Y\n3 Z\n6 X\n7 Y\n9 Z\n");
        write_text(file("clip.json"), R"({"pipeline": [{"op": "clip", "head": 1, "tail": 1}]})");
        write_text(file("excl.json"), R"({"pipeline": [{"op": "exclude", "states": ["Z"]}]})");
    }
};

} // namespace

TEST(SessionCli, NewWritesFilesViewsAndPipelinesInOrder)
{
    Traces d;
    CliRun r = cli(d, {"session", "new", d.file("s.chitra"), "--trace", d.file("a.pes"), "--view", "raw", "--view",
                       "clipped", "--pipeline", d.file("clip.json"), "--trace", d.file("b.pes")});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, d.file("s.chitra") + ": 2 file(s), 3 view(s)\n");

    Session s = load_session(d.file("s.chitra")).session;
    ASSERT_EQ(s.files.size(), 2u);
    EXPECT_EQ(s.files[0].path_absolute, d.file("a.pes"));
    EXPECT_EQ(s.files[0].path_relative, "a.pes");
    EXPECT_EQ(s.files[0].size, 24u); // 4 + 4 * 5 bytes
    ASSERT_EQ(s.files[0].views.size(), 2u);
    EXPECT_EQ(s.files[0].views[0].name, "raw");
    EXPECT_TRUE(s.files[0].views[0].pipeline.steps.empty());
    EXPECT_EQ(s.files[0].views[1].name, "clipped");
    ASSERT_EQ(s.files[0].views[1].pipeline.steps.size(), 1u);
    EXPECT_TRUE(s.files[0].views[1].pipeline.steps[0] == Step(step::ClipCount{1, 1}));
    // A trace without --view gets the default view; every view one whole-trace time display.
    ASSERT_EQ(s.files[1].views.size(), 1u);
    EXPECT_EQ(s.files[1].views[0].name, "view 1");
    for (auto& f : s.files)
        for (auto& v : f.views) {
            ASSERT_EQ(v.displays.size(), 1u);
            EXPECT_EQ(v.displays[0].kind, DisplayKind::time);
            EXPECT_TRUE(v.displays[0].visible.empty());
        }
    EXPECT_EQ(s.files[1].views[0].displays[0].id, "d3");
    EXPECT_EQ(check_file_identity(s.files[1], d.path.string()).status, FileStatus::same);
}

// --relative-only: no absolute path in the file (a session shipped with its traces);
// the traces are still checked and hashed, and the file contains no trace of its folder.
TEST(SessionCli, NewRelativeOnlyWritesNoAbsolutePath)
{
    Traces d;
    write_text(d.file("runs/c.pes"), "0 A\n10 B\n");
    CliRun r = cli(d, {"session", "new", d.file("s.chitra"), "--relative-only", "--trace", d.file("a.pes"), "--view",
                       "clipped", "--pipeline", d.file("clip.json"), "--trace", d.file("runs/c.pes")});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(read_text(d.file("s.chitra")).find(d.path.string()), std::string::npos);
    Session s = load_session(d.file("s.chitra")).session;
    ASSERT_EQ(s.files.size(), 2u);
    EXPECT_EQ(s.files[0].path_absolute, "");
    EXPECT_EQ(s.files[0].path_relative, "a.pes");
    EXPECT_EQ(s.files[0].size, 24u);
    EXPECT_EQ(s.files[1].path_relative, "runs/c.pes");
    EXPECT_EQ(check_file_identity(s.files[1], d.path.string()).status, FileStatus::same);
    // info shows the relative path and says so.
    r = cli(d, {"session", "info", d.file("s.chitra")});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("file 1: a.pes (relative to the session only)\n"), std::string::npos) << r.out;
    // A bad trace is still refused before anything is written.
    write_text(d.file("bad.pes"), "x\n");
    r = cli(d, {"session", "new", d.file("t.chitra"), "--relative-only", "--trace", d.file("bad.pes")});
    EXPECT_EQ(r.status, 3);
    EXPECT_FALSE(fs::exists(d.file("t.chitra")));
}

TEST(SessionCli, NewUsageErrorsExitTwo)
{
    Traces d;
    auto expect_usage = [&](std::vector<std::string> args, const std::string& message) {
        CliRun r = cli(d, args);
        EXPECT_EQ(r.status, 2) << r.err;
        EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
        EXPECT_FALSE(std::filesystem::exists(d.file("s.chitra")));
    };
    expect_usage({"session", "new", d.file("s.chitra"), "--view", "v", "--trace", d.file("a.pes")},
                 "--view v comes before any --trace");
    expect_usage({"session", "new", d.file("s.chitra"), "--trace", d.file("a.pes"), "--pipeline", d.file("clip.json")},
                 "must follow a --view");
    expect_usage({"session", "new", d.file("s.chitra"), "--trace", d.file("a.pes"), "--view", "v", "--view", "v"},
                 "--view v is given twice");
    expect_usage({"session", "new", d.file("s.chitra")}, "--trace is required");
    expect_usage({"session"}, "");
}

TEST(SessionCli, NewBadInputExitsThree)
{
    Traces d;
    CliRun r = cli(d, {"session", "new", d.file("s.chitra"), "--trace", d.file("absent.pes")});
    EXPECT_EQ(r.status, 3);
    EXPECT_NE(r.err.find("absent.pes"), std::string::npos) << r.err;
    // A pipeline that cannot apply to its trace is caught before the session is written.
    write_text(d.file("bad.json"), R"({"pipeline": [{"op": "clip", "head": 50, "tail": 50}]})");
    r = cli(d, {"session", "new", d.file("s.chitra"), "--trace", d.file("a.pes"), "--view", "v", "--pipeline",
                d.file("bad.json")});
    EXPECT_EQ(r.status, 3);
    EXPECT_NE(r.err.find("view 'v': step 1 (clip)"), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(d.file("s.chitra")));
    // --no-check writes it anyway (the traces may not be readable here yet).
    r = cli(d, {"session", "new", d.file("s.chitra"), "--no-check", "--trace", d.file("a.pes"), "--view", "v",
                "--pipeline", d.file("bad.json")});
    EXPECT_EQ(r.status, 0) << r.err;
}

TEST(SessionCli, InfoListsFilesViewsAndDisplays)
{
    Traces d;
    Session s;
    s.files.push_back(make_file_ref(d.file("a.pes"), d.path.string()));
    ViewState v = full_view("phase 2", 1);
    v.pipeline.steps = {step::ClipCount{1, 1}, step::Exclude{{"B"}}};
    v.displays[1].visible = {};
    s.files[0].views = {v};
    s.layout.open_displays = {{"d1a", "centre", 0}};
    s.layout.current_view = "1/phase 2";
    save_session(d.file("s.chitra"), s);

    CliRun r = cli(d, {"session", "info", d.file("s.chitra")});
    ASSERT_EQ(r.status, 0) << r.err;
    std::string expected =
        d.file("s.chitra") + ": session format " + std::to_string(kSessionFormatVersion) +
        ", written by chitra 0.1.0\n" + "file 1: " + d.file("a.pes") + " (relative: a.pes)\n" +
        "  size 24 bytes, xxh3-64 " +
        [&] {
            char hex[17];
            std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(s.files[0].content_hash));
            return std::string(hex);
        }() +
        "\n" + "  view 'phase 2': 2 step(s) [clip, exclude], 2 bookmark(s), 4 note(s), 2 selected range(s)\n" +
        "    display d1a: time, x [1.5, 1000000000000] y [-0.5, 7.25], 2 zoom step(s) back\n" +
        "    display d1b: frequency, whole trace, 2 zoom step(s) back\n" +
        "    display d1c: gantt, x [4.5, 3000000000000] y [-0.5, 7.25], 2 zoom step(s) back\n" +
        "layout: 1 open display(s), current view 1/phase 2\n";
    EXPECT_EQ(r.out, expected);

    r = cli(d, {"session", "info", d.file("s.chitra"), "--json", "--verify"});
    ASSERT_EQ(r.status, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["format"], kSessionFormatVersion);
    EXPECT_EQ(j["files"][0]["status"], "same");
    EXPECT_EQ(j["files"][0]["size"], 24);
    auto& view = j["files"][0]["views"][0];
    EXPECT_EQ(view["name"], "phase 2");
    EXPECT_EQ(view["pipeline"][0]["op"], "clip");
    EXPECT_EQ(view["pipeline"][0]["head"], 1);
    EXPECT_EQ(view["bookmarks"][0]["name"], "start of phase 2");
    EXPECT_EQ(view["bookmarks"][0]["time"], 1834120);
    EXPECT_EQ(view["notes"][1]["time"], nullptr);
    EXPECT_EQ(view["notes"][1]["record"], 99);
    EXPECT_EQ(view["selection"][1][1], 251);
    EXPECT_EQ(view["displays"][1]["visible"], nullptr);
    EXPECT_EQ(view["displays"][2]["kind"], "gantt");
    EXPECT_EQ(view["displays"][0]["options"]["averaging_width_percent"], 2.5);
    EXPECT_EQ(j["layout"]["open_displays"][0]["display"], "d1a");
    EXPECT_TRUE(j["problems"].empty());
}

TEST(SessionCli, InfoOnDamagedSessionExitsThreeUnlessRecovering)
{
    Traces d;
    Session s;
    s.files.push_back(make_file_ref(d.file("a.pes"), d.path.string()));
    s.files[0].views = {ViewState{.name = "keep"}, ViewState{.name = "break"}};
    std::string text = session_to_text(s, d.path.string());
    std::size_t at = text.find("break", text.find("<payload>", text.find("<label>view &apos;break")));
    ASSERT_NE(at, std::string::npos);
    text[at] = 'B';
    write_text(d.file("s.chitra"), text);

    CliRun r = cli(d, {"session", "info", d.file("s.chitra")});
    EXPECT_EQ(r.status, 3);
    EXPECT_EQ(r.err,
              d.file("s.chitra") + ": damaged: view 'break' of " + d.file("a.pes") + ": checksum mismatch (damaged)\n");
    r = cli(d, {"session", "info", d.file("s.chitra"), "--recover", "--json"});
    EXPECT_EQ(r.status, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["files"][0]["views"].size(), 1u);
    EXPECT_EQ(j["files"][0]["views"][0]["name"], "keep");
    ASSERT_EQ(j["problems"].size(), 1u);
    EXPECT_NE(r.err.find("warning: "), std::string::npos);

    write_text(d.file("junk.chitra"), "hello");
    r = cli(d, {"session", "info", d.file("junk.chitra"), "--recover"});
    EXPECT_EQ(r.status, 3);
    EXPECT_EQ(r.err, d.file("junk.chitra") + ": not a Chitra session file\n");
}

TEST(SessionCli, FitFitsANamedViewOfASavedSession)
{
    Traces d;
    ASSERT_EQ(cli(d, {"session", "new", d.file("s.chitra"), "--trace", d.file("a.pes"), "--view", "clipped",
                      "--pipeline", d.file("clip.json")})
                  .status,
              0);
    // a.pes is A B A B (+ closing record); clip head 1 tail 1 leaves B A: B(5) then A(15).
    CliRun r = cli(d, {"fit", "--session", d.file("s.chitra"), "--view", "clipped"});
    ASSERT_EQ(r.status, 0) << r.err;
    auto model = nlohmann::json::parse(r.out);
    ASSERT_EQ(model["states"].size(), 3u); // B, A, OTHER
    EXPECT_EQ(model["states"][0]["name"], "B");
    EXPECT_EQ(model["states"][0]["total"], 5);
    EXPECT_EQ(model["states"][1]["name"], "A");
    EXPECT_EQ(model["states"][1]["total"], 15);

    // The same fit through FILE + --pipeline gives the same model.
    CliRun direct = cli(d, {"fit", d.file("a.pes"), "--pipeline", d.file("clip.json")});
    ASSERT_EQ(direct.status, 0) << direct.err;
    EXPECT_EQ(direct.out, r.out);

    EXPECT_EQ(cli(d, {"fit", "--session", d.file("s.chitra"), "--view", "absent"}).status, 3);
    EXPECT_EQ(cli(d, {"fit", "--session", d.file("s.chitra")}).status, 2); // --view missing
    EXPECT_EQ(cli(d, {"fit"}).status, 2);
}

// --from, --components and --lane belong to the --trace before them and are what the
// session re-imports with (docs/cli.md "chitra-cli session").
TEST(SessionCli, NewRecordsEachTracesImportChoice)
{
    Traces d;
    CliRun r = cli(d, {"session", "new", d.file("s.chitra"), "--trace", d.file("a.pes"), "--from", "pes",
                       "--components", "/rank/", "--view", "raw", "--trace", d.file("a.pes"), "--components", "1",
                       "--lane", "1", "--trace", d.file("b.pes")});
    ASSERT_EQ(r.status, 0) << r.err;
    const Session s = load_session(d.file("s.chitra")).session;
    ASSERT_EQ(s.files.size(), 3u);
    EXPECT_EQ(s.files[0].import_format, "pes");
    EXPECT_EQ(s.files[0].import_components, "/rank/");
    EXPECT_EQ(s.files[0].import_lane, 0u);
    EXPECT_EQ(s.files[0].views.at(0).name, "raw");
    EXPECT_EQ(s.files[1].import_format, "");
    EXPECT_EQ(s.files[1].import_components, "1");
    EXPECT_EQ(s.files[1].import_lane, 1u);
    EXPECT_EQ(s.files[2].import_components, "all");

    CliRun info = cli(d, {"session", "info", d.file("s.chitra")});
    ASSERT_EQ(info.status, 0) << info.err;
    EXPECT_NE(info.out.find("  import: format pes, components /rank/\n"), std::string::npos) << info.out;
    EXPECT_NE(info.out.find("  import: format detected, components 1, chosen lane 1 alone\n"), std::string::npos);
    CliRun json = cli(d, {"session", "info", d.file("s.chitra"), "--json"});
    ASSERT_EQ(json.status, 0) << json.err;
    const auto doc = nlohmann::json::parse(json.out);
    EXPECT_EQ(doc["files"][0]["import"]["format"], "pes");
    EXPECT_EQ(doc["files"][0]["import"]["components"], "/rank/");
    EXPECT_TRUE(doc["files"][1]["import"]["format"].is_null());
    EXPECT_EQ(doc["files"][1]["import"]["lane"], 1);
}

TEST(SessionCli, ImportChoiceErrors)
{
    Traces d;
    auto run = [&](std::vector<std::string> args) {
        std::filesystem::remove(d.file("s.chitra"));
        return cli(d, args);
    };
    CliRun r = run({"session", "new", d.file("s.chitra"), "--components", "1", "--trace", d.file("a.pes")});
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("--components 1 comes before any --trace"), std::string::npos) << r.err;
    r = run({"session", "new", d.file("s.chitra"), "--trace", d.file("a.pes"), "--from", "klingon"});
    EXPECT_EQ(r.status, 2) << r.err;
    r = run({"session", "new", d.file("s.chitra"), "--trace", d.file("a.pes"), "--lane", "x"});
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("--lane x: not a lane number"), std::string::npos) << r.err;
    r = run({"session", "new", d.file("s.chitra"), "--trace", d.file("a.pes"), "--trace", d.file("a.pes")});
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("is given twice"), std::string::npos) << r.err;
    // The check reads each trace as the session will: a PES read as Chrome JSON fails now.
    r = run({"session", "new", d.file("s.chitra"), "--trace", d.file("a.pes"), "--from", "chrome"});
    EXPECT_EQ(r.status, 3) << r.err;
    EXPECT_NE(r.err.find("a.pes"), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(d.file("s.chitra")));
}

TEST(SessionCli, FitReadsTheTraceAsTheSessionChoseIt)
{
    Traces d;
    CliRun r = cli(d, {"session", "new", d.file("s.chitra"), "--trace", d.file("a.pes"), "--from", "pes", "--view", "v",
                       "--trace", d.file("b.pes"), "--from", "chrome", "--view", "w", "--no-check"});
    ASSERT_EQ(r.status, 0) << r.err;
    r = cli(d, {"fit", "--session", d.file("s.chitra"), "--view", "v"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("\"A\""), std::string::npos) << r.out;
    // b.pes recorded as Chrome JSON is read as such, and refused.
    r = cli(d, {"fit", "--session", d.file("s.chitra"), "--view", "w"});
    EXPECT_EQ(r.status, 3) << r.err;
    EXPECT_NE(r.err.find("b.pes"), std::string::npos) << r.err;
    r = cli(d, {"fit", "--session", d.file("s.chitra"), "--view", "v", "--components", "1"});
    EXPECT_EQ(r.status, 2) << r.err;
}

// A CSV's reading options belong to the --trace before them like --from (the same
// options as convert's); the session keeps them and fit --session reads the CSV the same
// way as the options on the command line do.
TEST(SessionCli, NewRecordsATextTracesOptionsAndFitUsesThem)
{
    Traces d;
    // Read with the defaults (time: column 1, state: column 2) this is another trace.
    write_text(d.file("run.csv"), "x;t;a;b\n1;0.5;A;P\n2;1.5;B;P\n3;2;B;Q\n4;3;A;Q\n");
    CliRun r = cli(d, {"session", "new", d.file("s.chitra"), "--trace", d.file("run.csv"), "--time", "t", "--state",
                       "a,b", "--delimiter", ";", "--time-unit", "ms", "--field", "x", "--view", "v"});
    ASSERT_EQ(r.status, 0) << r.err;
    const Session s = load_session(d.file("s.chitra")).session;
    ASSERT_EQ(s.files.size(), 1u);
    const ImportSettings& settings = s.files[0].import_settings;
    EXPECT_EQ(settings.time_column, "t");
    EXPECT_EQ(settings.state_columns, (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ(settings.field_columns, (std::vector<std::string>{"x"}));
    EXPECT_EQ(settings.delimiter, ";");
    EXPECT_EQ(settings.time_unit, "ms");

    CliRun info = cli(d, {"session", "info", d.file("s.chitra")});
    ASSERT_EQ(info.status, 0) << info.err;
    EXPECT_NE(info.out.find("  read with: --time t --state a,b --field x --delimiter ; --time-unit ms\n"),
              std::string::npos)
        << info.out;

    CliRun fromSession = cli(d, {"fit", "--session", d.file("s.chitra"), "--view", "v"});
    ASSERT_EQ(fromSession.status, 0) << fromSession.err;
    CliRun direct = cli(d, {"fit", d.file("run.csv"), "--time", "t", "--state", "a,b", "--delimiter", ";",
                            "--time-unit", "ms", "--field", "x"});
    ASSERT_EQ(direct.status, 0) << direct.err;
    EXPECT_EQ(fromSession.out, direct.out);
    EXPECT_NE(fromSession.out.find("\"A|P\""), std::string::npos) << fromSession.out;
    EXPECT_NE(fromSession.out.find("\"B|Q\""), std::string::npos) << fromSession.out;

    // Without the options the same file reads as another trace (time x, states of t).
    r = cli(d, {"session", "new", d.file("plain.chitra"), "--trace", d.file("run.csv"), "--view", "v"});
    ASSERT_EQ(r.status, 0) << r.err;
    CliRun plain = cli(d, {"fit", "--session", d.file("plain.chitra"), "--view", "v"});
    ASSERT_EQ(plain.status, 0) << plain.err;
    EXPECT_EQ(plain.out.find("\"A|P\""), std::string::npos) << plain.out;
    std::filesystem::remove(d.file("s.chitra"));
    // Each --trace has its own options; an option before any --trace is a usage error.
    r = cli(d, {"session", "new", d.file("s.chitra"), "--time", "t", "--trace", d.file("run.csv")});
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("--time t comes before any --trace"), std::string::npos) << r.err;
    r = cli(d, {"session", "new", d.file("s.chitra"), "--trace", d.file("run.csv"), "--delimiter", "ab"});
    EXPECT_EQ(r.status, 2) << r.err;
    r = cli(d, {"session", "new", d.file("s.chitra"), "--trace", d.file("run.csv"), "--time-unit", "fortnight"});
    EXPECT_EQ(r.status, 2) << r.err;
    // The same file read two ways is two entries.
    r = cli(d, {"session", "new", d.file("s.chitra"), "--trace", d.file("run.csv"), "--delimiter", ";", "--state", "a",
                "--trace", d.file("run.csv"), "--delimiter", ";", "--state", "b", "--time", "t"});
    ASSERT_EQ(r.status, 0) << r.err;
    const Session two = load_session(d.file("s.chitra")).session;
    ASSERT_EQ(two.files.size(), 2u);
    EXPECT_EQ(two.files[0].import_settings.state_columns, (std::vector<std::string>{"a"}));
    EXPECT_EQ(two.files[0].import_settings.time_column, "");
    EXPECT_EQ(two.files[1].import_settings.state_columns, (std::vector<std::string>{"b"}));
    EXPECT_EQ(two.files[1].import_settings.time_column, "t");
}

// --fields (CTF payload fields) is recorded like the text options, per --trace.
TEST(SessionCli, NewRecordsTheFieldsPattern)
{
    Traces d;
    CliRun r = cli(d, {"session", "new", d.file("s.chitra"), "--no-check", "--trace", d.file("a.pes"), "--fields",
                       "/prio/", "--trace", d.file("b.pes")});
    ASSERT_EQ(r.status, 0) << r.err;
    const Session s = load_session(d.file("s.chitra")).session;
    ASSERT_EQ(s.files.size(), 2u);
    EXPECT_EQ(s.files[0].import_settings.fields, "/prio/");
    EXPECT_TRUE(s.files[1].import_settings.is_default());
    CliRun json = cli(d, {"session", "info", d.file("s.chitra"), "--json"});
    ASSERT_EQ(json.status, 0) << json.err;
    EXPECT_EQ(nlohmann::json::parse(json.out)["files"][0]["import"]["fields"], "/prio/");
}
