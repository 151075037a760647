#include "session_test_fixture.hpp"

#include <gtest/gtest.h>

using namespace chitra;

namespace {

ViewState view(std::string name, std::string display_id, Time bookmark)
{
    ViewState v;
    v.name = std::move(name);
    v.bookmarks = {{"mark", bookmark}};
    DisplayState d;
    d.id = std::move(display_id);
    v.displays = {d};
    return v;
}

TraceFileRef file(std::string path, std::uint64_t hash, std::vector<ViewState> views)
{
    TraceFileRef f;
    f.path_absolute = std::move(path);
    f.size = 100;
    f.hash_kind = "xxh3-64";
    f.content_hash = hash;
    f.views = std::move(views);
    return f;
}

// Mine: a.pes with views "v" and "w"; theirs: a.pes with "v" (clash) and "x", plus b.pes.
struct Pair {
    Session mine, theirs;
    Pair()
    {
        mine.files = {file("/t/a.pes", 11, {view("v", "d1", 1), view("w", "d2", 2)})};
        mine.layout.open_displays = {{"d1", "centre", 0}, {"d2", "centre", 1}};
        theirs.files = {file("/t/a.pes", 11, {view("v", "d1", 100), view("x", "d2", 200)}),
                        file("/t/b.pes", 22, {view("v", "d1", 300)})};
    }
};

std::vector<std::string> names(const TraceFileRef& f)
{
    std::vector<std::string> out;
    for (auto& v : f.views)
        out.push_back(v.name);
    return out;
}

} // namespace

TEST(SessionMerge, DefaultRenamesTheIncomingView)
{
    Pair p;
    MergeReport r = merge_sessions(p.mine, p.theirs);
    ASSERT_EQ(p.mine.files.size(), 2u);
    EXPECT_EQ(names(p.mine.files[0]), (std::vector<std::string>{"v", "w", "v (2)", "x"}));
    EXPECT_EQ(p.mine.files[0].views[0].bookmarks[0].time, 1);   // mine untouched
    EXPECT_EQ(p.mine.files[0].views[2].bookmarks[0].time, 100); // theirs beside it
    EXPECT_EQ(p.mine.files[1].path_absolute, "/t/b.pes");
    EXPECT_EQ(r.files_added, 1u);
    EXPECT_EQ(r.views_added, 3u);
    EXPECT_EQ(r.views_renamed, 1u);
    ASSERT_EQ(r.actions.size(), 1u);
    EXPECT_EQ(r.actions[0], "/t/a.pes: view 'v' renamed to 'v (2)'");
    // Display ids stay unique across the session.
    std::set<std::string> ids;
    std::size_t count = 0;
    for (auto& f : p.mine.files)
        for (auto& v : f.views)
            for (auto& d : v.displays) {
                ids.insert(d.id);
                ++count;
            }
    EXPECT_EQ(ids.size(), count);
    EXPECT_EQ(p.mine.files[0].views[2].displays[0].id, "d1-2");
    EXPECT_EQ(p.mine.layout.open_displays.size(), 2u); // layout of this session kept
}

TEST(SessionMerge, RenameSkipsSuffixesAlreadyTaken)
{
    Session mine, theirs;
    mine.files = {file("/t/a.pes", 1, {view("v", "d1", 0), view("v (2)", "d2", 0)})};
    theirs.files = {file("/t/a.pes", 1, {view("v", "d9", 0)})};
    merge_sessions(mine, theirs, MergePolicy::rename);
    EXPECT_EQ(names(mine.files[0]), (std::vector<std::string>{"v", "v (2)", "v (3)"}));
}

TEST(SessionMerge, KeepMineDropsTheIncomingView)
{
    Pair p;
    MergeReport r = merge_sessions(p.mine, p.theirs, MergePolicy::keep_mine);
    EXPECT_EQ(names(p.mine.files[0]), (std::vector<std::string>{"v", "w", "x"}));
    EXPECT_EQ(p.mine.files[0].views[0].bookmarks[0].time, 1);
    EXPECT_EQ(r.views_dropped, 1u);
    EXPECT_EQ(r.views_added, 2u);
}

TEST(SessionMerge, KeepTheirsReplacesInPlaceAndPrunesItsPlacements)
{
    Pair p;
    MergeReport r = merge_sessions(p.mine, p.theirs, MergePolicy::keep_theirs);
    EXPECT_EQ(names(p.mine.files[0]), (std::vector<std::string>{"v", "w", "x"}));
    EXPECT_EQ(p.mine.files[0].views[0].bookmarks[0].time, 100);
    EXPECT_EQ(r.views_replaced, 1u);
    // The replaced view's display "d1" is gone, so is its placement; "d2" stays.
    ASSERT_EQ(p.mine.layout.open_displays.size(), 1u);
    EXPECT_EQ(p.mine.layout.open_displays[0].display_id, "d2");
}

