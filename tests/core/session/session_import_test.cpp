// The import choice of a trace file in a session (TraceFileRef::import_*): saved and
// loaded, absent from format-1 files (defaults), used to resolve a view's trace, and
// telling apart the lanes of one file when sessions merge; with the lanes an entry shows
// (TraceFileRef::lanes, record version 3) beside it.
#include "session_test_fixture.hpp"

#include <gtest/gtest.h>

using namespace chitra;
using namespace chitra::testing;

namespace {

TraceFileRef imported(const std::string& components, std::uint64_t lane)
{
    TraceFileRef f;
    f.path_absolute = "/data/run.json";
    f.path_relative = "run.json";
    f.size = 10;
    f.hash_kind = "xxh3-64";
    f.content_hash = 42;
    f.import_format = "chrome";
    f.import_components = components;
    f.import_lane = lane;
    f.views.push_back(ViewState{.name = "view 1"});
    return f;
}

} // namespace

TEST(SessionImportChoice, RoundTrips)
{
    Session s;
    s.files = {imported("/rank [0-3]/", 0), imported("1,3, worker <a&b>", 2)};
    s.files[0].import_state_lanes = "1,2";
    s.files.push_back(TraceFileRef{.path_absolute = "/data/plain.pes"});
    const std::string text = session_to_text(s);
    EXPECT_NE(text.find("import_components"), std::string::npos);
    const LoadedSession loaded = load_session_text(text, "s.chitra");
    ASSERT_EQ(loaded.session.files.size(), 3u);
    EXPECT_EQ(loaded.session.files[0].import_format, "chrome");
    EXPECT_EQ(loaded.session.files[0].import_components, "/rank [0-3]/");
    EXPECT_EQ(loaded.session.files[1].import_components, "1,3, worker <a&b>");
    EXPECT_EQ(loaded.session.files[1].import_lane, 2u);
    EXPECT_EQ(loaded.session.files[0].import_state_lanes, "1,2");
    EXPECT_EQ(loaded.session.files[1].import_state_lanes, "");
    EXPECT_EQ(loaded.session.files[2].import_format, "");
    EXPECT_EQ(loaded.session.files[2].import_components, "all");
    EXPECT_EQ(loaded.session.files[2].import_lane, 0u);
    EXPECT_EQ(loaded.session, s);
}

TEST(SessionImportChoice, FormatOneFilesLoadWithTheDefaults)
{
    for (const char* name : {"full.chitra", "minimal.chitra"}) {
        const auto path = std::filesystem::path(CHITRA_SOURCE_DIR) / "tests/data/sessions/v1" / name;
        const LoadedSession loaded = load_session(path.string());
        ASSERT_FALSE(loaded.session.files.empty()) << name;
        for (const TraceFileRef& f : loaded.session.files) {
            EXPECT_EQ(f.import_format, "");
            EXPECT_EQ(f.import_components, "all");
            EXPECT_EQ(f.import_lane, 0u);
        }
        // Saved again, the file records carry the new fields and load back the same.
        EXPECT_EQ(load_session_text(session_to_text(loaded.session), name).session, loaded.session);
    }
}

TEST(SessionImportChoice, ImportOptionsFollowTheChoice)
{
    const ImportOptions o = import_options(imported("/rank/", 3));
    ASSERT_TRUE(o.from.has_value());
    EXPECT_EQ(*o.from, SourceFormat::chrome);
    EXPECT_EQ(o.components.spec, "/rank/");
    EXPECT_EQ(o.lane, 3u);
    EXPECT_EQ(o.state_lanes, "");
    TraceFileRef someStates = imported("/rank/", 0);
    someStates.import_state_lanes = "1";
    EXPECT_EQ(import_options(someStates).state_lanes, "1");
    const ImportOptions detect = import_options(TraceFileRef{.path_absolute = "/x.pes"});
    EXPECT_FALSE(detect.from.has_value());
    EXPECT_EQ(detect.components.spec, "all");
    TraceFileRef bad = imported("all", 0);
    bad.import_format = "klingon";
    EXPECT_THROW(import_options(bad), InputError);
}

