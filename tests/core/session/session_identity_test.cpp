#include "session_test_fixture.hpp"

#include "chitra/io/io.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"

#include <gtest/gtest.h>

#include <xxhash.h>

#include <filesystem>

using namespace chitra;
using namespace chitra::testing;
namespace fs = std::filesystem;

TEST(SessionIdentity, HashOfEmptyFileIsXxh3OfNothing)
{
    TempDir dir;
    write_text(dir.file("empty"), "");
    // XXH3_64bits of zero bytes, from the xxHash specification's test vectors.
    EXPECT_EQ(hash_file(dir.file("empty")), 0x2D06800538D394C2ull);
}

TEST(SessionIdentity, StreamedHashEqualsOneShotHashAcrossBlockBoundaries)
{
    TempDir dir;
    std::mt19937 rng(3);
    std::string data((1 << 20) * 2 + 12345, '\0'); // spans three 1 MiB reads
    for (auto& c : data)
        c = static_cast<char>(rng());
    write_text(dir.file("big"), data);
    EXPECT_EQ(hash_file(dir.file("big")), XXH3_64bits(data.data(), data.size()));
    EXPECT_THROW(hash_file(dir.file("absent")), InputError);
}

TEST(SessionIdentity, MakeFileRefRecordsSizeHashAndRelativePath)
{
    TempDir dir;
    write_text(dir.file("traces/run.pes"), "0 A\n5 B\n");
    TraceFileRef ref = make_file_ref(dir.file("traces/run.pes"), dir.file("sessions"));
    EXPECT_EQ(ref.path_absolute, dir.file("traces/run.pes"));
    EXPECT_EQ(ref.path_relative, "../traces/run.pes");
    EXPECT_EQ(ref.size, 8u);
    EXPECT_EQ(ref.hash_kind, "xxh3-64");
    EXPECT_EQ(ref.content_hash, XXH3_64bits("0 A\n5 B\n", 8));
    EXPECT_GT(ref.mtime_ns, 0);
    EXPECT_THROW(make_file_ref(dir.file("nope.pes")), InputError);
}

TEST(SessionIdentity, SameWhenUntouchedEvenIfTouched)
{
    TempDir dir;
    write_text(dir.file("run.pes"), "0 A\n");
    TraceFileRef ref = make_file_ref(dir.file("run.pes"), dir.path.string());
    // Rewriting identical bytes changes mtime, not identity.
    fs::last_write_time(dir.file("run.pes"), fs::file_time_type::clock::now() + std::chrono::hours(1));
    FileIdentity id = check_file_identity(ref, dir.path.string());
    EXPECT_EQ(id.status, FileStatus::same);
    EXPECT_EQ(id.found_path, dir.file("run.pes"));
}

TEST(SessionIdentity, ChangedContentSameSizeAndDifferentSize)
{
    TempDir dir;
    write_text(dir.file("run.pes"), "0 A\n");
    TraceFileRef ref = make_file_ref(dir.file("run.pes"), dir.path.string());
    write_text(dir.file("run.pes"), "0 B\n");
    FileIdentity id = check_file_identity(ref, dir.path.string());
    EXPECT_EQ(id.status, FileStatus::changed);
    EXPECT_EQ(id.found_path, dir.file("run.pes"));
    EXPECT_NE(id.message.find("same size, different content"), std::string::npos) << id.message;
    write_text(dir.file("run.pes"), "0 A\n9 B\n");
    id = check_file_identity(ref, dir.path.string());
    EXPECT_EQ(id.status, FileStatus::changed);
    EXPECT_NE(id.message.find("size 4 -> 8 bytes"), std::string::npos) << id.message;
}

TEST(SessionIdentity, MovedFolderIsFoundRelativeToTheSession)
{
    TempDir dir;
    write_text(dir.file("project/traces/run.pes"), "0 A\n");
    TraceFileRef ref = make_file_ref(dir.file("project/traces/run.pes"), dir.file("project"));
    ASSERT_EQ(ref.path_relative, "traces/run.pes");
    fs::rename(dir.path / "project", dir.path / "moved");
    FileIdentity id = check_file_identity(ref, dir.file("moved"));
    EXPECT_EQ(id.status, FileStatus::moved);
    EXPECT_EQ(id.found_path, dir.file("moved/traces/run.pes"));
}

