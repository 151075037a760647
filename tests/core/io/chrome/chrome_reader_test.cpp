// The Chrome Trace Event JSON importer, one rule of interfaces.md ("Foreign trace
// formats") per test, on small hand-written traces. Every trace is also read in chunks
// of 1, 2, 7, 64 and 1000 bytes (read_every_way), which must change nothing.
#include "chrome_test_util.hpp"

#include "chitra/io/io.hpp"
#include "chitra/util/cancel.hpp"

#include <algorithm>

using namespace chitra;
using namespace chrome_test;

TEST(ChromeReader, ArrayFormNestedCompleteEvents)
{
    const LaneTrace lt = read_every_way(R"([
        {"name":"outer","ph":"X","ts":1,"dur":10,"pid":1,"tid":1},
        {"name":"inner","ph":"X","ts":2,"dur":3,"pid":1,"tid":1}
    ])");
    ASSERT_EQ(lt.lanes.size(), 1u);
    EXPECT_EQ(lt.lanes[0].name, "1/1");
    EXPECT_EQ(lt.format, "chrome");
    const Trace t = to_trace(lt, {0});
    EXPECT_EQ(records(t), (std::vector<std::string>{"0:outer", "1000:inner", "4000:outer", "10000:-"}));
    EXPECT_EQ(header(t, "origin"), "1000");
    EXPECT_EQ(header(t, "lane"), "1 1/1");
    EXPECT_EQ(t.header.end, 10000);
    EXPECT_EQ(t.header.timebase, TimeBase::ns);
    EXPECT_EQ(t.header.separator, "|");
    ASSERT_EQ(lt.lanes[0].changes.size(), 4u);
    EXPECT_EQ(lt.lanes[0].changes[1].depth, 2u);
    EXPECT_EQ(lt.lanes[0].changes[2].depth, 1u);
    EXPECT_TRUE(lt.warnings.empty());
}

TEST(ChromeReader, AReservedCnameIsItsStatesColour)
{
    // The trace viewer's reserved names only; the first event of a name that gives one
    // decides, and a cname of another type is skipped like any other key.
    const LaneTrace lt = read_every_way(R"([
        {"name":"run","ph":"X","ts":1,"dur":10,"pid":1,"tid":1,"cname":"good"},
        {"cname":"terrible","name":"run","ph":"X","ts":20,"dur":1,"pid":1,"tid":2},
        {"name":"wait","ph":"B","ts":2,"pid":1,"tid":1,"cname":"thread_state_iowait"},
        {"name":"wait","ph":"E","ts":3,"pid":1,"tid":1},
        {"name":"odd","ph":"X","ts":4,"dur":1,"pid":1,"tid":1,"cname":"no such colour"},
        {"name":"odder","ph":"X","ts":6,"dur":1,"pid":1,"tid":1,"cname":7},
        {"name":"run","ph":"C","ts":8,"pid":1,"args":{"n":1},"cname":"bad"}
    ])");
    EXPECT_EQ(lt.state_colours,
              (std::unordered_map<std::string, std::uint32_t>{{"run", 0x007D00}, {"wait", 0xFF8C00}}));
    EXPECT_TRUE(lt.warnings.empty());
}

TEST(ChromeReader, ObjectFormIgnoresOtherTopLevelKeys)
{
    const LaneTrace lt = read_every_way(R"({"displayTimeUnit":"ns","metadata":{"a":[1,{"b":"},{"}],"c":null},
        "traceEvents":[{"name":"A","ph":"X","ts":5,"dur":1,"pid":1,"tid":2}],
        "systemTraceEvents":"x},{y","beginningOfTime":170000000000150990000})");
    EXPECT_EQ(records(lt), (std::vector<std::string>{"0:A", "1000:-"}));
}

