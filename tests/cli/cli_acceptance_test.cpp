// chitra-cli as an outside acceptance check sees it (interfaces.md): the built program is
// run on the sample traces and on malformed input; expected values are recomputed here
// from the PES text with a deliberately simple reader, never taken from the program.
// Every run also checks that the program ended normally (no signal) with the exact status.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

extern char** environ;

namespace {
namespace fs = std::filesystem;
using nlohmann::json;

struct CliResult {
    bool signalled = false;
    int status = -1;
    std::string out, err;
};

std::string slurp(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string sample(const std::string& name) { return std::string(CHITRA_SOURCE_DIR) + "/sample_traces/" + name; }

// The PES as an analyst's script reads it: header keys, then "time comp... field..." lines.
struct Pes {
    std::vector<std::int64_t> times;
    std::vector<std::string> names;
    std::optional<std::int64_t> end;
};

Pes read_pes(const std::string& path)
{
    Pes p;
    std::ifstream in(path);
    std::string line, sep;
    std::size_t components = 1;
    while (std::getline(in, line)) {
        if (line.empty())
            continue;
        if (line[0] == '#') {
            auto colon = line.find(':');
            if (colon == std::string::npos)
                continue;
            std::string key = line.substr(2, colon - 2), value = line.substr(colon + 2);
            if (key == "components")
                components = std::stoul(value);
            else if (key == "separator")
                sep = value;
            else if (key == "end")
                p.end = std::stoll(value);
            continue;
        }
        std::istringstream tokens(line);
        std::int64_t t;
        tokens >> t;
        std::string name, c;
        for (std::size_t i = 0; i < components; ++i) {
            tokens >> c;
            name += (i ? sep : "") + c;
        }
        p.times.push_back(t);
        p.names.push_back(name);
    }
    return p;
}

// SES of a PES (semantics.md section 2): with a declared end every record is an element.
struct Ses {
    std::vector<std::string> symbols;
    std::vector<std::int64_t> bounds; // size() + 1
    std::vector<std::int64_t> records;
    std::size_t size() const { return symbols.size(); }
};

Ses base_ses(const Pes& p)
{
    Ses s;
    const std::size_t m = p.end ? p.times.size() : p.times.size() - 1;
    s.symbols.assign(p.names.begin(), p.names.begin() + static_cast<std::ptrdiff_t>(m));
    s.bounds.assign(p.times.begin(), p.times.begin() + static_cast<std::ptrdiff_t>(m));
    s.bounds.push_back(p.end ? *p.end : p.times[m]);
    for (std::size_t i = 0; i <= m; ++i)
        s.records.push_back(static_cast<std::int64_t>(i));
    return s;
}

void expect_ses_equal(const json& got, const Ses& want)
{
    ASSERT_TRUE(got.is_object());
    std::vector<std::string> keys;
    for (auto it = got.begin(); it != got.end(); ++it)
        keys.push_back(it.key());
    EXPECT_EQ(std::set<std::string>(keys.begin(), keys.end()),
              (std::set<std::string>{"symbols", "occupancy", "entry", "provenance"}));
    ASSERT_EQ(got["symbols"].size(), want.size());
    ASSERT_EQ(got["occupancy"].size(), want.size());
    ASSERT_EQ(got["entry"].size(), want.size());
    ASSERT_EQ(got["provenance"].size(), want.size());
    for (std::size_t i = 0; i < want.size(); ++i) {
        ASSERT_EQ(got["symbols"][i], want.symbols[i]) << "element " << i;
        ASSERT_EQ(got["entry"][i], want.bounds[i]) << "element " << i;
        ASSERT_EQ(got["occupancy"][i], want.bounds[i + 1] - want.bounds[i]) << "element " << i;
        ASSERT_EQ(got["provenance"][i], json({want.records[i], want.records[i + 1]})) << "element " << i;
    }
}

class CliAcceptance : public ::testing::Test {
protected:
    void SetUp() override
    {
        dir = fs::temp_directory_path() / ("chitra_cli_acceptance_" + std::to_string(::getpid()) + "_" +
                                           ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    void TearDown() override { fs::remove_all(dir); }

    std::string write(const std::string& name, const std::string& text)
    {
        std::ofstream(dir / name, std::ios::binary) << text;
        return (dir / name).string();
    }
    std::string pipeline(const std::string& name, const json& steps)
    {
        return write(name, json({{"pipeline", steps}}).dump());
    }

    // posix_spawn, not system(): the real wait status, so a signal is seen as one.
    CliResult run(const std::vector<std::string>& args)
    {
        const std::string out = (dir / "stdout").string(), err = (dir / "stderr").string();
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        std::vector<std::string> all{CHITRA_CLI_PATH};
        all.insert(all.end(), args.begin(), args.end());
        std::vector<char*> argv;
        for (auto& a : all)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        pid_t pid = 0;
        CliResult r;
        if (posix_spawn(&pid, CHITRA_CLI_PATH, &actions, nullptr, argv.data(), environ) != 0) {
            posix_spawn_file_actions_destroy(&actions);
            ADD_FAILURE() << "cannot start " << CHITRA_CLI_PATH;
            return r;
        }
        posix_spawn_file_actions_destroy(&actions);
        int raw = 0;
        waitpid(pid, &raw, 0);
        r.signalled = WIFSIGNALED(raw);
        r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
        r.out = slurp(out);
        r.err = slurp(err);
        EXPECT_FALSE(r.signalled) << "killed by signal " << WTERMSIG(raw) << " running " << args[0];
        return r;
    }
    std::string path(const std::string& name) const { return (dir / name).string(); }
    fs::path dir;
};

const char* kTrace = "philosophers-n2-x10000.pes";

// --- transform: every clip form, checked element by element --------------------------

TEST_F(CliAcceptance, ClipCountOnSampleTrace)
{
    const Pes pes = read_pes(sample(kTrace));
    ASSERT_TRUE(pes.end.has_value());
    const Ses base = base_ses(pes);
    ASSERT_EQ(base.size(), 3001u); // 6 * N * meals + 1 records, all elements with a declared end
    CliResult r = run({"transform", sample(kTrace), "--pipeline",
                       pipeline("p.json", json::parse(R"([{"op": "clip", "head": 8, "tail": 8}])"))});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    Ses want;
    for (std::size_t i = 8; i + 8 < base.size(); ++i) {
        want.symbols.push_back(base.symbols[i]);
        want.bounds.push_back(base.bounds[i]);
        want.records.push_back(static_cast<std::int64_t>(i));
    }
    want.bounds.push_back(base.bounds[base.size() - 8]);
    want.records.push_back(static_cast<std::int64_t>(base.size() - 8));
    expect_ses_equal(json::parse(r.out), want);
    EXPECT_EQ(want.size(), 3001u - 16);
}

TEST_F(CliAcceptance, ClipTimeAndEventWindowsOnSampleTrace)
{
    const Ses base = base_ses(read_pes(sample(kTrace)));
    // A window whose ends fall strictly between entry times, and one on entry times.
    for (std::int64_t shift : {0, 1}) {
        const std::int64_t t0 = base.bounds[100] + shift, t1 = base.bounds[2000] + shift;
        std::size_t first = 0, last = 0;
        for (std::size_t i = 0; i < base.size(); ++i) {
            if (base.bounds[i] < t0)
                first = i + 1;
            if (base.bounds[i] < t1)
                last = i + 1;
        }
        CliResult r = run({"transform", sample(kTrace), "--pipeline",
                           pipeline("t.json", json::array({{{"op", "clip"}, {"t0", t0}, {"t1", t1}}}))});
        ASSERT_EQ(r.status, 0) << r.err;
        json j = json::parse(r.out);
        ASSERT_EQ(j["symbols"].size(), last - first);
        EXPECT_EQ(j["entry"].front(), base.bounds[first]);
        EXPECT_EQ(j["provenance"].front(), json({first, first + 1}));
        EXPECT_EQ(j["provenance"].back(), json({last - 1, last}));
    }
    CliResult e = run({"transform", sample(kTrace), "--pipeline",
                       pipeline("e.json", json::parse(R"([{"op": "clip", "i0": 10, "i1": 400}])"))});
    ASSERT_EQ(e.status, 0) << e.err;
    json j = json::parse(e.out);
    ASSERT_EQ(j["symbols"].size(), 390u);
    EXPECT_EQ(j["symbols"][0], base.symbols[10]);
    EXPECT_EQ(j["entry"][389], base.bounds[399]);
    EXPECT_EQ(j["occupancy"][389], base.bounds[400] - base.bounds[399]);
}

TEST_F(CliAcceptance, ClipBeyondTheTraceIsRefusedNamingTheStep)
{
    const Ses base = base_ses(read_pes(sample(kTrace)));
    CliResult r = run({"transform", sample(kTrace), "--pipeline",
                       pipeline("p.json", json::array({{{"op", "clip"}, {"head", 1}},
                                                       {{"op", "clip"}, {"head", base.size()}, {"tail", 0}}})),
                       "-o", path("out.json")});
    EXPECT_EQ(r.status, 3);
    EXPECT_EQ(r.err.rfind(path("p.json") + ": step 2 (clip): ", 0), 0u) << r.err;
    EXPECT_FALSE(fs::exists(path("out.json")));
}

// --- transform: merging ops against an independent recomputation ---------------------

TEST_F(CliAcceptance, AggregateCountsLeftmostNonOverlappingMatches)
{
    const Ses base = base_ses(read_pes(sample("philosophers-n3-x10000.pes")));
    const std::vector<std::string> pattern{base.symbols[1], base.symbols[2]};
    std::size_t matches = 0;
    for (std::size_t i = 0; i + 1 < base.size();) {
        if (base.symbols[i] == pattern[0] && base.symbols[i + 1] == pattern[1]) {
            ++matches;
            i += 2;
        } else {
            ++i;
        }
    }
    ASSERT_GT(matches, 1u);
    CliResult r = run({"transform", sample("philosophers-n3-x10000.pes"), "--pipeline",
                       pipeline("p.json", json::array({{{"op", "aggregate"}, {"pattern", pattern}, {"as", "CS"}}}))});
    ASSERT_EQ(r.status, 0) << r.err;
    json j = json::parse(r.out);
    EXPECT_EQ(j["symbols"].size(), base.size() - matches);
    std::size_t cs = 0;
    std::int64_t total = 0;
    for (std::size_t i = 0; i < j["symbols"].size(); ++i) {
        cs += j["symbols"][i] == "CS";
        total += j["occupancy"][i].get<std::int64_t>();
    }
    EXPECT_EQ(cs, matches);
    EXPECT_EQ(total, base.bounds.back() - base.bounds.front()); // occupancy is conserved
}

TEST_F(CliAcceptance, ExcludeMergesAndKeepsProvenanceTiling)
{
    const Ses base = base_ses(read_pes(sample(kTrace)));
    // Expected: drop elements whose name contains R1, add their time to the kept one
    // before, merge equal neighbours that became adjacent through a removal.
    struct El {
        std::string s;
        std::int64_t b, e;
        bool gap;
    };
    std::vector<El> want;
    for (std::size_t i = 0; i < base.size(); ++i) {
        const bool excluded = base.symbols[i].find("R1") != std::string::npos;
        if (excluded) {
            if (!want.empty()) {
                want.back().e = static_cast<std::int64_t>(i + 1);
                want.back().gap = true;
            }
        } else if (!want.empty() && want.back().gap && want.back().s == base.symbols[i]) {
            want.back().e = static_cast<std::int64_t>(i + 1);
            want.back().gap = false;
        } else {
            want.push_back({base.symbols[i], static_cast<std::int64_t>(i), static_cast<std::int64_t>(i + 1), false});
        }
    }
    CliResult r = run({"transform", sample(kTrace), "--pipeline",
                       pipeline("p.json", json::parse(R"([{"op": "exclude", "states": ["*R1*"]}])"))});
    ASSERT_EQ(r.status, 0) << r.err;
    json j = json::parse(r.out);
    ASSERT_EQ(j["symbols"].size(), want.size());
    for (std::size_t i = 0; i < want.size(); ++i) {
        ASSERT_EQ(j["symbols"][i], want[i].s) << i;
        ASSERT_EQ(j["provenance"][i], json({want[i].b, want[i].e})) << i;
        ASSERT_EQ(j["occupancy"][i],
                  base.bounds[static_cast<std::size_t>(want[i].e)] - base.bounds[static_cast<std::size_t>(want[i].b)])
            << i;
    }
}

TEST_F(CliAcceptance, EventFilterMakesNumberedComposites)
{
    const Ses base = base_ses(read_pes(sample(kTrace)));
    std::map<std::string, std::size_t> count;
    for (auto& s : base.symbols)
        ++count[s];
    // Runs of rare symbols (< 10 visits) each become one element.
    std::size_t elements = 0;
    std::set<std::pair<std::string, std::string>> pairs;
    for (std::size_t i = 0; i < base.size();) {
        if (count[base.symbols[i]] < 10) {
            std::size_t k = i;
            while (k < base.size() && count[base.symbols[k]] < 10)
                ++k;
            pairs.insert({i ? base.symbols[i - 1] : "", k < base.size() ? base.symbols[k] : ""});
            i = k;
        } else {
            ++i;
        }
        ++elements;
    }
    ASSERT_FALSE(pairs.empty());
    CliResult r = run({"transform", sample(kTrace), "--pipeline",
                       pipeline("p.json", json::parse(R"([{"op": "filter", "domain": "event", "below": 10}])"))});
    ASSERT_EQ(r.status, 0) << r.err;
    json j = json::parse(r.out);
    EXPECT_EQ(j["symbols"].size(), elements);
    std::set<std::string> composites;
    for (auto& s : j["symbols"])
        if (s.get<std::string>()[0] == 'T' && std::isdigit(static_cast<unsigned char>(s.get<std::string>()[1])))
            composites.insert(s.get<std::string>());
    EXPECT_EQ(composites.size(), pairs.size());
    EXPECT_TRUE(composites.count("T1"));
    EXPECT_TRUE(composites.count("T" + std::to_string(pairs.size())));
}

TEST_F(CliAcceptance, PesOutputReadsBackAsTheSameSes)
{
    const std::string p = pipeline("p.json", json::parse(R"([{"op": "clip", "head": 3, "tail": 2},
        {"op": "project_components", "map": {"*": {"A1": "A", "A2": "A"}}}])"));
    CliResult a = run({"transform", sample(kTrace), "--pipeline", p});
    ASSERT_EQ(a.status, 0) << a.err;
    CliResult b = run({"transform", sample(kTrace), "--pipeline", p, "--format", "pes", "-o", path("o.pes")});
    ASSERT_EQ(b.status, 0) << b.err;
    EXPECT_EQ(b.out, "");
    CliResult c = run({"transform", path("o.pes"), "--pipeline", pipeline("none.json", json::array())});
    ASSERT_EQ(c.status, 0) << c.err;
    json x = json::parse(a.out), y = json::parse(c.out);
    EXPECT_EQ(x["symbols"], y["symbols"]);
    EXPECT_EQ(x["occupancy"], y["occupancy"]);
    EXPECT_EQ(x["entry"], y["entry"]);
    EXPECT_EQ(y["symbols"].size(), x["symbols"].size());
    EXPECT_FALSE(y["symbols"].empty());
    EXPECT_NE(slurp(dir / "o.pes").find(" AT\n"), std::string::npos); // A1T/A2T became AT
}

TEST_F(CliAcceptance, PesOutputRefusesANameWithABlank)
{
    // A composite named "A B" would read back as two columns: refused, nothing written.
    const Ses base = base_ses(read_pes(sample(kTrace)));
    CliResult r =
        run({"transform", sample(kTrace), "--pipeline",
             pipeline("p.json", json::array({{{"op", "project"}, {"states", {base.symbols[0]}}, {"as", "A B"}}})),
             "--format", "pes", "-o", path("o.pes")});
    EXPECT_EQ(r.status, 3);
    EXPECT_EQ(r.err.rfind(path("p.json") + ": cannot write symbol \"A B\" as a PES state", 0), 0u) << r.err;
    EXPECT_FALSE(fs::exists(path("o.pes")));
    CliResult ok = run({"transform", sample(kTrace), "--pipeline", path("p.json")}); // ses-json is fine
    EXPECT_EQ(ok.status, 0) << ok.err;
}

// --- the interfaces.md example pipeline ---------------------------------------------

const char* kExample = R"({"pipeline": [
  {"op": "clip", "head": 8, "tail": 8},
  {"op": "clip", "t0": 20000, "t1": 90000},
  {"op": "clip", "i0": 10, "i1": 400},
  {"op": "aggregate", "pattern": ["LOCK", "WORK", "UNLOCK"], "as": "CS"},
  {"op": "project", "states": ["SPIN1", "SPIN2"], "as": "SPIN"},
  {"op": "project_components", "map": {"*": {"A1": "A", "A2": "A"}}, "drop": [3]},
  {"op": "filter", "domain": "time", "below": 0.05},
  {"op": "filter", "domain": "event", "below": 10},
  {"op": "filter", "domain": "event", "below_fraction": 0.05},
  {"op": "filter", "domain": "frequency", "band": [90.0, 110.0]},
  {"op": "parallel", "from": "IDLE", "to": "SEND", "as": "P1"},
  {"op": "exclude", "states": ["IDL*"]},
  {"op": "rules", "file": "barrier.rules"}
]})";

TEST_F(CliAcceptance, ExamplePipelineWarnsAboutAbsentStates)
{
    write("barrier.rules", "# barrier states\nBARRIER = B*, WAIT_B*\n");
    // The example's time window [20000, 90000) ns holds only the first element of these
    // traces, so its third step (a clip to [10, 400)) is beyond the trace: an error.
    write("example.json", kExample);
    CliResult exact = run({"transform", sample("philosophers-n4-x1000.pes"), "--pipeline", path("example.json")});
    EXPECT_EQ(exact.status, 3);
    EXPECT_EQ(exact.err.rfind(path("example.json") + ": step 3 (clip): ", 0), 0u) << exact.err;
    EXPECT_EQ(exact.out, "");

    // Without its three trace-specific clips every step applies or warns.
    json steps = json::parse(kExample)["pipeline"];
    steps.erase(steps.begin(), steps.begin() + 3);
    write("noclip.json", json({{"pipeline", steps}}).dump());
    CliResult r = run({"transform", sample("philosophers-n4-x1000.pes"), "--pipeline", path("noclip.json")});
    ASSERT_EQ(r.status, 0) << r.err;
    for (const char* w :
         {": warning: step 1 (aggregate): ", ": warning: step 2 (project): ", ": warning: step 8 (parallel): ",
          ": warning: step 9 (exclude): ", ": warning: step 10 (rules): "})
        EXPECT_NE(r.err.find(path("noclip.json") + w), std::string::npos) << w << "\n" << r.err;
    json j = json::parse(r.out);
    EXPECT_FALSE(j["symbols"].empty());
    CliResult strict =
        run({"transform", sample("philosophers-n4-x1000.pes"), "--pipeline", path("noclip.json"), "--strict"});
    EXPECT_EQ(strict.status, 3);
    EXPECT_EQ(strict.out, "");
    EXPECT_NE(strict.err.find("step 1 (aggregate)"), std::string::npos) << strict.err;
    CliResult fit = run({"fit", sample("philosophers-n4-x1000.pes"), "--pipeline", path("noclip.json")});
    EXPECT_EQ(fit.status, 0) << fit.err;
}

// --- fit ---------------------------------------------------------------------------

TEST_F(CliAcceptance, FitMatchesCountsMeansAndTransitionsOfTheSes)
{
    const std::string file = "pipeline-p1-c2.pes";
    const Ses ses = base_ses(read_pes(sample(file)));
    std::map<std::string, std::int64_t> count, total;
    std::map<std::pair<std::string, std::string>, std::int64_t> pairs;
    std::vector<std::string> order;
    for (std::size_t i = 0; i < ses.size(); ++i) {
        if (!count.count(ses.symbols[i]))
            order.push_back(ses.symbols[i]);
        ++count[ses.symbols[i]];
        total[ses.symbols[i]] += ses.bounds[i + 1] - ses.bounds[i];
        ++pairs[{ses.symbols[i], i + 1 < ses.size() ? ses.symbols[i + 1] : "OTHER"}];
    }
    CliResult r = run({"fit", sample(file)});
    ASSERT_EQ(r.status, 0) << r.err;
    json m = json::parse(r.out);
    EXPECT_EQ(m["format"], "chitra-model");
    EXPECT_EQ(m["version"], 1);
    EXPECT_EQ(m["timebase"], "ns");
    ASSERT_EQ(m["states"].size(), order.size() + 1);
    const double span = double(ses.bounds.back() - ses.bounds.front());
    for (std::size_t k = 0; k < order.size(); ++k) {
        const json& s = m["states"][k];
        const std::string& n = order[k];
        ASSERT_EQ(s["name"], n);
        EXPECT_EQ(s["kind"], "program");
        EXPECT_EQ(s["count"], count[n]) << n;
        EXPECT_EQ(s["total"], total[n]) << n;
        EXPECT_NEAR(s["mean"].get<double>(), double(total[n]) / double(count[n]), 1e-9 * double(total[n]) + 1e-12);
        EXPECT_NEAR(s["share"].get<double>(), double(total[n]) / span, 1e-12);
        EXPECT_TRUE(s.contains("definition") && s["definition"].is_null());
        for (const char* key : {"variance", "stddev", "min", "max"})
            EXPECT_TRUE(s.contains(key)) << key;
    }
    EXPECT_EQ(m["states"].back()["name"], "OTHER");
    std::map<std::string, double> row_sum;
    std::size_t seen = 0;
    for (const json& t : m["transitions"]) {
        auto key = std::make_pair(t["from"].get<std::string>(), t["to"].get<std::string>());
        ASSERT_TRUE(pairs.count(key)) << key.first << " -> " << key.second;
        EXPECT_EQ(t["count"], pairs[key]);
        const std::int64_t from_total = count[key.first]; // every visit has one successor
        EXPECT_NEAR(t["probability"].get<double>(), double(pairs[key]) / double(from_total), 1e-12);
        row_sum[key.first] += t["probability"].get<double>();
        ++seen;
    }
    EXPECT_EQ(seen, pairs.size());
    for (auto& [n, sum] : row_sum)
        EXPECT_NEAR(sum, 1.0, 1e-9) << n;
    // The last state (DONE/DONE/DONE, zero occupancy, seen once) is absorbing: the
    // stationary chain sits there, with no time to share.
    ASSERT_TRUE(m["steady_state"].is_object());
    EXPECT_NEAR(m["steady_state"]["embedded"][ses.symbols.back()].get<double>(), 1.0, 1e-9);
    EXPECT_TRUE(m["steady_state"]["time_share"].is_null());
}

TEST_F(CliAcceptance, FitSteadyStateSolvesTheEmbeddedChain)
{
    // Drop the absorbing final record (clip the last element): the chain is then one
    // recurrent class and pi = pi P must hold for the probabilities the fit reports.
    CliResult r =
        run({"fit", sample(kTrace), "--pipeline", pipeline("p.json", json::parse(R"([{"op": "clip", "tail": 1}])"))});
    ASSERT_EQ(r.status, 0) << r.err;
    json m = json::parse(r.out);
    ASSERT_TRUE(m["steady_state"].is_object()) << r.out.substr(0, 400);
    const json& pi = m["steady_state"]["embedded"];
    std::map<std::string, double> next, out_of;
    for (const json& t : m["transitions"])
        if (t["to"] != "OTHER")
            out_of[t["from"].get<std::string>()] += t["probability"].get<double>();
    for (const json& t : m["transitions"])
        if (t["to"] != "OTHER")
            next[t["to"].get<std::string>()] += pi[t["from"].get<std::string>()].get<double>() *
                                                t["probability"].get<double>() / out_of[t["from"].get<std::string>()];
    double sum = 0, share_sum = 0, norm = 0;
    for (auto it = pi.begin(); it != pi.end(); ++it) {
        sum += it.value().get<double>();
        EXPECT_NEAR(next[it.key()], it.value().get<double>(), 1e-9) << it.key();
    }
    EXPECT_NEAR(sum, 1.0, 1e-9);
    std::map<std::string, double> mean;
    for (const json& s : m["states"])
        mean[s["name"].get<std::string>()] = s["mean"].get<double>();
    for (auto it = pi.begin(); it != pi.end(); ++it)
        norm += it.value().get<double>() * mean[it.key()];
    for (auto it = m["steady_state"]["time_share"].begin(); it != m["steady_state"]["time_share"].end(); ++it) {
        EXPECT_NEAR(it.value().get<double>(), pi[it.key()].get<double>() * mean[it.key()] / norm, 1e-9) << it.key();
        share_sum += it.value().get<double>();
    }
    EXPECT_NEAR(share_sum, 1.0, 1e-9);
}

TEST_F(CliAcceptance, FitOfAnEmptySesIsAValidEmptyModel)
{
    const std::string one = write("one.pes", "# timebase: ms\n10 A\n");
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"fit", one},
          std::vector<std::string>{"fit", sample(kTrace), "--pipeline",
                                   pipeline("all.json", json::parse(R"([{"op": "clip", "head": 3001}])"))}}) {
        CliResult r = run(args);
        ASSERT_EQ(r.status, 0) << r.err;
        json m = json::parse(r.out);
        EXPECT_EQ(m["format"], "chitra-model");
        EXPECT_EQ(m["states"], json::array());
        EXPECT_EQ(m["transitions"], json::array());
        EXPECT_TRUE(m["steady_state"].is_null());
    }
    for (const char* format : {"dot", "csv", "transitions-csv"})
        EXPECT_EQ(run({"fit", one, "--format", format}).status, 0) << format;
    CliResult t = run({"transform", one, "--pipeline", pipeline("none.json", json::array())});
    ASSERT_EQ(t.status, 0) << t.err;
    EXPECT_EQ(json::parse(t.out)["symbols"], json::array());
}

