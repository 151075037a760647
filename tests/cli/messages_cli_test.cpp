// `chitra-cli messages` (interfaces.md "Messages between lanes"): the messages of an OTF2
// archive written through the OTF2 writer (blocking and non-blocking, two communicators,
// a send nobody receives) against a computation from `otf2-print`'s listing alone, and
// its forms, ranges and lane choices; the messages survive a `.ctrace`.
#include "cli_test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <tuple>
#include <memory>

namespace chitra::cli_test {
namespace {

using nlohmann::json;

const std::string kTests = std::string(CHITRA_SOURCE_DIR) + "/tests/cli/";

// The archive, written once per test by Debian's python3-otf2.
std::string messages_archive(const TempDir& dir)
{
    const std::string out = (dir.path / "mpi").string();
    const int status =
        std::system(("/usr/bin/python3 " + quote(kTests + "make_otf2_messages.py") + " " + quote(out) + " 3").c_str());
    EXPECT_EQ(status, 0) << "make_otf2_messages.py (python3-otf2) failed";
    return out + "/traces.otf2";
}

json cli_json(const std::vector<std::string>& args, const TempDir& dir)
{
    const CliRun run = run_cli(args, dir.path);
    EXPECT_EQ(run.status, 0) << run.err;
    return json::parse(run.out);
}

TEST(MessagesCli, AgreesWithTheOtf2PrintListing)
{
    TempDir dir;
    const std::string archive = messages_archive(dir);
    const json cli = cli_json({"messages", archive, "--list"}, dir);
    const json ref =
        json::parse(shell_output("python3 " + quote(kTests + "otf2_print_messages.py") + " " + quote(archive)));
    ASSERT_GT(ref["messages"].get<int>(), 50);
    EXPECT_EQ(ref["unmatched_sends"], 1);
    EXPECT_GT(ref["late_sender_ns"].get<std::int64_t>(), 0);
    for (const auto& [key, value] : ref.items())
        EXPECT_EQ(cli[key], value) << key;
    // Each pair's bytes add up to the total.
    std::uint64_t bytes = 0;
    for (const json& row : cli["bytes_matrix"])
        for (const json& b : row)
            bytes += b.get<std::uint64_t>();
    EXPECT_EQ(bytes, cli["bytes"].get<std::uint64_t>());
}

TEST(MessagesCli, ARangeCountsTheMessagesSentInIt)
{
    TempDir dir;
    const std::string archive = messages_archive(dir);
    const json all = cli_json({"messages", archive, "--list"}, dir);
    const std::int64_t cut = all["list"][all["list"].size() / 2]["send_ns"];
    const json first = cli_json({"messages", archive, "--list", "--range", ":" + std::to_string(cut)}, dir);
    const json rest = cli_json({"messages", archive, "--list", "--range", std::to_string(cut) + ":"}, dir);
    EXPECT_EQ(first["messages"].get<int>() + rest["messages"].get<int>(), all["messages"].get<int>());
    for (const json& m : first["list"])
        EXPECT_LT(m["send_ns"].get<std::int64_t>(), cut);
    for (const json& m : rest["list"])
        EXPECT_GE(m["send_ns"].get<std::int64_t>(), cut);
    EXPECT_EQ(first["late_sender_ns"].get<std::int64_t>() + rest["late_sender_ns"].get<std::int64_t>(),
              all["late_sender_ns"].get<std::int64_t>());
}

TEST(MessagesCli, ChosenLanesKeepOnlyTheirMessagesNumberedAmongThem)
{
    TempDir dir;
    const std::string archive = messages_archive(dir);
    const json all = cli_json({"messages", archive, "--list"}, dir);
    // Lanes 2 and 4 of the archive ("rank 2" and "rank 0").
    const json two = cli_json({"messages", archive, "--list", "--components", "2,4"}, dir);
    ASSERT_EQ(two["lanes"].size(), 2u);
    EXPECT_EQ(two["lanes"][0], all["lanes"][1]);
    EXPECT_EQ(two["lanes"][1], all["lanes"][3]);
    json expected = json::array();
    for (const json& m : all["list"])
        if ((m["from"] == 2 || m["from"] == 4) && (m["to"] == 2 || m["to"] == 4)) {
            json row = m;
            row["from"] = m["from"] == 2 ? 1 : 2;
            row["to"] = m["to"] == 2 ? 1 : 2;
            expected.push_back(row);
        }
    ASSERT_FALSE(expected.empty());
    EXPECT_EQ(two["list"], expected);
    EXPECT_EQ(two["count"][0][1].get<int>() + two["count"][1][0].get<int>(), static_cast<int>(expected.size()));
}

TEST(MessagesCli, TheMessagesSurviveACtraceAndTheCsvListsThem)
{
    TempDir dir;
    const std::string archive = messages_archive(dir);
    const std::string ctrace = (dir.path / "mpi.ctrace").string();
    ASSERT_EQ(run_cli({"convert", archive, "-o", ctrace}, dir.path).status, 0);
    const json from_archive = cli_json({"messages", archive, "--list"}, dir);
    EXPECT_EQ(cli_json({"messages", ctrace, "--list"}, dir), from_archive);

    const CliRun csv = run_cli({"messages", archive, "--format", "csv"}, dir.path);
    ASSERT_EQ(csv.status, 0) << csv.err;
    std::string expected = "from,to,send_ns,recv_ns,bytes,tag\n";
    for (const json& m : from_archive["list"])
        expected += std::to_string(m["from"].get<int>()) + "," + std::to_string(m["to"].get<int>()) + "," +
                    std::to_string(m["send_ns"].get<std::int64_t>()) + "," +
                    std::to_string(m["recv_ns"].get<std::int64_t>()) + "," +
                    std::to_string(m["bytes"].get<std::uint64_t>()) + "," + std::to_string(m["tag"].get<int>()) + "\n";
    EXPECT_EQ(csv.out, expected);
    // The unmatched send is said once, as a warning.
    EXPECT_NE(csv.err.find("1 x message sent with no matching receive"), std::string::npos) << csv.err;
}

TEST(MessagesCli, AWindowCutByConvertKeepsTheMessagesSentInItAndTheRegionTimes)
{
    TempDir dir;
    const std::string archive = messages_archive(dir);
    const json all = cli_json({"messages", archive, "--list"}, dir);
    const std::int64_t from = all["list"][all["list"].size() / 4]["send_ns"];
    const std::int64_t to = all["list"][all["list"].size() / 2]["send_ns"];
    const std::string range = std::to_string(from) + ":" + std::to_string(to);
    const std::string clip = (dir.path / "window.ctrace").string();
    const CliRun cut = run_cli({"convert", archive, "--range", range, "-o", clip}, dir.path);
    ASSERT_EQ(cut.status, 0) << cut.err;

    // Every rank is inside `main` at the window's start, so the clip's times count from it.
    json expected = cli_json({"messages", archive, "--list", "--range", range}, dir)["list"];
    for (json& m : expected) {
        m["send_ns"] = m["send_ns"].get<std::int64_t>() - from;
        m["recv_ns"] = m["recv_ns"].get<std::int64_t>() - from;
    }
    ASSERT_GT(expected.size(), 5u);
    EXPECT_EQ(cli_json({"messages", clip, "--list"}, dir)["list"], expected);

    // Each region's inclusive and exclusive time in the window is the clip's.
    const json window = cli_json({"profile", archive, "--range", range, "--format", "json"}, dir);
    const json of_clip = cli_json({"profile", clip, "--format", "json"}, dir);
    ASSERT_EQ(of_clip["regions"].size(), window["regions"].size());
    for (std::size_t r = 0; r < window["regions"].size(); ++r) {
        EXPECT_EQ(of_clip["regions"][r]["region"], window["regions"][r]["region"]);
        EXPECT_EQ(of_clip["regions"][r]["inclusive_ns"], window["regions"][r]["inclusive_ns"]);
        EXPECT_EQ(of_clip["regions"][r]["exclusive_ns"], window["regions"][r]["exclusive_ns"]);
    }
    EXPECT_EQ(of_clip["range"][1].get<std::int64_t>() - of_clip["range"][0].get<std::int64_t>(), to - from);

    // A PES has no lanes to cut: a usage error that says what to use.
    const CliRun pes = run_cli({"convert", std::string(CHITRA_SOURCE_DIR) + "/sample_traces/philosophers-n2-x100.pes",
                                "--range", "0:10", "-o", (dir.path / "p.pes").string()},
                               dir.path);
    EXPECT_EQ(pes.status, 2);
    EXPECT_NE(pes.err.find("clip step"), std::string::npos) << pes.err;
}

// SimGrid's SMPI runs the halo exchange of src/tools/smpi (MPI_Isend, MPI_Irecv) and
// traces it in Paje with each message's size: the links PajeNG's pj_dump lists are the
// messages, every one.
TEST(MessagesCli, SimGridLinksAgreeWithPjDump)
{
    TempDir dir;
    const std::string tools = std::string(CHITRA_SOURCE_DIR) + "/src/tools/smpi/";
    const std::string run = "cd " + quote(dir.path.string()) + " && cp " + quote(tools + "halo.c") + " " +
                            quote(tools + "star4.xml") +
                            " . && smpicc -O1 halo.c -o halo > build.log 2>&1 && smpirun -np 4 -platform star4.xml "
                            "-trace -trace-file t.paje --cfg=tracing/smpi/display-sizes:yes "
                            "--cfg=tracing/precision:9 --cfg=smpi/simulate-computation:no ./halo > run.log 2>&1";
    ASSERT_EQ(std::system(run.c_str()), 0) << "smpicc or smpirun failed in " << dir.path;
    const std::string trace = (dir.path / "t.paje").string();
    const json cli = cli_json({"messages", trace, "--list"}, dir);
    const json ref = json::parse(shell_output("python3 " + quote(kTests + "pj_dump_messages.py") + " " + quote(trace)));
    std::map<std::string, int> number;
    for (std::size_t k = 0; k < cli["lanes"].size(); ++k)
        number[cli["lanes"][k].get<std::string>()] = static_cast<int>(k + 1);
    std::vector<std::tuple<std::int64_t, int, std::int64_t, int, std::uint64_t>> expected, got;
    for (const json& m : ref["links"])
        expected.emplace_back(m["send_ns"], number.at(m["from"]), m["recv_ns"], number.at(m["to"]), m["bytes"]);
    for (const json& m : cli["list"])
        got.emplace_back(m["send_ns"], m["from"], m["recv_ns"], m["to"], m["bytes"]);
    std::sort(expected.begin(), expected.end());
    ASSERT_GT(expected.size(), 100u);
    EXPECT_EQ(got, expected); // the CLI lists them in this order too
    EXPECT_EQ(cli["unmatched_sends"], 0);
    EXPECT_GT(cli["bytes"].get<std::uint64_t>(), 0u);
}

// Chrome flow events: an `s` and an `f` of one id and category are a message from the
// `s` event's thread to the `f` event's; `t` steps are no end; a flow without its finish is
// counted once.
TEST(MessagesCli, ChromeFlowsAreMessagesBetweenThreads)
{
    TempDir dir;
    const std::string trace = (dir.path / "flows.json").string();
    {
        std::ofstream out(trace);
        out << R"({"traceEvents": [
{"ph": "X", "name": "post", "pid": 1, "tid": 1, "ts": 0, "dur": 10},
{"ph": "s", "name": "task", "cat": "q", "id": 7, "pid": 1, "tid": 1, "ts": 5},
{"ph": "X", "name": "run", "pid": 1, "tid": 2, "ts": 20, "dur": 10},
{"ph": "t", "name": "task", "cat": "q", "id": 7, "pid": 1, "tid": 3, "ts": 12},
{"ph": "f", "name": "task", "cat": "q", "id": 7, "pid": 1, "tid": 2, "ts": 21, "bp": "e"},
{"ph": "s", "name": "task", "cat": "other", "id": 7, "pid": 1, "tid": 2, "ts": 25},
{"ph": "f", "name": "task", "cat": "other", "id": 7, "pid": 1, "tid": 1, "ts": 40},
{"ph": "s", "name": "task", "cat": "q", "id": "7", "pid": 1, "tid": 2, "ts": 26},
{"ph": "X", "name": "post", "pid": 1, "tid": 1, "ts": 38, "dur": 10}
]})";
    }
    const CliRun run = run_cli({"messages", trace, "--list"}, dir.path);
    ASSERT_EQ(run.status, 0) << run.err;
    const json cli = json::parse(run.out);
    ASSERT_EQ(cli["lanes"], json({"1/1", "1/2"})); // a `t` step makes no lane
    ASSERT_EQ(cli["messages"], 2);
    // ts in µs: 5 µs on thread 1 to 21 µs on thread 2; then 25 µs back to thread 1 at 40 µs.
    EXPECT_EQ(cli["list"][0],
              json({{"from", 1}, {"to", 2}, {"send_ns", 5000}, {"recv_ns", 21000}, {"bytes", 0}, {"tag", 0}}));
    EXPECT_EQ(cli["list"][1]["from"], 2);
    EXPECT_EQ(cli["list"][1]["recv_ns"], 40000);
    EXPECT_EQ(cli["unmatched_sends"], 1); // the string id "7" is another flow, never finished
    EXPECT_NE(run.err.find("1 x message sent with no matching receive"), std::string::npos) << run.err;
}

