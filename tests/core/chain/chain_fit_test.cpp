// Fitting the semi-Markov chain: a hand-worked example, edge cases, and properties on
// random SES (semantics.md section 4).
#include "chitra/chain/chain.hpp"
#include "chitra/export/model_export.hpp"

#include "chain_test_util.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <numeric>
#include <random>

namespace chitra {
namespace {

using test::make_ses;

// A B A C A B, entered at 0 10 13 20 26 40, end 44: occupancies 10 3 7 6 14 4.
Ses hand_ses() { return make_ses({"A", "B", "A", "C", "A", "B"}, {0, 10, 13, 20, 26, 40, 44}); }

const ChainTransition* find_transition(const SemiMarkovModel& m, const std::string& from, const std::string& to)
{
    for (const auto& t : m.transitions)
        if (m.states[t.from].name == from && m.states[t.to].name == to)
            return &t;
    return nullptr;
}

TEST(ChainFit, HandWorkedStates)
{
    const auto m = fit_chain(hand_ses(), TimeBase::ms);
    EXPECT_EQ(m.timebase, TimeBase::ms);
    EXPECT_EQ(m.elements, 6u);
    EXPECT_EQ(m.total_time, 44);
    ASSERT_EQ(m.states.size(), 4u);
    EXPECT_EQ(m.states[0].name, "A");
    EXPECT_EQ(m.states[1].name, "B");
    EXPECT_EQ(m.states[2].name, "C");
    EXPECT_EQ(m.states[3].name, "OTHER");
    EXPECT_EQ(m.states[3].kind, SymbolKind::other);
    EXPECT_EQ(m.initial, 0u);

    const auto& a = m.states[0]; // occupancies 10, 7, 14
    EXPECT_EQ(a.kind, SymbolKind::program);
    EXPECT_EQ(a.components, std::vector<std::string>{"A"});
    EXPECT_EQ(a.count, 3u);
    EXPECT_EQ(a.total, 31);
    EXPECT_DOUBLE_EQ(a.share, 31.0 / 44.0);
    EXPECT_DOUBLE_EQ(a.mean, 31.0 / 3.0);
    EXPECT_NEAR(a.variance, 37.0 / 3.0, 1e-12); // (345 - 961/3) / 2
    EXPECT_NEAR(a.stddev, std::sqrt(37.0 / 3.0), 1e-12);
    EXPECT_EQ(a.min, 7);
    EXPECT_EQ(a.max, 14);
    EXPECT_EQ(a.histogram.binning, "integer");
    EXPECT_EQ(a.histogram.origin, 7);
    EXPECT_EQ(a.histogram.width, 1);
    EXPECT_EQ(a.histogram.counts, (std::vector<std::uint64_t>{1, 0, 0, 1, 0, 0, 0, 1}));
    ASSERT_EQ(a.histogram.pmf.size(), 8u);
    EXPECT_DOUBLE_EQ(a.histogram.pmf[0], 1.0 / 3.0);
    EXPECT_DOUBLE_EQ(a.histogram.pmf[1], 0.0);
    EXPECT_FALSE(a.definition.has_value());

    const auto& b = m.states[1]; // 3, 4
    EXPECT_EQ(b.count, 2u);
    EXPECT_EQ(b.total, 7);
    EXPECT_DOUBLE_EQ(b.share, 7.0 / 44.0);
    EXPECT_DOUBLE_EQ(b.mean, 3.5);
    EXPECT_DOUBLE_EQ(b.variance, 0.5);
    EXPECT_DOUBLE_EQ(b.stddev, std::sqrt(0.5));
    EXPECT_EQ(b.min, 3);
    EXPECT_EQ(b.max, 4);
    EXPECT_EQ(b.histogram.origin, 3);
    EXPECT_EQ(b.histogram.counts, (std::vector<std::uint64_t>{1, 1}));

    const auto& c = m.states[2]; // 6
    EXPECT_EQ(c.count, 1u);
    EXPECT_EQ(c.total, 6);
    EXPECT_DOUBLE_EQ(c.mean, 6.0);
    EXPECT_DOUBLE_EQ(c.variance, 0.0); // count == 1
    EXPECT_DOUBLE_EQ(c.stddev, 0.0);
    EXPECT_EQ(c.min, 6);
    EXPECT_EQ(c.max, 6);
    EXPECT_EQ(c.histogram.counts, (std::vector<std::uint64_t>{1}));

    const auto& o = m.states[3];
    EXPECT_EQ(o.count, 1u);
    EXPECT_EQ(o.total, 0);
    EXPECT_DOUBLE_EQ(o.mean, 0.0);
    EXPECT_DOUBLE_EQ(o.share, 0.0);
}

TEST(ChainFit, HandWorkedTransitions)
{
    const auto m = fit_chain(hand_ses(), TimeBase::ms);
    ASSERT_EQ(m.transitions.size(), 5u);
    // Ordered by (from, to) in state order.
    const std::vector<std::tuple<std::string, std::string, std::uint64_t, double>> want = {{"A", "B", 2, 2.0 / 3.0},
                                                                                           {"A", "C", 1, 1.0 / 3.0},
                                                                                           {"B", "A", 1, 0.5},
                                                                                           {"B", "OTHER", 1, 0.5},
                                                                                           {"C", "A", 1, 1.0}};
    for (std::size_t i = 0; i < want.size(); ++i) {
        const auto& t = m.transitions[i];
        EXPECT_EQ(m.states[t.from].name, std::get<0>(want[i])) << i;
        EXPECT_EQ(m.states[t.to].name, std::get<1>(want[i])) << i;
        EXPECT_EQ(t.count, std::get<2>(want[i])) << i;
        EXPECT_DOUBLE_EQ(t.probability, std::get<3>(want[i])) << i;
    }
}

TEST(ChainFit, HandWorkedSteadyState)
{
    const auto m = fit_chain(hand_ses(), TimeBase::ms);
    // Without OTHER: A -> B 2/3, A -> C 1/3, B -> A 1, C -> A 1.
    // pi_A = pi_B + pi_C, pi_B = 2/3 pi_A, pi_C = 1/3 pi_A  =>  pi = (1/2, 1/3, 1/6).
    ASSERT_TRUE(m.steady.defined);
    ASSERT_EQ(m.steady.closed_classes.size(), 1u);
    EXPECT_EQ(m.steady.closed_classes[0], (std::vector<std::size_t>{0, 1, 2}));
    EXPECT_NEAR(m.steady.embedded[0], 0.5, 1e-12);
    EXPECT_NEAR(m.steady.embedded[1], 1.0 / 3.0, 1e-12);
    EXPECT_NEAR(m.steady.embedded[2], 1.0 / 6.0, 1e-12);
    EXPECT_EQ(m.steady.embedded[3], 0.0);
    // pi_i mean_i = 31/6, 7/6, 1; their sum is 44/6.
    ASSERT_TRUE(m.steady.time_share.has_value());
    const auto& share = *m.steady.time_share;
    EXPECT_NEAR(share[0], 31.0 / 44.0, 1e-12);
    EXPECT_NEAR(share[1], 7.0 / 44.0, 1e-12);
    EXPECT_NEAR(share[2], 6.0 / 44.0, 1e-12);
}

TEST(ChainFit, EmptySesGivesEmptyModel)
{
    const auto m = fit_chain(make_ses({}, {}), TimeBase::us);
    EXPECT_TRUE(m.empty());
    EXPECT_TRUE(m.transitions.empty());
    EXPECT_FALSE(m.steady.defined);
    EXPECT_TRUE(m.steady.closed_classes.empty());
    EXPECT_EQ(m.other(), kNoState);
    EXPECT_EQ(m.initial, kNoState);
    EXPECT_EQ(m.elements, 0u);
}

TEST(ChainFit, SingleElement)
{
    // A one-record trace with a declared end: one element.
    const auto m = fit_chain(make_ses({"A"}, {5, 12}), TimeBase::us);
    ASSERT_EQ(m.states.size(), 2u);
    EXPECT_EQ(m.states[0].count, 1u);
    EXPECT_EQ(m.states[0].total, 7);
    EXPECT_DOUBLE_EQ(m.states[0].share, 1.0);
    EXPECT_DOUBLE_EQ(m.states[0].variance, 0.0);
    ASSERT_EQ(m.transitions.size(), 1u);
    EXPECT_EQ(m.transitions[0].to, 1u);
    EXPECT_DOUBLE_EQ(m.transitions[0].probability, 1.0);
    // A is left without transitions once OTHER is dropped: absorbing, its own class.
    ASSERT_TRUE(m.steady.defined);
    EXPECT_DOUBLE_EQ(m.steady.embedded[0], 1.0);
    ASSERT_TRUE(m.steady.time_share.has_value());
    EXPECT_DOUBLE_EQ((*m.steady.time_share)[0], 1.0);
}

TEST(ChainFit, ZeroTotalTime)
{
    // All occupancies 0: shares are 0, not NaN; time share undefined.
    const auto m = fit_chain(make_ses({"A", "B", "A"}, {3, 3, 3, 3}), TimeBase::us);
    EXPECT_EQ(m.states[0].share, 0.0);
    EXPECT_EQ(m.states[1].share, 0.0);
    ASSERT_TRUE(m.steady.defined);
    EXPECT_FALSE(m.steady.time_share.has_value());
}

TEST(ChainFit, LastStateSeenOnceIsAbsorbing)
{
    // INIT, then a loop A B, then EXIT once: EXIT is the one closed class.
    const auto m = fit_chain(make_ses({"INIT", "A", "B", "A", "B", "EXIT"}, {0, 1, 3, 4, 6, 7, 10}), TimeBase::us);
    ASSERT_TRUE(m.steady.defined);
    ASSERT_EQ(m.steady.closed_classes.size(), 1u);
    EXPECT_EQ(m.steady.closed_classes[0], std::vector<std::size_t>{3});
    EXPECT_DOUBLE_EQ(m.steady.embedded[3], 1.0);
    EXPECT_DOUBLE_EQ(m.steady.embedded[0], 0.0);
}

TEST(ChainFit, SelfTransitionsCount)
{
    // Consecutive equal symbols (raw PES repeats) are transitions x -> x.
    const auto m = fit_chain(make_ses({"A", "A", "B", "A"}, {0, 1, 2, 3, 4}), TimeBase::us);
    const auto* aa = find_transition(m, "A", "A");
    ASSERT_NE(aa, nullptr);
    EXPECT_EQ(aa->count, 1u);
    EXPECT_DOUBLE_EQ(aa->probability, 1.0 / 3.0);
}

TEST(ChainFit, EndStateNameAvoidsProgramStateOther)
{
    const auto m = fit_chain(make_ses({"OTHER", "A"}, {0, 1, 2}), TimeBase::us);
    ASSERT_EQ(m.states.size(), 3u);
    EXPECT_EQ(m.states[0].name, "OTHER");
    EXPECT_EQ(m.states[0].kind, SymbolKind::program);
    EXPECT_EQ(m.states[2].name, "OTHER_1");
    EXPECT_EQ(m.states[2].kind, SymbolKind::other);
}

// Naive reference: maps keyed by name.
struct Reference {
    std::map<std::string, std::vector<Time>> occ;
    std::map<std::pair<std::string, std::string>, std::uint64_t> pairs;
};

Reference reference_fit(const Ses& ses)
{
    Reference r;
    for (std::size_t i = 0; i < ses.size(); ++i) {
        r.occ[ses.name(i)].push_back(ses.occupancy(i));
        r.pairs[{ses.name(i), i + 1 < ses.size() ? ses.name(i + 1) : std::string("OTHER")}]++;
    }
    return r;
}

void check_against_reference(const Ses& ses, const SemiMarkovModel& m)
{
    const Reference r = reference_fit(ses);
    if (ses.empty()) {
        EXPECT_TRUE(m.empty());
        return;
    }
    ASSERT_EQ(m.states.size(), r.occ.size() + 1);
    std::uint64_t visits = 0;
    Time total = 0;
    for (const auto& s : m.states) {
        if (s.kind == SymbolKind::other)
            continue;
        const auto& v = r.occ.at(s.name);
        ASSERT_EQ(s.count, v.size());
        const Time sum = std::accumulate(v.begin(), v.end(), Time{0});
        EXPECT_EQ(s.total, sum);
        const double mean = static_cast<double>(sum) / static_cast<double>(v.size());
        double ss = 0;
        for (Time x : v)
            ss += (static_cast<double>(x) - mean) * (static_cast<double>(x) - mean);
        const double var = v.size() > 1 ? ss / static_cast<double>(v.size() - 1) : 0.0;
        EXPECT_NEAR(s.mean, mean, 1e-9 * std::max(1.0, mean));
        EXPECT_NEAR(s.variance, var, 1e-9 * std::max(1.0, var));
        EXPECT_EQ(s.min, *std::min_element(v.begin(), v.end()));
        EXPECT_EQ(s.max, *std::max_element(v.begin(), v.end()));
        // Histogram: sums to the visits, pmf to 1, covers [min, max], same as make_histogram.
        const auto& h = s.histogram;
        EXPECT_EQ(std::accumulate(h.counts.begin(), h.counts.end(), std::uint64_t{0}), s.count);
        EXPECT_NEAR(std::accumulate(h.pmf.begin(), h.pmf.end(), 0.0), 1.0, 1e-9);
        EXPECT_LE(h.origin, s.min);
        EXPECT_GT(h.origin + static_cast<Time>(h.counts.size()) * h.width, s.max);
        EXPECT_LE(h.counts.size(), OccupancyHistogram::kMaxBins);
        EXPECT_EQ(h.origin % h.width, 0);
        // The fit's quartiles are exact at any number of visits: the rule on all of them.
        const auto direct = make_histogram(v);
        EXPECT_EQ(direct.binning, h.binning);
        EXPECT_EQ(direct.width, h.width);
        EXPECT_EQ(direct.counts, h.counts);
        visits += s.count;
        total += s.total;
    }
    EXPECT_EQ(visits, ses.size());
    EXPECT_EQ(total, ses.total());

    // Transitions: counts as the reference; each row sums to 1; OTHER has none.
    ASSERT_EQ(m.transitions.size(), r.pairs.size());
    std::vector<double> row(m.states.size(), 0.0);
    std::uint64_t pairs = 0;
    for (const auto& t : m.transitions) {
        const std::string to = m.states[t.to].kind == SymbolKind::other ? "OTHER" : m.states[t.to].name;
        EXPECT_EQ(t.count, r.pairs.at({m.states[t.from].name, to}));
        EXPECT_NE(m.states[t.from].kind, SymbolKind::other);
        row[t.from] += t.probability;
        pairs += t.count;
    }
    EXPECT_EQ(pairs, ses.size());
    for (std::size_t i = 0; i + 1 < m.states.size(); ++i)
        EXPECT_NEAR(row[i], 1.0, 1e-12) << m.states[i].name;
    EXPECT_EQ(row.back(), 0.0);

    // One trajectory: exactly one closed class (the last element's); pi sums to 1.
    ASSERT_TRUE(m.steady.defined);
    const double pi_sum = std::accumulate(m.steady.embedded.begin(), m.steady.embedded.end(), 0.0);
    EXPECT_NEAR(pi_sum, 1.0, 1e-9);
    const auto& cls = m.steady.closed_classes[0];
    EXPECT_NE(std::find(cls.begin(), cls.end(), m.find(ses.name(ses.size() - 1))), cls.end());
}

TEST(ChainFitProperty, RandomSesMatchesReference)
{
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        std::mt19937_64 rng(seed);
        const int symbols = 1 + static_cast<int>(rng() % 20);
        const std::size_t length = rng() % 3000;
        std::vector<std::string> names;
        std::vector<Time> bounds{static_cast<Time>(rng() % 100)};
        const bool wide = seed % 3 == 0; // some states with a wide range (non-integer bins)
        for (std::size_t i = 0; i < length; ++i) {
            names.push_back("S" + std::to_string(rng() % static_cast<std::uint64_t>(symbols)));
            const Time o = rng() % 5 == 0 ? 0 : static_cast<Time>(rng() % (wide ? 100000 : 40));
            bounds.push_back(bounds.back() + o);
        }
        const Ses ses = make_ses(names, bounds);
        SCOPED_TRACE("seed " + std::to_string(seed));
        check_against_reference(ses, fit_chain(ses, TimeBase::us));
    }
}

TEST(ChainFitProperty, LargeSymbolTableUsesSparseCounts)
{
    // More symbols in the table than the dense transition matrix allows.
    auto table = std::make_shared<SymbolTable>();
    for (int i = 0; i < 1500; ++i)
        table->add(Symbol{"X" + std::to_string(i), SymbolKind::program, {}, {}, {}});
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        std::mt19937_64 rng(seed);
        std::vector<SymbolId> ids;
        std::vector<Time> occ;
        for (int i = 0; i < 5000; ++i) {
            ids.push_back(static_cast<SymbolId>(rng() % 1500));
            occ.push_back(static_cast<Time>(rng() % 1000));
        }
        const Ses ses = test::make_ses(table, ids, occ);
        SCOPED_TRACE("seed " + std::to_string(seed));
        check_against_reference(ses, fit_chain(ses, TimeBase::us));
    }
}