TEST(SessionMerge, SameContentAtAnotherPathIsTheSameFile)
{
    Session mine, theirs;
    mine.files = {file("/t/a.pes", 5, {view("v", "d1", 0)})};
    theirs.files = {file("/elsewhere/a-copy.pes", 5, {view("y", "d1", 0)})};
    MergeReport r = merge_sessions(mine, theirs);
    ASSERT_EQ(mine.files.size(), 1u);
    EXPECT_EQ(r.files_added, 0u);
    EXPECT_EQ(names(mine.files[0]), (std::vector<std::string>{"v", "y"}));
    // Different content at a different path is a different file.
    theirs.files[0].content_hash = 6;
    merge_sessions(mine, theirs);
    EXPECT_EQ(mine.files.size(), 2u);
}

TEST(SessionMerge, ResolverDecidesEachClash)
{
    Pair p;
    p.theirs.files[0].views.push_back(view("w", "d3", 400));
    int asked = 0;
    merge_sessions(p.mine, p.theirs, MergePolicy::rename,
                   [&](const TraceFileRef& f, const ViewState& mine, const ViewState& theirs) {
                       ++asked;
                       EXPECT_EQ(f.path_absolute, "/t/a.pes");
                       EXPECT_EQ(mine.name, theirs.name);
                       return mine.name == "v" ? MergePolicy::keep_theirs : MergePolicy::keep_mine;
                   });
    EXPECT_EQ(asked, 2);
    EXPECT_EQ(names(p.mine.files[0]), (std::vector<std::string>{"v", "w", "x"}));
    EXPECT_EQ(p.mine.files[0].views[0].bookmarks[0].time, 100);
    EXPECT_EQ(p.mine.files[0].views[1].bookmarks[0].time, 2);
}

TEST(SessionMerge, PolicyNames)
{
    for (MergePolicy m : {MergePolicy::rename, MergePolicy::keep_mine, MergePolicy::keep_theirs})
        EXPECT_EQ(parse_merge_policy(to_string(m)), m);
    EXPECT_EQ(to_string(MergePolicy::keep_mine), "keep-mine");
    EXPECT_FALSE(parse_merge_policy("ask"));
}

TEST(SessionMerge, EntriesOfOtherLanesOfOneFileStayApart)
{
    Pair p;
    TraceFileRef lane2 = file("/t/a.pes", 11, {view("v", "d1", 400)});
    lane2.lanes = {1};
    p.theirs.files = {lane2};
    MergeReport r = merge_sessions(p.mine, p.theirs);
    ASSERT_EQ(p.mine.files.size(), 2u); // not merged into the whole file's entry
    EXPECT_EQ(names(p.mine.files[0]), (std::vector<std::string>{"v", "w"}));
    EXPECT_EQ(p.mine.files[1].lanes, (std::vector<std::uint64_t>{1}));
    EXPECT_EQ(r.views_renamed, 0u);

    // The same lanes of the same file are one entry: their views merge.
    TraceFileRef again = lane2;
    again.views = {view("y", "d9", 500)};
    Session more;
    more.files = {again};
    merge_sessions(p.mine, more);
    ASSERT_EQ(p.mine.files.size(), 2u);
    EXPECT_EQ(names(p.mine.files[1]), (std::vector<std::string>{"v", "y"}));
}

// Their ensemble joins ours with its members renumbered as their files now are: their
// b.pes (their file 1) is our new file 1, their a.pes (their file 0) is our a.pes (0).
TEST(SessionMerge, EnsemblesJoinWithTheirMembersRenumbered)
{
    Pair p;
    p.mine.files.insert(p.mine.files.begin(), file("/t/c.pes", 33, {view("c", "d9", 9)}));
    EnsembleState theirs;
    theirs.members = {{1, {{"N", "3"}}}, {0, {}}};
    theirs.file_name_patterns = "N=n(\\d+)";
    p.theirs.ensembles = {theirs};
    merge_sessions(p.mine, p.theirs);
    ASSERT_EQ(p.mine.files.size(), 3u); // c.pes, a.pes, then b.pes
    EXPECT_EQ(p.mine.files[2].path_absolute, "/t/b.pes");
    ASSERT_EQ(p.mine.ensembles.size(), 1u);
    const auto& members = p.mine.ensembles[0].members;
    ASSERT_EQ(members.size(), 2u);
    EXPECT_EQ(members[0].file, 2u);
    EXPECT_EQ(members[0].typed.at("N"), "3");
    EXPECT_EQ(members[1].file, 1u);
    // Merged again, the same ensemble is not added twice.
    merge_sessions(p.mine, p.theirs);
    EXPECT_EQ(p.mine.ensembles.size(), 1u);
}
