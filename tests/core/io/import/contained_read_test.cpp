// A read in a child process (io/import/contained_read.hpp): its trace, progress and
// errors arrive in the caller; its death by a signal, a read that stops advancing and a
// cancel end the child and become exceptions; no child is left behind.
#include "io/import/contained_read.hpp"

#include "chitra/util/cancel.hpp"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <thread>

using namespace chitra;
using namespace std::chrono_literals;
using detail::ContainedRead;
using detail::read_contained;

namespace {

ContainedRead what(std::chrono::milliseconds watchdog = 2000ms) { return {"/traces/t1", "the test decoder", watchdog}; }

LaneTrace small_trace()
{
    LaneTraceBuilder b("/traces/t1", "test");
    const std::size_t lane = b.add_lane("1/1");
    const LaneStateId s = b.state("work");
    b.push(lane, 10, s);
    b.pop(lane, 20);
    return b.finish();
}

// The test process has no child: every one was reaped.
bool no_child_left()
{
    int status = 0;
    return ::waitpid(-1, &status, WNOHANG) == -1 && errno == ECHILD;
}

std::string error_of(const std::function<LaneTrace(const ImportOptions&)>& read,
                     std::chrono::milliseconds watchdog = 2000ms)
{
    try {
        read_contained(what(watchdog), {}, read);
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no InputError)";
}

} // namespace

TEST(ContainedRead, TheTraceComesBackFromTheChild)
{
    const pid_t parent = ::getpid();
    pid_t reader = 0;
    const LaneTrace t = read_contained(what(), {}, [&](const ImportOptions&) {
        reader = ::getpid(); // set in the child's memory only
        return small_trace();
    });
    EXPECT_EQ(reader, 0) << "the read ran in this process";
    EXPECT_EQ(t.source, "/traces/t1");
    ASSERT_EQ(t.lanes.size(), 1u);
    EXPECT_EQ(t.lanes[0].name, "1/1");
    EXPECT_EQ(t.times.size(), 2u);
    EXPECT_EQ(t.state_names.at(t.lanes[0].changes.at(0).state), "work");
    EXPECT_EQ(::getpid(), parent);
    EXPECT_TRUE(no_child_left());
}

TEST(ContainedRead, ALargeTraceCrossesThePipeWhole)
{
    const LaneTrace t = read_contained(what(), {}, [](const ImportOptions&) {
        LaneTrace big;
        big.times.resize(3'000'000);
        for (std::size_t i = 0; i < big.times.size(); ++i)
            big.times[i] = static_cast<Time>(i * 3);
        big.lanes.push_back({"all", {}, 0});
        for (std::uint64_t r = 0; r < big.times.size(); r += 2)
            big.lanes[0].changes.push_back({r, static_cast<LaneStateId>(r % 5), 1});
        return big;
    });
    ASSERT_EQ(t.times.size(), 3'000'000u);
    EXPECT_EQ(t.times[2'999'999], 8'999'997);
    ASSERT_EQ(t.lanes.at(0).changes.size(), 1'500'000u);
    EXPECT_EQ(t.lanes[0].changes[1'499'999].record, 2'999'998u);
    EXPECT_EQ(t.lanes[0].changes[1'499'999].state, 2'999'998u % 5);
    EXPECT_TRUE(no_child_left());
}

TEST(ContainedRead, ProgressArrivesOnTheCallingThread)
{
    std::vector<double> seen;
    std::vector<std::thread::id> threads;
    ImportOptions options;
    options.progress = [&](double share) {
        seen.push_back(share);
        threads.push_back(std::this_thread::get_id());
    };
    read_contained(what(), options, [](const ImportOptions& o) {
        for (double share : {0.25, 0.5, 1.0}) {
            o.progress(share);
            std::this_thread::sleep_for(30ms); // frames closer than 20 ms may be merged
        }
        return small_trace();
    });
    EXPECT_EQ(seen, (std::vector<double>{0.25, 0.5, 1.0}));
    for (const auto& id : threads)
        EXPECT_EQ(id, std::this_thread::get_id());
}

TEST(ContainedRead, AnInputErrorKeepsItsText)
{
    EXPECT_EQ(error_of([](const ImportOptions&) -> LaneTrace { throw InputError("/traces/t1/metadata:3: bad"); }),
              "/traces/t1/metadata:3: bad");
    EXPECT_TRUE(no_child_left());
}

