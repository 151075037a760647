#include "chitra/transforms/transforms.hpp"
#include "transform_test_util.hpp"

#include <gtest/gtest.h>

using namespace chitra;
using namespace chitra::testing;

TEST(TransformProject, SetBecomesTargetAndRunsOfTargetMerge)
{
    Ses in = make_ses("A:1 S1:2 S2:3 B:4 S2:5 S1:6 S1:7 B:1 B:1");
    Ses out = project(in, {"S1", "S2"}, "S");
    EXPECT_EQ(names(out), (Names{"A", "S", "B", "S", "B", "B"})); // runs of B stay
    EXPECT_EQ(occupancies(out), (Times{1, 5, 4, 18, 1, 1}));
    EXPECT_EQ(out.records, (Records{0, 1, 3, 4, 7, 8, 9}));
    const Symbol& s = (*out.symbols)[out.symbols->find("S")];
    EXPECT_EQ(s.kind, SymbolKind::projection);
    EXPECT_EQ(s.members, (std::vector<SymbolId>{in.symbols->find("S1"), in.symbols->find("S2")}));
}

TEST(TransformProject, ExistingTargetAbsorbsTheSet)
{
    Ses in = make_ses("A:1 S1:2 B:3 A:4");
    Ses out = project(in, {"S1"}, "A");
    EXPECT_EQ(names(out), (Names{"A", "B", "A"}));
    EXPECT_EQ(occupancies(out), (Times{3, 3, 4}));
    EXPECT_EQ(out.symbols->size(), in.symbols->size());
}

TEST(TransformProject, UnknownStateWarnsButTheOthersApply)
{
    Warnings w;
    Ses out = project(make_ses("A S1 A"), {"Q", "S1"}, "S", &w);
    EXPECT_EQ(names(out), (Names{"A", "S", "A"}));
    ASSERT_EQ(w.size(), 1u);
    EXPECT_NE(w[0].find("'Q'"), std::string::npos);
    Warnings none;
    Ses same = project(make_ses("A B"), {"Q"}, "S", &none);
    EXPECT_EQ(names(same), (Names{"A", "B"}));
    EXPECT_EQ(none.size(), 2u);
}

namespace {
// Two-component states named with `separator`.
Ses two_component_ses(const std::string& separator, const std::vector<std::pair<std::string, std::string>>& states,
                      const std::vector<Time>& occ)
{
    auto table = std::make_shared<SymbolTable>();
    table->set_separator(separator);
    Ses ses;
    ses.bounds.push_back(0);
    for (std::size_t i = 0; i < states.size(); ++i) {
        std::string name = states[i].first + separator + states[i].second;
        SymbolId id = table->find(name);
        if (id == kNoSymbol)
            id = table->add({.name = name, .components = {states[i].first, states[i].second}});
        ses.symbol.push_back(id);
        ses.bounds.push_back(ses.bounds.back() + occ[i]);
        ses.records.push_back(i);
    }
    ses.records.push_back(states.size());
    ses.symbols = table;
    return ses;
}
} // namespace

TEST(TransformProjectComponents, MapEveryComponentThenMergeRuns)
{
    Ses in = two_component_ses("", {{"A1", "T"}, {"A2", "T"}, {"E", "T"}, {"A1", "W"}, {"A2", "T"}}, {1, 2, 3, 4, 5});
    step::ProjectComponents p;
    p.map["*"] = {{"A1", "A"}, {"A2", "A"}};
    Ses out = project_components(in, p);
    EXPECT_EQ(names(out), (Names{"AT", "ET", "AW", "AT"}));
    EXPECT_EQ(occupancies(out), (Times{3, 3, 4, 5}));
    const Symbol& at = (*out.symbols)[out.symbols->find("AT")];
    EXPECT_EQ(at.kind, SymbolKind::projection);
    EXPECT_EQ(at.components, (std::vector<std::string>{"A", "T"}));
    EXPECT_EQ(at.members, (std::vector<SymbolId>{in.symbols->find("A1T"), in.symbols->find("A2T")}));
    // ET kept its symbol.
    EXPECT_EQ(out.symbol[1], in.symbols->find("ET"));
}

TEST(TransformProjectComponents, DropTurnsProgramTraceIntoThreadTrace)
{
    Ses in = two_component_ses(",", {{"A1", "T"}, {"A1", "W"}, {"E", "T"}, {"E", "W"}}, {1, 2, 3, 4});
    step::ProjectComponents p;
    p.drop = {1};
    Ses out = project_components(in, p);
    EXPECT_EQ(names(out), (Names{"A1", "E"}));
    EXPECT_EQ(occupancies(out), (Times{3, 7}));
    EXPECT_EQ(out.records, (Records{0, 2, 4}));
}