TEST(SessionIdentity, RelativeCopyWithRecordedContentBeatsChangedOriginal)
{
    TempDir dir;
    write_text(dir.file("a/run.pes"), "0 A\n");
    TraceFileRef ref = make_file_ref(dir.file("a/run.pes"), dir.file("a"));
    write_text(dir.file("b/run.pes"), "0 A\n"); // the session copied elsewhere with its trace
    write_text(dir.file("a/run.pes"), "0 Z\n"); // and the original overwritten
    FileIdentity id = check_file_identity(ref, dir.file("b"));
    EXPECT_EQ(id.status, FileStatus::moved);
    EXPECT_EQ(id.found_path, dir.file("b/run.pes"));
    // Without the copy, the overwritten original is reported as changed.
    fs::remove(dir.file("b/run.pes"));
    EXPECT_EQ(check_file_identity(ref, dir.file("b")).status, FileStatus::changed);
}

TEST(SessionIdentity, MissingNamesBothPlacesLookedAt)
{
    TempDir dir;
    write_text(dir.file("run.pes"), "0 A\n");
    TraceFileRef ref = make_file_ref(dir.file("run.pes"), dir.path.string());
    fs::remove(dir.file("run.pes"));
    FileIdentity id = check_file_identity(ref, dir.path.string());
    EXPECT_EQ(id.status, FileStatus::missing);
    EXPECT_TRUE(id.found_path.empty());
    EXPECT_EQ(id.message, dir.file("run.pes") + ": missing (also looked for run.pes beside the session)");
}

// A session shipped with its traces records no absolute path: beside the session the
// file is where it belongs (same); anywhere else is never consulted.
TEST(SessionIdentity, RelativeOnlyReferenceIsLookedForBesideTheSessionOnly)
{
    TempDir dir;
    write_text(dir.file("a/traces/run.pes"), "0 A\n");
    TraceFileRef ref = make_file_ref(dir.file("a/traces/run.pes"), dir.file("a"));
    ref.path_absolute.clear();
    Session s;
    s.files.push_back(ref);
    save_session(dir.file("a/s.chitra"), s);
    const Session loaded = load_session(dir.file("a/s.chitra")).session;
    ASSERT_EQ(loaded.files.size(), 1u);
    EXPECT_EQ(loaded.files[0].path_absolute, "");
    EXPECT_EQ(loaded.files[0].path_relative, "traces/run.pes");
    EXPECT_EQ(shown_path(loaded.files[0]), "traces/run.pes");

    FileIdentity id = check_file_identity(loaded.files[0], dir.file("a"));
    EXPECT_EQ(id.status, FileStatus::same);
    EXPECT_EQ(id.found_path, dir.file("a/traces/run.pes"));
    // Other content beside the session: changed.
    write_text(dir.file("b/traces/run.pes"), "0 B\n");
    EXPECT_EQ(check_file_identity(loaded.files[0], dir.file("b")).status, FileStatus::changed);
    // Nothing beside the session: missing, even though the original still exists.
    id = check_file_identity(loaded.files[0], dir.file("c"));
    EXPECT_EQ(id.status, FileStatus::missing);
    EXPECT_EQ(id.message, "traces/run.pes: missing (looked for it beside the session, in " + dir.file("c") + ")");
}