// --- periodogram ---------------------------------------------------------------------

TEST_F(CliAcceptance, PeriodogramPeaksAtThePeriodOfAPeriodicTrace)
{
    // A B C D repeated: y = 0 1 2 3 0 1 2 3 ... (period 4 events; 8 time units per cycle).
    std::string text = "# timebase: ms\n";
    for (int i = 0; i < 256; ++i)
        text += std::to_string(2 * i) + " " + std::string(1, char('A' + i % 4)) + "\n";
    const std::string f = write("p.pes", text);
    CliResult e = run({"periodogram", f, "--domain", "event", "--format", "json"});
    ASSERT_EQ(e.status, 0) << e.err;
    json j = json::parse(e.out);
    EXPECT_EQ(j["N"], 255); // 256 records, no declared end
    EXPECT_EQ(j["frequency"].size(), 255u / 2 + 1);
    EXPECT_NEAR(j["peak"]["frequency"].get<double>(), 64.0 / 255.0, 1e-12); // nearest bin to 1/4
    CliResult t = run({"periodogram", f, "--domain", "time", "--interval", "1", "--format", "json"});
    ASSERT_EQ(t.status, 0) << t.err;
    json k = json::parse(t.out);
    EXPECT_EQ(k["N"], 510);
    EXPECT_NEAR(k["peak"]["period"].get<double>(), 510.0 / 64.0, 1e-9);
    EXPECT_EQ(k["frequency_unit"], "1/ms");
    EXPECT_FALSE(k.contains("segments")); // only with --segment
    EXPECT_GE(k["peak"]["prominence"].get<double>(), 20.0);
    // Bartlett's average over segments of 64 events: three whole segments. 33 bins leave
    // none with 16 neighbours either side above the lowest ones, so no period is named.
    CliResult s = run({"periodogram", f, "--domain", "event", "--segment", "64", "--format", "json"});
    ASSERT_EQ(s.status, 0) << s.err;
    json a = json::parse(s.out);
    EXPECT_EQ(a["N"], 64);
    EXPECT_EQ(a["segments"], 3);
    EXPECT_EQ(a["frequency"].size(), 33u);
    EXPECT_TRUE(a["peak"].is_null());
    // Segments of 128 events: period 4 exact.
    CliResult b = run({"periodogram", f, "--domain", "event", "--segment", "128", "--format", "json"});
    ASSERT_EQ(b.status, 0) << b.err;
    EXPECT_EQ(json::parse(b.out)["peak"]["period"].get<double>(), 4.0);
    EXPECT_EQ(run({"periodogram", f, "--segment", "0"}).status, 2);
}

