// Physical checks on the committed fields sample (sample_traces/philosophers-n4-x1000-fields.pes):
// its counters must be genuine samples of process-wide quantities (docs/sample-traces.md),
// so they never decrease and CPU time never rises faster than the threads can run.
#include "chitra/io/io.hpp"
#include "chitra/trace/trace.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <string>

using namespace chitra;

namespace {

constexpr const char* kSample = CHITRA_SOURCE_DIR "/sample_traces/philosophers-n4-x1000-fields.pes";
constexpr std::size_t kThreads = 4;
constexpr std::size_t kMeals = 0; // field indices, in the header's order
constexpr std::size_t kSpins = 1;
constexpr std::size_t kCpu = 2;
constexpr std::size_t kPreempt = 3;
constexpr std::size_t kEating = 4;
constexpr std::size_t kHungry = 5;

class FieldsSample : public ::testing::Test {
protected:
    static void SetUpTestSuite() { trace_ = new Trace(load_trace(kSample)); }
    static void TearDownTestSuite()
    {
        delete trace_;
        trace_ = nullptr;
    }
    static const Trace& t() { return *trace_; }
    // End of record i's interval: the next record, or the declared end for the last one.
    static Time end_of(std::size_t i)
    {
        return i + 1 < t().size() ? t().times[i + 1] : t().header.end.value_or(t().times[i]);
    }
    static Trace* trace_;
};
Trace* FieldsSample::trace_ = nullptr;

TEST_F(FieldsSample, HeaderDeclaresFourCountersAndTwoGauges)
{
    ASSERT_EQ(t().header.components, kThreads);
    ASSERT_EQ(t().header.fields.size(), 6u);
    const char* names[] = {"meals", "spins", "cpu_ns", "preempt", "eating", "hungry"};
    for (std::size_t f = 0; f < 6; ++f) {
        EXPECT_EQ(t().header.fields[f].name, names[f]);
        EXPECT_EQ(t().header.fields[f].kind, f < 4 ? FieldKind::counter : FieldKind::gauge);
    }
    EXPECT_EQ(t().header.timebase, TimeBase::ns);
}

TEST_F(FieldsSample, CountersNeverDecrease)
{
    for (std::size_t f : {kMeals, kSpins, kCpu, kPreempt}) {
        const auto& c = t().fields[f];
        for (std::size_t i = 1; i < c.size(); ++i)
            ASSERT_LE(c[i - 1], c[i]) << t().header.fields[f].name << " at record " << i;
    }
}

// CPU time of the process can rise by at most one second per second per running thread.
// The kernel folds the CPU time of threads running on *other* CPUs into the process clock
// only at scheduler ticks (1 ms here), so a reading may lag by up to a tick per other CPU;
// over visits of at least kMinVisit that lag is small against the bound's slack.
TEST_F(FieldsSample, CpuRateWithinThreadCountOnVisitsOfAtLeastOneMillisecond)
{
    constexpr Time kMinVisit = 1'000'000; // ns
    constexpr double kTolerance = 0.05;
    const auto& cpu = t().fields[kCpu];
    std::size_t checked = 0;
    for (std::size_t i = 0; i + 1 < t().size(); ++i) {
        const Time dt = end_of(i) - t().times[i];
        if (dt < kMinVisit)
            continue;
        ++checked;
        const double rate = (cpu[i + 1] - cpu[i]) / double(dt) * 1e9; // ns per s
        EXPECT_LE(rate, kThreads * 1e9 * (1 + kTolerance)) << "record " << i << ", visit " << dt << " ns";
    }
    EXPECT_GT(checked, 1000u); // the sample really has such visits (4 threads, 1 ms think/eat)
    // Over the whole run: at most kThreads seconds per second, and the busy-waiting
    // threads really ran (well above idle).
    const double whole = cpu[t().size() - 1] / double(t().times[t().size() - 1]);
    EXPECT_LE(whole, double(kThreads));
    EXPECT_GT(whole, 0.5);
}

// meals counts completed meals of all philosophers. A philosopher adds its meal just
// before it timestamps its R1, and another thread's reading may fall in between, so at
// record i: (R1 entries so far) <= meals <= (R1 entries so far) + (philosophers in E).
// It ends at 4 x 500 (the generator's -m 500).
TEST_F(FieldsSample, MealsFollowReleases)
{
    const auto& meals = t().fields[kMeals];
    const auto& syms = *t().symbols;
    std::size_t r1_entries = 0;
    for (std::size_t i = 1; i < t().size(); ++i) {
        const auto& now = syms[t().states[i]].components;
        const auto& before = syms[t().states[i - 1]].components;
        ASSERT_EQ(now.size(), kThreads);
        std::size_t entered_r1 = 0;
        for (std::size_t k = 0; k < kThreads; ++k)
            entered_r1 += now[k] == "R1" && before[k] != "R1";
        r1_entries += entered_r1;
        EXPECT_GE(meals[i], double(r1_entries)) << "record " << i;
        EXPECT_LE(meals[i], double(r1_entries) + t().fields[kEating][i]) << "record " << i;
    }
    EXPECT_EQ(r1_entries, kThreads * 500);
    EXPECT_EQ(meals[t().size() - 1], double(kThreads * 500));
}

// Gauges are exact functions of the state tuple.
TEST_F(FieldsSample, GaugesCountEatersAndHungryPhilosophers)
{
    const auto& syms = *t().symbols;
    for (std::size_t i = 0; i < t().size(); ++i) {
        const auto& comp = syms[t().states[i]].components;
        ASSERT_EQ(comp.size(), kThreads);
        double eating = 0, hungry = 0;
        for (const std::string& c : comp) {
            eating += c == "E";
            hungry += c == "A1" || c == "A2";
        }
        ASSERT_EQ(t().fields[kEating][i], eating) << "record " << i;
        ASSERT_EQ(t().fields[kHungry][i], hungry) << "record " << i;
        ASSERT_LE(eating, double(kThreads / 2)); // neighbours never eat together
    }
}

} // namespace