TEST(ChromeReader, LanesByPidThenTidNumericallyNamedByThreadName)
{
    // 12 and "12" are the same process; names (non-numeric strings) come after numbers.
    const LaneTrace lt = read_every_way(R"([
        {"name":"a","ph":"X","ts":1,"dur":1,"pid":"io","tid":1},
        {"name":"a","ph":"X","ts":1,"dur":1,"pid":12,"tid":"10"},
        {"name":"a","ph":"X","ts":1,"dur":1,"pid":"12","tid":9},
        {"name":"a","ph":"X","ts":1,"dur":1,"pid":9,"tid":100},
        {"name":"a","ph":"X","ts":1,"dur":1,"pid":"012","tid":1},
        {"name":"thread_name","ph":"M","pid":12,"tid":9,"args":{"name":"first"}},
        {"name":"thread_name","ph":"M","pid":12,"tid":9,"args":{"name":"Crossbar Main"}},
        {"name":"process_name","ph":"M","pid":9,"args":{"name":"browser"}},
        {"name":"thread_name","ph":"M","pid":5,"tid":5,"args":{"name":"no events"}}
    ])");
    std::vector<std::string> names;
    for (const Lane& l : lt.lanes)
        names.push_back(l.name);
    EXPECT_EQ(names, (std::vector<std::string>{"9/100", "Crossbar Main", "12/10", "012/1", "io/1"}));
}

TEST(ChromeReader, BeginEndNestAndAnEndPopsTheTop)
{
    const LaneTrace lt = read_every_way(R"([
        {"name":"A","ph":"B","ts":1,"pid":1,"tid":1},
        {"name":"B","ph":"B","ts":2,"pid":1,"tid":1},
        {"name":"A","ph":"E","ts":3,"pid":1,"tid":1},
        {"ph":"E","ts":4,"pid":1,"tid":1},
        {"ph":"E","ts":5,"pid":1,"tid":1}
    ])");
    // The E at 3 names A but pops B, the top; the E at 5 finds nothing open.
    EXPECT_EQ(records(lt), (std::vector<std::string>{"0:A", "1000:B", "2000:A", "3000:-"}));
    EXPECT_TRUE(has_warning(lt, "no open region")) << dump(lt);
    EXPECT_EQ(lt.last_event, 5000);
}

TEST(ChromeReader, UnsortedEventsAreOrderedByTime)
{
    const LaneTrace sorted = read_every_way(R"([
        {"name":"A","ph":"B","ts":1,"pid":1,"tid":1},
        {"name":"X1","ph":"X","ts":2,"dur":2,"pid":1,"tid":1},
        {"ph":"E","ts":6,"pid":1,"tid":1},
        {"name":"C","ph":"X","ts":7,"dur":1,"pid":1,"tid":1}
    ])");
    const LaneTrace reversed = read_every_way(R"([
        {"name":"C","ph":"X","ts":7,"dur":1,"pid":1,"tid":1},
        {"ph":"E","ts":6,"pid":1,"tid":1},
        {"name":"X1","ph":"X","ts":2,"dur":2,"pid":1,"tid":1},
        {"name":"A","ph":"B","ts":1,"pid":1,"tid":1}
    ])");
    EXPECT_EQ(records(sorted), (std::vector<std::string>{"0:A", "1000:X1", "3000:A", "5000:-", "6000:C", "7000:-"}));
    EXPECT_EQ(records(reversed), records(sorted));
}

TEST(ChromeReader, AtOneTimeEndsApplyBeforeBegins)
{
    // X B starts where X A ends, B written first.
    EXPECT_EQ(records(read_every_way(R"([
        {"name":"B","ph":"X","ts":5,"dur":5,"pid":1,"tid":1},
        {"name":"A","ph":"X","ts":0,"dur":5,"pid":1,"tid":1}
    ])")),
              (std::vector<std::string>{"0:A", "5000:B", "10000:-"}));
    // An E written before a B of its time ends the region open before.
    EXPECT_EQ(records(read_every_way(R"([
        {"name":"A","ph":"B","ts":0,"pid":1,"tid":1},
        {"ph":"E","ts":5,"pid":1,"tid":1},
        {"name":"C","ph":"B","ts":5,"pid":1,"tid":1},
        {"ph":"E","ts":9,"pid":1,"tid":1}
    ])")),
              (std::vector<std::string>{"0:A", "5000:C", "9000:-"}));
    // An X that ends when a B starts, and an E at the start of an X.
    EXPECT_EQ(records(read_every_way(R"([
        {"name":"C","ph":"X","ts":5,"dur":2,"pid":1,"tid":1},
        {"name":"B","ph":"B","ts":3,"pid":1,"tid":1},
        {"ph":"E","ts":5,"pid":1,"tid":1},
        {"name":"A","ph":"X","ts":0,"dur":3,"pid":1,"tid":1}
    ])")),
              (std::vector<std::string>{"0:A", "3000:B", "5000:C", "7000:-"}));
}

