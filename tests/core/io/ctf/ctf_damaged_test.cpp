// Damaged copies of the sample CTF traces on which babeltrace2 2.0.4 aborts, crashes or
// runs without end, kept from mutation runs and fuzzing (tests/data/ctf-damaged/, see its
// README): each is an InputError naming the damaged file or the trace, within seconds,
// in the library and in chitra-cli (exit 3).
#include "chitra/io/import.hpp"
#include "../../../cli/cli_test_util.hpp"
#include "damaged_ctf_cases.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

using namespace chitra;
namespace fs = std::filesystem;

namespace {

using testdata::DamagedCtfCase;

std::string expected_message(const DamagedCtfCase& c, const fs::path& trace)
{
    return trace.string() + c.expect.substr(std::string("TRACE").size());
}

// A short watchdog for the cases that make the decoder spin.
class CtfDamaged : public ::testing::Test {
protected:
    void SetUp() override { ::setenv("CHITRA_DECODER_WATCHDOG_SECONDS", "2", 1); }
    void TearDown() override { ::unsetenv("CHITRA_DECODER_WATCHDOG_SECONDS"); }
};

} // namespace

TEST_F(CtfDamaged, ThereAreCases) { EXPECT_GE(testdata::damaged_ctf_cases().size(), 4u); }

TEST_F(CtfDamaged, EachIsAnInputErrorNamingTheDamage)
{
    for (const DamagedCtfCase& c : testdata::damaged_ctf_cases()) {
        SCOPED_TRACE(c.name);
        ASSERT_FALSE(c.sample.empty() || c.expect.rfind("TRACE", 0) != 0) << "case.txt of " << c.name;
        cli_test::TempDir dir;
        const fs::path trace = testdata::damaged_ctf_copy(c, dir.path);
        std::string message = "(no InputError)";
        try {
            import_lanes(trace.string());
        } catch (const InputError& e) {
            message = e.what();
        }
        EXPECT_EQ(message.rfind(expected_message(c, trace), 0), 0u) << message;
    }
}

TEST_F(CtfDamaged, TheCommandLineExits3WithTheReason)
{
    for (const DamagedCtfCase& c : testdata::damaged_ctf_cases()) {
        SCOPED_TRACE(c.name);
        cli_test::TempDir dir;
        const fs::path trace = testdata::damaged_ctf_copy(c, dir.path);
        const auto run = cli_test::run_cli({"info", trace.string()}, dir.path);
        EXPECT_EQ(run.status, 3) << run.err;
        EXPECT_NE(run.err.find(expected_message(c, trace)), std::string::npos) << run.err;
    }
}
