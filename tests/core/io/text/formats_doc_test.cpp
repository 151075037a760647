// The examples of docs/formats.md for the text importers, read from the document itself so
// that it cannot drift: each section's code blocks are the inputs, then the PES they become.
#include "text_test_util.hpp"

#include <filesystem>
#include <fstream>

using namespace chitra;
using namespace text_test;

namespace {

// The code blocks of the section `## TITLE` of docs/formats.md, in order.
std::vector<std::string> blocks(const std::string& title)
{
    const std::filesystem::path doc = std::filesystem::path(CHITRA_SOURCE_DIR) / "docs" / "formats.md";
    std::ifstream in(doc);
    std::vector<std::string> out;
    std::string line, block;
    bool inside = false, in_block = false;
    while (std::getline(in, line)) {
        if (line.starts_with("## "))
            inside = line == "## " + title;
        if (!inside)
            continue;
        if (line.starts_with("```")) {
            if (in_block)
                out.push_back(block);
            block.clear();
            in_block = !in_block;
        } else if (in_block) {
            block += line + "\n";
        }
    }
    return out;
}

} // namespace

TEST(FormatsDoc, EventTraceExample)
{
    const auto b = blocks("Event traces");
    ASSERT_EQ(b.size(), 2u);
    EXPECT_EQ(pes_of("run.events", b[0]), b[1]);
}

TEST(FormatsDoc, CsvExample)
{
    const auto b = blocks("CSV");
    ASSERT_EQ(b.size(), 2u);
    ImportOptions o;
    o.state_columns = {"cpu0", "cpu1"};
    o.field_columns = {"load"};
    EXPECT_EQ(pes_of("t.csv", b[0], o), b[1]);
}

TEST(FormatsDoc, ParaverExample)
{
    const auto b = blocks("Paraver");
    ASSERT_EQ(b.size(), 4u);
    Dir dir;
    const std::string prv = dir.write("a.prv", b[0]);
    dir.write("a.pcf", b[1]);
    dir.write("a.row", b[2]);
    std::ostringstream out;
    write_pes(load_trace(prv, {}), out);
    EXPECT_EQ(out.str(), b[3]);
}