TEST(ChromeReader, ABeginFollowedByAnEndOfItsTimeChangesNothing)
{
    const LaneTrace lt = read_every_way(R"([
        {"name":"A","ph":"B","ts":0,"pid":1,"tid":1},
        {"name":"Z","ph":"B","ts":5,"pid":1,"tid":1},
        {"ph":"E","ts":5,"pid":1,"tid":1},
        {"ph":"E","ts":9,"pid":1,"tid":1}
    ])");
    EXPECT_EQ(records(lt), (std::vector<std::string>{"0:A", "9000:-"}));
    EXPECT_TRUE(lt.warnings.empty()) << dump(lt);
}

TEST(ChromeReader, CompleteEventsStartingTogetherNestTheLongerOutside)
{
    // Shorter written first: still inside.
    const LaneTrace lt = read_every_way(R"([
        {"name":"short","ph":"X","ts":0,"dur":2,"pid":1,"tid":1},
        {"name":"long","ph":"X","ts":0,"dur":10,"pid":1,"tid":1}
    ])");
    EXPECT_EQ(records(lt), (std::vector<std::string>{"0:short", "2000:long", "10000:-"}));
    EXPECT_EQ(lt.lanes[0].changes[0].depth, 2u);
    // Equal start and duration: the earlier in the file outside.
    EXPECT_EQ(records(read_every_way(R"([
        {"name":"P","ph":"X","ts":0,"dur":4,"pid":1,"tid":1},
        {"name":"Q","ph":"X","ts":0,"dur":4,"pid":1,"tid":1}
    ])")),
              (std::vector<std::string>{"0:Q", "4000:-"}));
    EXPECT_EQ(records(read_every_way(R"([
        {"name":"Q","ph":"X","ts":0,"dur":4,"pid":1,"tid":1},
        {"name":"P","ph":"X","ts":0,"dur":4,"pid":1,"tid":1}
    ])")),
              (std::vector<std::string>{"0:P", "4000:-"}));
}

TEST(ChromeReader, ABeginNestsByTheLengthToItsEnd)
{
    // B L lasts 10 (its E), longer than X S: outside.
    EXPECT_EQ(records(read_every_way(R"([
        {"name":"S","ph":"X","ts":0,"dur":5,"pid":1,"tid":1},
        {"name":"L","ph":"B","ts":0,"pid":1,"tid":1},
        {"ph":"E","ts":10,"pid":1,"tid":1}
    ])")),
              (std::vector<std::string>{"0:S", "5000:L", "10000:-"}));
    // B S lasts 3, shorter than X L: inside.
    const LaneTrace lt = read_every_way(R"([
        {"name":"L","ph":"X","ts":0,"dur":10,"pid":1,"tid":1},
        {"name":"S","ph":"B","ts":0,"pid":1,"tid":1},
        {"ph":"E","ts":3,"pid":1,"tid":1}
    ])");
    EXPECT_EQ(records(lt), (std::vector<std::string>{"0:S", "3000:L", "10000:-"}));
    EXPECT_TRUE(lt.warnings.empty()) << dump(lt);
}

TEST(ChromeReader, ARegionOfNoDurationChangesNoState)
{
    const LaneTrace lt = read_every_way(R"([
        {"name":"A","ph":"X","ts":0,"dur":10,"pid":1,"tid":1},
        {"name":"Z","ph":"X","ts":5,"dur":0,"pid":1,"tid":1},
        {"name":"only zero","ph":"X","ts":3,"dur":0,"pid":1,"tid":2}
    ])");
    ASSERT_EQ(lt.lanes.size(), 2u);
    EXPECT_EQ(records(to_trace(lt, {0})), (std::vector<std::string>{"0:A", "10000:-"}));
    EXPECT_TRUE(lt.lanes[1].changes.empty());
    EXPECT_GT(lt.lanes[1].events, 0u); // a lane with state events, none of which lasts
    EXPECT_EQ(choose_lanes(lt, {}), (std::vector<std::size_t>{0, 1}));
}

