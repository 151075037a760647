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

TEST(ParaverReader, EventsOfNamedTypesAreGaugesCommunicationsCounted)
{
    std::vector<std::string> warnings;
    EXPECT_EQ(pes(kTwoThreads + "1:1:1:1:1:0:10:1\n2:1:1:1:1:5:50000001:3:42:9\n3:1:1:1:1:1:1:1:1:1:1:1:1:1\n"
                                "1:1:1:1:1:20:30:2\n",
                  kPcf, "", &warnings),
              kHead + "# components: 1\n# separator: |\n# fields: MPI%20calls:gauge\n# end: 30\n# origin: 0\n"
                      "# lane: 1 1.1.1\n0 Running 0\n10 - 3\n20 Waiting 3\n30 - 3\n");
    EXPECT_EQ(warnings, (std::vector<std::string>{"a.row: missing (threads shown as numbers)",
                                                  "a.prv: 1 x communication record (3:) skipped",
                                                  "a.prv: 1 x event of a type the .pcf does not name skipped"}));
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
