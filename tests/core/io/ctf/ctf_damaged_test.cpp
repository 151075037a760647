// Damaged copies of the sample CTF traces on which babeltrace2 2.0.4 aborts, crashes or
// runs without end, kept from mutation runs and fuzzing (tests/data/ctf-damaged/, see its
// README): each is an InputError naming the damaged file or the trace, within seconds,
// in the library and in chitra-cli (exit 3).
#include "chitra/io/import.hpp"
#include "../../../cli/cli_test_util.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

using namespace chitra;
namespace fs = std::filesystem;

namespace {

const fs::path kCases = fs::path(CHITRA_SOURCE_DIR) / "tests/data/ctf-damaged";

// A case: the sample it damages, the message expected (TRACE standing for the copy's
// folder), the sample's files it removes, and its files, laid over a copy of the sample.
struct DamagedCase {
    std::string name, sample, expect;
    std::vector<std::string> removed;
};

std::vector<DamagedCase> damaged_cases()
{
    std::vector<DamagedCase> cases;
    for (const fs::directory_entry& e : fs::directory_iterator(kCases)) {
        if (!e.is_directory())
            continue;
        std::ifstream in(e.path() / "case.txt");
        DamagedCase c{e.path().filename().string(), "", "", {}};
        for (std::string line; std::getline(in, line);) {
            if (line.rfind("sample: ", 0) == 0)
                c.sample = line.substr(8);
            else if (line.rfind("expect: ", 0) == 0)
                c.expect = line.substr(8);
            else if (line.rfind("remove: ", 0) == 0)
                c.removed.push_back(line.substr(8));
        }
        cases.push_back(c);
    }
    std::sort(cases.begin(), cases.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    return cases;
}

// The sample with the case's files laid over it, in `dir`/TRACE.
fs::path damaged_copy(const DamagedCase& c, const fs::path& dir)
{
    const fs::path trace = dir / "TRACE";
    fs::copy(fs::path(CHITRA_SOURCE_DIR) / "sample_traces" / c.sample, trace, fs::copy_options::recursive);
    for (const std::string& removed : c.removed)
        fs::remove_all(trace / removed);
    fs::copy(kCases / c.name / "files", trace, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    return trace;
}

std::string expected_message(const DamagedCase& c, const fs::path& trace)
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

TEST_F(CtfDamaged, ThereAreCases)
{
    EXPECT_GE(damaged_cases().size(), 4u);
}

TEST_F(CtfDamaged, EachIsAnInputErrorNamingTheDamage)
{
    for (const DamagedCase& c : damaged_cases()) {
        SCOPED_TRACE(c.name);
        ASSERT_FALSE(c.sample.empty() || c.expect.rfind("TRACE", 0) != 0) << "case.txt of " << c.name;
        cli_test::TempDir dir;
        const fs::path trace = damaged_copy(c, dir.path);
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
    for (const DamagedCase& c : damaged_cases()) {
        SCOPED_TRACE(c.name);
        cli_test::TempDir dir;
        const fs::path trace = damaged_copy(c, dir.path);
        const auto run = cli_test::run_cli({"info", trace.string()}, dir.path);
        EXPECT_EQ(run.status, 3) << run.err;
        EXPECT_NE(run.err.find(expected_message(c, trace)), std::string::npos) << run.err;
    }
}