// sample_traces/tutorial.chitra must open from a clone at any path: copied with its
// traces into a fresh folder, every file is found there (same) and every view replays.
TEST(SessionIdentity, TutorialSessionOpensFromACopyAtAnyPath)
{
    TempDir dir;
    const fs::path src = fs::path(CHITRA_SOURCE_DIR) / "sample_traces";
    fs::create_directories(dir.path / "clone" / "sample_traces");
    const fs::path to = dir.path / "clone" / "sample_traces";
    for (const char* name : {"tutorial.chitra", "philosophers-n2-x1000.pes", "philosophers-n3-x1000.pes"})
        fs::copy_file(src / name, to / name);
    const std::string session = (to / "tutorial.chitra").string();
    const Session s = load_session(session).session;
    ASSERT_EQ(s.files.size(), 2u);
    for (const TraceFileRef& f : s.files) {
        EXPECT_EQ(f.path_absolute, "") << "a bundled session must not record an absolute path";
        EXPECT_EQ(f.path_relative.find('/'), std::string::npos) << f.path_relative;
    }
    for (const FileRestorePlan& p : plan_restore(s, to.string(), false)) {
        EXPECT_EQ(p.identity.status, FileStatus::same) << p.identity.message;
        EXPECT_EQ(p.action, RestoreAction::open);
        EXPECT_EQ(fs::path(p.identity.found_path).parent_path(), to);
    }
    std::size_t views = 0;
    for (const TraceFileRef& f : s.files)
        for (const ViewState& v : f.views) {
            SessionViewTarget t = resolve_session_view(session, f.path_relative + "/" + v.name);
            EXPECT_EQ(fs::path(t.trace_path).parent_path(), to);
            RunResult r = run_pipeline(base_ses(load_trace(t.trace_path)), t.pipeline);
            EXPECT_GT(r.ses.size(), 0u) << v.name;
            ++views;
        }
    EXPECT_EQ(views, 4u);
    // Without its trace beside it, the copy reports it missing (the repository's is not used).
    fs::remove(to / "philosophers-n3-x1000.pes");
    EXPECT_EQ(plan_restore(s, to.string(), false)[1].identity.status, FileStatus::missing);
}

TEST(SessionIdentity, UnknownHashIsUnverifiedNotSame)
{
    TempDir dir;
    write_text(dir.file("run.pes"), "0 A\n");
    TraceFileRef ref;
    ref.path_absolute = dir.file("run.pes");
    EXPECT_EQ(check_file_identity(ref, "").status, FileStatus::unverified);
}

TEST(SessionIdentity, CandidatePickedByTheUser)
{
    TempDir dir;
    write_text(dir.file("run.pes"), "0 A\n");
    TraceFileRef ref = make_file_ref(dir.file("run.pes"));
    write_text(dir.file("elsewhere/copy.pes"), "0 A\n");
    write_text(dir.file("elsewhere/other.pes"), "0 C\n");
    EXPECT_EQ(check_candidate(ref, dir.file("elsewhere/copy.pes")).status, FileStatus::moved);
    EXPECT_EQ(check_candidate(ref, dir.file("run.pes")).status, FileStatus::same);
    EXPECT_EQ(check_candidate(ref, dir.file("elsewhere/other.pes")).status, FileStatus::changed);
    EXPECT_EQ(check_candidate(ref, dir.file("elsewhere/none.pes")).status, FileStatus::missing);
    // Accepting the new content re-records the identity.
    relocate_file(ref, dir.file("elsewhere/other.pes"), dir.path.string());
    EXPECT_EQ(ref.path_relative, "elsewhere/other.pes");
    EXPECT_EQ(check_file_identity(ref, dir.path.string()).status, FileStatus::same);
}

TEST(SessionIdentity, RestorePlanOpensTheRestWhenOneFileIsMissingOrChanged)
{
    TempDir dir;
    write_text(dir.file("a.pes"), "0 A\n");
    write_text(dir.file("b.pes"), "0 B\n");
    write_text(dir.file("c.pes"), "0 C\n");
    Session s;
    for (auto name : {"a.pes", "b.pes", "c.pes"})
        s.files.push_back(make_file_ref(dir.file(name), dir.path.string()));
    fs::remove(dir.file("b.pes"));
    write_text(dir.file("c.pes"), "0 D\n");
    auto headless = plan_restore(s, dir.path.string(), false);
    ASSERT_EQ(headless.size(), 3u);
    EXPECT_EQ(headless[0].action, RestoreAction::open);
    EXPECT_EQ(headless[1].identity.status, FileStatus::missing);
    EXPECT_EQ(headless[1].action, RestoreAction::skip);
    EXPECT_EQ(headless[2].identity.status, FileStatus::changed);
    EXPECT_EQ(headless[2].action, RestoreAction::skip);
    auto gui = plan_restore(s, dir.path.string(), true);
    EXPECT_EQ(gui[0].action, RestoreAction::open);
    EXPECT_EQ(gui[1].action, RestoreAction::ask);
    EXPECT_EQ(gui[2].action, RestoreAction::ask);
}

