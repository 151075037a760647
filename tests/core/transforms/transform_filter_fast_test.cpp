// The filters and parallel aggregation record their composites' paths through a hashed,
// prefetching recorder with a directly indexed fast path (src/core/transforms/common/transform_common.cpp).
// These tests compare them with a plain reference implementation of semantics.md
// section 3 (std::map everywhere, one vector per run) on random traces with fixed seeds:
// elements, T<k> numbering and every path's count and mean total must be identical.
#include "chitra/transforms/transforms.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <random>
#include <string>
#include <vector>

using namespace chitra;

namespace {

struct RefPaths {
    // Per composite: paths in order of first appearance, with count and summed total.
    std::map<SymbolId, std::vector<std::vector<SymbolId>>> order;
    std::map<SymbolId, std::map<std::vector<SymbolId>, std::pair<std::uint64_t, Time>>> stats;

    void add(SymbolId composite, std::vector<SymbolId> path, Time total)
    {
        auto& s = stats[composite];
        auto [it, inserted] = s.try_emplace(path, 0, 0);
        if (inserted)
            order[composite].push_back(path);
        ++it->second.first;
        it->second.second += total;
    }
    void store(SymbolTable& table) const
    {
        for (const auto& [composite, paths] : order) {
            auto& defs = table.at_mut(composite).paths;
            const std::size_t old_size = defs.size();
            for (const auto& path : paths) {
                auto [count, total] = stats.at(composite).at(path);
                bool merged = false;
                for (std::size_t i = 0; i < old_size; ++i)
                    if (defs[i].symbols == path) {
                        long double sum = static_cast<long double>(defs[i].mean_total) * defs[i].count +
                                          static_cast<long double>(total);
                        defs[i].count += count;
                        defs[i].mean_total = static_cast<double>(sum / defs[i].count);
                        merged = true;
                    }
                if (!merged)
                    defs.push_back(
                        {path, count,
                         static_cast<double>(static_cast<long double>(total) / static_cast<long double>(count))});
            }
        }
    }
};

bool is_t_name(const std::string& name)
{
    if (name.size() < 2 || name.size() > 20 || name[0] != 'T')
        return false;
    for (std::size_t k = 1; k < name.size(); ++k)
        if (!std::isdigit(static_cast<unsigned char>(name[k])))
            return false;
    return true;
}

Ses reference_filter(const Ses& in, const std::vector<SymbolId>& selected)
{
    std::vector<bool> in_f(in.symbols->size(), false);
    for (SymbolId id : selected)
        in_f[id] = true;
    bool any = false;
    for (SymbolId s : in.symbol)
        any = any || in_f[s];
    if (!any)
        return in;
    auto table = std::make_shared<SymbolTable>(*in.symbols);
    std::uint64_t k = 0;
    for (const Symbol& s : *table)
        if (is_t_name(s.name))
            k = std::max<std::uint64_t>(k, std::stoull(s.name.substr(1)));
    std::map<std::pair<SymbolId, SymbolId>, SymbolId> by_pair;
    RefPaths paths;
    Ses out;
    out.symbols = table;
    const std::size_t n = in.size();
    for (std::size_t i = 0; i < n;) {
        if (!in_f[in.symbol[i]]) {
            out.symbol.push_back(in.symbol[i]);
            out.bounds.push_back(in.bounds[i]);
            out.records.push_back(in.records[i]);
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < n && in_f[in.symbol[j]])
            ++j;
        std::pair<SymbolId, SymbolId> key{i > 0 ? in.symbol[i - 1] : kNoSymbol, j < n ? in.symbol[j] : kNoSymbol};
        auto it = by_pair.find(key);
        if (it == by_pair.end()) {
            std::string name;
            do
                name = "T" + std::to_string(++k);
            while (table->find(name) != kNoSymbol);
            it = by_pair.emplace(key, table->add({.name = name, .kind = SymbolKind::filter})).first;
        }
        paths.add(it->second, std::vector<SymbolId>(in.symbol.begin() + i, in.symbol.begin() + j),
                  in.bounds[j] - in.bounds[i]);
        out.symbol.push_back(it->second);
        out.bounds.push_back(in.bounds[i]);
        out.records.push_back(in.records[i]);
        i = j;
    }
    out.bounds.push_back(in.bounds.back());
    out.records.push_back(in.records.back());
    paths.store(*table);
    return out;
}

// Parallel aggregation between two existing symbols (the composite `as` is new or a
// parallel composite between them).
Ses reference_parallel(const Ses& in, SymbolId a, SymbolId b, const std::string& as)
{
    auto table = std::make_shared<SymbolTable>(*in.symbols);
    SymbolId composite = table->find(as);
    if (composite == kNoSymbol)
        composite = table->add({.name = as, .kind = SymbolKind::parallel, .members = {a, b}});
    RefPaths paths;
    Ses out;
    out.symbols = table;
    const std::size_t n = in.size();
    std::size_t copied = 0; // elements before this are written
    std::size_t open = n;   // the last `a` with no `b` after it
    for (std::size_t j = 0; j < n; ++j) {
        if (in.symbol[j] == b && open != n) {
            if (j - open >= 2) {
                for (std::size_t i = copied; i <= open; ++i) {
                    out.symbol.push_back(in.symbol[i]);
                    out.bounds.push_back(in.bounds[i]);
                    out.records.push_back(in.records[i]);
                }
                paths.add(composite, std::vector<SymbolId>(in.symbol.begin() + open + 1, in.symbol.begin() + j),
                          in.bounds[j] - in.bounds[open + 1]);
                out.symbol.push_back(composite);
                out.bounds.push_back(in.bounds[open + 1]);
                out.records.push_back(in.records[open + 1]);
                copied = j;
            }
            open = n;
        }
        if (in.symbol[j] == a)
            open = j;
    }
    for (std::size_t i = copied; i < n; ++i) {
        out.symbol.push_back(in.symbol[i]);
        out.bounds.push_back(in.bounds[i]);
        out.records.push_back(in.records[i]);
    }
    out.bounds.push_back(in.bounds.back());
    out.records.push_back(in.records.back());
    paths.store(*table);
    return out;
}

// Zipf-like symbols (weight 1/(k+1)), occupancies 1..1000; a few symbols named T<k>
// (and look-alikes) so that the numbering must skip and continue after them.
Ses random_ses(std::size_t n, int symbols, std::uint64_t seed)
{
    auto table = std::make_shared<SymbolTable>();
    for (int k = 0; k < symbols; ++k) {
        std::string name = "S" + std::to_string(k);
        if (k == 3)
            name = "T2";
        if (k == 5)
            name = "T007";
        if (k == 6)
            name = "T+9";
        table->add({.name = name, .components = {name}});
    }
    std::vector<double> weights;
    for (int k = 0; k < symbols; ++k)
        weights.push_back(1.0 / (k + 1));
    std::mt19937_64 rng(seed);
    std::discrete_distribution<int> pick(weights.begin(), weights.end());
    std::uniform_int_distribution<Time> occ(1, 1000);
    Ses ses;
    ses.symbols = table;
    Time t = 0;
    for (std::size_t i = 0; i < n; ++i) {
        ses.symbol.push_back(static_cast<SymbolId>(pick(rng)));
        ses.bounds.push_back(t);
        ses.records.push_back(i);
        t += occ(rng);
    }
    ses.bounds.push_back(t);
    ses.records.push_back(n);
    return ses;
}

void expect_same(const Ses& got, const Ses& want)
{
    ASSERT_EQ(got.symbol, want.symbol);
    ASSERT_EQ(got.bounds, want.bounds);
    ASSERT_EQ(got.records, want.records);
    ASSERT_EQ(got.symbols->size(), want.symbols->size());
    std::size_t paths = 0;
    for (SymbolId id = 0; id < want.symbols->size(); ++id) {
        const Symbol& g = (*got.symbols)[id];
        const Symbol& w = (*want.symbols)[id];
        ASSERT_EQ(g.name, w.name) << "symbol " << id;
        ASSERT_EQ(g.kind, w.kind) << w.name;
        ASSERT_EQ(g.members, w.members) << w.name;
        ASSERT_EQ(g.paths.size(), w.paths.size()) << w.name;
        for (std::size_t p = 0; p < w.paths.size(); ++p) {
            ASSERT_EQ(g.paths[p].symbols, w.paths[p].symbols) << w.name << " path " << p;
            ASSERT_EQ(g.paths[p].count, w.paths[p].count) << w.name << " path " << p;
            ASSERT_EQ(g.paths[p].mean_total, w.paths[p].mean_total) << w.name << " path " << p;
        }
        paths += w.paths.size();
    }
    EXPECT_GT(paths, 0u); // the case exercised the recorder
}

// The symbols whose count is below `below` (filter_event's selection).
std::vector<SymbolId> rare(const Ses& in, std::uint64_t below)
{
    std::vector<std::uint64_t> counts(in.symbols->size(), 0);
    for (SymbolId s : in.symbol)
        ++counts[s];
    std::vector<SymbolId> out;
    for (SymbolId id = 0; id < counts.size(); ++id)
        if (counts[id] > 0 && counts[id] < below)
            out.push_back(id);
    return out;
}

} // namespace