TEST(TransformProjectComponents, SeparatorJoinsAndIndexBeatsStar)
{
    Ses in = two_component_ses(",", {{"T", "T"}, {"A1", "W"}}, {1, 1});
    step::ProjectComponents p;
    p.map["*"] = {{"T", "X"}};
    p.map["1"] = {{"T", "Y"}};
    p.map["0"] = {{"A1", "A"}};
    Ses out = project_components(in, p);
    EXPECT_EQ(names(out), (Names{"X,Y", "A,W"}));
}

TEST(TransformProjectComponents, DroppingEverythingIsAnErrorAndMissingComponentWarns)
{
    Ses in = two_component_ses("", {{"A", "T"}}, {1});
    step::ProjectComponents all;
    all.drop = {0, 1};
    EXPECT_THROW(project_components(in, all), InputError);
    step::ProjectComponents far;
    far.drop = {5};
    Warnings w;
    Ses out = project_components(in, far, &w);
    EXPECT_EQ(names(out), (Names{"AT"}));
    ASSERT_EQ(w.size(), 1u);
    EXPECT_NE(w[0].find("component 5"), std::string::npos);
    step::ProjectComponents bad;
    bad.map["x"] = {{"A", "B"}};
    EXPECT_THROW(project_components(in, bad), InputError);
}

TEST(TransformRules, NamesGlobsAndRangesApplyInFileOrder)
{
    const std::string rules = "# barrier rules\n"
                              "LOCK = A*, L?   # globs\n"
                              "\n"
                              "WORK = 1..8\n"
                              "IDLE = IDLE, 9..\n";
    Ses in = make_ses("A1:1 A2:1 3:2 5:2 B:1 12:1 IDLE:1 9:1 LX:1 0:1 LONG:1");
    Warnings w;
    Ses out = apply_rules(in, "b.rules", rules, &w);
    EXPECT_EQ(names(out), (Names{"LOCK", "WORK", "B", "IDLE", "LOCK", "0", "LONG"}));
    EXPECT_EQ(occupancies(out), (Times{2, 4, 1, 3, 1, 1, 1}));
    EXPECT_TRUE(w.empty());
    EXPECT_EQ((*out.symbols)[out.symbols->find("WORK")].kind, SymbolKind::projection);
}

TEST(TransformRules, LaterLineSeesEarlierTarget)
{
    // Line 2 projects the existing state A, which line 1's set just became.
    Ses out = apply_rules(make_ses("B:1 A:2 C:3"), "r", "A = B\nX = A\n");
    EXPECT_EQ(names(out), (Names{"X", "C"}));
    EXPECT_EQ(occupancies(out), (Times{3, 3}));
}

TEST(TransformRules, StateClaimedByTwoLinesNamesBoth)
{
    try {
        apply_rules(make_ses("A1 B"), "two.rules", "X = A*\n# note\nY = A1\n");
        FAIL() << "expected an error";
    } catch (const InputError& e) {
        std::string m = e.what();
        EXPECT_NE(m.find("two.rules:3:"), std::string::npos) << m;
        EXPECT_NE(m.find("line 1"), std::string::npos) << m;
        EXPECT_NE(m.find("line 3"), std::string::npos) << m;
        EXPECT_NE(m.find("'A1'"), std::string::npos) << m;
    }
}

TEST(TransformRules, BadLinesGiveFileAndLine)
{
    auto message = [](const std::string& text) {
        try {
            apply_rules(make_ses("A"), "r.rules", text);
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_EQ(message("X A1").rfind("r.rules:1: ", 0), 0u);
    EXPECT_EQ(message("\n\nX = 5..3").rfind("r.rules:3: ", 0), 0u);
    EXPECT_EQ(message("X = A1,,A2").rfind("r.rules:1: ", 0), 0u);
    EXPECT_EQ(message("# c\n = A").rfind("r.rules:2: ", 0), 0u);
    EXPECT_EQ(message("X = a..b").rfind("r.rules:1: ", 0), 0u);
    EXPECT_EQ(message("X =").rfind("r.rules:1: ", 0), 0u);
}

TEST(TransformRules, RangeMatchesOnlySingleComponentIntegers)
{
    auto table = std::make_shared<SymbolTable>();
    table->add({.name = "12", .components = {"1", "2"}});
    Ses in = make_ses("12 7 x7", 0, table);
    Warnings w;
    Ses out = apply_rules(in, "r", "N = 1..20\n", &w);
    EXPECT_EQ(names(out), (Names{"12", "N", "x7"}));
}
