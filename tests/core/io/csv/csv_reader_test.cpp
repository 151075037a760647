// The CSV importer, one rule per test (docs/formats.md "CSV").
#include "../text/text_test_util.hpp"

using namespace chitra;
using namespace text_test;

namespace {

const std::string kHead = "# chitra-pes 1\n# timebase: ns\n";

} // namespace

TEST(CsvReader, DefaultsTimeTheFirstColumnStateTheSecondLaneNamedByTheHeader)
{
    EXPECT_EQ(pes_of("t.csv", "time,task\n5,load\n7,run\n9,run\n12,load\n"),
              kHead +
                  "# components: 1\n# separator: |\n# end: 7\n# origin: 5\n# lane: 1 task\n0 load\n2 run\n7 load\n");
}

TEST(CsvReader, SeveralStateColumnsAreLanesInColumnOrderFieldsAreGauges)
{
    ImportOptions o;
    o.state_columns = {"cpu1", "2"};
    o.field_columns = {"load"};
    EXPECT_EQ(pes_of("t.csv", "time,cpu0,cpu1,load\n0,idle,run,1.5\n10,\"a,b\",run,2\n20,,idle,\n", o),
              kHead + "# components: 2\n# separator: |\n# fields: load:gauge\n# end: 20\n# origin: 0\n"
                      "# lane: 1 cpu0\n# lane: 2 cpu1\n0 idle run 1.5\n10 a,b run 2\n20 - idle 2\n");
}

TEST(CsvReader, AFirstRowOfNumbersIsNoHeaderColumnsAreNumberedSemicolonFoundTimeUnitApplies)
{
    ImportOptions o;
    o.time_scale = 3; // us
    EXPECT_EQ(pes_of("t.csv", "1.5;3\n2.0005;4\n", o),
              kHead + "# components: 1\n# separator: |\n# end: 501\n# origin: 1500\n# lane: 1 2\n0 3\n501 4\n");
}

TEST(CsvReader, QuotedCellsHoldQuotesAndLineBreaksAsRfc4180)
{
    EXPECT_EQ(pes_of("t.csv", "t,s\r\n1,\"say \"\"hi\"\"\"\r\n2,\"x;y\"\r\n3,x\r\n"),
              kHead + "# components: 1\n# separator: |\n# end: 2\n# origin: 1\n# lane: 1 s\n0 say%20\"hi\"\n"
                      "1 x;y\n2 x\n");
    // A line break inside quotes is part of the cell; a state may not hold one.
    EXPECT_EQ(error_of("t.csv", "t,s\n1,\"a\nb\"\n"), "t.csv:2: state 'a\\x0ab': control character '\\x0a'");
}

TEST(CsvReader, TheDelimiterOptionWins)
{
    ImportOptions o;
    o.delimiter = '\t';
    EXPECT_EQ(pes_of("t.csv", "t\ts,x\n1\ta,b\n", o),
              kHead + "# components: 1\n# separator: |\n# end: 0\n# origin: 1\n# lane: 1 s,x\n0 a,b\n");
}

TEST(CsvMalformed, EachProblemNamesItsLine)
{
    EXPECT_EQ(error_of("m.csv", "t,s\n1,a\n2\n"), "m.csv:3: this row has 1 cells, the first row 2");
    EXPECT_EQ(error_of("m.csv", "t,s\n1,a\nx,b\n"), "m.csv:3: the time 'x' is not a decimal number (or is too large)");
    EXPECT_EQ(error_of("m.csv", "t,s\n5,a\n4,b\n"), "m.csv:3: the time '4' is before the previous row's");
    EXPECT_EQ(error_of("m.csv", "t,s\n5,\"a\n"), "m.csv:2: a quoted cell has no closing '\"'");
    EXPECT_EQ(error_of("m.csv", "t,s\n5,\"a\"b\n"),
              "m.csv:2: text right after a closing '\"' (the delimiter or the end of the row expected)");
    EXPECT_EQ(error_of("m.csv", "t\n5\n"),
              "m.csv:1: the first row has one cell: no state column (is the delimiter right?)");
    ImportOptions o;
    o.field_columns = {"nope"};
    EXPECT_EQ(error_of("m.csv", "t,s\n5,a\n", o), "m.csv:1: no column 'nope' (the first row has 2 cells)");
    o.field_columns = {"s"};
    EXPECT_EQ(error_of("m.csv", "t,s\n5,a\n", o), "m.csv:2: the field cell 'a' is not a number");
}
