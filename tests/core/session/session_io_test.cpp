#include "session_test_fixture.hpp"

#include <gtest/gtest.h>

#include <xxhash.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <filesystem>

using namespace chitra;
using namespace chitra::testing;

namespace {

// Field-by-field comparison, so that a failure names the field that differs.
void expect_same(const Session& a, const Session& b)
{
    EXPECT_EQ(a.format_version, b.format_version);
    EXPECT_EQ(a.writer, b.writer);
    ASSERT_EQ(a.files.size(), b.files.size());
    for (std::size_t f = 0; f < a.files.size(); ++f) {
        const auto &x = a.files[f], &y = b.files[f];
        EXPECT_EQ(x.path_absolute, y.path_absolute);
        EXPECT_EQ(x.path_relative, y.path_relative);
        EXPECT_EQ(x.size, y.size);
        EXPECT_EQ(x.mtime_ns, y.mtime_ns);
        EXPECT_EQ(x.import_format, y.import_format);
        EXPECT_EQ(x.import_components, y.import_components);
        EXPECT_EQ(x.import_lane, y.import_lane);
        EXPECT_EQ(x.hash_kind, y.hash_kind);
        EXPECT_EQ(x.content_hash, y.content_hash);
        EXPECT_EQ(x.lanes, y.lanes);
        EXPECT_EQ(x.import_settings, y.import_settings);
        ASSERT_EQ(x.views.size(), y.views.size());
        for (std::size_t v = 0; v < x.views.size(); ++v) {
            const auto &p = x.views[v], &q = y.views[v];
            SCOPED_TRACE("view " + p.name);
            EXPECT_EQ(p.name, q.name);
            ASSERT_EQ(p.pipeline.steps.size(), q.pipeline.steps.size());
            for (std::size_t s = 0; s < p.pipeline.steps.size(); ++s)
                EXPECT_TRUE(p.pipeline.steps[s] == q.pipeline.steps[s]) << "step " << s;
            EXPECT_EQ(p.y_order, q.y_order);
            EXPECT_EQ(p.pattern_colours, q.pattern_colours);
            EXPECT_EQ(p.composite_colours, q.composite_colours);
            EXPECT_EQ(p.selection, q.selection);
            EXPECT_EQ(p.bookmarks, q.bookmarks);
            EXPECT_EQ(p.notes, q.notes);
            ASSERT_EQ(p.displays.size(), q.displays.size());
            for (std::size_t d = 0; d < p.displays.size(); ++d) {
                const auto &m = p.displays[d], &n = q.displays[d];
                EXPECT_EQ(m.id, n.id);
                EXPECT_EQ(m.kind, n.kind);
                EXPECT_EQ(m.visible, n.visible);
                EXPECT_EQ(m.zoom_history, n.zoom_history);
                EXPECT_EQ(m.options, n.options);
            }
        }
    }
    EXPECT_EQ(a.layout.main_window_geometry, b.layout.main_window_geometry);
    EXPECT_EQ(a.layout.dock_state, b.layout.dock_state);
    EXPECT_EQ(a.layout.open_displays, b.layout.open_displays);
    EXPECT_EQ(a.layout.current_view, b.layout.current_view);
    EXPECT_EQ(a.ensembles, b.ensembles);
    EXPECT_TRUE(a == b); // and nothing the field list above forgot
}

// The text of chunk payload number `n` (0-based) starts after its n-th "<payload>".
std::size_t payload_position(const std::string& text, int n)
{
    std::size_t at = 0;
    for (int i = 0; i <= n; ++i)
        at = text.find("<payload>", at + 1);
    return at + 9;
}

std::string xml_escape(const std::string& s)
{
    std::string out;
    for (char c : s) {
        switch (c) {
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '&':
            out += "&amp;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&apos;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

std::string xml_unescape(std::string s)
{
    for (auto [from, to] : {std::pair{"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&amp;", "&"}})
        for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + 1))
            s.replace(at, std::strlen(from), to);
    return s;
}

// Edits chunk `n`'s payload and gives it a matching size and checksum, as a writer
// with different data would have: tests the loader's checks beyond the checksum.
std::string reseal(std::string text, int n, const std::function<std::string(std::string)>& edit)
{
    std::size_t begin = payload_position(text, n);
    std::size_t end = text.find("</payload>", begin);
    std::string payload = edit(xml_unescape(text.substr(begin, end - begin)));
    text.replace(begin, end - begin, xml_escape(payload));
    std::size_t item = text.rfind("<kind>", begin);
    std::string kind = text.substr(item + 6, text.find("</kind>", item) - item - 6);
    std::string hashed = kind + "\n" + payload;
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx",
                  static_cast<unsigned long long>(XXH3_64bits(hashed.data(), hashed.size())));
    std::size_t c = text.find("<checksum>", item) + 10;
    text.replace(c, 16, hex);
    std::size_t z = text.find("<size>", item) + 6;
    text.replace(z, text.find("</size>", z) - z, std::to_string(payload.size()));
    return text;
}

bool view_matches_original(const Session& original, const TraceFileRef& file, const ViewState& view)
{
    for (auto& f : original.files)
        if (f.path_absolute == file.path_absolute)
            for (auto& v : f.views)
                if (v == view)
                    return true;
    return false;
}

} // namespace

