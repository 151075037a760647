// The Paraver importer, one rule per test (docs/formats.md "Paraver").
#include "../text/text_test_util.hpp"

#include "io/paraver/paraver_names.hpp"

using namespace chitra;
using namespace text_test;

namespace {

const std::string kHead = "# chitra-pes 1\n# timebase: ns\n";
const std::string kTwoThreads = "#Paraver (25/11/26 at 08:30):100_ns:1(2):1:1(2:1)\n";
const std::string kPcf = "DEFAULT_OPTIONS\n\nLEVEL               THREAD\n\nSTATES\n1    Running\n2    Waiting\n\n"
                         "EVENT_TYPE\n0    50000001    MPI calls\nVALUES\n1 MPI_Send\n";

// The PES of `prv` with `pcf` and `row` beside it (none when empty), and the warnings.
std::string pes(const std::string& prv, const std::string& pcf, const std::string& row,
                std::vector<std::string>* warnings = nullptr)
{
    Dir dir;
    const std::string path = dir.write("a.prv", prv);
    if (!pcf.empty())
        dir.write("a.pcf", pcf);
    if (!row.empty())
        dir.write("a.row", row);
    ImportOptions o;
    std::vector<std::string> w;
    o.warnings = &w;
    std::ostringstream out;
    write_pes(load_trace(path, o), out);
    if (warnings)
        for (const std::string& s : w)
            warnings->push_back(s.substr(s.rfind('/') + 1));
    return out.str();
}

} // namespace

TEST(ParaverReader, StateRecordsNamedByThePcfDashWhereNoRecordCoversLanesAreThreads)
{
    EXPECT_EQ(pes(kTwoThreads + "1:1:1:1:1:0:10:1\n1:1:1:1:2:5:20:2\n1:1:1:1:1:10:30:2\n1:1:1:1:1:40:50:1\n", kPcf,
                  "LEVEL THREAD SIZE 2\nmain\nworker\n"),
              kHead + "# components: 2\n# separator: |\n# end: 50\n# origin: 0\n# lane: 1 main\n# lane: 2 worker\n"
                      "0 Running -\n5 Running Waiting\n10 Waiting Waiting\n20 Waiting -\n30 - -\n40 Running -\n"
                      "50 - -\n");
}

TEST(ParaverReader, WithoutPcfAndRowNamesAreNumbersWithWarnings)
{
    std::vector<std::string> warnings;
    EXPECT_EQ(pes("#Paraver (25/11/26 at 08:30):100:1(1):1:1(1:1)\n1:1:1:1:1:0:10:7\n", "", "", &warnings),
              kHead + "# components: 1\n# separator: |\n# end: 10000\n# origin: 0\n# lane: 1 1.1.1\n0 7\n10000 -\n");
    EXPECT_EQ(warnings, (std::vector<std::string>{"a.pcf: missing (states and event types shown as numbers)",
                                                  "a.row: missing (threads shown as numbers)"}));
}

TEST(ParaverReader, EventsOfNamedTypesAreGaugesCommunicationsMessages)
{
    std::vector<std::string> warnings;
    // One message from thread 1 (logical send 1) to thread 2 (physical receive 4), one
    // naming thread 3, which the header has not.
    const std::string prv = kTwoThreads + "1:1:1:1:1:0:10:1\n2:1:1:1:1:5:50000001:3:42:9\n"
                                          "3:1:1:1:1:1:2:1:1:1:2:3:4:64:5\n3:1:1:1:1:1:2:1:1:1:3:3:4:64:5\n"
                                          "1:1:1:1:1:20:30:2\n";
    EXPECT_EQ(pes(prv, kPcf, "", &warnings),
              kHead + "# components: 1\n# separator: |\n# fields: MPI%20calls:gauge\n# end: 30\n# origin: 0\n"
                      "# lane: 1 1.1.1\n0 Running 0\n10 - 3\n20 Waiting 3\n30 - 3\n");
    EXPECT_EQ(warnings, (std::vector<std::string>{
                            "a.row: missing (threads shown as numbers)",
                            "a.prv: 1 x communication record (3:) naming a thread not in the header skipped",
                            "a.prv: 1 x event of a type the .pcf does not name skipped"}));
    Dir dir;
    const std::string path = dir.write("a.prv", prv);
    dir.write("a.pcf", kPcf);
    const LaneTrace lanes = import_lanes(path, {});
    ASSERT_EQ(lanes.messages.size(), 1u);
    EXPECT_EQ(lanes.messages[0], (Message{1, 4, 64, 0, 1, 5}));
    EXPECT_THROW(pes(kTwoThreads + "3:1:1:1:1:1:1:1:1:1:1:1:1:1\n", kPcf, ""), InputError); // 14 fields
}