TEST(SessionIdentity, ResolveViewForBatchFitting)
{
    TempDir dir;
    write_text(dir.file("run.pes"), "0 A\n5 B\n");
    Session s;
    s.files.push_back(make_file_ref(dir.file("run.pes"), dir.path.string()));
    ViewState v{.name = "clipped"};
    v.pipeline.steps = {step::ClipCount{1, 0}};
    s.files[0].views = {ViewState{.name = "view 1"}, v};
    save_session(dir.file("s.chitra"), s);

    SessionViewTarget t = resolve_session_view(dir.file("s.chitra"), "clipped");
    EXPECT_EQ(t.trace_path, dir.file("run.pes"));
    EXPECT_TRUE(t.pipeline == v.pipeline);
    EXPECT_EQ(t.identity.status, FileStatus::same);
    EXPECT_EQ(resolve_session_view(dir.file("s.chitra"), "run.pes/clipped").view.name, "clipped");
    EXPECT_EQ(resolve_session_view(dir.file("s.chitra"), "1/view 1").view.name, "view 1");

    try {
        resolve_session_view(dir.file("s.chitra"), "nope");
        FAIL();
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()), dir.file("s.chitra") + ": no view named 'nope' (views: 'view 1', 'clipped')");
    }
    write_text(dir.file("run.pes"), "0 A\n5 C\n");
    EXPECT_THROW(resolve_session_view(dir.file("s.chitra"), "clipped"), InputError);
    EXPECT_EQ(resolve_session_view(dir.file("s.chitra"), "clipped", true).identity.status, FileStatus::changed);
    fs::remove(dir.file("run.pes"));
    EXPECT_THROW(resolve_session_view(dir.file("s.chitra"), "clipped", true), InputError);
}

TEST(SessionIdentity, AmbiguousViewNameAsksForTheFile)
{
    Session s;
    s.files = {TraceFileRef{.path_absolute = "/a/x.pes"}, TraceFileRef{.path_absolute = "/b/y.pes"}};
    s.files[0].views = {ViewState{.name = "v"}};
    s.files[1].views = {ViewState{.name = "v"}};
    EXPECT_THROW(find_view(s, "v"), InputError);
    auto hit = find_view(s, "y.pes/v");
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->file, 1u);
    hit = find_view(s, "/a/x.pes/v");
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->file, 0u);
    EXPECT_FALSE(find_view(s, "z.pes/v"));
}

TEST(SessionIdentity, RecoveryFileLocation)
{
    setenv("XDG_STATE_HOME", "/state", 1);
    std::string a = recovery_file_path("/home/u/work/phil.chitra");
    std::string b = recovery_file_path("/home/u/other/phil.chitra");
    EXPECT_EQ(a.rfind("/state/chitra/recovery/phil-", 0), 0u) << a;
    EXPECT_EQ(a.size(), std::string("/state/chitra/recovery/phil-12345678.chitra").size());
    EXPECT_NE(a, b); // same name in two folders: two recovery files
    EXPECT_EQ(recovery_file_path(""), "/state/chitra/recovery/untitled.chitra");
    unsetenv("XDG_STATE_HOME");
    const char* home = std::getenv("HOME");
    std::string saved = home ? home : "";
    setenv("HOME", "/home/u", 1);
    EXPECT_EQ(recovery_file_path("").rfind("/home/u/.local/state/chitra/recovery/", 0), 0u);
    if (home)
        setenv("HOME", saved.c_str(), 1);
    else
        unsetenv("HOME");
}
