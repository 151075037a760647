// The Chrome samples written by real producers (sample_traces/clang-time-trace.json from
// clang -ftime-trace, sample_traces/node-trace-events.json from node
// --trace-events-enabled; scripts/samples/make-sample-traces.sh) read through the importer
// registry and checked against the independent reading of chrome_oracle.hpp, through
// chitra-cli convert and back, and damaged.
#include "chrome_test_util.hpp"

#include "chitra/io/import.hpp"
#include "chitra/io/io.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>

using namespace chitra;
using namespace chrome_test;

namespace {

std::string sample_path(const std::string& name) { return std::string(CHITRA_SOURCE_DIR) + "/sample_traces/" + name; }

std::string slurp(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

const char* const kSamples[] = {"clang-time-trace.json", "node-trace-events.json"};

std::size_t count(const std::string& text, const std::string& what)
{
    std::size_t n = 0;
    for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1))
        ++n;
    return n;
}

} // namespace

TEST(ChromeSamples, DetectedAndReadAsTheOracleReadsThem)
{
    for (const char* name : kSamples) {
        SCOPED_TRACE(name);
        const std::string path = sample_path(name);
        EXPECT_EQ(detect_format(path), SourceFormat::chrome);
        const LaneTrace lt = import_lanes(path);
        const std::string text = slurp(path);
        const chrome_oracle::Result oracle = chrome_oracle::read(text);
        ASSERT_TRUE(oracle.ok);
        EXPECT_FALSE(oracle.irregular);
        EXPECT_TRUE(same_as_oracle(lt, oracle));
        for (const std::string& w : lt.warnings) // only skipped phases, nothing cut or unmatched
            EXPECT_NE(w.find("skipped"), std::string::npos) << w;
        // Chunks of other sizes change nothing (these cut the file thousands of times).
        const std::string expected = dump(lt);
        for (std::size_t chunk : {977, 4096, 65536})
            EXPECT_EQ(dump(read_json(text, chunk, path)), expected) << "chunks of " << chunk;
    }
}

TEST(ChromeSamples, ClangTraceHasThousandsOfNestedRegionsSomeOfNoLength)
{
    const std::string text = slurp(sample_path("clang-time-trace.json"));
    EXPECT_GT(count(text, "\"ph\":\"X\""), 3000u);
    EXPECT_GT(count(text, "\"dur\":0,"), 500u);
    const LaneTrace lt = import_lanes(sample_path("clang-time-trace.json"));
    std::uint32_t deepest = 0;
    for (const LaneChange& c : lt.lanes.at(0).changes)
        deepest = std::max(deepest, c.depth);
    EXPECT_GE(deepest, 5u);
    EXPECT_GT(lt.lanes.at(0).changes.size(), 3000u);
    EXPECT_EQ(lt.lanes.at(0).name, "clang++"); // thread_name; the other lanes hold clang's totals
    bool total_frontend = false;
    for (const std::string& s : lt.state_names)
        total_frontend = total_frontend || s == "Total Frontend";
    EXPECT_TRUE(total_frontend);
}

TEST(ChromeSamples, NodeTraceHasTheMainThreadAndAWorker)
{
    const LaneTrace lt = import_lanes(sample_path("node-trace-events.json"));
    ASSERT_EQ(lt.lanes.size(), 2u);
    EXPECT_EQ(lt.lanes[0].name, "JavaScriptMainThread");
    EXPECT_EQ(lt.lanes[1].name, "[worker 1]");
    EXPECT_GT(lt.lanes[1].changes.size(), 100u);
}

TEST(ChromeSamples, ConvertedByTheCommandLineAndReadBackUnchanged)
{
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "chitra-chrome-samples";
    std::filesystem::create_directories(dir);
    for (const char* name : kSamples) {
        SCOPED_TRACE(name);
        const std::string out = (dir / (std::string(name) + ".pes")).string();
        const std::string command =
            std::string(CHITRA_CLI_PATH) + " convert '" + sample_path(name) + "' -o '" + out + "' 2>/dev/null";
        ASSERT_EQ(std::system(command.c_str()), 0) << command;
        const Trace direct = load_trace(sample_path(name), {});
        const Trace back = read_pes_file(out);
        EXPECT_EQ(records(back), records(direct));
        EXPECT_EQ(back.header.components, direct.header.components);
        EXPECT_EQ(back.header.end, direct.header.end);
        EXPECT_EQ(back.header.separator, "|");
        EXPECT_EQ(back.header.extra, direct.header.extra); // origin and lane names
        const std::string text = slurp(out);
        if (std::string(name).starts_with("clang")) {
            EXPECT_NE(text.find("Total%20Frontend"), std::string::npos);
            EXPECT_NE(text.find("PassManager<llvm::Function>"), std::string::npos);
        } else {
            EXPECT_NE(text.find("# lane: 2 [worker 1]"), std::string::npos);
        }
    }
    std::filesystem::remove_all(dir);
}

TEST(ChromeSamples, DamagedCopiesAreRefusedOrReadAsWhatIsLeft)
{
    std::mt19937_64 rng(7);
    for (const char* name : kSamples) {
        SCOPED_TRACE(name);
        const std::string text = slurp(sample_path(name));
        for (int i = 0; i < 60; ++i) {
            const std::size_t at = rng() % text.size();
            // Cut: refused, or (when cut between events) the events before the cut.
            const std::string prefix = text.substr(0, at);
            const auto whole = completed(prefix);
            try {
                const LaneTrace lt = read_json(prefix, 4096);
                ASSERT_TRUE(whole.has_value()) << "cut at " << at << " accepted";
                EXPECT_TRUE(same_as_oracle(lt, chrome_oracle::read(*whole))) << "cut at " << at;
            } catch (const InputError& e) {
                EXPECT_FALSE(whole.has_value()) << "cut at " << at << ": " << e.what();
                EXPECT_TRUE(std::string_view(e.what()).starts_with("t.json:")) << e.what();
            }
            // An invalid byte anywhere: refused, naming the event.
            const std::string bad = text.substr(0, at) + "\xff" + text.substr(at);
            try {
                read_json(bad, 4096);
                ADD_FAILURE() << "invalid UTF-8 at " << at << " accepted";
            } catch (const InputError& e) {
                EXPECT_TRUE(std::string_view(e.what()).starts_with("t.json:")) << e.what();
            }
        }
    }
}
