// Exact quartiles in bounded memory: the same type-7 quartiles as sorting every visit,
// for few and many visits, narrow and huge ranges, ties and bucket edges.
#include "chain/chain_histogram.hpp"
#include "chain/chain_quartiles.hpp"

#include "chitra/chain/chain.hpp"

#include "chain_test_util.hpp"

#include <gtest/gtest.h>

#include <random>

namespace chitra {
namespace {

// One symbol "A" with these occupancies, interleaved with a symbol "B" of occupancy 1.
Ses trace_of(const std::vector<Time>& occupancies)
{
    std::vector<std::string> names;
    std::vector<Time> bounds{0};
    for (Time o : occupancies) {
        names.push_back("A");
        bounds.push_back(bounds.back() + o);
        names.push_back("B");
        bounds.push_back(bounds.back() + 1);
    }
    return test::make_ses(names, bounds);
}

double reference_iqr(std::vector<Time> values)
{
    return detail::quantile(values, 0.75) - detail::quantile(values, 0.25);
}

// The IQR of "A", checked against sorting, found with `search`; returns the passes made.
std::size_t expect_exact(const std::vector<Time>& occupancies, detail::QuartileSearch search = {})
{
    const Ses ses = trace_of(occupancies);
    std::vector<detail::QuartileRequest> requests(ses.symbols->size());
    const SymbolId a = ses.symbols->find("A");
    requests[a] = {occupancies.size(), *std::min_element(occupancies.begin(), occupancies.end()),
                   *std::max_element(occupancies.begin(), occupancies.end())};
    std::size_t passes = 0;
    search.passes = &passes;
    const auto iqr = detail::exact_iqrs(detail::VisitColumns::of(ses), requests, search);
    EXPECT_TRUE(iqr[a]);
    if (iqr[a]) {
        EXPECT_EQ(*iqr[a], reference_iqr(occupancies));
    }
    EXPECT_FALSE(iqr[ses.symbols->find("B")]);
    return passes;
}

TEST(ExactQuartiles, AgreeWithSortingEveryVisit)
{
    std::mt19937_64 rng(9);
    for (std::size_t n : {1u, 2u, 3u, 5u, 4097u, 70000u, 300001u}) {
        SCOPED_TRACE("visits " + std::to_string(n));
        std::vector<Time> uniform, heavy, ties, huge;
        for (std::size_t i = 0; i < n; ++i) {
            uniform.push_back(static_cast<Time>(rng() % 100000));
            // Most visits short, a few enormous: the first buckets hold nearly everything.
            heavy.push_back(rng() % 20 == 0 ? static_cast<Time>(rng() % 1000000000) : static_cast<Time>(rng() % 300));
            ties.push_back(static_cast<Time>((rng() % 4) * 1000));
            huge.push_back(static_cast<Time>(rng() >> 2));
        }
        expect_exact(uniform);
        expect_exact(heavy);
        expect_exact(ties);
        expect_exact(huge);
    }
}

TEST(ExactQuartiles, OnePassSettlesThemWhenTheSampleBracketsTheRanks)
{
    std::mt19937_64 rng(11);
    std::vector<Time> occupancies;
    for (int i = 0; i < 400000; ++i)
        occupancies.push_back(static_cast<Time>(rng() % 1000000));
    EXPECT_EQ(expect_exact(occupancies), 1u);
}

TEST(ExactQuartiles, RanksOutsideTheirSampledWindowAreNarrowedFromItsSide)
{
    // Brackets of no margin miss about half the ranks, on either side of their window;
    // values sorted up or down put the missed ranks on one side, then the other.
    std::mt19937_64 rng(12);
    std::size_t more_passes = 0;
    for (int trial = 0; trial < 12; ++trial) {
        SCOPED_TRACE("trial " + std::to_string(trial));
        std::vector<Time> occupancies;
        for (int i = 0; i < 60000; ++i)
            occupancies.push_back(trial % 3 == 0 ? static_cast<Time>(rng() % 7) * 1000
                                                 : static_cast<Time>(rng() % 5000000));
        if (trial % 3 == 1)
            std::sort(occupancies.begin(), occupancies.end());
        if (trial % 3 == 2)
            std::sort(occupancies.rbegin(), occupancies.rend());
        more_passes += expect_exact(occupancies, detail::QuartileSearch{0.0, nullptr}) > 1 ? 1 : 0;
    }
    EXPECT_GT(more_passes, 0u); // the narrowing was exercised
}

TEST(ExactQuartiles, TheFitBinsManyVisitsAsTheRuleOnAllOfThem)
{
    std::mt19937_64 rng(10);
    std::vector<Time> occupancies;
    for (int i = 0; i < 150000; ++i)
        occupancies.push_back(rng() % 10 == 0 ? static_cast<Time>(rng() % 5000000)
                                              : 40 + static_cast<Time>(rng() % 200));
    const Ses ses = trace_of(occupancies);
    const SemiMarkovModel model = fit_chain(ses, TimeBase::ns);
    const ChainState& a = model.states[model.find("A")];
    const OccupancyHistogram direct = make_histogram(occupancies);
    EXPECT_EQ(a.histogram.binning, direct.binning);
    EXPECT_EQ(a.histogram.width, direct.width);
    EXPECT_EQ(a.histogram.origin, direct.origin);
    EXPECT_EQ(a.histogram.counts, direct.counts);
}

} // namespace
} // namespace chitra