TEST(ChainFit, StateOrderIsFirstAppearance)
{
    // Table order (C, B, A) differs from the order of appearance (A, C, B).
    auto table = std::make_shared<SymbolTable>();
    const auto c = table->add(Symbol{"C", SymbolKind::program, {"C"}, {}, {}});
    const auto b = table->add(Symbol{"B", SymbolKind::program, {"B"}, {}, {}});
    const auto a = table->add(Symbol{"A", SymbolKind::program, {"A"}, {}, {}});
    const auto m = fit_chain(test::make_ses(table, {a, c, a, b}, {1, 2, 3, 4}), TimeBase::us);
    ASSERT_EQ(m.states.size(), 4u);
    EXPECT_EQ(m.states[0].name, "A");
    EXPECT_EQ(m.states[1].name, "C");
    EXPECT_EQ(m.states[2].name, "B");
    EXPECT_EQ(m.states[0].symbol, a);
}

} // namespace
} // namespace chitra

namespace chitra {
namespace {

// A random trace of `records` records over 60 states, some with wide occupancy ranges
// (exact quartiles) and some narrow (integer bins), and a few with few visits.
Trace random_trace(std::size_t records, std::optional<Time> end_after, std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    auto table = std::make_shared<SymbolTable>();
    std::vector<SymbolId> ids;
    for (int k = 0; k < 60; ++k)
        ids.push_back(table->add({.name = "S" + std::to_string(k), .components = {"S" + std::to_string(k)}}));
    std::vector<Time> times;
    std::vector<SymbolId> states;
    Time t = 0;
    for (std::size_t i = 0; i < records; ++i) {
        const std::size_t k = rng() % 100 == 0 ? 50 + rng() % 10 : rng() % 50;
        times.push_back(t);
        states.push_back(ids[k]);
        t += k % 2 == 0 ? static_cast<Time>(rng() % 1000000) : static_cast<Time>(rng() % 30);
    }
    Trace trace;
    trace.symbols = table;
    trace.times = Column<Time>(std::move(times));
    trace.states = Column<SymbolId>(std::move(states));
    if (end_after)
        trace.header.end = t + *end_after;
    return trace;
}

TEST(ChainFit, ATraceFitsAsItsSes)
{
    // Above 2^20 elements each pass runs on two threads; below, on one.
    for (std::size_t records : {std::size_t{50000}, (std::size_t{1} << 20) + 4096}) {
        for (std::optional<Time> end : {std::optional<Time>(), std::optional<Time>(7)}) {
            SCOPED_TRACE(std::to_string(records) + (end ? " records, declared end" : " records"));
            const Trace trace = random_trace(records, end, records + (end ? 1 : 0));
            const SemiMarkovModel direct = fit_trace(trace);
            const SemiMarkovModel via_ses = fit_chain(Ses::from_trace(trace), trace.header.timebase);
            EXPECT_EQ(model_to_json(direct), model_to_json(via_ses));
            EXPECT_EQ(direct.elements, end ? records : records - 1);
            check_against_reference(Ses::from_trace(trace), direct);
        }
    }
}

} // namespace
} // namespace chitra