TEST(ChromeReader, ACompleteEventEndingAfterItsEnclosingOneIsCut)
{
    const LaneTrace lt = read_every_way(R"([
        {"name":"A","ph":"X","ts":0,"dur":10,"pid":1,"tid":1},
        {"name":"B","ph":"X","ts":5,"dur":10,"pid":1,"tid":1},
        {"name":"C","ph":"X","ts":6,"dur":20,"pid":1,"tid":1}
    ])");
    EXPECT_EQ(records(lt), (std::vector<std::string>{"0:A", "5000:B", "6000:C", "10000:-"}));
    ASSERT_EQ(lt.warnings.size(), 1u);
    EXPECT_EQ(lt.warnings[0], "t.json: 2 x region that ends after the X event enclosing it (cut at that event's end)");
    EXPECT_EQ(lt.last_event, 26000); // the end read, not the cut one
}

TEST(ChromeReader, ABeginRegionOpenAtTheEndOfItsEnclosingCompleteEventIsCut)
{
    const LaneTrace lt = read_every_way(R"([
        {"name":"A","ph":"X","ts":0,"dur":10,"pid":1,"tid":1},
        {"name":"B","ph":"B","ts":5,"pid":1,"tid":1},
        {"ph":"E","ts":12,"pid":1,"tid":1},
        {"name":"C","ph":"X","ts":20,"dur":5,"pid":1,"tid":1},
        {"name":"D","ph":"B","ts":21,"pid":1,"tid":1},
        {"name":"E","ph":"X","ts":30,"dur":5,"pid":1,"tid":1},
        {"ph":"E","ts":32,"pid":1,"tid":1}
    ])");
    // B closes with A at 10; the E at 12 finds nothing open. D closes with C at 25. The E at
    // 32 pops E, an X event, before its end.
    EXPECT_EQ(records(lt), (std::vector<std::string>{"0:A", "5000:B", "10000:-", "20000:C", "21000:D", "25000:-",
                                                     "30000:E", "32000:-"}));
    EXPECT_TRUE(has_warning(lt, "2 x region that ends after the X event enclosing it")) << dump(lt);
    EXPECT_TRUE(has_warning(lt, "no open region")) << dump(lt);
    EXPECT_TRUE(has_warning(lt, "E event that ends an X event before its end")) << dump(lt);
}

TEST(ChromeReader, CountersAreGaugesNamedByEventAndKey)
{
    const LaneTrace lt = read_every_way(R"([
        {"name":"work","ph":"X","ts":0,"dur":10,"pid":1,"tid":1},
        {"name":"mem","ph":"C","ts":0,"pid":1,"args":{"heap":10,"free":2.5}},
        {"name":"mem","ph":"C","ts":4,"pid":1,"args":{"heap":12,"note":"x","deep":{"a":1}}},
        {"name":"mem","ph":"C","ts":2,"pid":2,"args":{"heap":7}},
        {"args":{"value":3},"name":"queue","ph":"C","ts":3,"pid":1},
        {"name":"bad","ph":"C","ts":3,"pid":1,"args":[1]}
    ])");
    ASSERT_EQ(lt.fields.size(), 4u);
    EXPECT_EQ(lt.fields[0].name, "mem.free");
    EXPECT_EQ(lt.fields[1].name, "mem.heap");
    EXPECT_EQ(lt.fields[1].owner, "1");
    EXPECT_EQ(lt.fields[2].name, "mem.heap");
    EXPECT_EQ(lt.fields[2].owner, "2");
    EXPECT_EQ(lt.fields[3].name, "queue.value"); // args before ph
    EXPECT_EQ(lt.fields[1].samples, (std::vector<std::pair<Time, double>>{{0, 10.0}, {4000, 12.0}}));
    EXPECT_TRUE(has_warning(lt, "2 x counter value that is not a number skipped")) << dump(lt);
    EXPECT_TRUE(has_warning(lt, "C event whose args is not an object skipped")) << dump(lt);

    const Trace t = to_trace(lt, {0});
    ASSERT_EQ(t.header.fields.size(), 4u);
    EXPECT_EQ(t.header.fields[0].name, "mem.free");
    EXPECT_EQ(t.header.fields[1].name, "mem.heap@1"); // several processes record it
    EXPECT_EQ(t.header.fields[2].name, "mem.heap@2");
    EXPECT_EQ(t.header.fields[1].kind, FieldKind::gauge);
    // Records at 0 (work) and 10 (-): the latest sample at or before each.
    EXPECT_EQ(t.fields[1][1], 12.0);
    EXPECT_EQ(t.fields[2][0], 0.0);
    EXPECT_EQ(t.fields[2][1], 7.0);
}