TEST(SessionIo, RoundTripKeepsEveryField)
{
    Session s = full_session();
    std::string text = session_to_text(s);
    LoadedSession loaded = load_session_text(text, "mem");
    EXPECT_TRUE(loaded.problems.empty());
    expect_same(loaded.session, s);
    // Saving what was loaded gives the same bytes: nothing drifts over save cycles.
    EXPECT_EQ(session_to_text(loaded.session), text);
}

TEST(SessionIo, DoublesRoundTripExactly)
{
    Session s = full_session();
    auto& d = s.files[0].views[0].displays[0];
    d.visible = {0.1, std::nextafter(1.0, 2.0), 5e-324, -1.7976931348623157e308};
    d.zoom_history = {{std::numeric_limits<double>::infinity(), -0.0, 1.0 / 3.0, 1e-310}};
    Session back = load_session_text(session_to_text(s), "mem").session;
    const auto& e = back.files[0].views[0].displays[0];
    EXPECT_EQ(e.visible.x1, std::nextafter(1.0, 2.0));
    EXPECT_EQ(e.visible.y0, 5e-324);
    EXPECT_EQ(e.visible.y1, -1.7976931348623157e308);
    EXPECT_TRUE(std::isinf(e.zoom_history[0].x0));
    EXPECT_TRUE(std::signbit(e.zoom_history[0].x1));
    EXPECT_EQ(e.zoom_history[0].y0, 1.0 / 3.0);
}

TEST(SessionIo, EmptySessionRoundTrips)
{
    Session s;
    Session back = load_session_text(session_to_text(s), "mem").session;
    EXPECT_TRUE(back == s);
}

TEST(SessionIo, SaveIsAtomicAndRecomputesRelativePaths)
{
    TempDir dir;
    Session s = full_session();
    s.files.pop_back();                // keep one file whose relative path is easy to work out
    s.ensembles[0].members.pop_back(); // and the ensemble's member of it
    s.files[0].path_absolute = (dir.path / "traces" / "a.pes").string();
    s.files[0].path_relative = "stale";
    std::string out = dir.file("sub/s.chitra");
    std::filesystem::create_directories(dir.path / "sub");
    save_session(out, s);
    // No temporary file is left beside it.
    int entries = 0;
    for (auto& e : std::filesystem::directory_iterator(dir.path / "sub")) {
        (void)e;
        ++entries;
    }
    EXPECT_EQ(entries, 1);
    Session back = load_session(out).session;
    EXPECT_EQ(back.files[0].path_relative, "../traces/a.pes");
    EXPECT_EQ(s.files[0].path_relative, "stale"); // the caller's session is untouched
    back.files[0].path_relative = "stale";
    EXPECT_TRUE(back == s);
}

TEST(SessionIo, SaveIntoMissingFolderThrowsInputError)
{
    EXPECT_THROW(save_session("/nonexistent-dir-chitra/x.chitra", full_session()), InputError);
}