TEST(ContainedRead, OtherExceptionsNameTheTraceAndTheDecoder)
{
    EXPECT_EQ(error_of([](const ImportOptions&) -> LaneTrace { throw std::runtime_error("odd"); }),
              "/traces/t1: the test decoder stopped: odd");
    EXPECT_THROW(read_contained(what(), {}, [](const ImportOptions&) -> LaneTrace { throw std::bad_alloc(); }),
                 std::bad_alloc);
    EXPECT_TRUE(no_child_left());
}

TEST(ContainedRead, AnAbortIsAnInputErrorNamingTheSignal)
{
    const std::string e = error_of([](const ImportOptions&) -> LaneTrace { std::abort(); });
    EXPECT_EQ(e.rfind("/traces/t1: the test decoder failed on this trace: SIGABRT", 0), 0u) << e;
    EXPECT_TRUE(no_child_left());
}

TEST(ContainedRead, ASegmentationFaultIsAnInputErrorNamingTheSignal)
{
    const std::string e = error_of([](const ImportOptions&) -> LaneTrace {
        std::raise(SIGSEGV);
        return {};
    });
    EXPECT_EQ(e.rfind("/traces/t1: the test decoder failed on this trace: SIGSEGV", 0), 0u) << e;
    EXPECT_TRUE(no_child_left());
}

TEST(ContainedRead, AChildThatEndsWithoutAResultIsAnInputError)
{
    const std::string e = error_of([](const ImportOptions&) -> LaneTrace { ::_exit(5); });
    EXPECT_EQ(e, "/traces/t1: the test decoder ended without a result (exit status 5)");
    EXPECT_TRUE(no_child_left());
}

TEST(ContainedRead, AReadThatStopsAdvancingIsKilledByTheWatchdog)
{
    const auto start = std::chrono::steady_clock::now();
    const std::string e = error_of(
        [](const ImportOptions& o) -> LaneTrace {
            o.progress(0.1);
            for (;;)
                ::pause();
        },
        300ms);
    const auto took = std::chrono::steady_clock::now() - start;
    EXPECT_EQ(e.rfind("/traces/t1: the test decoder made no progress for 0.3 s", 0), 0u) << e;
    EXPECT_LT(took, 2s);
    EXPECT_TRUE(no_child_left());
}

TEST(ContainedRead, AReadThatKeepsAdvancingOutlivesTheWatchdog)
{
    const LaneTrace t = read_contained(what(200ms), {}, [](const ImportOptions& o) {
        for (int i = 1; i <= 10; ++i) { // 0.8 s in all, never 200 ms without progress
            std::this_thread::sleep_for(80ms);
            o.progress(i / 100.0);
        }
        return small_trace();
    });
    EXPECT_EQ(t.lanes.size(), 1u);
}

TEST(ContainedRead, TheWatchdogStopsOnceTheInputIsAllRead)
{
    const LaneTrace t = read_contained(what(200ms), {}, [](const ImportOptions& o) {
        o.progress(1.0);
        std::this_thread::sleep_for(600ms); // the importer's own work on what it decoded
        return small_trace();
    });
    EXPECT_EQ(t.lanes.size(), 1u);
}

TEST(ContainedRead, ACancelKillsTheChild)
{
    CancelFlag flag{false};
    CancelScope scope(&flag);
    std::thread canceller([&] {
        std::this_thread::sleep_for(200ms);
        flag = true;
    });
    const auto start = std::chrono::steady_clock::now();
    EXPECT_THROW(read_contained(what(10s), {},
                                [](const ImportOptions&) -> LaneTrace {
                                    for (;;)
                                        ::pause();
                                }),
                 Cancelled);
    canceller.join();
    EXPECT_LT(std::chrono::steady_clock::now() - start, 2s);
    EXPECT_TRUE(no_child_left());
}

TEST(ContainedRead, TheWatchdogComesFromTheEnvironment)
{
    ::setenv("CHITRA_DECODER_WATCHDOG_SECONDS", "0.25", 1);
    EXPECT_EQ(detail::decoder_watchdog(), 250ms);
    ::setenv("CHITRA_DECODER_WATCHDOG_SECONDS", "nonsense", 1);
    EXPECT_EQ(detail::decoder_watchdog(), 10s);
    ::unsetenv("CHITRA_DECODER_WATCHDOG_SECONDS");
    EXPECT_EQ(detail::decoder_watchdog(), 10s);
}