TEST(TransformFilterFast, FilterEqualsReferenceOnRandomTraces)
{
    for (std::uint64_t seed : {1u, 2u, 3u, 4u}) {
        Ses in = random_ses(20000 + 5000 * seed, 40, seed);
        for (std::uint64_t below : {300u, 600u, 1500u, 3000u}) {
            SCOPED_TRACE("seed " + std::to_string(seed) + ", below " + std::to_string(below));
            std::vector<SymbolId> selected = rare(in, below);
            expect_same(filter_symbols(in, selected), reference_filter(in, selected));
        }
        // The public filters select through the same second half.
        Ses by_count = filter_event(in, 600);
        expect_same(by_count, reference_filter(in, rare(in, 600)));
    }
}

TEST(TransformFilterFast, FilterAppliedTwiceContinuesTheNumbering)
{
    Ses in = random_ses(30000, 30, 11);
    Ses once = filter_symbols(in, rare(in, 1000));
    Ses twice_ref = reference_filter(once, rare(once, 300));
    expect_same(filter_symbols(once, rare(once, 300)), twice_ref);
}

TEST(TransformFilterFast, HugeTablesUseTheHashedFallbacks)
{
    // 2600 symbols: the neighbour pairs no longer fit the square table (more than 2047
    // unselected symbols) when few are selected, and one-symbol paths overflow the directly
    // indexed cells (composites * symbols > 4 Mi) when many are.
    Ses in = random_ses(300000, 2600, 5);
    for (std::uint64_t below : {16u, 60u}) {
        SCOPED_TRACE("below " + std::to_string(below));
        std::vector<SymbolId> selected = rare(in, below);
        expect_same(filter_symbols(in, selected), reference_filter(in, selected));
    }
}

TEST(TransformFilterFast, ParallelEqualsReferenceIncludingReuse)
{
    for (std::uint64_t seed : {7u, 8u}) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        Ses in = random_ses(40000, 25, seed);
        const SymbolId a = in.symbols->find("S0");
        const SymbolId b = in.symbols->find("S1");
        Ses got = parallel(in, "S0", "S1", "P");
        expect_same(got, reference_parallel(in, a, b, "P"));
        // Reapplied to a part of the same elements with the table that already has `P`:
        // the composite is reused and the paths merge into its definition.
        Ses again = in;
        again.symbols = got.symbols;
        again.symbol.resize(30000);
        again.bounds.resize(30001);
        again.records.resize(30001);
        expect_same(parallel(again, "S0", "S1", "P"), reference_parallel(again, a, b, "P"));
        // Between a rare pair: long spans, mostly distinct paths (the hashed table).
        expect_same(parallel(in, "S20", "S21", "Q"),
                    reference_parallel(in, in.symbols->find("S20"), in.symbols->find("S21"), "Q"));
    }
}