// Long periodograms are written a block of 65,536 rows at a time, two blocks at once:
// with 150,001 rows (three blocks, the last short) the CSV and the JSON hold every bin
// once, in order, with the same numbers, and the JSON is one valid document.
TEST_F(CliAcceptance, LongPeriodogramsAreWrittenWholeAndInOrder)
{
    std::string text = "# timebase: us\n";
    const int records = 300001; // N = 300000 elements: period 4 falls on a bin
    for (int i = 0; i < records; ++i)
        text += std::to_string(3 * i) + " " + std::string(1, char('A' + i % 4)) + "\n";
    const std::string f = write("long.pes", text);
    const std::string out = (dir / "long.json").string();
    CliResult j = run({"periodogram", f, "--domain", "event", "--format", "json", "-o", out});
    ASSERT_EQ(j.status, 0) << j.err;
    const json doc = json::parse(slurp(out));
    const std::size_t n = records - 1, bins = n / 2 + 1;
    ASSERT_EQ(doc["N"], n);
    ASSERT_EQ(doc["frequency"].size(), bins);
    ASSERT_EQ(doc["power"].size(), bins);
    EXPECT_NEAR(doc["peak"]["period"].get<double>(), 4.0, 1e-3);
    CliResult c = run({"periodogram", f, "--domain", "event"});
    ASSERT_EQ(c.status, 0) << c.err;
    std::istringstream csv(c.out);
    std::string line;
    std::getline(csv, line);
    EXPECT_EQ(line, "frequency,power,period");
    std::size_t k = 0;
    for (; std::getline(csv, line); ++k) {
        ASSERT_LT(k, bins);
        const auto comma = line.find(',');
        ASSERT_EQ(std::stod(line.substr(0, comma)), doc["frequency"][k].get<double>()) << "row " << k;
        ASSERT_EQ(std::stod(line.substr(comma + 1)), doc["power"][k].get<double>()) << "row " << k;
        ASSERT_EQ(doc["frequency"][k].get<double>(), static_cast<double>(k) / static_cast<double>(n)) << "row " << k;
    }
    EXPECT_EQ(k, bins);
}

