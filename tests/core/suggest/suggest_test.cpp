// Suggestions (docs/suggest.md): a known cycle hidden in noise is found, the noise steps
// remove exactly the noise, and every suggested step applies through the pipeline.
#include "transform_test_util.hpp"

#include "chitra/io/io.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"
#include "chitra/suggest/suggest.hpp"
#include "chitra/util/cancel.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>

namespace chitra {
namespace {

using testing::make_ses;

const std::vector<std::string> kCycle = {"LOCK", "WORK", "UNLOCK", "IDLE", "SEND"};
const std::vector<Time> kCycleTimes = {100, 500, 80, 300, 200};

// The cycle repeated, with a rare short noise state (N1 .. N6) after about one element
// in a hundred.
Ses noisy_cycle(std::size_t repeats, unsigned seed = 7, std::size_t first_name = 1)
{
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> percent(0, 99), noise(0, 5), jitter(0, 20);
    std::string spec;
    for (std::size_t r = 0; r < repeats; ++r)
        for (std::size_t i = 0; i < kCycle.size(); ++i) {
            spec += kCycle[i] + ":" + std::to_string(kCycleTimes[i] + jitter(rng)) + " ";
            if (percent(rng) == 0)
                spec += "N" + std::to_string(first_name + static_cast<std::size_t>(noise(rng))) + ":" +
                        std::to_string(1 + jitter(rng) / 5) + " ";
        }
    return make_ses(spec);
}

std::set<std::string> states_of(const Ses& ses)
{
    std::set<std::string> out;
    for (std::size_t i = 0; i < ses.size(); ++i)
        out.insert(ses.name(i));
    return out;
}

bool is_rotation_of(const std::vector<std::string>& pattern, const std::vector<std::string>& cycle)
{
    if (pattern.size() != cycle.size())
        return false;
    for (std::size_t r = 0; r < cycle.size(); ++r) {
        std::vector<std::string> rotated = cycle;
        std::rotate(rotated.begin(), rotated.begin() + static_cast<std::ptrdiff_t>(r), rotated.end());
        if (rotated == pattern)
            return true;
    }
    return false;
}

const Suggestion* top_aggregation(const std::vector<Suggestion>& suggestions)
{
    for (const Suggestion& s : suggestions)
        if (s.kind == SuggestionKind::aggregate)
            return &s;
    return nullptr;
}

Ses apply_alone(const Ses& ses, const Step& step) { return run_pipeline(ses, Pipeline{{step}}, true).ses; }

TEST(Suggest, TheKnownCycleIsTheTopAggregation)
{
    const Ses ses = noisy_cycle(3000);
    const auto suggestions = suggest(ses);
    ASSERT_FALSE(suggestions.empty());
    EXPECT_EQ(suggestions.front().kind, SuggestionKind::aggregate) << suggestions.front().reason;
    const Suggestion* top = top_aggregation(suggestions);
    ASSERT_NE(top, nullptr);
    const auto& step = std::get<step::Aggregate>(top->step);
    EXPECT_TRUE(is_rotation_of(step.pattern, kCycle)) << top->reason;
    EXPECT_GT(top->coverage_elements, 0.9);
    EXPECT_GT(top->coverage_time, 0.9);
    EXPECT_GT(top->count, 2800u);                 // a noise state breaks about one cycle in twenty
    EXPECT_NEAR(top->period_elements, 5.25, 0.1); // noise and broken cycles lie between
}

TEST(Suggest, AggregatingACleanCycleShrinksTheChain)
{
    std::string spec;
    for (int r = 0; r < 100; ++r)
        for (const std::string& name : kCycle)
            spec += name + ":10 ";
    const Ses ses = make_ses(spec);
    const auto suggestions = suggest(ses);
    ASSERT_FALSE(suggestions.empty());
    const Suggestion& top = suggestions.front();
    ASSERT_EQ(top.kind, SuggestionKind::aggregate) << top.reason;
    EXPECT_EQ(std::get<step::Aggregate>(top.step).pattern, kCycle); // the rotation the trace starts with
    EXPECT_EQ(top.count, 100u);
    EXPECT_DOUBLE_EQ(top.coverage_elements, 1.0);
    EXPECT_DOUBLE_EQ(top.coverage_time, 1.0);
    EXPECT_EQ(top.states_before, 5u);
    EXPECT_EQ(top.states_after, 1u);
    EXPECT_EQ(top.states_removed, 4);      // five cycle states become one
    EXPECT_EQ(top.transitions_removed, 4); // five transitions become S1 -> S1
    EXPECT_DOUBLE_EQ(top.period_elements, 5.0);
    EXPECT_DOUBLE_EQ(top.period_time, 50.0);
    ASSERT_TRUE(top.spectral_period.has_value());
    EXPECT_NEAR(*top.spectral_period, 5.0, 0.01);
}

TEST(Suggest, ThePeriodogramPeakRewardsTheCycle)
{
    const Ses ses = noisy_cycle(2000);
    const auto suggestions = suggest(ses);
    const Suggestion* top = top_aggregation(suggestions);
    ASSERT_NE(top, nullptr);
    ASSERT_TRUE(top->spectral_period.has_value()) << top->reason;
    EXPECT_NEAR(*top->spectral_period, 5.0, 0.5);
    EXPECT_NE(top->reason.find("periodogram"), std::string::npos) << top->reason;
}

TEST(Suggest, EachNoiseStepAloneLeavesOnlyTheCycle)
{
    const Ses ses = noisy_cycle(3000);
    const std::set<std::string> cycle(kCycle.begin(), kCycle.end());
    std::size_t noise_steps = 0;
    bool has_time_filter = false, has_event_filter = false, has_exclude = false;
    for (const Suggestion& s : suggest(ses)) {
        if (s.kind == SuggestionKind::aggregate)
            continue;
        ++noise_steps;
        has_time_filter |= std::holds_alternative<step::FilterTime>(s.step);
        has_event_filter |= std::holds_alternative<step::FilterEvent>(s.step);
        has_exclude |= std::holds_alternative<step::Exclude>(s.step);
        const Ses after = apply_alone(ses, s.step);
        const std::set<std::string> left = states_of(after);
        for (const std::string& name : left) {
            const bool composite =
                name.size() > 1 && name[0] == 'T' && std::all_of(name.begin() + 1, name.end(), ::isdigit);
            EXPECT_TRUE(cycle.count(name) || composite) << name << " left by " << s.reason;
        }
        for (const std::string& name : cycle)
            EXPECT_TRUE(left.count(name)) << name << " lost by " << s.reason;
        EXPECT_EQ(s.states_after, left.size()) << s.reason;
        if (s.kind == SuggestionKind::exclude) {
            EXPECT_EQ(left, cycle);
        }
    }
    EXPECT_GE(noise_steps, 1u);
    EXPECT_TRUE(has_time_filter);
    EXPECT_TRUE(has_event_filter);
    EXPECT_TRUE(has_exclude);
}

TEST(Suggest, TheTopAggregationAppliesAndTakesTheSmallestFreeName)
{
    const Ses ses = noisy_cycle(500);
    const auto suggestions = suggest(ses);
    const Suggestion* top = top_aggregation(suggestions);
    ASSERT_NE(top, nullptr);
    EXPECT_EQ(std::get<step::Aggregate>(top->step).as, "S1");
    const Ses after = apply_alone(ses, top->step);
    EXPECT_EQ(states_of(after).count("S1"), 1u);
    EXPECT_EQ(states_of(after).size(), top->states_after);

    // S1 and S3 taken (S1 by the previous aggregation): the next one is S2.
    auto table = std::make_shared<SymbolTable>(*after.symbols);
    table->add({.name = "S3", .components = {"S3"}});
    Ses renamed = after;
    renamed.symbols = table;
    EXPECT_EQ(free_sequence_name(*table), "S2");
    for (const Suggestion& s : suggest(renamed))
        if (s.kind == SuggestionKind::aggregate) {
            EXPECT_EQ(std::get<step::Aggregate>(s.step).as, "S2");
            EXPECT_NO_THROW(apply_alone(renamed, s.step)) << s.reason;
        }
}

std::size_t distinct_transitions(const Ses& ses)
{
    std::set<std::pair<std::string, std::string>> pairs;
    for (std::size_t i = 1; i < ses.size(); ++i)
        pairs.insert({ses.name(i - 1), ses.name(i)});
    return pairs.size();
}

// What an aggregation claims about states and transitions is what applying it does.
void expect_claims_hold(const Ses& ses, const Suggestion& s, const std::string& context)
{
    Ses after;
    ASSERT_NO_THROW(after = apply_alone(ses, s.step)) << context << ": " << s.reason;
    EXPECT_EQ(states_of(after).size(), s.states_after) << context << ": " << s.reason;
    EXPECT_EQ(states_of(ses).size(), s.states_before) << context << ": " << s.reason;
    if (s.kind == SuggestionKind::aggregate) {
        EXPECT_EQ(static_cast<std::int64_t>(distinct_transitions(ses)) -
                      static_cast<std::int64_t>(distinct_transitions(after)),
                  s.transitions_removed)
            << context << ": " << s.reason;
        EXPECT_EQ(ses.size() - after.size(), s.count * (std::get<step::Aggregate>(s.step).pattern.size() - 1))
            << context << ": " << s.reason;
    }
}

TEST(Suggest, ClaimsHoldWithAnAlphabetTooLargeForTheTransitionBitmap)
{
    std::string spec;
    for (int r = 0; r < 9000; ++r)
        spec += "A B C U" + std::to_string(r) + " ";
    const Ses ses = make_ses(spec);
    const auto suggestions = suggest(ses);
    ASSERT_FALSE(suggestions.empty());
    const Suggestion* top = top_aggregation(suggestions);
    ASSERT_NE(top, nullptr);
    EXPECT_EQ(std::get<step::Aggregate>(top->step).pattern, (std::vector<std::string>{"A", "B", "C"}));
    for (const Suggestion& s : suggestions)
        expect_claims_hold(ses, s, "9003 states");
}

TEST(Suggest, EverySuggestedStepAppliesOnRandomTraces)
{
    std::mt19937 rng(2024);
    for (int trial = 0; trial < 200; ++trial) {
        const int alphabet = std::uniform_int_distribution<int>(1, 9)(rng);
        const int length = std::uniform_int_distribution<int>(0, 400)(rng);
        std::uniform_int_distribution<int> symbol(0, alphabet - 1), occupancy(0, 1000);
        std::string spec;
        for (int i = 0; i < length; ++i)
            spec += std::string(1, static_cast<char>('A' + symbol(rng))) + ":" +
                    std::to_string(occupancy(rng) < 100 ? occupancy(rng) % 3 : occupancy(rng)) + " ";
        const Ses ses = make_ses(spec);
        for (const Suggestion& s : suggest(ses)) {
            expect_claims_hold(ses, s, "trial " + std::to_string(trial));
            EXPECT_TRUE(std::isfinite(s.score));
        }
    }
}

TEST(Suggest, RanksBestFirst)
{
    const auto suggestions = suggest(noisy_cycle(300));
    for (std::size_t i = 1; i < suggestions.size(); ++i)
        EXPECT_GE(suggestions[i - 1].score, suggestions[i].score);
}

TEST(Suggest, NothingForTinyTraces)
{
    EXPECT_TRUE(suggest(make_ses("")).empty());
    EXPECT_TRUE(suggest(make_ses("A:5")).empty());
}

TEST(Suggest, StopsWhenCancelled)
{
    const Ses ses = noisy_cycle(100);
    CancelFlag cancel{true};
    CancelScope scope(&cancel);
    EXPECT_THROW(suggest(ses), Cancelled);
}

// Time shares that fall off smoothly (each state 1.6 times as long as the next: no gap of
// 4) have no clear break; the head/tail break at the mean share cuts the tail as a whole,
// and only it: every state over the mean stays.
TEST(Suggest, AHeavyTailWithoutAGapIsCutAtTheMean)
{
    std::mt19937 rng(3);
    std::vector<std::pair<std::string, Time>> states;
    double length = 100000;
    for (int k = 0; k < 16; ++k, length /= 1.6)
        states.emplace_back("P" + std::to_string(k), static_cast<Time>(length));
    std::shuffle(states.begin(), states.end(), rng); // one order, repeated: a cycle of 16
    std::string spec;
    for (int round = 0; round < 40; ++round)
        for (const auto& [name, t] : states)
            spec += name + ":" + std::to_string(t) + " ";
    const Ses ses = make_ses(spec);
    const double mean = 1.0 / static_cast<double>(states.size());
    double total = 0;
    for (const auto& st : states)
        total += static_cast<double>(st.second);
    std::set<std::string> head;
    for (const auto& [name, t] : states)
        if (static_cast<double>(t) / total > mean)
            head.insert(name);
    ASSERT_GE(head.size(), 2u);
    ASSERT_LT(10 * head.size(), 4 * states.size());

    const Suggestion* cut = nullptr;
    const auto suggestions = suggest(ses);
    for (const Suggestion& s : suggestions)
        if (std::holds_alternative<step::FilterTime>(s.step))
            cut = &s;
    ASSERT_NE(cut, nullptr);
    EXPECT_NE(cut->reason.find("head/tail"), std::string::npos) << cut->reason;
    EXPECT_LT(cut->states_after, cut->states_before);
    std::set<std::string> kept;
    for (const std::string& name : states_of(apply_alone(ses, cut->step)))
        if (name[0] == 'P')
            kept.insert(name);
    EXPECT_EQ(kept, head);
}

// A rare state that holds much of the time is not noise: the filter by counts at the mean
// keeps it however rare it is, and merges the rare short ones.
TEST(Suggest, TheCountFilterAtTheMeanKeepsRareLongStates)
{
    // Counts 200, 67, 20, 8, 5, 4: no gap of 4, a head of two.
    std::string spec;
    for (int r = 0; r < 200; ++r) {
        spec += "A:100 ";
        if (r % 3 == 0)
            spec += "B:50 ";
        if (r % 10 == 0)
            spec += "C:20 ";
        if (r % 25 == 0)
            spec += "BIG:40000 ";
        if (r % 40 == 0)
            spec += "D:5 ";
        if (r % 50 == 0)
            spec += "E:3 ";
    }
    const Ses ses = make_ses(spec);
    const Suggestion* filter = nullptr;
    const auto suggestions = suggest(ses);
    for (const Suggestion& s : suggestions)
        if (std::holds_alternative<step::FilterEvent>(s.step) && s.reason.find("head/tail") != std::string::npos)
            filter = &s;
    ASSERT_NE(filter, nullptr);
    const std::set<std::string> left = states_of(apply_alone(ses, filter->step));
    EXPECT_TRUE(left.count("BIG")) << filter->reason;
    EXPECT_TRUE(left.count("A") && left.count("B") && left.count("C"));
    EXPECT_FALSE(left.count("D") || left.count("E")) << filter->reason;
}

TEST(NaturalBreaks, TheLargestGapOnALogScale)
{
    const auto gap = largest_log_gap({1000, 3, 900, 0, 5, 1100, 2});
    ASSERT_TRUE(gap.has_value());
    EXPECT_EQ(gap->low, 5);
    EXPECT_EQ(gap->high, 900);
    EXPECT_FALSE(largest_log_gap({7, 7, 0}).has_value());
}

// In the philosophers' event trace every state names the philosophers' states side by
// side ("EA1A1": the first eats, the other two took one fork); a step of one
// philosopher's cycle changes one philosopher's part.
std::vector<std::string> philosopher_parts(const std::string& name)
{
    std::vector<std::string> parts;
    for (std::size_t i = 0; i < name.size();) {
        const std::size_t length = (name[i] == 'A' || name[i] == 'R') ? 2 : 1;
        parts.push_back(name.substr(i, length));
        i += length;
    }
    return parts;
}

TEST(Suggest, PhilosophersTopSuggestionIsOnePhilosophersCycle)
{
    const Trace trace = load_trace(std::string(CHITRA_SOURCE_DIR) + "/sample_traces/philosophers-n3-x1000-m100.events");
    const Ses ses = base_ses(trace);
    const auto suggestions = suggest(ses);
    ASSERT_FALSE(suggestions.empty());
    ASSERT_EQ(suggestions.front().kind, SuggestionKind::aggregate) << suggestions.front().reason;
    const auto& pattern = std::get<step::Aggregate>(suggestions.front().step).pattern;
    // T A1 A2 E R1 R2: a whole cycle of one philosopher.
    ASSERT_EQ(pattern.size(), 6u) << suggestions.front().reason;
    std::set<std::size_t> changed;
    std::set<std::string> visited;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const auto a = philosopher_parts(pattern[i]);
        const auto b = philosopher_parts(pattern[(i + 1) % pattern.size()]);
        ASSERT_EQ(a.size(), 3u) << pattern[i];
        ASSERT_EQ(b.size(), 3u) << pattern[(i + 1) % pattern.size()];
        for (std::size_t p = 0; p < a.size(); ++p)
            if (a[p] != b[p]) {
                changed.insert(p);
                visited.insert(a[p]);
            }
    }
    EXPECT_EQ(changed.size(), 1u) << suggestions.front().reason;
    EXPECT_EQ(visited, (std::set<std::string>{"T", "A1", "A2", "E", "R1", "R2"})) << suggestions.front().reason;
    EXPECT_NO_THROW(apply_alone(ses, suggestions.front().step));
}

} // namespace
} // namespace chitra