TEST(ChromeReader, OtherPhasesAreSkippedButCountForTheEnd)
{
    const LaneTrace lt = read_every_way(R"([
        {"name":"A","ph":"X","ts":0,"dur":1,"pid":1,"tid":1},
        {"name":"i","ph":"i","ts":50,"pid":1,"tid":1,"s":"t"},
        {"name":"i","ph":"I","ts":20,"pid":1,"tid":3},
        {"name":"a","ph":"b","ts":30,"pid":1,"tid":1,"id":"0x1","cat":"c"},
        {"name":"a","ph":"e","ts":31,"pid":1,"tid":1,"id":"0x1","cat":"c"},
        {"name":"f","ph":"s","ts":32,"pid":1,"tid":1,"id":1},
        {"name":"o","ph":"N","ts":33,"pid":1,"tid":1,"id":"0x2"},
        {"name":"p","ph":"P","ts":34,"pid":1,"tid":1},
        {"name":"meta","ph":"M","ts":90,"pid":1,"tid":1,"args":{}},
        {"name":"odd","ph":"XX","ts":35,"pid":1,"tid":1}
    ])");
    ASSERT_EQ(lt.lanes.size(), 1u); // tid 3 has only an instant: not a lane
    const Trace t = to_trace(lt, {0});
    EXPECT_EQ(t.header.end, 50000); // the instant at 50; M events carry no time
    EXPECT_TRUE(has_warning(lt, "t.json: event of phase 'i' (instant) skipped")) << dump(lt);
    EXPECT_TRUE(has_warning(lt, "event of phase 'b' (async) skipped")) << dump(lt);
    // A flow start is the end of a message; this one has no finish.
    EXPECT_TRUE(has_warning(lt, "t.json: 1 x message sent with no matching receive (left out)")) << dump(lt);
    EXPECT_TRUE(has_warning(lt, "event of phase 'XX' (unknown) skipped")) << dump(lt);
}

TEST(ChromeReader, ACutTraceMayEndAfterACommaOrWithoutItsBrackets)
{
    const std::string events = R"({"name":"A","ph":"X","ts":0,"dur":3,"pid":1,"tid":1},
        {"name":"B","ph":"X","ts":1,"dur":1,"pid":1,"tid":1})";
    const std::vector<std::string> expected{"0:A", "1000:B", "2000:A", "3000:-"};
    for (const std::string& text :
         {"[" + events + "]", "[" + events + ",", "[" + events + ",\n", "[" + events, "[" + events + ",]",
          "{\"traceEvents\":[" + events + "]}", "{\"traceEvents\":[" + events + ",", "{\"traceEvents\":[" + events,
          "{\"traceEvents\":[" + events + "]", "{\"traceEvents\":[" + events + "],",
          "\xEF\xBB\xBF  [" + events + "]  \n"})
        EXPECT_EQ(records(read_every_way(text)), expected) << text;
}

