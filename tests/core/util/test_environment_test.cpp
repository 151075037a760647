// The suite's own promise (docs/testing.md, "Every test in a fresh home"): each test runs
// in an empty home made for its run, never in the real one of the user running it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <pwd.h>
#include <string>
#include <unistd.h>

namespace {

std::string env(const char* name)
{
    const char* v = std::getenv(name);
    return v ? v : "";
}

// CTest sets CHITRA_UNDER_CTEST (tests/CMakeLists.txt); run by hand, the program sees the
// caller's home.
TEST(TestEnvironment, HomeIsFreshAndOwnedByThisRun)
{
    namespace fs = std::filesystem;
    if (env("CHITRA_UNDER_CTEST") != "1")
        GTEST_SKIP() << "not started by CTest";
    const std::string home = env("HOME");
    ASSERT_FALSE(home.empty());
    EXPECT_NE(home.find("chitra-test-home."), std::string::npos) << home;
    if (const passwd* user = getpwuid(getuid())) {
        EXPECT_NE(fs::path(home), fs::path(user->pw_dir));
    }
    for (const char* name :
         {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR"}) {
        const std::string dir = env(name);
        EXPECT_EQ(dir.rfind(home + "/", 0), 0u) << name << "=" << dir;
    }
    // Empty but for the folders the launcher made: nothing from an earlier run.
    for (const char* sub : {".config", ".local/share", ".local/state", ".cache"})
        EXPECT_TRUE(fs::is_empty(fs::path(home) / sub)) << sub;
}

} // namespace