TEST(SessionIo, UnreadableOrEmptyFilesAreRejected)
{
    TempDir dir;
    EXPECT_THROW(load_session(dir.file("absent.chitra")), InputError);
    write_text(dir.file("empty.chitra"), "");
    try {
        load_session(dir.file("empty.chitra"), LoadMode::recover);
        FAIL();
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("empty.chitra: not a Chitra session file"), std::string::npos) << e.what();
    }
}

TEST(SessionIo, GarbageIsRejectedInBothModes)
{
    std::mt19937 rng(7);
    for (int round = 0; round < 200; ++round) {
        std::string junk(rng() % 400, '\0');
        for (auto& c : junk)
            c = static_cast<char>(rng());
        if (round % 2)
            junk = "<?xml version=\"1.0\"?><boost_serialization chitra-session " + junk;
        for (LoadMode mode : {LoadMode::strict, LoadMode::recover})
            EXPECT_THROW(load_session_text(junk, "junk", mode), InputError);
    }
}

TEST(SessionIo, NewerFormatIsRejectedByName)
{
    std::string text = session_to_text(full_session());
    const std::string current = "<format>" + std::to_string(kSessionFormatVersion) + "</format>";
    std::size_t at = text.find(current); // the envelope's (chunks are escaped)
    ASSERT_NE(at, std::string::npos);
    text.replace(at, current.size(), "<format>7</format>");
    try {
        load_session_text(text, "new.chitra");
        FAIL();
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("new.chitra: written in session format 7 by a newer Chitra"),
                  std::string::npos)
            << e.what();
    }
}

TEST(SessionIo, TruncationNeverCrashesAndNeverInventsData)
{
    Session original = full_session();
    std::string text = session_to_text(original);
    for (std::size_t n = 0; n + 1 < text.size(); n += 97) {
        std::string cut = text.substr(0, n);
        EXPECT_THROW(load_session_text(cut, "cut", LoadMode::strict), InputError) << n;
        try {
            LoadedSession r = load_session_text(cut, "cut", LoadMode::recover);
            EXPECT_FALSE(r.problems.empty()) << n;
            for (auto& f : r.session.files)
                for (auto& v : f.views)
                    EXPECT_TRUE(view_matches_original(original, f, v)) << n << " " << v.name;
        } catch (const InputError&) {
        }
    }
}

TEST(SessionIo, TruncationRecoversEarlierViewsAndNamesTheLostOnes)
{
    Session original = full_session();
    std::string text = session_to_text(original);
    // Cut inside the payload of chunk 4: meta, file 0, view 'view 1', view 'phase 2', file 1 ...
    std::string cut = text.substr(0, payload_position(text, 3) + 200);
    LoadedSession r = load_session_text(cut, "cut.chitra", LoadMode::recover);
    ASSERT_EQ(r.session.files.size(), 1u);
    ASSERT_EQ(r.session.files[0].views.size(), 1u);
    EXPECT_TRUE(r.session.files[0].views[0] == original.files[0].views[0]);
    auto mentions = [&](const std::string& s) {
        return std::any_of(r.problems.begin(), r.problems.end(),
                           [&](const std::string& p) { return p.find(s) != std::string::npos; });
    };
    EXPECT_TRUE(mentions("view 'phase 2' of /data/runs/phil4.pes: lost"));
    EXPECT_TRUE(mentions("file /data/other/run <2>.pes: lost with its 1 view(s)"));
    EXPECT_TRUE(mentions("window layout"));
    try {
        load_session_text(cut, "cut.chitra", LoadMode::strict);
        FAIL();
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()).rfind("cut.chitra: damaged: ", 0), 0u) << e.what();
    }
}

TEST(SessionIo, OneDamagedViewCostsOnlyThatView)
{
    Session original = full_session();
    std::string text = session_to_text(original);
    // Damage view 'phase 2' (chunk 3): alter a character well inside its payload.
    std::size_t at = text.find("start of phase 2", payload_position(text, 3));
    ASSERT_NE(at, std::string::npos);
    text[at] = 'S';
    try {
        load_session_text(text, "s.chitra", LoadMode::strict);
        FAIL();
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "s.chitra: damaged: view 'phase 2' of /data/runs/phil4.pes: checksum mismatch (damaged)");
    }
    LoadedSession r = load_session_text(text, "s.chitra", LoadMode::recover);
    ASSERT_EQ(r.problems.size(), 1u);
    EXPECT_EQ(r.problems[0], "view 'phase 2' of /data/runs/phil4.pes: checksum mismatch (damaged)");
    Session expected = original;
    expected.files[0].views.erase(expected.files[0].views.begin() + 1);
    expect_same(r.session, expected);
}

