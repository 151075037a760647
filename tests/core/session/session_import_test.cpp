// The import choice of a trace file in a session (TraceFileRef::import_*): saved and
// loaded, absent from format-1 files (defaults), used to resolve a view's trace, and
// telling apart the lanes of one file when sessions merge.
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
    s.files.push_back(TraceFileRef{.path_absolute = "/data/plain.pes"});
    const std::string text = session_to_text(s);
    EXPECT_NE(text.find("import_components"), std::string::npos);
    const LoadedSession loaded = load_session_text(text, "s.chitra");
    ASSERT_EQ(loaded.session.files.size(), 3u);
    EXPECT_EQ(loaded.session.files[0].import_format, "chrome");
    EXPECT_EQ(loaded.session.files[0].import_components, "/rank [0-3]/");
    EXPECT_EQ(loaded.session.files[1].import_components, "1,3, worker <a&b>");
    EXPECT_EQ(loaded.session.files[1].import_lane, 2u);
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