TEST(SessionImportChoice, ResolvedViewsCarryTheChoice)
{
    TempDir dir;
    write_text(dir.file("run.pes"), "# chitra-pes 1\n0 A\n5 B\n");
    Session s;
    TraceFileRef ref = make_file_ref(dir.file("run.pes"), dir.path.string());
    ref.import_components = "1";
    ref.views.push_back(ViewState{.name = "v"});
    s.files.push_back(ref);
    save_session(dir.file("s.chitra"), s);
    const SessionViewTarget target = resolve_session_view(dir.file("s.chitra"), "v");
    EXPECT_EQ(target.import.components.spec, "1");
    EXPECT_FALSE(target.import.from.has_value());
}

TEST(SessionImportChoice, LanesOfOneFileAreDifferentFilesWhenMerging)
{
    Session mine, theirs;
    mine.files = {imported("/rank/", 1)};
    theirs.files = {imported("/rank/", 2), imported("/rank/", 1)};
    const MergeReport report = merge_sessions(mine, theirs);
    ASSERT_EQ(mine.files.size(), 2u);
    EXPECT_EQ(mine.files[1].import_lane, 2u);
    EXPECT_EQ(mine.files[0].views.size(), 2u); // lane 1's views merged, the clash renamed
    EXPECT_EQ(report.files_added, 1u);
}

// tests/data/sessions/v1/import-choice.chitra has trace file records of version 2: the
// import choice, written before a file entry could show some of its trace's lanes.
TEST(SessionImportChoice, VersionTwoRecordsKeepTheChoiceAndShowTheWholeTrace)
{
    const auto path = std::filesystem::path(CHITRA_SOURCE_DIR) / "tests/data/sessions/v1/import-choice.chitra";
    const std::string text = read_text(path.string());
    EXPECT_EQ(text.find("lane_count"), std::string::npos);
    const LoadedSession loaded = load_session(path.string());
    ASSERT_EQ(loaded.session.files.size(), 3u);
    const auto& files = loaded.session.files;
    EXPECT_EQ(files[0].import_format, "chrome");
    EXPECT_EQ(files[0].import_components, "/rank [0-3]/");
    EXPECT_EQ(files[0].import_lane, 0u);
    EXPECT_EQ(files[1].import_components, "1,3,worker");
    EXPECT_EQ(files[1].import_lane, 2u);
    EXPECT_EQ(files[2].import_format, "");
    EXPECT_EQ(files[2].import_components, "all");
    for (const TraceFileRef& f : files)
        EXPECT_TRUE(f.lanes.empty()) << f.path_absolute;
    // Saved again, the records carry the lanes (version 3) and load back the same.
    const std::string again = session_to_text(loaded.session);
    EXPECT_NE(again.find("lane_count"), std::string::npos);
    EXPECT_EQ(load_session_text(again, "again.chitra").session, loaded.session);
}

TEST(SessionImportChoice, TheChoiceAndTheShownLanesRoundTrip)
{
    Session s;
    TraceFileRef some = imported("/rank [0-3]/", 2);
    some.lanes = {3, 0};
    TraceFileRef other = imported("1,3", 0);
    other.lanes = {1};
    s.files = {some, other, imported("/rank [0-3]/", 2)};
    const std::string text = session_to_text(s);
    EXPECT_NE(text.find("import_components"), std::string::npos);
    EXPECT_NE(text.find("lane_count"), std::string::npos);
    const LoadedSession loaded = load_session_text(text, "s.chitra");
    ASSERT_EQ(loaded.session.files.size(), 3u);
    EXPECT_EQ(loaded.session.files[0].import_format, "chrome");
    EXPECT_EQ(loaded.session.files[0].import_components, "/rank [0-3]/");
    EXPECT_EQ(loaded.session.files[0].import_lane, 2u);
    EXPECT_EQ(loaded.session.files[0].lanes, (std::vector<std::uint64_t>{3, 0}));
    EXPECT_EQ(loaded.session.files[1].import_components, "1,3");
    EXPECT_EQ(loaded.session.files[1].lanes, (std::vector<std::uint64_t>{1}));
    EXPECT_TRUE(loaded.session.files[2].lanes.empty());
    EXPECT_EQ(loaded.session, s);
}