TEST(SessionIo, BrokenEnvelopeStillYieldsEveryIntactChunk)
{
    Session original = full_session();
    std::string text = session_to_text(original);
    // Break the envelope's XML structure between two chunks: the archive no longer
    // parses, but every chunk is intact.
    std::size_t at = text.find("</chunk>", payload_position(text, 2));
    ASSERT_NE(at, std::string::npos);
    text.replace(at, 8, "</chumk>");
    EXPECT_THROW(load_session_text(text, "s", LoadMode::strict), InputError);
    LoadedSession r = load_session_text(text, "s", LoadMode::recover);
    ASSERT_EQ(r.problems.size(), 1u);
    EXPECT_NE(r.problems[0].find("session file: "), std::string::npos) << r.problems[0];
    expect_same(r.session, original);
}

TEST(SessionIo, LostFileRecordKeepsItsViewsWithThePathTheyCarry)
{
    Session original = full_session();
    std::string text = session_to_text(original);
    std::size_t at = payload_position(text, 1) + 300; // file 0's record
    text[at] ^= 0x04;
    LoadedSession r = load_session_text(text, "s", LoadMode::recover);
    ASSERT_EQ(r.session.files.size(), 2u);
    EXPECT_EQ(r.session.files[0].path_absolute, "/data/runs/phil4.pes");
    EXPECT_TRUE(r.session.files[0].hash_kind.empty()); // identity unknown: "unverified"
    EXPECT_EQ(r.session.files[0].views.size(), 2u);
    EXPECT_TRUE(std::any_of(r.problems.begin(), r.problems.end(), [](const std::string& p) {
        return p.find("file /data/runs/phil4.pes: its record is lost") != std::string::npos;
    }));
}

TEST(SessionIo, BitFlipsAreDetectedOrHarmless)
{
    Session original = full_session();
    std::string text = session_to_text(original);
    std::mt19937 rng(42);
    int detected = 0;
    for (std::size_t i = 0; i < text.size(); i += 53) {
        std::string damaged = text;
        damaged[i] ^= static_cast<char>(1 << (rng() % 8));
        // Strict: rejected, or (a flip in a message-only label) exactly the original.
        try {
            LoadedSession r = load_session_text(damaged, "flip", LoadMode::strict);
            EXPECT_TRUE(r.session == original) << "byte " << i;
        } catch (const InputError&) {
            ++detected;
        }
        // Recover: never a view that differs from one that was saved.
        try {
            LoadedSession r = load_session_text(damaged, "flip", LoadMode::recover);
            for (auto& f : r.session.files)
                for (auto& v : f.views)
                    EXPECT_TRUE(view_matches_original(original, f, v)) << "byte " << i;
        } catch (const InputError&) {
        }
    }
    EXPECT_GT(detected, 0);
}

TEST(SessionIo, ImplausibleCountsAreRejectedWithoutAllocating)
{
    Session s;
    TraceFileRef f;
    f.path_absolute = "/x.pes";
    ViewState v;
    v.name = "v";
    v.bookmarks = {{"b", 1}};
    f.views = {v};
    s.files = {f};
    std::string text = session_to_text(s);
    // Rewrite the view's chunk (number 2) with a huge count and a valid checksum, so that
    // only the count check stands between the file and a 10^15-element allocation.
    text = reseal(text, 2, [](std::string payload) {
        std::size_t at = payload.find("<bookmark_count>1<");
        EXPECT_NE(at, std::string::npos);
        return payload.replace(at, 17, "<bookmark_count>1000000000000000");
    });
    LoadedSession r = load_session_text(text, "s", LoadMode::recover);
    ASSERT_EQ(r.session.files.size(), 1u);
    EXPECT_TRUE(r.session.files[0].views.empty());
    ASSERT_EQ(r.problems.size(), 1u);
    EXPECT_EQ(r.problems[0], "view 'v' of /x.pes: implausible number of bookmark (1000000000000000)");
}