// --- exit statuses -------------------------------------------------------------------

TEST_F(CliAcceptance, UsageErrorsExitTwo)
{
    const std::string t = sample(kTrace), p = pipeline("p.json", json::array());
    for (const std::vector<std::string>& args :
         std::vector<std::vector<std::string>>{{},
                                               {"frobnicate"},
                                               {"info"},
                                               {"info", "--bogus", t},
                                               {"transform", t},
                                               {"transform", "--pipeline", p},
                                               {"transform", t, "--pipeline", p, "--format", "xml"},
                                               {"fit"},
                                               {"fit", t, "--format", "xml"},
                                               {"fit", t, "--format", "prism"},
                                               {"fit", t, "--bogus"},
                                               {"periodogram"},
                                               {"periodogram", t, "--domain", "frequency"},
                                               {"periodogram", t, "--interval", "0"},
                                               {"periodogram", t, "--interval", "x"},
                                               {"periodogram", t, "--format", "xml"},
                                               {"periodogram", t, "--domain", "event", "--interval", "5"},
                                               {"convert", t},
                                               {"convert", t, "-o", path("x"), "--to", "xml"}}) {
        CliResult r = run(args);
        EXPECT_EQ(r.status, 2) << (args.empty() ? std::string("(none)")
                                                : args[0] + " " + (args.size() > 1 ? args[1] : ""));
        EXPECT_FALSE(r.err.empty());
    }
}