// Paraver communication records: from the sending thread at its logical send time to the
// receiving thread at its physical receive time; the receiver's MPI calls, in its `calls`
// lane, say how long it waited for a late sender.
TEST(MessagesCli, ParaverCommunicationsAndTheirLateSenders)
{
    TempDir dir;
    const std::string prv = (dir.path / "a.prv").string();
    std::ofstream(dir.path / "a.pcf") << "STATES\n1    Running\n\nEVENT_TYPE\n9    50000001    MPI Point-to-point\n"
                                         "VALUES\n0   End\n1   MPI_Send\n3   MPI_Recv\n";
    // Thread 2 enters MPI_Recv at 2; thread 1 sends at 5 (logical), received at 8; then a
    // second message received while thread 2 computes.
    std::ofstream(prv) << "#Paraver (25/11/26 at 08:30):100_ns:1(2):1:1(2:1)\n"
                          "1:1:1:1:1:0:100:1\n1:1:1:1:2:0:100:1\n"
                          "2:1:1:1:2:2:50000001:3\n2:1:1:1:1:4:50000001:1\n2:1:1:1:1:6:50000001:0\n"
                          "3:1:1:1:1:5:6:1:1:1:2:7:8:32:9\n2:1:1:1:2:10:50000001:0\n"
                          "3:1:1:1:1:20:21:1:1:1:2:22:30:16:9\n";
    const CliRun run = run_cli({"messages", prv, "--list"}, dir.path);
    ASSERT_EQ(run.status, 0) << run.err;
    const json cli = json::parse(run.out);
    ASSERT_EQ(cli["messages"], 2);
    EXPECT_EQ(cli["list"][0],
              json({{"from", 1}, {"to", 2}, {"send_ns", 5}, {"recv_ns", 8}, {"bytes", 32}, {"tag", 9}}));
    EXPECT_EQ(cli["late_sender_ns"], 3); // MPI_Recv entered at 2, the message sent at 5
    EXPECT_EQ(cli["late_sender"][1], json({{"lane", 2}, {"ns", 3}}));
}

TEST(MessagesCli, ABadRangeIsAUsageError)
{
    TempDir dir;
    const std::string archive = messages_archive(dir);
    const CliRun run = run_cli({"messages", archive, "--range", "5:5"}, dir.path);
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.err.find("--range must be T0:T1"), std::string::npos) << run.err;
}

} // namespace
} // namespace chitra::cli_test