TEST(ChromeReader, TimesAreReadExactlyFromTheirText)
{
    const LaneTrace lt = read_every_way(R"([
        {"name":"A","ph":"X","ts":1234567890123.4567,"dur":0.0005,"pid":1,"tid":1},
        {"name":"B","ph":"X","ts":1234567890124.1,"dur":0.2,"pid":1,"tid":1},
        {"name":"C","ph":"X","ts":1.2345678901234e12,"dur":1E-3,"pid":1,"tid":2},
        {"name":"D","ph":"X","ts":8,"dur":0.0004,"pid":1,"tid":3},
        {"name":"E","ph":"X","ts":-5,"dur":1,"pid":1,"tid":4}
    ])");
    // 1234567890123.4567 us = 1234567890123456.7 ns -> ...457; 0.0005 us = 0.5 ns -> 1 ns.
    EXPECT_EQ(lt.lanes[0].changes.size(), 4u);
    EXPECT_EQ(lt.times.front(), -5000);
    std::vector<Time> lane0;
    for (const LaneChange& c : lt.lanes[0].changes)
        lane0.push_back(lt.times[c.record]);
    EXPECT_EQ(lane0, (std::vector<Time>{1234567890123457, 1234567890123458, 1234567890124100, 1234567890124300}));
    EXPECT_EQ(lt.times[lt.lanes[1].changes[0].record], 1234567890123400);
    EXPECT_TRUE(lt.lanes[2].changes.empty()); // 0.4 ns rounds to no duration
}

TEST(ChromeReader, AMissingNameReadsAsUnnamedAndMissingIdsAsZero)
{
    const LaneTrace lt = read_every_way(R"([{"ph":"X","ts":0,"dur":1},{"ph":"X","ts":2,"dur":1,"name":""}])");
    ASSERT_EQ(lt.lanes.size(), 1u);
    EXPECT_EQ(lt.lanes[0].name, "0/0");
    EXPECT_EQ(records(lt), (std::vector<std::string>{"0:(unnamed)", "1000:-", "2000:(unnamed)", "3000:-"}));
}

TEST(ChromeReader, NamesWithSpacesAndBarsSurviveThePesText)
{
    const LaneTrace lt = read_every_way(R"([
        {"name":"Total Frontend","ph":"X","ts":0,"dur":4,"pid":1,"tid":1},
        {"name":"InstantiateClass std::vector<int, std::allocator<int>>","ph":"X","ts":1,"dur":1,"pid":1,"tid":1},
        {"name":"a|b %","ph":"X","ts":0,"dur":2,"pid":1,"tid":2},
        {"name":"thread_name","ph":"M","pid":1,"tid":2,"args":{"name":"Worker 2"}},
        {"name":"x","ph":"X","ts":0,"dur":2,"pid":1,"tid":3},
        {"name":"thread_name","ph":"M","pid":1,"tid":3,"args":{"name":"two\nlines\u007f"}}
    ])");
    const Trace t = to_trace(lt, choose_lanes(lt, {}));
    std::ostringstream out;
    write_pes(t, out);
    const std::string text = out.str();
    EXPECT_NE(text.find("\n0 Total%20Frontend a%7Cb%20%25 x\n"), std::string::npos) << text;
    EXPECT_NE(text.find("InstantiateClass%20std::vector<int,%20std::allocator<int>>"), std::string::npos) << text;
    EXPECT_NE(text.find("# lane: 2 Worker 2\n"), std::string::npos) << text;
    EXPECT_NE(text.find("# lane: 3 two%0Alines%7F\n"), std::string::npos) << text; // control bytes
    const Trace back = read_pes_text(text, "back.pes");
    EXPECT_EQ(records(back), records(t));
}

TEST(ChromeReader, AgreesWithTheOracleOnTheseExamples)
{
    for (const char* text : {
             R"([{"name":"A","ph":"B","ts":1,"pid":1,"tid":1},{"name":"X","ph":"X","ts":1,"dur":3,"pid":1,"tid":1},
                 {"ph":"E","ts":4,"pid":1,"tid":1},{"name":"c","ph":"C","ts":2,"pid":3,"args":{"v":1}}])",
             R"({"traceEvents":[{"name":"L","ph":"X","ts":0,"dur":9,"pid":"a","tid":"b"},
                 {"name":"S","ph":"X","ts":0,"dur":9,"pid":"a","tid":"b"},{"name":"Z","ph":"B","ts":4,"pid":"a","tid":"b"},
                 {"ph":"E","ts":4,"pid":"a","tid":"b"},{"name":"i","ph":"i","ts":12}]})",
         })
        EXPECT_TRUE(same_as_oracle(read_every_way(text), chrome_oracle::read(text))) << text;
}