TEST(SessionIo, UnknownStepOpIsNamed)
{
    Session s;
    s.files = {TraceFileRef{.path_absolute = "/x.pes"}};
    s.files[0].views = {ViewState{.name = "v"}};
    s.files[0].views[0].pipeline.steps = {step::Exclude{{"A"}}};
    std::string text = reseal(session_to_text(s), 2, [](std::string payload) {
        std::size_t at = payload.find("<op>exclude</op>");
        EXPECT_NE(at, std::string::npos);
        return payload.replace(at, 16, "<op>teleport</op>");
    });
    try {
        load_session_text(text, "s.chitra");
        FAIL();
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()), "s.chitra: damaged: view 'v' of /x.pes: unknown pipeline step op "
                                         "'teleport' (written by a newer Chitra?)");
    }
}

TEST(SessionIo, NewerRecordVersionIsNamed)
{
    Session s;
    s.files = {TraceFileRef{.path_absolute = "/x.pes"}};
    s.files[0].views = {ViewState{.name = "v"}};
    std::string text = reseal(session_to_text(s), 2, [](std::string payload) {
        // The view record's class header: make it claim version 9.
        std::size_t at = payload.find("<view class_id=\"1\" tracking_level=\"0\" version=\"1\">");
        EXPECT_NE(at, std::string::npos) << payload;
        return payload.replace(payload.find("version=\"1\"", at), 11, "version=\"9\"");
    });
    LoadedSession r = load_session_text(text, "s", LoadMode::recover);
    ASSERT_FALSE(r.problems.empty());
    EXPECT_EQ(r.problems[0],
              "view 'v' of /x.pes: written by a newer Chitra (record version 9, this build knows up to 1)");
}

// Every archive under tests/data/sessions/vN was written by format version N and must
// keep loading: v1/full.chitra holds full_session() as format 1 wrote it.
TEST(SessionIo, EveryEarlierFormatVersionLoads)
{
    namespace fs = std::filesystem;
    fs::path root = fs::path(CHITRA_SOURCE_DIR) / "tests" / "data" / "sessions";
    int loaded = 0;
    for (auto& entry : fs::recursive_directory_iterator(root)) {
        if (entry.path().extension() != ".chitra")
            continue;
        SCOPED_TRACE(entry.path().string());
        LoadedSession r = load_session(entry.path().string(), LoadMode::strict);
        EXPECT_TRUE(r.problems.empty());
        std::string version = entry.path().parent_path().filename().string();
        EXPECT_EQ("v" + std::to_string(r.session.format_version), version);
        if (entry.path().filename() == "full.chitra" && version == "v1")
            expect_same(r.session, full_session_as_in_v1());
        if (entry.path().filename() == "full.chitra" && version == "v2") // with an ensemble
            expect_same(r.session, full_session());
        ++loaded;
    }
    EXPECT_GE(loaded, 1);
}

// Writes the current format's samples (tests/data/sessions/vN, N = kSessionFormatVersion):
// CHITRA_WRITE_SESSION_SAMPLES=1 chitra_core_tests --gtest_filter=SessionIo.WriteSamples.
// Run once when a format becomes current; the samples of earlier formats stay as written.
TEST(SessionIo, WriteSamples)
{
    if (!std::getenv("CHITRA_WRITE_SESSION_SAMPLES"))
        GTEST_SKIP() << "set CHITRA_WRITE_SESSION_SAMPLES=1 to write tests/data/sessions/vN";
    std::filesystem::path dir = std::filesystem::path(CHITRA_SOURCE_DIR) / "tests/data/sessions" /
                                ("v" + std::to_string(kSessionFormatVersion));
    std::filesystem::create_directories(dir);
    write_text((dir / "full.chitra").string(), session_to_text(full_session()));
    Session minimal;
    minimal.files.push_back(TraceFileRef{.path_absolute = "/data/run.pes", .path_relative = "run.pes"});
    minimal.files[0].views.push_back(ViewState{.name = "view 1"});
    write_text((dir / "minimal.chitra").string(), session_to_text(minimal));
}
