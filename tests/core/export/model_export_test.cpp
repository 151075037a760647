// Exporters of the fitted chain: every format parses and carries the model's numbers.
#include "chitra/export/model_export.hpp"

#include "chain_test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <map>
#include <regex>
#include <sstream>

namespace chitra {
namespace {

using nlohmann::json;

Ses hand_ses() { return test::make_ses({"A", "B", "A", "C", "A", "B"}, {0, 10, 13, 20, 26, 40, 44}); }

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        out.push_back(l);
    return out;
}

std::vector<std::string> split(const std::string& line, char sep)
{
    std::vector<std::string> out;
    std::string cur;
    for (char c : line) {
        if (c == sep) {
            out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    out.push_back(cur);
    return out;
}

TEST(ModelExportJson, HandWorkedFields)
{
    const auto text = model_to_json(fit_chain(hand_ses(), TimeBase::ms));
    ASSERT_EQ(text.back(), '\n');
    const json j = json::parse(text);
    EXPECT_EQ(j["format"], "chitra-model");
    EXPECT_EQ(j["version"], 1);
    EXPECT_EQ(j["timebase"], "ms");
    EXPECT_EQ(j["elements"], 6);
    EXPECT_EQ(j["total_time"], 44);
    EXPECT_EQ(j["initial"], json({{"A", 1.0}}));
    ASSERT_EQ(j["states"].size(), 4u);
    const json& a = j["states"][0];
    EXPECT_EQ(a["name"], "A");
    EXPECT_EQ(a["kind"], "program");
    EXPECT_EQ(a["components"], json({"A"}));
    EXPECT_TRUE(a["count"].is_number_integer());
    EXPECT_EQ(a["count"], 3);
    EXPECT_TRUE(a["total"].is_number_integer());
    EXPECT_EQ(a["total"], 31);
    EXPECT_TRUE(a["min"].is_number_integer());
    EXPECT_EQ(a["min"], 7);
    EXPECT_EQ(a["max"], 14);
    // Doubles round-trip exactly.
    EXPECT_EQ(a["mean"].get<double>(), 31.0 / 3.0);
    EXPECT_EQ(a["share"].get<double>(), 31.0 / 44.0);
    EXPECT_NEAR(a["variance"].get<double>(), 37.0 / 3.0, 1e-12);
    EXPECT_NEAR(a["stddev"].get<double>(), std::sqrt(37.0 / 3.0), 1e-12);
    EXPECT_TRUE(a["definition"].is_null());
    EXPECT_FALSE(a.contains("expanded"));
    EXPECT_EQ(a["histogram"]["binning"], "integer");
    EXPECT_EQ(a["histogram"]["origin"], 7);
    EXPECT_EQ(a["histogram"]["width"], 1);
    EXPECT_EQ(a["histogram"]["counts"], json({1, 0, 0, 1, 0, 0, 0, 1}));
    EXPECT_EQ(a["histogram"]["pmf"][7].get<double>(), 1.0 / 3.0);
    EXPECT_EQ(j["states"][1]["mean"].get<double>(), 3.5);
    EXPECT_EQ(j["states"][3]["name"], "OTHER");
    EXPECT_EQ(j["states"][3]["kind"], "other");
    EXPECT_EQ(j["states"][3]["definition"], json({{"marker", "end"}}));

    ASSERT_EQ(j["transitions"].size(), 5u);
    EXPECT_EQ(j["transitions"][0], json({{"from", "A"}, {"to", "B"}, {"count", 2}, {"probability", 2.0 / 3.0}}));
    EXPECT_EQ(j["transitions"][3]["to"], "OTHER");

    const json& ss = j["steady_state"];
    ASSERT_TRUE(ss.is_object());
    EXPECT_NEAR(ss["embedded"]["A"].get<double>(), 0.5, 1e-12);
    EXPECT_NEAR(ss["embedded"]["C"].get<double>(), 1.0 / 6.0, 1e-12);
    EXPECT_FALSE(ss["embedded"].contains("OTHER"));
    EXPECT_NEAR(ss["time_share"]["B"].get<double>(), 7.0 / 44.0, 1e-12);
    EXPECT_EQ(j["closed_classes"], json({{"A", "B", "C"}}));
    // Keys keep the model's state order.
    EXPECT_EQ(ss["embedded"].begin().key(), "A");
}

TEST(ModelExportJson, EmptyModel)
{
    const json j = json::parse(model_to_json(fit_chain(test::make_ses({}, {}), TimeBase::us)));
    EXPECT_TRUE(j["states"].empty());
    EXPECT_TRUE(j["transitions"].empty());
    EXPECT_TRUE(j["steady_state"].is_null());
    EXPECT_TRUE(j["initial"].is_null());
    EXPECT_TRUE(j["closed_classes"].empty());
}

TEST(ModelExportJson, NoSingleClosedClassIsNull)
{
    SemiMarkovModel m;
    for (const char* n : {"A", "B"}) {
        ChainState s;
        s.name = n;
        s.count = 1;
        m.states.push_back(s);
    }
    m.transitions = {{0, 0, 1, 1.0}, {1, 1, 1, 1.0}};
    m.steady = solve_steady_state(m);
    const json j = json::parse(model_to_json(m));
    EXPECT_TRUE(j["steady_state"].is_null());
    EXPECT_EQ(j["closed_classes"], json({{"A"}, {"B"}}));
}

TEST(ModelExportJson, CompositeDefinitionsAndExpansion)
{
    auto t = std::make_shared<SymbolTable>();
    const auto irq = t->add(Symbol{"IRQ", SymbolKind::program, {"IRQ"}, {}, {}});
    const auto sched = t->add(Symbol{"SCHED", SymbolKind::program, {"SCHED"}, {}, {}});
    const auto send = t->add(Symbol{"SEND", SymbolKind::program, {"SEND"}, {}, {}});
    const auto cs = t->add(Symbol{"CS", SymbolKind::sequence, {}, {irq, sched}, {}});
    const auto spin = t->add(Symbol{"SPIN", SymbolKind::projection, {}, {cs, send}, {}});
    const auto t1 =
        t->add(Symbol{"T1", SymbolKind::filter, {}, {}, {{{irq, sched}, 2, 100.0}, {{irq}, 1, 130.0}, {{cs}, 1, 9.0}}});
    const auto m = fit_chain(test::make_ses(t, {t1, send, cs, spin}, {100, 35, 5, 6}), TimeBase::us);
    const json j = json::parse(model_to_json(m));
    const json& st = j["states"];
    EXPECT_EQ(st[0]["kind"], "filter");
    EXPECT_EQ(st[0]["components"], json::array());
    const json& d = st[0]["definition"];
    EXPECT_EQ(d["paths"][0], json({{"symbols", {"IRQ", "SCHED"}}, {"count", 2}, {"mean_total", 100.0}}));
    EXPECT_EQ(d["paths"][1], json({{"symbols", {"IRQ"}}, {"count", 1}, {"mean_total", 130.0}}));
    // Prefix chain: entry, IRQ, SCHED, CS, exit.
    ASSERT_EQ(d["chain"]["nodes"].size(), 5u);
    EXPECT_EQ(d["chain"]["nodes"][0]["role"], "entry");
    EXPECT_TRUE(d["chain"]["nodes"][0]["symbol"].is_null());
    EXPECT_EQ(d["chain"]["nodes"][1]["symbol"], "IRQ");
    EXPECT_EQ(d["chain"]["nodes"][4]["role"], "exit");
    EXPECT_EQ(d["chain"]["edges"][0], json({{"from", 0}, {"to", 1}, {"count", 3}, {"probability", 0.75}}));
    // Expanded: CS in the third path becomes {"name": "CS", "kind": "sequence", "pattern": [...]}.
    const json& e = st[0]["expanded"];
    EXPECT_EQ(e["paths"][0]["symbols"], json({"IRQ", "SCHED"}));
    EXPECT_EQ(e["paths"][2]["symbols"][0], json({{"name", "CS"}, {"kind", "sequence"}, {"pattern", {"IRQ", "SCHED"}}}));
    EXPECT_EQ(st[2]["definition"], json({{"pattern", {"IRQ", "SCHED"}}}));
    EXPECT_EQ(st[2]["expanded"], json({{"pattern", {"IRQ", "SCHED"}}}));
    EXPECT_EQ(st[3]["definition"], json({{"states", {"CS", "SEND"}}}));
    EXPECT_EQ(st[3]["expanded"]["states"][1], "SEND");
    EXPECT_EQ(st[3]["expanded"]["states"][0]["pattern"], json({"IRQ", "SCHED"}));
    EXPECT_TRUE(st[1]["definition"].is_null());
}

TEST(ModelExportDot, EveryStateAndEdge)
{
    const auto m = fit_chain(hand_ses(), TimeBase::ms);
    const auto dot = model_to_dot(m);
    EXPECT_EQ(dot.rfind("digraph", 0), 0u);
    EXPECT_EQ(dot.substr(dot.size() - 2), "}\n");
    for (const auto& s : m.states)
        EXPECT_NE(dot.find("\"" + s.name + "\" [label=\"" + s.name + "\\nmean "), std::string::npos) << s.name;
    EXPECT_NE(dot.find("\\nmean 10.3333 ms\""), std::string::npos);
    std::size_t edges = 0;
    for (const auto& l : lines(dot))
        edges += l.find(" -> ") != std::string::npos ? 1 : 0;
    EXPECT_EQ(edges, m.transitions.size());
    EXPECT_NE(dot.find("\"A\" -> \"B\" [label=\"0.666667\"];"), std::string::npos);
    EXPECT_NE(dot.find("\"B\" -> \"OTHER\" [label=\"0.5\"];"), std::string::npos);
}

TEST(ModelExportDot, QuotesAreEscaped)
{
    const auto m = fit_chain(test::make_ses({"a\"b", "c\\d"}, {0, 1, 2}), TimeBase::us);
    const auto dot = model_to_dot(m);
    EXPECT_NE(dot.find("\"a\\\"b\" -> \"c\\\\d\""), std::string::npos);
}

TEST(ModelExportCsv, MatrixRowsSumToOne)
{
    const auto m = fit_chain(hand_ses(), TimeBase::ms);
    const auto rows = lines(model_to_csv(m));
    ASSERT_EQ(rows.size(), m.states.size() + 1);
    EXPECT_EQ(rows[0], "from,A,B,C,OTHER");
    for (std::size_t i = 1; i < rows.size(); ++i) {
        const auto cells = split(rows[i], ',');
        ASSERT_EQ(cells.size(), m.states.size() + 1);
        EXPECT_EQ(cells[0], m.states[i - 1].name);
        double sum = 0.0;
        for (std::size_t k = 1; k < cells.size(); ++k)
            sum += std::stod(cells[k]);
        if (cells[0] == "OTHER")
            EXPECT_EQ(sum, 0.0); // OTHER has no outgoing transitions
        else
            EXPECT_NEAR(sum, 1.0, 1e-12) << cells[0];
    }
    EXPECT_EQ(std::stod(split(rows[1], ',')[2]), 2.0 / 3.0); // exact digits
}

TEST(ModelExportCsv, ObservedTransitions)
{
    const Ses ses = hand_ses();
    const auto m = fit_chain(ses, TimeBase::ms);
    const auto rows = lines(observed_transitions_csv(ses, m));
    ASSERT_EQ(rows.size(), ses.size() + 1);
    EXPECT_EQ(rows[0], "id,from,to,sojourn");
    EXPECT_EQ(rows[1], "1,A,B,10");
    EXPECT_EQ(rows[2], "1,B,A,3");
    EXPECT_EQ(rows[6], "1,B,OTHER,4");
    // Counting the rows per (from, to) gives the model's transition counts.
    std::map<std::pair<std::string, std::string>, std::uint64_t> count;
    Time total = 0;
    for (std::size_t i = 1; i < rows.size(); ++i) {
        const auto c = split(rows[i], ',');
        count[{c[1], c[2]}]++;
        total += std::stoll(c[3]);
    }
    EXPECT_EQ(total, ses.total());
    for (const auto& t : m.transitions)
        EXPECT_EQ((count[{m.states[t.from].name, m.states[t.to].name}]), t.count);
}

TEST(ModelExportCsv, NamesWithCommasAreQuoted)
{
    const Ses ses = test::make_ses({"a,b", "c"}, {0, 1, 3});
    const auto m = fit_chain(ses, TimeBase::us);
    EXPECT_EQ(lines(model_to_csv(m))[0], "from,\"a,b\",c,OTHER");
    EXPECT_EQ(lines(observed_transitions_csv(ses, m))[1], "1,\"a,b\",c,1");
}

TEST(ModelExportPrism, ExplicitFiles)
{
    const auto m = fit_chain(hand_ses(), TimeBase::ms);
    const auto f = model_to_prism(m);
    const auto tra = lines(f.tra);
    // Header "states transitions"; OTHER gets an absorbing self-loop.
    const auto head = split(tra[0], ' ');
    ASSERT_EQ(head.size(), 2u);
    EXPECT_EQ(std::stoul(head[0]), m.states.size());
    EXPECT_EQ(std::stoul(head[1]), m.transitions.size() + 1);
    EXPECT_EQ(tra.size(), 1 + std::stoul(head[1]));
    std::vector<double> row(m.states.size(), 0.0);
    std::pair<int, int> previous{-1, -1};
    for (std::size_t i = 1; i < tra.size(); ++i) {
        const auto c = split(tra[i], ' ');
        ASSERT_EQ(c.size(), 3u);
        const std::pair<int, int> key{std::stoi(c[0]), std::stoi(c[1])};
        EXPECT_LT(previous, key); // sorted by (source, target)
        previous = key;
        row[static_cast<std::size_t>(key.first)] += std::stod(c[2]);
    }
    for (std::size_t i = 0; i < row.size(); ++i)
        EXPECT_NEAR(row[i], 1.0, 1e-12) << i;
    EXPECT_EQ(tra.back(), "3 3 1");

    const auto sta = lines(f.sta);
    ASSERT_EQ(sta.size(), m.states.size() + 1);
    EXPECT_EQ(sta[0], "(s)");
    EXPECT_EQ(sta[2], "1:(1)");

    const auto lab = lines(f.lab);
    ASSERT_EQ(lab.size(), m.states.size() + 1);
    EXPECT_EQ(lab[0], "0=\"init\" 1=\"A\" 2=\"B\" 3=\"C\" 4=\"OTHER\"");
    EXPECT_EQ(lab[1], "0: 0 1"); // A is the initial state
    EXPECT_EQ(lab[4], "3: 4");

    const auto rew = lines(f.srew);
    EXPECT_EQ(rew[0], "4 3"); // OTHER's mean is 0: no entry
    EXPECT_EQ(rew.size(), 4u);
    const auto r0 = split(rew[1], ' ');
    EXPECT_EQ(r0[0], "0");
    EXPECT_EQ(std::stod(r0[1]), 31.0 / 3.0);
}

TEST(ModelExportPrism, LabelsAreIdentifiers)
{
    const auto m = fit_chain(test::make_ses({"A 2", "A_2", "9x", "init"}, {0, 1, 2, 3, 4}), TimeBase::us);
    const auto labels = prism_labels(m);
    ASSERT_EQ(labels.size(), 5u);
    EXPECT_EQ(labels[0], "A_2");
    EXPECT_EQ(labels[1], "A_2_1");
    EXPECT_EQ(labels[2], "s_9x");
    EXPECT_EQ(labels[3], "init_1");
    const std::regex ident("[A-Za-z][A-Za-z0-9_]*");
    for (const auto& l : labels)
        EXPECT_TRUE(std::regex_match(l, ident)) << l;
}

TEST(ModelExport, EmptyModelInEveryFormat)
{
    const Ses ses = test::make_ses({}, {});
    const auto m = fit_chain(ses, TimeBase::us);
    EXPECT_EQ(model_to_csv(m), "from\n");
    EXPECT_EQ(observed_transitions_csv(ses, m), "id,from,to,sojourn\n");
    EXPECT_EQ(lines(model_to_dot(m)).back(), "}");
    EXPECT_EQ(model_to_prism(m).tra, "0 0\n");
}

TEST(ModelExport, OutputIsDeterministic)
{
    const auto a = fit_chain(hand_ses(), TimeBase::us);
    const auto b = fit_chain(hand_ses(), TimeBase::us);
    EXPECT_EQ(model_to_json(a), model_to_json(b));
    EXPECT_EQ(model_to_dot(a), model_to_dot(b));
}

} // namespace
} // namespace chitra