TEST(ChromeReader, DetectsTraceEventJsonByContent)
{
    using detail::looks_like_chrome_json;
    EXPECT_TRUE(looks_like_chrome_json(R"([{"name":"a","ph":"X","ts":1,"dur":1}])"));
    EXPECT_TRUE(looks_like_chrome_json("\xEF\xBB\xBF\n[\n  {\n    \"pid\": 1, \"ph\" : \"B\""));
    EXPECT_TRUE(looks_like_chrome_json(R"({"traceEvents":[{"pid":1)"));
    EXPECT_TRUE(looks_like_chrome_json(R"({ "otherData": {"v": 1}, "traceEvents" : [ )"));
    EXPECT_FALSE(looks_like_chrome_json("# chitra-pes 1\n# timebase: us\n0 A\n"));
    EXPECT_FALSE(looks_like_chrome_json("0 A\n10 B\n"));
    EXPECT_FALSE(looks_like_chrome_json(R"({"steps":[{"type":"clip","from":0}]})"));
    EXPECT_FALSE(looks_like_chrome_json(R"({"note":"traceEvents","list":[1]})"));
    EXPECT_FALSE(looks_like_chrome_json(R"([{"a":1,"b":"ph"}])"));
    EXPECT_FALSE(looks_like_chrome_json(R"([1,2,3])"));
    EXPECT_FALSE(looks_like_chrome_json(R"({"traceEvents":"none"})"));
    EXPECT_FALSE(looks_like_chrome_json(""));
    EXPECT_FALSE(looks_like_chrome_json("%EventDef PajeDefineContainerType 0\n"));
}

TEST(ChromeReader, ReportsProgressAndStopsWhenCancelled)
{
    std::string text = "[";
    for (int i = 0; i < 200; ++i)
        text += (i ? "," : "") + std::string(R"({"name":"a","ph":"X","ts":)") + std::to_string(i) + R"(,"dur":1})";
    text += "]";
    std::vector<double> seen;
    ImportOptions options;
    options.progress = [&](double share) { seen.push_back(share); };
    detail::read_chrome_json(text, "t.json", options, 256);
    ASSERT_GT(seen.size(), 10u);
    EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
    EXPECT_EQ(seen.back(), 1.0);

    CancelFlag cancel{true};
    CancelScope scope(&cancel);
    EXPECT_THROW(detail::read_chrome_json(text, "t.json", {}, 256), Cancelled);
}

TEST(ChromeReader, AFileInReverseTimeOrderReadsAsTheSortedOne)
{
    // 300 regions, nested in threes, some starting together: far from sorted, so the
    // ordering gives up moving events one by one and merge-sorts (keeping file order).
    std::vector<std::string> events;
    for (int i = 0; i < 100; ++i) {
        const std::string ts = std::to_string(i * 10);
        events.push_back(R"({"name":"outer","ph":"X","ts":)" + ts + R"(,"dur":9,"pid":1,"tid":1})");
        events.push_back(R"({"name":"P","ph":"X","ts":)" + ts + R"(,"dur":4,"pid":1,"tid":1})");
        events.push_back(R"({"name":"Q","ph":"X","ts":)" + ts + R"(,"dur":4,"pid":1,"tid":1})");
    }
    auto join = [](const std::vector<std::string>& v) {
        std::string text = "[";
        for (const std::string& e : v)
            text += (text.size() > 1 ? "," : "") + e;
        return text + "]";
    };
    const LaneTrace sorted = read_every_way(join(events));
    // Reversed by triple, each triple in file order: P stays outside Q.
    std::vector<std::string> reversed;
    for (int i = 99; i >= 0; --i)
        reversed.insert(reversed.end(), events.begin() + 3 * i, events.begin() + 3 * i + 3);
    EXPECT_EQ(dump(read_every_way(join(reversed))), dump(sorted));
    EXPECT_EQ(records(sorted).size(), 300u);
    EXPECT_EQ(records(sorted)[0], "0:Q");
    EXPECT_EQ(records(sorted)[1], "4000:outer");
}
