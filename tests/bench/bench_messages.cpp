// The communication matrix (docs/performance.md "Messages between lanes"): the matrix and
// histograms of the messages display for the whole run, a tenth of it and a hundredth, of
// every lane and of half the lanes, on 10^7 messages among 64 lanes (each rank sends to
// its neighbours and now and then to any rank, seeded), from the message index; beside it
// the same counts made by one pass over the range's messages, and the index's making.
//   build/tests/bench/bench_messages [--benchmark_repetitions=3]
#include "chitra/messages/message_bundles.hpp"
#include "chitra/messages/message_matrix.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>

namespace {

using namespace chitra;

constexpr std::size_t kLanes = 64, kMessages = 10'000'000;
constexpr Time kEnd = static_cast<Time>(kMessages) * 100;

std::shared_ptr<const LaneTrace> lanes()
{
    static const auto made = [] {
        auto out = std::make_shared<LaneTrace>();
        for (std::size_t l = 0; l < kLanes; ++l)
            out->lanes.push_back({"rank " + std::to_string(l), {}, 0, {}, {}});
        std::mt19937_64 rng(1);
        out->messages.reserve(kMessages);
        for (std::size_t i = 0; i < kMessages; ++i) {
            const auto from = static_cast<std::uint32_t>(i % kLanes);
            const auto to = rng() % 8 == 0 ? static_cast<std::uint32_t>(rng() % kLanes)
                                           : static_cast<std::uint32_t>((from + (rng() % 2 ? 1 : kLanes - 1)) % kLanes);
            const Time send = static_cast<Time>(i) * 100 + static_cast<Time>(rng() % 100);
            out->messages.push_back(
                {send, send + 500 + static_cast<Time>(rng() % 20'000), std::uint64_t{8} << (rng() % 12), from, to, 0});
        }
        std::sort(out->messages.begin(), out->messages.end(), sent_before);
        return std::shared_ptr<const LaneTrace>(std::move(out));
    }();
    return made;
}

const MessageIndex& index()
{
    static const MessageIndex made(lanes());
    return made;
}

std::vector<std::size_t> chosen(bool half)
{
    std::vector<std::size_t> out;
    for (std::size_t l = 0; l < kLanes; l += half ? 2 : 1)
        out.push_back(l);
    return out;
}

// Arguments: the part of the run (1, 10 or 100: the whole, a tenth, a hundredth), and 1
// for half the lanes.
void BM_MatrixFromIndex(benchmark::State& state)
{
    const MessageIndex& i = index();
    const Time span = kEnd / state.range(0), from = (kEnd - span) / 2;
    const auto c = chosen(state.range(1) != 0);
    for (auto _ : state)
        benchmark::DoNotOptimize(i.matrix(c, from, from + span));
}
BENCHMARK(BM_MatrixFromIndex)->Args({1, 0})->Args({10, 0})->Args({100, 0})->Args({1, 1})->Unit(benchmark::kMillisecond);

// The same counts by one pass over the range's messages (an index of one block).
void BM_MatrixByOnePass(benchmark::State& state)
{
    static const MessageIndex pass(lanes(), kMessages + 1);
    const Time span = kEnd / state.range(0), from = (kEnd - span) / 2;
    const auto c = chosen(state.range(1) != 0);
    for (auto _ : state)
        benchmark::DoNotOptimize(pass.matrix(c, from, from + span));
}
BENCHMARK(BM_MatrixByOnePass)->Args({1, 0})->Args({10, 0})->Args({100, 0})->Args({1, 1})->Unit(benchmark::kMillisecond);

void BM_MakeIndex(benchmark::State& state)
{
    const auto l = lanes();
    for (auto _ : state)
        benchmark::DoNotOptimize(MessageIndex(l));
}
BENCHMARK(BM_MakeIndex)->Unit(benchmark::kMillisecond);

// The lanes view's bundles of the same messages, made at its first frame that needs them.
void BM_MakeBundles(benchmark::State& state)
{
    const auto l = lanes();
    for (auto _ : state)
        benchmark::DoNotOptimize(MessageBundles(*l));
}
BENCHMARK(BM_MakeBundles)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