// A run that recorded nothing is an observation too: info, fit and transform succeed.
TEST_F(CliAcceptance, EmptyTracesAreValidAndFitToAnEmptyModel)
{
    for (const auto& [name, text] :
         {std::pair<std::string, std::string>{"header.pes", "# chitra-pes 1\n# timebase: us\n"}, {"empty.pes", ""}}) {
        const std::string f = write(name, text);
        CliResult info = run({"info", f, "--json"});
        ASSERT_EQ(info.status, 0) << name << ": " << info.err;
        EXPECT_EQ(json::parse(info.out)["files"][0]["records"], 0) << name;
        CliResult fit = run({"fit", f});
        ASSERT_EQ(fit.status, 0) << name << ": " << fit.err;
        json model = json::parse(fit.out);
        EXPECT_EQ(model["format"], "chitra-model");
        EXPECT_TRUE(model["states"].empty()) << name;
        EXPECT_TRUE(model["steady_state"].is_null()) << name;
        CliResult ses = run({"transform", f, "--pipeline", pipeline("p.json", json::array()), "--format", "ses-json"});
        ASSERT_EQ(ses.status, 0) << name << ": " << ses.err;
        EXPECT_TRUE(json::parse(ses.out)["symbols"].empty()) << name;
    }
}

TEST_F(CliAcceptance, MalformedTracesExitThreeWithFileAndLine)
{
    struct Case {
        std::string name, text, message; // message: what follows "FILE"
    };
    const std::vector<Case> cases{
        {"time.pes", "1 A\n12x B\n", ":2: bad time '12x'"},
        {"huge.pes", "99999999999999999999 A\n", ":1: time '99999999999999999999' is out of range"},
        {"decreasing.pes", "10 A\n9 B\n", ":2: decreasing time (9 after 10 on line 1)"},
        {"columns.pes", "# components: 2\n1 A T\n2 B\n", ":3: expected 3 columns"},
        {"kind.pes", "# fields: q:meter\n1 A 2\n", ":1: unknown field kind 'meter'"},
        {"utf8.pes", "1 A\n2 B\xff\n", ":2: invalid UTF-8"},
        {"nul.pes", std::string("1 A\n2 B\0C\n", 10), ":2: NUL byte"},
        {"field.pes", "# fields: q:gauge\n1 A nan\n", ":2: bad number 'nan'"},
    };
    for (const Case& c : cases) {
        const std::string f = write(c.name, c.text);
        for (const char* command : {"info", "fit", "periodogram"}) {
            CliResult r = run({command, f});
            EXPECT_EQ(r.status, 3) << command << " " << c.name;
            EXPECT_EQ(r.err.rfind(f + c.message, 0), 0u) << command << " " << c.name << ": " << r.err;
            EXPECT_EQ(r.out.find("records"), std::string::npos);
        }
        CliResult t = run({"transform", f, "--pipeline", pipeline("p.json", json::array())});
        EXPECT_EQ(t.status, 3) << c.name;
        EXPECT_EQ(t.out, "");
    }
    fs::create_directory(dir / "folder");
    for (const std::string& f : {path("folder"), path("missing.pes")}) {
        CliResult r = run({"fit", f});
        EXPECT_EQ(r.status, 3) << f;
        EXPECT_EQ(r.err.rfind(f + ": ", 0), 0u) << r.err;
    }
    std::string garbage;
    std::uint32_t x = 12345;
    for (int i = 0; i < 4096; ++i) {
        x = x * 1103515245u + 12345u;
        garbage += char(x >> 24);
    }
    const std::string g = write("garbage.pes", garbage);
    for (const char* command : {"info", "fit", "periodogram"})
        EXPECT_EQ(run({command, g}).status, 3) << command;
}