namespace chitra {
namespace {

// The steps a person takes following the suggestions: the best-ranked one that shrinks
// the chain, applied, until none does.
Ses follow_suggestions(Ses ses)
{
    for (int step = 0; step < 20; ++step) {
        const std::vector<Suggestion> list = suggest(ses);
        const auto next = std::find_if(list.begin(), list.end(), [](const Suggestion& s) {
            return s.states_after < s.states_before || s.transitions_removed > 0;
        });
        if (next == list.end())
            break;
        ses = run_pipeline(ses, Pipeline{{next->step}}).ses;
    }
    return ses;
}

// The philosophers' states join every philosopher's own: the suggestions offer to keep
// each one alone, and following them from there ends in that philosopher's steady cycle.
TEST(SuggestLanes, FollowingTheSuggestionsEndsInEachPhilosophersCycle)
{
    for (const char* sample : {"philosophers-n3-x1000.pes", "philosophers-n4-x1000.pes"}) {
        SCOPED_TRACE(sample);
        const Trace trace = load_trace(std::string(CHITRA_SOURCE_DIR) + "/sample_traces/" + sample);
        const Ses ses = base_ses(trace);
        std::vector<const Suggestion*> lanes;
        const std::vector<Suggestion> list = suggest(ses);
        for (const Suggestion& s : list)
            if (s.kind == SuggestionKind::lanes)
                lanes.push_back(&s);
        ASSERT_EQ(lanes.size(), trace.header.components);
        for (const Suggestion* lane : lanes) {
            const auto* keep = std::get_if<step::ProjectComponents>(&lane->step);
            ASSERT_TRUE(keep);
            EXPECT_EQ(keep->drop.size(), trace.header.components - 1);
            EXPECT_LT(lane->states_after, lane->states_before);
            const Ses one = run_pipeline(ses, Pipeline{{lane->step}}).ses;
            const Ses end = follow_suggestions(one);
            // One state between the ends: the run may begin or end inside a cycle.
            ASSERT_GT(end.size(), 2u);
            std::set<SymbolId> inner(end.symbol.begin() + 1, end.symbol.end() - 1);
            ASSERT_EQ(inner.size(), 1u);
            EXPECT_LE(std::set<SymbolId>(end.symbol.begin(), end.symbol.end()).size(), 3u);
            const Symbol& cycle = (*end.symbols)[*inner.begin()];
            ASSERT_EQ(cycle.kind, SymbolKind::sequence);
            std::vector<std::string> pattern;
            for (SymbolId m : cycle.members)
                pattern.push_back((*end.symbols)[m].name);
            EXPECT_TRUE(is_rotation_of(pattern, {"T", "A1", "A2", "E", "R1", "R2"})) << cycle.name;
        }
    }
}

TEST(SuggestLanes, ASingleLaneTraceGetsNoLaneSuggestion)
{
    const Ses ses = testing::make_ses("A B A B A B A B");
    for (const Suggestion& s : suggest(ses))
        EXPECT_NE(s.kind, SuggestionKind::lanes);
}

} // namespace
} // namespace chitra

namespace chitra {
// Every sample trace, as its producer wrote it, reduces by the suggestions alone to a
// chain an analyst reads at a glance (docs/tutorial.md step 12 lists the steps).
TEST(SuggestSamples, FollowingTheSuggestionsLeavesAFewStates)
{
    for (const char* sample :
         {"clang-time-trace.json", "node-trace-events.json", "philosophers-n3-x1000-m100.events", "smpi-halo-r4.paje",
          "taskpool-w4-n300.prv", "pipeline-p1-c2.pes", "lttng-workers-t4-n10", "lttng-workers-cyg-t2-n3"}) {
        SCOPED_TRACE(sample);
        const Trace trace = load_trace(std::string(CHITRA_SOURCE_DIR) + "/sample_traces/" + sample);
        const Ses start = base_ses(trace);
        const Ses end = follow_suggestions(start);
        const std::size_t before = std::set<SymbolId>(start.symbol.begin(), start.symbol.end()).size();
        const std::size_t after = std::set<SymbolId>(end.symbol.begin(), end.symbol.end()).size();
        EXPECT_LE(after, 12u) << before << " states, " << after << " after following the suggestions";
        EXPECT_LT(after, before);
    }
}
} // namespace chitra
