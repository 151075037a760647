// Composite definitions in the model: names, prefix-tree chain, expansion (semantics.md 5).
#include "chitra/chain/chain.hpp"

#include "chain_test_util.hpp"

#include <gtest/gtest.h>

namespace chitra {
namespace {

struct Table {
    std::shared_ptr<SymbolTable> t = std::make_shared<SymbolTable>();
    SymbolId program(const std::string& n) { return t->add(Symbol{n, SymbolKind::program, {n}, {}, {}}); }
    SymbolId composite(const std::string& n, SymbolKind k, std::vector<SymbolId> members,
                       std::vector<CompositePath> paths = {})
    {
        return t->add(Symbol{n, k, {}, std::move(members), std::move(paths)});
    }
};

TEST(ChainDefinition, PrefixChainOfPaths)
{
    // IRQ SCHED x2 (mean 100), IRQ x1 (130), NET x1 (40).
    const auto chain = build_prefix_chain({{{"IRQ", "SCHED"}, 2, 100.0}, {{"IRQ"}, 1, 130.0}, {{"NET"}, 1, 40.0}});
    // Nodes: 0 entry, 1 IRQ, 2 SCHED, 3 NET, 4 exit.
    ASSERT_EQ(chain.nodes.size(), 5u);
    EXPECT_EQ(chain.nodes[0].role, PrefixNode::Role::entry);
    EXPECT_EQ(chain.nodes[0].count, 4u);
    EXPECT_EQ(chain.nodes[1].symbol, "IRQ");
    EXPECT_EQ(chain.nodes[1].count, 3u);
    EXPECT_EQ(chain.nodes[2].symbol, "SCHED");
    EXPECT_EQ(chain.nodes[2].parent, 1u);
    EXPECT_EQ(chain.nodes[3].symbol, "NET");
    EXPECT_EQ(chain.nodes[4].role, PrefixNode::Role::exit);
    EXPECT_EQ(chain.nodes[4].count, 4u);

    struct E {
        std::size_t from, to;
        std::uint64_t count;
        double p;
        double mean;
    };
    const std::vector<E> want = {{0, 1, 3, 0.75, -1},         {0, 3, 1, 0.25, -1},   {1, 2, 2, 2.0 / 3.0, -1},
                                 {1, 4, 1, 1.0 / 3.0, 130.0}, {2, 4, 2, 1.0, 100.0}, {3, 4, 1, 1.0, 40.0}};
    ASSERT_EQ(chain.edges.size(), want.size());
    for (std::size_t i = 0; i < want.size(); ++i) {
        const auto& e = chain.edges[i];
        EXPECT_EQ(e.from, want[i].from) << i;
        EXPECT_EQ(e.to, want[i].to) << i;
        EXPECT_EQ(e.count, want[i].count) << i;
        EXPECT_DOUBLE_EQ(e.probability, want[i].p) << i;
        if (want[i].mean < 0)
            EXPECT_FALSE(e.mean_total.has_value()) << i;
        else
            EXPECT_DOUBLE_EQ(e.mean_total.value_or(-1), want[i].mean) << i;
    }
    // Out of every non-exit node the probabilities sum to 1.
    std::vector<double> out(chain.nodes.size(), 0.0);
    for (const auto& e : chain.edges)
        out[e.from] += e.probability;
    for (std::size_t v = 0; v + 1 < chain.nodes.size(); ++v)
        EXPECT_NEAR(out[v], 1.0, 1e-12);
}

TEST(ChainDefinition, EmptyPaths) { EXPECT_TRUE(build_prefix_chain({}).nodes.empty()); }

TEST(ChainDefinition, NamesAndExpansion)
{
    Table tb;
    const auto a = tb.program("A"), b = tb.program("B"), c = tb.program("C");
    const auto s = tb.composite("S", SymbolKind::sequence, {a, b});
    const auto s2 = tb.composite("S2", SymbolKind::sequence, {s, c}); // A B C
    const auto p = tb.composite("P", SymbolKind::projection, {s, c}); // {S, C}
    const auto t1 = tb.composite("T1", SymbolKind::filter, {}, {{{a, p}, 3, 12.5}, {{c}, 1, 4.0}});

    EXPECT_FALSE(describe_symbol(*tb.t, a).has_value());

    const auto ds = describe_symbol(*tb.t, s2);
    ASSERT_TRUE(ds);
    EXPECT_EQ(ds->pattern, (std::vector<std::string>{"S", "C"}));
    // A sequence inside a sequence is spliced: A B C.
    ASSERT_EQ(ds->expanded.items.size(), 3u);
    EXPECT_EQ(ds->expanded.items[0].name, "A");
    EXPECT_EQ(ds->expanded.items[1].name, "B");
    EXPECT_EQ(ds->expanded.items[2].name, "C");
    EXPECT_EQ(ds->expanded.items[2].kind, SymbolKind::program);

    const auto dp = describe_symbol(*tb.t, p);
    ASSERT_TRUE(dp);
    EXPECT_EQ(dp->states, (std::vector<std::string>{"S", "C"}));
    ASSERT_EQ(dp->expanded.items.size(), 2u);
    EXPECT_EQ(dp->expanded.items[0].kind, SymbolKind::sequence); // S stays a nested sequence
    ASSERT_EQ(dp->expanded.items[0].items.size(), 2u);
    EXPECT_EQ(dp->expanded.items[0].items[1].name, "B");

    const auto dt = describe_symbol(*tb.t, t1);
    ASSERT_TRUE(dt);
    ASSERT_EQ(dt->paths.size(), 2u);
    EXPECT_EQ(dt->paths[0].symbols, (std::vector<std::string>{"A", "P"}));
    EXPECT_EQ(dt->paths[0].count, 3u);
    EXPECT_DOUBLE_EQ(dt->paths[0].mean_total, 12.5);
    EXPECT_EQ(dt->chain.nodes.size(), 5u); // entry, A, P, C, exit
    ASSERT_EQ(dt->expanded.paths.size(), 2u);
    EXPECT_EQ(dt->expanded.paths[0].symbols[1].kind, SymbolKind::projection);
    EXPECT_EQ(dt->expanded.paths[0].symbols[1].items.size(), 2u);
    EXPECT_EQ(dt->expanded.paths[1].count, 1u);
}

TEST(ChainDefinition, ParallelNamesItsBrackets)
{
    Table tb;
    const auto idle = tb.program("IDLE"), send = tb.program("SEND"), x = tb.program("X");
    const auto p1 = tb.composite("P1", SymbolKind::parallel, {idle, send}, {{{x}, 2, 7.0}});
    const auto d = describe_symbol(*tb.t, p1);
    ASSERT_TRUE(d);
    EXPECT_EQ(d->from, "IDLE");
    EXPECT_EQ(d->to, "SEND");
    ASSERT_EQ(d->paths.size(), 1u);
    EXPECT_EQ(d->chain.edges.size(), 2u);
}

TEST(ChainDefinition, SelfReferenceIsCutAsReference)
{
    Table tb;
    const auto a = tb.program("A");
    const auto x = tb.composite("X", SymbolKind::projection, {a});
    tb.t->at_mut(x).members.push_back(x); // a projection onto an existing target names itself
    const auto d = describe_symbol(*tb.t, x);
    ASSERT_TRUE(d);
    ASSERT_EQ(d->expanded.items.size(), 2u);
    EXPECT_EQ(d->expanded.items[0].name, "A");
    EXPECT_TRUE(d->expanded.items[1].reference);
}

TEST(ChainDefinition, FittedCompositeCarriesDefinition)
{
    Table tb;
    const auto a = tb.program("A"), b = tb.program("B");
    const auto z = tb.composite("Z", SymbolKind::sequence, {a, a});
    const auto m = fit_chain(test::make_ses(tb.t, {z, b, a}, {4, 1, 2}), TimeBase::us);
    ASSERT_EQ(m.states.size(), 4u);
    EXPECT_EQ(m.states[0].kind, SymbolKind::sequence);
    ASSERT_TRUE(m.states[0].definition);
    EXPECT_EQ(m.states[0].definition->pattern, (std::vector<std::string>{"A", "A"}));
    EXPECT_FALSE(m.states[1].definition);
    ASSERT_TRUE(m.states[3].definition); // OTHER: the end marker
    EXPECT_EQ(m.states[3].kind, SymbolKind::other);
}

} // namespace
} // namespace chitra
