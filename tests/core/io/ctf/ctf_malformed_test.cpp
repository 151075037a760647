// Damaged copies of a recorded LTTng trace (sample_traces/lttng-workers-t4-n10): each
// gives one InputError that names the trace or file and says where (the event, the
// metadata line, the stream file), and the command line writes nothing and exits 3.
#include "chitra/io/import.hpp"
#include "../../../cli/cli_test_util.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>

using namespace chitra;
namespace fs = std::filesystem;

namespace {

class CtfMalformed : public ::testing::Test {
protected:
    void SetUp() override
    {
        dir_ = fs::temp_directory_path() /
               ("chitra-ctf-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        fs::copy(std::string(CHITRA_SOURCE_DIR) + "/sample_traces/lttng-workers-t4-n10", dir_ / "trace",
                 fs::copy_options::recursive);
    }
    void TearDown() override { fs::remove_all(dir_); }

    fs::path trace() const { return dir_ / "trace"; }
    fs::path stream_dir() const { return trace() / "ust/uid/0/64-bit"; }

    // Overwrites `bytes.size()` bytes of `file` at `offset`.
    static void patch(const fs::path& file, std::size_t offset, const std::string& bytes)
    {
        std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(static_cast<std::streamoff>(offset));
        f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }

    std::string error() const
    {
        try {
            import_lanes(trace().string());
        } catch (const InputError& e) {
            return e.what();
        }
        return "";
    }

    fs::path dir_;
};

} // namespace

TEST_F(CtfMalformed, DamagedEventsNameTheEvent)
{
    patch(stream_dir() / "channel0_1", 3000, std::string(64, '\xff'));
    const std::string e = error();
    EXPECT_TRUE(std::regex_search(e, std::regex("^" + trace().string() + ": event [0-9]+: .+"))) << e;
    EXPECT_EQ(e.find("addr=0x"), std::string::npos) << e; // no object addresses
}

TEST_F(CtfMalformed, ATruncatedStreamFileIsNamed)
{
    // LTTng's index gives the sizes the stream files must have.
    fs::resize_file(stream_dir() / "channel0_1", 3000);
    const std::string e = error();
    EXPECT_NE(e.find((stream_dir() / "channel0_1").string() + ": a stream file of 3000 bytes"), std::string::npos) << e;
    EXPECT_NE(e.find("cut short or damaged"), std::string::npos) << e;
}

TEST_F(CtfMalformed, ATruncatedStreamFileWithoutIndexIsNamed)
{
    fs::remove_all(stream_dir() / "index");
    fs::resize_file(stream_dir() / "channel0_1", 3000);
    const std::string e = error();
    EXPECT_NE(e.find("channel0_1"), std::string::npos) << e;
    EXPECT_NE(e.find("not a readable CTF trace"), std::string::npos) << e;
}

TEST_F(CtfMalformed, DamagedMetadataGivesItsLine)
{
    // `variant ` becomes `garbage!`: no block left open, so it reaches the parser.
    patch(stream_dir() / "metadata", 2014, "garbage!");
    const std::string e = error();
    EXPECT_TRUE(std::regex_search(e, std::regex("metadata: At line [0-9]+ in metadata stream"))) << e;
}

TEST_F(CtfMalformed, TheCommandLineWritesNothingAndExits3)
{
    patch(stream_dir() / "channel0_1", 3000, std::string(64, '\xff'));
    const fs::path out = dir_ / "out.pes";
    const auto run = cli_test::run_cli({"convert", trace().string(), "-o", out.string()}, dir_);
    EXPECT_EQ(run.status, 3);
    EXPECT_FALSE(fs::exists(out));
    EXPECT_NE(run.err.find(": event "), std::string::npos) << run.err;
}
