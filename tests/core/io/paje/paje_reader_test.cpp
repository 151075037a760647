// The Paje importer, one rule per test, on small hand-written traces (docs/formats.md
// "Paje"; interfaces.md "Foreign trace formats").
#include "paje_test_util.hpp"

#include "chitra/io/import.hpp"
#include "chitra/io/io.hpp"
#include "chitra/lanes/lane_selection.hpp"
#include "chitra/util/cancel.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>

using namespace chitra;
using namespace paje_test;

namespace {

std::vector<std::string> records(const Trace& t)
{
    std::vector<std::string> out;
    for (std::size_t i = 0; i < t.size(); ++i)
        out.push_back(std::to_string(t.times[i]) + ":" + (*t.symbols)[t.states[i]].name);
    return out;
}

std::string read_docs(const std::string& name)
{
    std::ifstream in(std::string(CHITRA_SOURCE_DIR) + "/docs/" + name, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

// The text of the first fenced code block after `marker` ("" when there is none).
std::string code_block_after(const std::string& text, const std::string& marker)
{
    const std::size_t at = text.find(marker);
    if (at == std::string::npos)
        return {};
    const std::size_t open = text.find("```\n", at);
    const std::size_t close = open == std::string::npos ? open : text.find("\n```", open + 3);
    if (close == std::string::npos)
        return {};
    return text.substr(open + 4, close + 1 - (open + 4));
}

} // namespace

TEST(PajeReader, SetReplacesTheStackPushAndPopNestResetEmptiesIt)
{
    LaneTrace t = read(kThreads + R"(6 1.0 ST t1 A
6 2.0 ST t1 B
5 3.0 ST t1 S
7 4.0 ST t1
6 5.0 ST t1 A
6 5.5 ST t1 B
8 6.0 ST t1
7 7.0 ST t1
)");
    ASSERT_EQ(t.lanes.size(), 1u); // t2 has no state event: not a lane
    EXPECT_EQ(t.format, "paje");
    EXPECT_EQ(changes(t, 0),
              (std::vector<std::string>{"1000000000:A/1", "2000000000:B/2", "3000000000:S/1", "4000000000:-/0",
                                        "5000000000:A/1", "5500000000:B/2", "6000000000:-/0"}));
    ASSERT_EQ(t.warnings.size(), 1u); // the last pop found an empty stack
    EXPECT_NE(t.warnings[0].find("no open region"), std::string::npos) << t.warnings[0];
    EXPECT_EQ(t.last_event, Time{7000000000});
}

TEST(PajeReader, EventsOfALaneAtOneTimeApplyInFileOrder)
{
    LaneTrace t = read(kThreads + R"(6 1 ST t1 A
6 2 ST t1 Z
7 2 ST t1
5 3 ST t1 X
5 3 ST t1 Y
)");
    // Z opens and closes at 2 s: nothing changes; of X and Y set at 3 s, Y stays.
    EXPECT_EQ(changes(t, 0), (std::vector<std::string>{"1000000000:A/1", "3000000000:Y/1"}));
}

TEST(PajeReader, FieldsInAnyOrderWithExtraFieldsAndOlderFieldNames)
{
    LaneTrace t = read(R"(%EventDef PajeDefineContainerType 1
% Name string
% ContainerType string
%EndEventDef
%EventDef PajeDefineStateType 2
% Name string
% ContainerType string
%EndEventDef
%EventDef PajeCreateContainer 3
% Name string
% Container string
% Type string
% Time date
%EndEventDef
%EventDef PajeSetState 10
% Value string
% Origin string
% Container string
% EntityType string
% Time date
%EndEventDef
1 Proc 0
2 "Proc state" Proc
3 p0 0 Proc 0.5
10 Run here p0 "Proc state" 1.25
10 "Wait here" x p0 "Proc state" 2
)");
    ASSERT_EQ(t.lanes.size(), 1u);
    EXPECT_EQ(t.lanes[0].name, "p0");
    EXPECT_EQ(changes(t, 0), (std::vector<std::string>{"1250000000:Run/1", "2000000000:Wait here/1"}));
}

TEST(PajeReader, EntityValuesNameTheStatesSetByTheirAlias)
{
    LaneTrace t = read(kThreads + R"(2 v1 ST Running "1 0 0"
2 v2 ST "Blocked on I/O" "0 0 1"
5 1 ST t1 v1
5 2 ST t1 v2
5 3 ST t1 Idle
5 4 ST t1 Running
)");
    // An undefined value is a new value named by its text, as PajeNG reads it; "Running"
    // is v1's name, not an identifier, so it is such a new value with the same name.
    EXPECT_EQ(changes(t, 0), (std::vector<std::string>{"1000000000:Running/1", "2000000000:Blocked on I/O/1",
                                                       "3000000000:Idle/1", "4000000000:Running/1"}));
    EXPECT_EQ(std::count(t.state_names.begin(), t.state_names.end(), "Running"), 1);
}

TEST(PajeReader, EntityValueColoursAreTheStatesColours)
{
    LaneTrace t = read(kThreads + R"(2 v1 ST Running "1 0 0"
2 v2 ST Blocked "0 0.5 1.0 1"
2 v3 ST Waiting "0 1"
2 v4 ST Sleeping "0 1 2"
5 1 ST t1 v1
5 2 ST t1 v2
5 3 ST t1 v3
5 4 ST t1 v4
)");
    // "R G B" from 0 to 1, an alpha after them ignored; a colour that is not one is a
    // warning and its state keeps the palette's colour.
    EXPECT_EQ(t.state_colours,
              (std::unordered_map<std::string, std::uint32_t>{{"Running", 0xFF0000}, {"Blocked", 0x0080FF}}));
    ASSERT_EQ(t.warnings.size(), 1u);
    EXPECT_NE(t.warnings[0].find("2 x a value's colour is not \"R G B\" from 0 to 1"), std::string::npos)
        << t.warnings[0];
}

TEST(PajeReader, QuotedStringsCommentsBlankLinesAndCrLf)
{
    std::string text = "# written by hand\n\n" + kHeader +
                       "0 CT 0 \"Thread type\" # a comment after an event\n"
                       "1 ST CT \"State\"\n"
                       "   \n"
                       "3 0 t1 CT 0 \" rank #0 (main) \"\n"
                       "5 0.5 ST t1 \"two words\"\r\n"
                       "5\t0.75\tST\tt1\t\"A\"\n"
                       "# the end\n";
    LaneTrace t = read(text);
    ASSERT_EQ(t.lanes.size(), 1u);
    // '#' inside quotes is text; blanks around a lane name are dropped (a `# lane:` line
    // cannot keep them).
    EXPECT_EQ(t.lanes[0].name, "rank #0 (main)");
    EXPECT_EQ(changes(t, 0), (std::vector<std::string>{"500000000:two words/1", "750000000:A/1"}));
}

TEST(PajeReader, LanesAreContainersWithStatesInCreationOrder)
{
    LaneTrace t = read(kHeader + R"(0 NT 0 Node
0 PT NT Proc
1 ST PT State
1 CM PT Comm
3 0 n1 NT 0 node1
3 0 p2 PT n1 "proc b"
3 0 p1 PT n1 "proc a"
3 0 p3 PT n1 "proc c"
6 1 CM p3 send
5 1 ST p1 A
5 2 ST p3 B
5 2 ST p2 C
)");
    // node1 has no state; proc c has two state types: one lane each, in type order.
    EXPECT_EQ(lane_names(t), (std::vector<std::string>{"proc b", "proc a", "proc c State", "proc c Comm"}));
    EXPECT_EQ(changes(t, 0), (std::vector<std::string>{"2000000000:C/1"}));
    EXPECT_EQ(changes(t, 3), (std::vector<std::string>{"1000000000:send/1"}));

    // In the PES: one component per lane, named by `# lane:` lines.
    Trace pes = to_trace(t, choose_lanes(t, {}));
    EXPECT_EQ(records(pes), (std::vector<std::string>{"0:-|A|-|send", "1000000000:C|A|B|send"}));
    std::ostringstream out;
    write_pes(pes, out);
    EXPECT_NE(out.str().find("# lane: 3 proc c State\n# lane: 4 proc c Comm\n"), std::string::npos) << out.str();
    // Lanes chosen by name, as --components does.
    EXPECT_EQ(choose_lanes(t, {"/^proc c/"}), (std::vector<std::size_t>{2, 3}));
}

TEST(PajeReader, TimesAreExactDecimalSeconds)
{
    LaneTrace t = read(kThreads + R"(5 0.000000001 ST t1 A
5 1.0000000005 ST t1 B
5 12.5e-1 ST t1 C
5 4 ST t1 D
5 18446744.073709551 ST t1 E
)");
    // 1.0000000005 s is 1000000000.5 ns: halves round away from zero; no binary floating
    // point (18446744.073709551 s has more digits than a double holds).
    EXPECT_EQ(changes(t, 0), (std::vector<std::string>{"1:A/1", "1000000001:B/1", "1250000000:C/1", "4000000000:D/1",
                                                       "18446744073709551:E/1"}));
}

TEST(PajeReader, VariablesAreGaugesNamedByTheirTypeAndOwner)
{
    LaneTrace t = read(kThreads + R"(9 VT CT Load "1 1 1"
3 0 h CT 0 host
5 0 ST t1 run
5 0 ST t2 run
10 1 VT t1 5
11 2 VT t1 2.5
12 3 VT t1 1
10 1 VT t2 1e3
10 1 VT h 3
5 4 ST t1 wait
)");
    ASSERT_EQ(t.fields.size(), 3u);
    EXPECT_EQ(t.fields[0].name, "Load");
    EXPECT_EQ(t.fields[0].kind, FieldKind::gauge);
    EXPECT_EQ(t.fields[0].lane, std::optional<std::size_t>(0));
    EXPECT_EQ(t.fields[1].lane, std::optional<std::size_t>(1));
    EXPECT_FALSE(t.fields[2].lane.has_value()); // host carries no state: named by its container
    EXPECT_EQ(t.fields[2].owner, "host");
    const std::vector<std::pair<Time, double>> load{{1000000000, 5}, {2000000000, 7.5}, {3000000000, 6.5}};
    EXPECT_EQ(t.fields[0].samples, load);

    Trace pes = to_trace(t, choose_lanes(t, {}));
    ASSERT_EQ(pes.header.fields.size(), 3u);
    EXPECT_EQ(pes.header.fields[0].name, "Load@1");
    EXPECT_EQ(pes.header.fields[1].name, "Load@2");
    EXPECT_EQ(pes.header.fields[2].name, "Load@host");
    // Records at 0 and 4 s: the value at 4 s is the latest sample (6.5).
    EXPECT_EQ(records(pes), (std::vector<std::string>{"0:run|run", "4000000000:wait|run"}));
    EXPECT_EQ(pes.fields[0][0], 0.0);
    EXPECT_EQ(pes.fields[0][1], 6.5);
    EXPECT_EQ(pes.fields[1][1], 1000.0);
    EXPECT_EQ(pes.fields[2][1], 3.0);
    // One lane chosen: one recorder of its Load left (plus the host's).
    Trace one = to_trace(t, {0});
    EXPECT_EQ(one.header.fields[0].name, "Load@1");
    EXPECT_EQ(one.header.fields[1].name, "Load@host");
}

TEST(PajeReader, DestroyingAContainerEndsItsStatesAndThoseInsideIt)
{
    LaneTrace t = read(kThreads + R"(0 PT CT Proc
1 PS PT PState
3 0.5 p1 PT t1 inner
6 1 ST t1 A
6 1 PS p1 B
6 1.5 ST t2 C
4 2 CT t1
5 3 ST t1 late
)");
    EXPECT_EQ(lane_names(t), (std::vector<std::string>{"thread 1", "thread 2", "inner"}));
    EXPECT_EQ(changes(t, 0), (std::vector<std::string>{"1000000000:A/1", "2000000000:-/0"}));
    EXPECT_EQ(changes(t, 1), (std::vector<std::string>{"1500000000:C/1"}));
    EXPECT_EQ(changes(t, 2), (std::vector<std::string>{"1000000000:B/1", "2000000000:-/0"}));
    ASSERT_EQ(t.warnings.size(), 1u);
    EXPECT_NE(t.warnings[0].find("destroyed container"), std::string::npos) << t.warnings[0];
    EXPECT_EQ(t.last_event, Time{3000000000}); // the ignored event still counts for `end`
}

TEST(PajeReader, LinksAndEventsAreReadAndSkippedButCountForTheEnd)
{
    LaneTrace t = read(kThreads + R"(13 ET CT Mark
15 LT 0 CT CT Msg
2 m LT msg "0 0 0"
5 1 ST t1 A
14 2 ET t1 hello
16 3 LT 0 m t1 k1
17 4 LT 0 m t2 k1
)");
    ASSERT_EQ(t.lanes.size(), 1u);
    EXPECT_EQ(changes(t, 0), (std::vector<std::string>{"1000000000:A/1"}));
    Trace pes = to_trace(t, {0});
    EXPECT_EQ(pes.header.end, Time{3000000000}); // 4 s, minus the origin 1 s
}

TEST(PajeReader, TypesAndContainersAreFoundByAliasThenByName)
{
    LaneTrace t = read(kHeader + R"(0 1 0 "Thread type"
1 2 1 "State type"
3 0 10 1 0 worker
5 1 2 10 A
5 2 "State type" worker B
)");
    EXPECT_EQ(changes(t, 0), (std::vector<std::string>{"1000000000:A/1", "2000000000:B/1"}));

    // A word that named a container by its name names another once that one takes it as
    // its alias (the reader's lookups are remembered and must follow).
    LaneTrace u = read(kHeader + R"(0 CT 0 Thread
1 ST CT State
3 0 a CT 0 x
5 1 ST x A
5 1.5 ST x A2
3 0 x CT 0 y
5 2 ST x B
5 3 ST a C
)");
    EXPECT_EQ(lane_names(u), (std::vector<std::string>{"x", "y"}));
    EXPECT_EQ(changes(u, 0), (std::vector<std::string>{"1000000000:A/1", "1500000000:A2/1", "3000000000:C/1"}));
    EXPECT_EQ(changes(u, 1), (std::vector<std::string>{"2000000000:B/1"}));
}

TEST(PajeImport, TheExampleOfTheDocsBecomesThisPes)
{
    // Both texts are read from docs/formats.md "Paje", so the docs cannot drift from the code.
    const std::string docs = read_docs("formats.md");
    const std::string paje = code_block_after(docs, "**Example.** Two ranks");
    const std::string expected = code_block_after(docs, "`chitra-cli convert example.trace -o example.pes` writes");
    ASSERT_FALSE(paje.empty());
    ASSERT_FALSE(expected.empty());
    TempFiles files;
    const std::string path = files.write("example.trace", paje);
    EXPECT_EQ(detect_format(path), SourceFormat::paje);
    Trace t = load_trace(path, ImportOptions{});
    std::ostringstream out;
    write_pes(t, out);
    EXPECT_EQ(out.str(), expected);
    // The PES reads back as written.
    Trace back = read_pes_text(out.str(), "back.pes");
    EXPECT_EQ(records(back), records(t));
}

TEST(PajeImport, ProgressIsReportedAndCancellationStopsTheRead)
{
    std::string text = kThreads;
    for (int i = 0; i < 200000; ++i) // about 5 MB: one progress call on the way, one at the end
        text += "5 " + std::to_string(i) + " ST t1 " + (i % 2 ? "A" : "B") + " # padding padding\n";
    std::vector<double> seen;
    ImportOptions options;
    options.progress = [&](double f) { seen.push_back(f); };
    LaneTrace t = detail::read_paje_text(text, "big.paje", options);
    EXPECT_EQ(t.lanes[0].changes.size(), 200000u);
    ASSERT_GE(seen.size(), 2u);
    EXPECT_GT(seen.front(), 0.0);
    EXPECT_LT(seen.front(), 1.0);
    EXPECT_EQ(seen.back(), 1.0);

    CancelFlag cancel{true};
    CancelScope scope(&cancel);
    EXPECT_THROW(detail::read_paje_text(text, "big.paje", {}), Cancelled);
}

TEST(PajeImport, ContainersOfOneNameKeepTheirVariablesApart)
{
    // Found by fuzz_paje_reader: names need not be unique, and two hosts named alike
    // recording "speed" gave two PES fields "speed@node"; the second is "speed@node#2".
    LaneTrace t = read(kThreads + R"(9 VT CT speed "1 1 1"
3 0 h1 CT 0 node
3 0 h2 CT 0 node
5 1 ST t1 A
10 1 VT h1 1
10 1 VT h2 2
)");
    Trace pes = to_trace(t, choose_lanes(t, {}));
    ASSERT_EQ(pes.header.fields.size(), 2u);
    EXPECT_EQ(pes.header.fields[0].name, "speed@node");
    EXPECT_EQ(pes.header.fields[1].name, "speed@node#2");
    EXPECT_EQ(pes.fields[1][0], 2.0);
    std::ostringstream out;
    write_pes(pes, out);
    EXPECT_NO_THROW(read_pes_text(out.str(), "back.pes"));
}