// As Extrae's .pcf names MPI calls and user functions: the value 0 is `End`.
TEST(ParaverReader, RegionTypesAreCallsLanesAfterTheStateLanes)
{
    const std::string pcf = "STATES\n1    Running\n\n"
                            "EVENT_TYPE\n9    50000001    MPI Point-to-point\n9    50000002    MPI Collective\n"
                            "VALUES\n0   End\n1   MPI_Send\n2   MPI_Recv\n10  MPI_Barrier\n\n"
                            "EVENT_TYPE\n0    60000019    User function\nVALUES\n0   End\n1   Begin\n\n"
                            "EVENT_TYPE\n0    42    queue\n";
    // Thread 2's first region comes before thread 1's: the calls lanes still follow the
    // threads' order. A new value of a type replaces its entry in place; 0 removes it
    // (at 30 and 50 the region on top stays: no record).
    const std::string prv = kTwoThreads + "1:1:1:1:1:0:100:1\n1:1:1:1:2:0:100:1\n"
                                          "2:1:1:1:2:5:50000001:2\n"
                                          "2:1:1:1:1:10:60000019:1:42:7\n"
                                          "2:1:1:1:1:20:50000001:1\n"
                                          "2:1:1:1:2:25:50000001:0\n"
                                          "2:1:1:1:1:30:60000019:0\n"
                                          "2:1:1:1:1:40:60000019:1\n"
                                          "2:1:1:1:1:50:50000001:0\n"
                                          "2:1:1:1:1:60:50000002:10:60000019:0\n"
                                          "2:1:1:1:1:70:50000002:0\n";
    EXPECT_EQ(pes(prv, pcf, "LEVEL THREAD SIZE 2\nmain\nworker\n"),
              kHead + "# components: 4\n# separator: |\n# fields: queue:gauge\n# end: 100\n# origin: 0\n"
                      "# lane: 1 main\n# lane: 2 worker\n# lane: 3 main calls\n# lane: 4 worker calls\n"
                      "0 Running Running - - 0\n"
                      "5 Running Running - MPI_Recv 0\n"
                      "10 Running Running User%20function MPI_Recv 7\n"
                      "20 Running Running MPI_Send MPI_Recv 7\n"
                      "25 Running Running MPI_Send - 7\n"
                      "40 Running Running User%20function - 7\n"
                      "60 Running Running MPI_Barrier - 7\n"
                      "70 Running Running - - 7\n"
                      "100 - - - - 7\n");
}

TEST(ParaverReader, AMalformedPcfIsAWarning)
{
    std::vector<std::string> warnings;
    pes(kTwoThreads + "1:1:1:1:1:0:10:1\n", "STATES\nRunning\n", "", &warnings);
    ASSERT_GE(warnings.size(), 1u);
    EXPECT_EQ(warnings[0], "a.pcf:2: a STATES line is NUMBER NAME (states and event types shown as numbers)");
}

TEST(ParaverMalformed, EachProblemNamesItsLine)
{
    EXPECT_EQ(error_of("m.prv", "#Paraver (x):1_ns:1(1):1:1(1:1)\n1:1:1:1:2:0:5:1\n"),
              "m.prv:2: thread 1.1.2 is not in the header");
    EXPECT_EQ(error_of("m.prv", "#Paraver (x):1_ns:1(1):1:1(1:1)\n1:1:1:1:1:0:5\n"),
              "m.prv:2: a state record is 1:CPU:APPL:TASK:THREAD:BEGIN:END:STATE, this one has 7 fields");
    EXPECT_EQ(error_of("m.prv", "#Paraver (x):1_ns:1(1):1:1(1:1)\n1:1:1:1:1:9:5:1\n"),
              "m.prv:2: the state record ends before it begins");
    EXPECT_EQ(error_of("m.prv", "#Paraver (x):1_ns:1(1):1:1(1:1)\n9:1\n"),
              "m.prv:2: unknown record type 9 (1 state, 2 event, 3 communication, 4 global operation)");
    EXPECT_EQ(error_of("m.prv", "#Paraver (x):1_ks:1(1):1:1(1:1)\n"),
              "m.prv:1: Paraver header: unknown time unit ks (ns, us, ms or s)");
    EXPECT_EQ(error_of("m.prv", "#Paraver (x):1_ns:1(1):1:2(1:1)\n"),
              "m.prv:1: Paraver header: a thread count is not a number");
}

TEST(ParaverReader, StatesColorGivesItsStatesTheirColours)
{
    Dir dir;
    const std::string path = dir.write("a.prv", kTwoThreads + "1:1:1:1:1:0:10:1\n1:1:1:1:2:5:20:2\n");
    dir.write("a.pcf", kPcf + "\nSTATES_COLOR\n1    {0,0,255}\n2    { 255, 128 ,0}\n7    {1,2,3}\n");
    const Trace trace = load_trace(path, {});
    ASSERT_TRUE(trace.lanes);
    // Only the states of the trace; a colour of a state it never enters is not kept.
    EXPECT_EQ(trace.lanes->state_colours,
              (std::unordered_map<std::string, std::uint32_t>{{"Running", 0x0000FF}, {"Waiting", 0xFF8000}}));
}

TEST(ParaverReader, AMalformedStatesColorLineIsAWarning)
{
    for (const auto& [line, reason] : std::vector<std::pair<std::string, std::string>>{
             {"1 {0,0,256}", "a STATES_COLOR component is a number from 0 to 255"},
             {"1 {0,0}", "a STATES_COLOR line is NUMBER {R,G,B}"},
             {"1 0,0,0", "a STATES_COLOR line is NUMBER {R,G,B}"},
             {"1 {0,0,0,0}", "a STATES_COLOR line is NUMBER {R,G,B}"}}) {
        std::vector<std::string> warnings;
        pes(kTwoThreads + "1:1:1:1:1:0:10:1\n", "STATES\n1 Running\n\nSTATES_COLOR\n" + line + "\n", "", &warnings);
        ASSERT_GE(warnings.size(), 1u) << line;
        EXPECT_EQ(warnings[0], "a.pcf:5: " + reason + " (states and event types shown as numbers)") << line;
    }
}
