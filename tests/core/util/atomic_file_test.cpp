// Atomic saves (atomic_file.hpp): readers see the old or the whole new file, and no
// temporary file outlives a save, even one killed at a random moment.
#include "chitra/trace/types.hpp"
#include "chitra/util/atomic_file.hpp"

#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <sys/wait.h>
#include <unistd.h>

using namespace chitra;
namespace fs = std::filesystem;

namespace {

struct TempDir {
    fs::path path;
    TempDir()
    {
        std::string pattern = (fs::temp_directory_path() / "chitra-atomic-XXXXXX").string();
        path = ::mkdtemp(pattern.data());
    }
    ~TempDir() { fs::remove_all(path); }
};

std::string slurp(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

std::vector<std::string> names(const fs::path& dir)
{
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir))
        out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

TEST(AtomicFile, WritesTheContentAndLeavesNoTemporary)
{
    TempDir dir;
    const fs::path target = dir.path / "s.chitra";
    write_file_atomically(target.string(), "old");
    write_file_atomically(target.string(), [](std::ostream& out) { out << "new"; });
    EXPECT_EQ(slurp(target), "new");
    EXPECT_EQ(names(dir.path), std::vector<std::string>{"s.chitra"});
    EXPECT_EQ(fs::status(target).permissions() & fs::perms::owner_read, fs::perms::owner_read);
}

TEST(AtomicFile, ASaveClearsTheStaleTemporariesOfItsTargetOnly)
{
    TempDir dir;
    for (const char* name : {"s.chitra.tmp-Ab3xYz", "s.chitra.tmp-000000", "s.chitra.tmp-toolong",
                             "s.chitra.tmp-ab.cde", "t.chitra.tmp-Ab3xYz", "notes.txt"})
        std::ofstream(dir.path / name) << "x";
    write_file_atomically((dir.path / "s.chitra").string(), "new");
    EXPECT_EQ(names(dir.path), (std::vector<std::string>{"notes.txt", "s.chitra", "s.chitra.tmp-ab.cde",
                                                         "s.chitra.tmp-toolong", "t.chitra.tmp-Ab3xYz"}));
    remove_stale_temporaries_in(dir.path.string());
    EXPECT_EQ(names(dir.path),
              (std::vector<std::string>{"notes.txt", "s.chitra", "s.chitra.tmp-ab.cde", "s.chitra.tmp-toolong"}));
}

TEST(AtomicFile, AFailedWriteLeavesTheOldFileAndNoTemporary)
{
    TempDir dir;
    const fs::path target = dir.path / "s.chitra";
    write_file_atomically(target.string(), "old");
    EXPECT_THROW(write_file_atomically(target.string(),
                                       [](std::ostream& out) {
                                           out << "half";
                                           throw InputError("the writer failed");
                                       }),
                 InputError);
    EXPECT_EQ(slurp(target), "old");
    EXPECT_EQ(names(dir.path), std::vector<std::string>{"s.chitra"});
    EXPECT_THROW(write_file_atomically((dir.path / "missing" / "x").string(), "x"), InputError);
}

// A child process saves over and over and is killed at a random moment: the file is
// always the old or the new content whole, and at most one named temporary (a kill
// between link and rename) is left, which the next save removes.
TEST(AtomicFile, KilledSavesLeaveAWholeFileAndNoLastingTemporary)
{
    TempDir dir;
    const fs::path target = dir.path / "s.chitra";
    const std::string a(300000, 'a'), b(200000, 'b');
    write_file_atomically(target.string(), a);
    std::mt19937 rng(42);
    for (int kill = 0; kill < 60; ++kill) {
        const pid_t child = ::fork();
        ASSERT_GE(child, 0);
        if (child == 0) {
            for (int i = 0;; ++i)
                write_file_atomically(target.string(), i % 2 ? a : b);
        }
        ::usleep(200 + rng() % 3000);
        ::kill(child, SIGKILL);
        int status = 0;
        ::waitpid(child, &status, 0);
        const std::string now = slurp(target);
        ASSERT_TRUE(now == a || now == b) << "kill " << kill << ": " << now.size() << " bytes";
        const std::size_t files = names(dir.path).size();
        ASSERT_LE(files, 2u) << "kill " << kill;
        write_file_atomically(target.string(), a);
        ASSERT_EQ(names(dir.path), std::vector<std::string>{"s.chitra"}) << "kill " << kill;
    }
}
