// The event trace importer, one rule per test (docs/formats.md "Event traces").
#include "../text/text_test_util.hpp"

#include "io/events/events_reader.hpp"

#include <random>

using namespace chitra;
using namespace text_test;

namespace {

ImportOptions from_events()
{
    ImportOptions o;
    o.from = SourceFormat::events;
    return o;
}

} // namespace

TEST(EventsReader, EachEventEntersItsToStateOneLaneNamedByTheFile)
{
    EXPECT_EQ(pes_of("run.events", "100 idle busy\n250 busy idle\n400 idle busy\n", from_events()),
              "# chitra-pes 1\n# timebase: ns\n# components: 1\n# separator: |\n# end: 300\n# origin: 100\n"
              "# lane: 1 run\n0 busy\n150 idle\n300 busy\n");
}

TEST(EventsReader, EventsAtOneTimeApplyInFileOrderAndOnlyTheLastCounts)
{
    EXPECT_EQ(pes_of("r.events", "1 a b\n2 b c\n2 c d\n3 d a\n", from_events()),
              "# chitra-pes 1\n# timebase: ns\n# components: 1\n# separator: |\n# end: 2\n# origin: 1\n"
              "# lane: 1 r\n0 b\n1 d\n2 a\n");
}

TEST(EventsReader, TimeUnitScalesExactDecimalTimes)
{
    ImportOptions o = from_events();
    o.time_scale = 6; // ms
    EXPECT_EQ(pes_of("r.events", "0.0000005 a b\n1.25 b c\n", o),
              "# chitra-pes 1\n# timebase: ns\n# components: 1\n# separator: |\n# end: 1249999\n# origin: 1\n"
              "# lane: 1 r\n0 b\n1249999 c\n");
}

TEST(EventsReader, NameValuePairsAfterTheTypeAreGauges)
{
    EXPECT_EQ(pes_of("r.events", "0 a b send bytes=10\n5 b a recv bytes=4 n=1\n", from_events()),
              "# chitra-pes 1\n# timebase: ns\n# components: 1\n# separator: |\n# fields: bytes:gauge n:gauge\n"
              "# end: 5\n# origin: 0\n# lane: 1 r\n0 b 10 0\n5 a 4 1\n");
}

TEST(EventsReader, AFromOtherThanTheCurrentStateIsCountedInAWarning)
{
    std::vector<std::string> warnings;
    pes_of("r.events", "0 a b\n1 x c\n2 y d\n3 d e\n", from_events(), &warnings);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0], "r.events: 2 x an event's FROM is not the current state (its TO was taken)");
}

TEST(EventsReader, DetectedByTheChainOfStatesNotAPes)
{
    Dir dir;
    EXPECT_EQ(detect_format(dir.write("a.txt", "# run\n0 idle busy\n5 busy idle\n")), SourceFormat::events);
    EXPECT_EQ(detect_format(dir.write("b.txt", "0 idle busy\n5 idle busy\n")), SourceFormat::pes);
    EXPECT_EQ(detect_format(dir.write("c.pes", "# chitra-pes 1\n0 a b\n5 b c\n")), SourceFormat::pes);
}

TEST(EventsMalformed, EachProblemNamesItsLine)
{
    const ImportOptions o = from_events();
    EXPECT_EQ(error_of("m.events", "0 a b\n1 b\n", o), "m.events:2: an event is TIME FROM TO, this line has 2 words");
    EXPECT_EQ(error_of("m.events", "x a b\n", o), "m.events:1: the time 'x' is not a decimal number (or is too large)");
    EXPECT_EQ(error_of("m.events", "5 a b\n# c\n4 b c\n", o),
              "m.events:3: the time '4' is before the previous event's");
    EXPECT_EQ(error_of("m.events", "5 a b t v\n", o), "m.events:1: 'v' is not NAME=VALUE");
    EXPECT_EQ(error_of("m.events", "5 a b t v=x\n", o), "m.events:1: the value of 'v' is not a number");
}

// Random traces: the states read are the TO column with repeats collapsed.
TEST(EventsProperty, StatesAreTheToColumnWithRepeatsCollapsed)
{
    std::mt19937 rng(7);
    for (int round = 0; round < 50; ++round) {
        std::string text, from = "s0";
        std::vector<std::string> expected;
        Time t = 0;
        const int n = 1 + static_cast<int>(rng() % 40);
        for (int i = 0; i < n; ++i) {
            t += 1 + rng() % 5;
            const std::string to = "s" + std::to_string(rng() % 4);
            text += std::to_string(t) + " " + from + " " + to + "\n";
            if (expected.empty() || expected.back() != to)
                expected.push_back(to);
            from = to;
        }
        Dir dir;
        const Trace trace = load_trace(dir.write("p.events", text), from_events());
        std::vector<std::string> got;
        for (std::size_t i = 0; i < trace.size(); ++i)
            got.push_back((*trace.symbols)[trace.states[i]].name);
        EXPECT_EQ(got, expected) << text;
    }
}
