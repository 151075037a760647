// The import settings of a trace file in a session (TraceFileRef::import_settings, record
// version 4): a text trace's columns, delimiter and time unit and CTF's payload fields
// survive a save and a load, older records load with the importers' defaults, and a
// resolved view reads its trace with them.
#include "session_test_fixture.hpp"

#include "chitra/io/import.hpp"

#include <gtest/gtest.h>

using namespace chitra;
using namespace chitra::testing;

namespace {

TraceFileRef csv_ref(const std::string& delimiter)
{
    TraceFileRef f;
    f.path_absolute = "/data/run.csv";
    f.path_relative = "run.csv";
    f.import_format = "csv";
    f.import_components = "2";
    f.import_settings.time_column = "t <ns>";
    f.import_settings.state_columns = {"a", "b & c", "4"};
    f.import_settings.field_columns = {"load", "temp"};
    f.import_settings.delimiter = delimiter;
    f.import_settings.time_unit = "ms";
    f.views.push_back(ViewState{.name = "view 1"});
    return f;
}

} // namespace

TEST(SessionImportSettings, RoundTrip)
{
    Session s;
    s.files = {csv_ref(";"), csv_ref("tab"), csv_ref("")};
    TraceFileRef ctf;
    ctf.path_absolute = "/data/lttng";
    ctf.import_format = "ctf";
    ctf.import_settings.fields = "/^sched_.*\\.prio$/";
    s.files.push_back(ctf);
    const std::string text = session_to_text(s);
    EXPECT_NE(text.find("import_time_unit"), std::string::npos);
    EXPECT_NE(text.find("import_state_count"), std::string::npos);
    const LoadedSession loaded = load_session_text(text, "s.chitra");
    ASSERT_EQ(loaded.session.files.size(), 4u);
    const ImportSettings& first = loaded.session.files[0].import_settings;
    EXPECT_EQ(first.time_column, "t <ns>");
    EXPECT_EQ(first.state_columns, (std::vector<std::string>{"a", "b & c", "4"}));
    EXPECT_EQ(first.field_columns, (std::vector<std::string>{"load", "temp"}));
    EXPECT_EQ(first.delimiter, ";");
    EXPECT_EQ(first.time_unit, "ms");
    EXPECT_EQ(loaded.session.files[1].import_settings.delimiter, "tab");
    EXPECT_EQ(loaded.session.files[2].import_settings.delimiter, "");
    EXPECT_EQ(loaded.session.files[3].import_settings.fields, "/^sched_.*\\.prio$/");
    EXPECT_EQ(loaded.session, s);
}

TEST(SessionImportSettings, OtherSettingsMakeAnotherEntryWhenMerging)
{
    TraceFileRef semicolon = csv_ref(";");
    TraceFileRef otherUnit = semicolon;
    otherUnit.import_settings.time_unit = "s";
    Session mine, theirs;
    mine.files = {semicolon};
    theirs.files = {otherUnit};
    const MergeReport report = merge_sessions(mine, theirs);
    EXPECT_EQ(report.files_added, 1u);
    ASSERT_EQ(mine.files.size(), 2u);
    EXPECT_EQ(mine.files[1].import_settings.time_unit, "s");
}

// Every sample of an earlier record version (1: no import choice, 2: the choice, 3: the
// lanes an entry shows) loads with the importers' defaults.
TEST(SessionImportSettings, OlderRecordsLoadWithTheDefaults)
{
    for (const char* name : {"full.chitra", "minimal.chitra", "import-choice.chitra", "import-lane.chitra"}) {
        const auto path = std::filesystem::path(CHITRA_SOURCE_DIR) / "tests/data/sessions/v1" / name;
        const std::string text = read_text(path.string());
        EXPECT_EQ(text.find("import_time_unit"), std::string::npos) << name;
        const LoadedSession loaded = load_session(path.string());
        ASSERT_FALSE(loaded.session.files.empty()) << name;
        for (const TraceFileRef& f : loaded.session.files)
            EXPECT_TRUE(f.import_settings.is_default()) << name << ": " << shown_path(f);
        const std::string again = session_to_text(loaded.session);
        EXPECT_NE(again.find("import_time_unit"), std::string::npos) << name;
        EXPECT_EQ(load_session_text(again, name).session, loaded.session) << name;
    }
    // The record of version 3 keeps its choice.
    const auto lane = std::filesystem::path(CHITRA_SOURCE_DIR) / "tests/data/sessions/v1/import-lane.chitra";
    const LoadedSession loaded = load_session(lane.string());
    ASSERT_EQ(loaded.session.files.size(), 1u);
    EXPECT_EQ(loaded.session.files[0].import_format, "chrome");
    EXPECT_EQ(loaded.session.files[0].import_components, "1,2");
    EXPECT_EQ(loaded.session.files[0].import_lane, 2u);
}

TEST(SessionImportSettings, ImportOptionsFollowTheSettings)
{
    const ImportOptions o = import_options(csv_ref("tab"));
    EXPECT_EQ(o.time_column, "t <ns>");
    EXPECT_EQ(o.state_columns, (std::vector<std::string>{"a", "b & c", "4"}));
    EXPECT_EQ(o.field_columns, (std::vector<std::string>{"load", "temp"}));
    EXPECT_EQ(o.delimiter, '\t');
    EXPECT_EQ(o.time_scale, 6);
    EXPECT_EQ(import_options(csv_ref(";")).delimiter, ';');
    EXPECT_EQ(import_options(csv_ref("")).delimiter, '\0');

    TraceFileRef bad = csv_ref("ab");
    EXPECT_THROW(import_options(bad), InputError);
    bad = csv_ref(",");
    bad.import_settings.time_unit = "fortnight";
    EXPECT_THROW(import_options(bad), InputError);
}

// A CSV read with its saved settings gives the same trace as read with those options.
TEST(SessionImportSettings, AResolvedViewReadsTheTraceTheSameWay)
{
    TempDir dir;
    write_text(dir.file("run.csv"), "x;t;a;b\n1;0.5;A;P\n2;1.5;B;P\n3;2;B;Q\n");
    Session s;
    TraceFileRef ref = make_file_ref(dir.file("run.csv"), dir.path.string());
    ref.import_format = "csv";
    ref.import_settings.time_column = "t";
    ref.import_settings.state_columns = {"a", "b"};
    ref.import_settings.delimiter = ";";
    ref.import_settings.time_unit = "ms";
    ref.views.push_back(ViewState{.name = "v"});
    s.files.push_back(ref);
    save_session(dir.file("s.chitra"), s);
    const SessionViewTarget target = resolve_session_view(dir.file("s.chitra"), "v");
    const Trace trace = load_trace(target.trace_path, target.import);
    ASSERT_EQ(trace.header.components, 2u);
    ASSERT_EQ(trace.size(), 3u);
    EXPECT_EQ(trace.times[1], 1'000'000); // 1.5 ms after the origin at 0.5 ms
    EXPECT_EQ(trace.times[2], 1'500'000);
    EXPECT_EQ((*trace.symbols)[trace.states[2]].name, "B|Q");
}