TEST_F(CliAcceptance, MalformedPipelinesExitThreeNamingTheStep)
{
    const std::string t = sample(kTrace);
    const std::vector<std::pair<std::string, std::string>> cases{
        {R"({"pipeline": [{"op": "frobnicate"}]})", "step 1: unknown op \"frobnicate\""},
        {R"({"pipeline": [{"op": "clip", "head": "8"}]})", "step 1 (clip): parameter \"head\" must be an integer"},
        {R"({"pipeline": [{"op": "clip", "head": -1}]})", "step 1 (clip): parameter \"head\" must not be negative"},
        {R"({"pipeline": [{"op": "clip", "t0": 5}]})", "step 1 (clip): missing parameter \"t1\""},
        {R"({"pipeline": [{"op": "clip", "head": 1}, {"op": "aggregate", "pattern": [], "as": "X"}]})",
         "step 2 (aggregate): pattern needs at least 2 symbols, got 0"},
        {R"({"pipeline": [{"op": "aggregate", "pattern": ["TT"], "as": "X"}]})",
         "step 1 (aggregate): pattern needs at least 2 symbols, got 1"},
        {R"({"pipeline": [{"op": "aggregate", "pattern": ["TT", "A1T"], "as": "ET"}]})",
         "step 1 (aggregate): name 'ET' already names a different symbol"},
        {R"({"pipeline": [{"op": "project", "states": ["TT"], "as": "X", "typo": 1}]})",
         "step 1 (project): unknown parameter \"typo\""},
        {R"({"pipeline": [{"op": "filter", "domain": "space", "below": 1}]})",
         "step 1 (filter): unknown filter domain"},
        {R"({"pipeline": [{"op": "rules", "file": "x.rules", "text": "SPIN = A*\nEAT = garbage line"}]})",
         "step 1 (rules): x.rules:2: "},
        {R"({"pipeline": [{"op": "rules", "file": "x.rules", "text": "A = TT\nB = T*\n"}]})",
         "step 1 (rules): x.rules:2: state 'TT' is matched by line 1 and by line 2"},
        {R"({"pipeline": [{"op": "filter", "domain": "time", "below": 1e999}]})", "1: invalid JSON: number overflow"},
        {R"({"pipeline": [{"op": "filter", "domain": "time", "below": NaN}]})", "1: invalid JSON: "},
        {R"({"pipeline": [{"op": "clip", "head": 1e300}]})", "step 1 (clip): parameter \"head\" must be an integer"},
        {"{\"pipeline\": [\n{\"op\": \"clip\",\n \"head\": 1,}]}", "3: invalid JSON: "},
        {std::string(200000, '[') + std::string(200000, ']'), ": expected an object"},
        {"{\"pipeline\": [{\"op\": \"clip\", \"head\": 1, \"x\": " + std::string(200000, '[') +
             std::string(200000, ']') + "}]}",
         "step 1 (clip): unknown parameter \"x\""},
    };
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const std::string p = write("p" + std::to_string(i) + ".json", cases[i].first);
        for (const char* command : {"transform", "fit"}) {
            CliResult r = run({command, t, "--pipeline", p, "-o", path("out")});
            EXPECT_EQ(r.status, 3) << i << " " << command;
            EXPECT_EQ(r.err.rfind(p + ":", 0), 0u) << i << ": " << r.err;
            EXPECT_NE(r.err.find(cases[i].second), std::string::npos) << i << ": " << r.err;
            EXPECT_FALSE(fs::exists(path("out"))) << i;
        }
    }
    // A rules file with a name that is not text, and a folder given as the pipeline.
    write("bad.rules", "OK = TT\nB\xff = ET\n");
    CliResult r = run({"transform", t, "--pipeline",
                       pipeline("rules.json", json::parse(R"([{"op": "rules", "file": "bad.rules"}])"))});
    EXPECT_EQ(r.status, 3);
    EXPECT_NE(r.err.find("step 1 (rules): bad.rules:2: invalid UTF-8"), std::string::npos) << r.err;
    fs::create_directory(dir / "folder.json");
    CliResult d = run({"transform", t, "--pipeline", path("folder.json")});
    EXPECT_EQ(d.status, 3);
    EXPECT_EQ(d.err.rfind(path("folder.json") + ": cannot read pipeline: Is a directory", 0), 0u) << d.err;
}

TEST_F(CliAcceptance, OutputIntoAMissingFolderExitsThreeWithoutAFile)
{
    const std::string t = sample(kTrace), missing = path("no/such/folder/out");
    const std::string p = pipeline("p.json", json::array());
    for (const std::vector<std::string>& args :
         std::vector<std::vector<std::string>>{{"transform", t, "--pipeline", p, "-o", missing},
                                               {"fit", t, "-o", missing},
                                               {"fit", t, "--format", "prism", "-o", missing},
                                               {"periodogram", t, "-o", missing},
                                               {"convert", t, "-o", missing + ".ctrace"}}) {
        CliResult r = run(args);
        EXPECT_EQ(r.status, 3) << args[0];
        EXPECT_EQ(r.err.rfind(path("no/such/folder/out"), 0), 0u) << r.err;
        EXPECT_FALSE(fs::exists(path("no")));
    }
}

} // namespace