TEST(SessionImportChoice, EntriesAreTheSameOnlyWithTheSameChoiceAndLanes)
{
    TraceFileRef shown = imported("/rank/", 1);
    shown.lanes = {0};
    TraceFileRef otherChoice = shown;
    otherChoice.import_components = "1,2";
    TraceFileRef otherLanes = shown;
    otherLanes.lanes = {1};
    TraceFileRef otherStates = shown;
    otherStates.import_state_lanes = "1";
    TraceFileRef same = shown;
    same.views = {ViewState{.name = "view 2"}};
    Session mine, theirs;
    mine.files = {shown};
    theirs.files = {otherChoice, otherLanes, same, otherStates};
    const MergeReport report = merge_sessions(mine, theirs);
    ASSERT_EQ(mine.files.size(), 4u);
    EXPECT_EQ(report.files_added, 3u);
    EXPECT_EQ(mine.files[3].import_state_lanes, "1");
    EXPECT_EQ(mine.files[0].views.size(), 2u); // the same entry: its views merged
    EXPECT_EQ(mine.files[1].import_components, "1,2");
    EXPECT_EQ(mine.files[2].lanes, (std::vector<std::uint64_t>{1}));
}

TEST(SessionImportChoice, ResolvedViewsCarryTheChoiceAndTheLanes)
{
    TempDir dir;
    write_text(dir.file("run.pes"), "# chitra-pes 1\n# components: 2\n0 A B\n5 B A\n");
    Session s;
    TraceFileRef ref = make_file_ref(dir.file("run.pes"), dir.path.string());
    ref.import_components = "1,2";
    ref.lanes = {1};
    ref.views.push_back(ViewState{.name = "v"});
    s.files.push_back(ref);
    save_session(dir.file("s.chitra"), s);
    const SessionViewTarget target = resolve_session_view(dir.file("s.chitra"), "v");
    EXPECT_EQ(target.import.components.spec, "1,2");
    EXPECT_EQ(target.lanes, (std::vector<std::uint64_t>{1}));
}

// A record of version 4 (written before the lanes that form the states were kept) formed
// its states from every chosen lane: it loads so, and saved again it keeps that.
TEST(SessionImportChoice, VersionFourRecordsFormStatesFromEveryChosenLane)
{
    const auto path = std::filesystem::path(CHITRA_SOURCE_DIR) / "tests/data/sessions/v1/import-settings-v4.chitra";
    const std::string text = read_text(path.string());
    EXPECT_EQ(text.find("import_state_lanes"), std::string::npos);
    const LoadedSession loaded = load_session(path.string());
    ASSERT_EQ(loaded.session.files.size(), 1u);
    EXPECT_EQ(loaded.session.files[0].import_components, "1,2");
    EXPECT_EQ(loaded.session.files[0].import_state_lanes, "");
    const std::string again = session_to_text(loaded.session);
    EXPECT_NE(again.find("import_state_lanes"), std::string::npos);
    EXPECT_EQ(load_session_text(again, "again.chitra").session, loaded.session);
}

// What the views analyse apart (record version 6): saved and loaded, resolved for `fit
// --session`, another entry when sessions merge; older records analyse the joint states.
TEST(SessionImportChoice, RecordsBeforeVersionSixAnalyseTheJointStates)
{
    Session s;
    s.files = {imported("all", 0), imported("all", 0)};
    s.files[0].pooled_lanes = {1, 2, 4};
    s.files[0].pool_group = 2;
    const std::string text = session_to_text(s);
    EXPECT_NE(text.find("pooled_lane"), std::string::npos);
    const LoadedSession loaded = load_session_text(text, "s.chitra");
    EXPECT_EQ(loaded.session, s);
    EXPECT_EQ(loaded.session.files[0].pooled_lanes, (std::vector<std::uint64_t>{1, 2, 4}));
    EXPECT_EQ(loaded.session.files[0].pool_group, 2u);
    EXPECT_TRUE(loaded.session.files[1].pooled_lanes.empty());
    // Merged with a session of the same file's joint states: two entries.
    Session mine;
    mine.files = {s.files[0]};
    Session theirs;
    theirs.files = {imported("all", 0)};
    merge_sessions(mine, theirs);
    EXPECT_EQ(mine.files.size(), 2u);

    const auto path = std::filesystem::path(CHITRA_SOURCE_DIR) / "tests/data/sessions/v1/import-settings-v4.chitra";
    const LoadedSession old = load_session(path.string());
    ASSERT_EQ(old.session.files.size(), 1u);
    EXPECT_TRUE(old.session.files[0].pooled_lanes.empty());
    EXPECT_EQ(old.session.files[0].pool_group, 0u);
}
