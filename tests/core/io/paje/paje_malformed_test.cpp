// Malformed Paje input: every rule's error is an InputError "FILE:LINE: reason" with the
// right line; variants of every test trace (truncated, garbage bytes, bad numbers,
// undefined ids, unknown containers, wrong field counts, time going back) fail the same
// way; random damage never crashes. Also detection by content.
#include "paje_test_util.hpp"

#include "chitra/io/import.hpp"

#include <fstream>
#include <map>
#include <random>
#include <sstream>

using namespace chitra;
using namespace paje_test;

namespace {

std::size_t lines_in(const std::string& text)
{
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// Asserts that reading `text` fails at `line` with a reason that mentions `reason`.
void expect_error(const std::string& text, std::size_t line, const std::string& reason, const std::string& what = "")
{
    const std::string message = error_of(text, "m.paje");
    const std::string prefix = "m.paje:" + std::to_string(line) + ": ";
    EXPECT_EQ(message.substr(0, prefix.size()), prefix) << what << ": " << message;
    EXPECT_NE(message.find(reason), std::string::npos) << what << ": '" << message << "' lacks '" << reason << "'";
}

// kThreads followed by `body`: the error is on the line of the body's last line.
void expect_body_error(const std::string& body, const std::string& reason)
{
    expect_error(kThreads + body, lines_in(kThreads) + lines_in(body), reason, body);
}

std::string read_file(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

TEST(PajeMalformed, EventLines)
{
    expect_body_error("5 1.2.3 ST t1 A\n", "bad time '1.2.3'");
    expect_body_error("5 abc ST t1 A\n", "bad time");
    expect_body_error("5 \"\" ST t1 A\n", "bad time");
    expect_body_error("5 1e30 ST t1 A\n", "bad time"); // beyond 64-bit nanoseconds
    expect_body_error("99 1 ST t1 A\n", "event id '99' is not defined");
    expect_body_error("5 1 ST nobody A\n", "unknown container 'nobody'");
    expect_body_error("5 1 XX t1 A\n", "unknown type 'XX'");
    expect_body_error("5 1 CT t1 A\n", "not a state type");
    expect_body_error("5 1 ST t1 A extra\n", "PajeSetState (id 5) has 4 fields, this line 5");
    expect_body_error("5 1 ST t1\n", "has 4 fields, this line 3");
    expect_body_error("7 1 ST t1 A\n", "PajePopState (id 7) has 3 fields, this line 4");
    expect_body_error("5 2 ST t1 A\n5 1 ST t1 B\n", "time goes back: 1.0 s after 2.0 s on container 'thread 1'");
    expect_body_error("5 2 ST t1 A\n8 1.5 ST t1\n", "time goes back");
    expect_body_error("5 1 ST t1 \"A\n", "no closing '\"'");
    expect_body_error("5 1 ST t1 \"A\"B\n", "right after a closing");
    expect_body_error("5 1 ST t1 \"\"\n", "empty");
    expect_body_error("5 1 ST t1 A\xff\n", "invalid UTF-8");
    expect_body_error(std::string("5 1 ST t1 A\0B\n", 14), "NUL byte");
    expect_body_error("5 1 ST t1 \"a\tb\"\n", "control character");
    std::string many = "5 1 ST t1 A";
    for (int i = 0; i < 70; ++i)
        many += " x";
    expect_body_error(many + "\n", "more than 64 fields");
    expect_body_error("9 VT CT Load \"1 1 1\"\n10 1 VT t1 x\n", "bad variable value 'x'");
    expect_body_error("9 VT CT Load \"1 1 1\"\n10 1 VT t1 nan\n", "bad variable value");
    expect_body_error("9 VT CT Load \"1 1 1\"\n10 1 ST t1 3\n", "not a variable type");
    expect_body_error("9 VT CT Load \"1 1 1\"\n10 2 VT t1 3\n10 1 VT t1 4\n", "time goes back");
}

TEST(PajeMalformed, TypesContainersAndValues)
{
    expect_body_error("0 CT 0 Again\n", "type 'CT' is defined twice");
    expect_body_error("0 X 0 0\n", "type name '0' is reserved");
    expect_body_error("1 S2 ST Sub\n", "not a container type");
    expect_body_error("3 0 t1 CT 0 again\n", "container 't1' already exists");
    expect_body_error("3 0 0 CT 0 root\n", "container name '0' is reserved");
    expect_body_error("3 0 t3 ST 0 x\n", "not a container type");
    expect_body_error("3 0 t3 CT t1 x\n", "is not a type of the containers inside 'thread 1'");
    expect_body_error("3 0 t3 CT nowhere x\n", "unknown container 'nowhere'");
    expect_body_error("0 PT CT Proc\n1 PS PT PState\n5 1 PS t1 A\n", "belongs to containers of type 'Proc'");
    expect_body_error("2 v ST A \"1 0 0\"\n2 v ST B \"1 0 0\"\n", "value 'v' of type 'State' is defined twice");
    expect_body_error("2 v CT A \"1 0 0\"\n", "container type: it has no values");
    expect_body_error("4 1 ST t1\n", "is of type 'Thread', not 'State'");
    expect_body_error("4 1 CT 0\n", "root container");
    expect_body_error("0 PT CT Proc\n1 PS PT PState\n3 0 p PT t1 p\n6 5 PS p A\n4 2 CT t1\n", "time goes back");
}

TEST(PajeMalformed, Definitions)
{
    const std::string set = "%EventDef PajeSetState 5\n% Time date\n% Type string\n% Container string\n";
    expect_error("%EventDef PajeFoo 1\n", 1, "unknown event name 'PajeFoo'");
    expect_error("%EventDef PajeSetState\n", 1, "'%EventDef NAME ID' expected");
    expect_error("%Bogus\n", 1, "'%EventDef NAME ID' expected");
    expect_error("%EndEventDef\n", 1, "'%EventDef NAME ID' expected");
    expect_error(set + "%EndEventDef\n", 5, "PajeSetState (id 5) has no field Value");
    expect_error(set + "% Value strange\n", 5, "unknown field type 'strange'");
    expect_error(set + "% Time date\n", 5, "appears twice");
    expect_error(set + "% Value\n", 5, "'% FIELD TYPE' expected");
    expect_error(set + "%EventDef PajePopState 6\n", 5, "%EndEventDef missing");
    expect_error(set + "5 1 ST t1 A\n", 5, "event line inside the definition of PajeSetState");
    expect_error(set, 4, "the file ends inside the definition of PajeSetState (id 5, line 1)");
    expect_error(kHeader + "%EventDef PajeSetState 5\n", lines_in(kHeader) + 1, "event id '5' is defined twice");
    expect_error("", 1, "no event definition");
    expect_error("# only a comment\n\n", 2, "no event definition");
    expect_error("1 2 3\n", 1, "not a Paje trace");
    expect_error("# chitra-pes 1\n# timebase: ns\n100 A\n", 3, "not a Paje trace");
    expect_error("{\"traceEvents\": []}\n", 1, "not a Paje trace");
}

// Variants of every test trace, each broken in one way at a known line: the first state
// event (Set or Push) of the trace is changed, or a copy of it goes back in time.
TEST(PajeMalformed, VariantsOfEveryTestTrace)
{
    const std::vector<std::pair<std::string, std::string>> traces = {
        {"threads", kThreads + "6 1.0 ST t1 A\n6 2.0 ST t1 B\n7 3 ST t1\n"},
        {"entity values", kThreads + "2 v1 ST Running \"1 0 0\"\n5 0 ST t1 v1\n5 1 ST t2 v1\n"},
        {"variables", kThreads + "9 VT CT Load \"1 1 1\"\n10 0 VT t1 1\n5 1 ST t1 A\n"},
        {"sample", read_file(CHITRA_SOURCE_DIR "/sample_traces/smpi-halo-r4.paje")},
    };
    for (const auto& [name, text] : traces) {
        SCOPED_TRACE(name);
        ASSERT_EQ(error_of(text), "") << "the unbroken trace must read";
        // Field names of each event id, from the trace's own definitions.
        std::map<std::string, std::vector<std::string>> fields;
        std::map<std::string, std::string> event_of;
        std::vector<std::string> lines;
        std::istringstream in(text);
        for (std::string l; std::getline(in, l);)
            lines.push_back(l);
        std::string open;
        std::size_t target = 0; // index of the first Set/Push line
        for (std::size_t i = 0; i < lines.size(); ++i) {
            std::istringstream words(lines[i]);
            std::vector<std::string> w;
            for (std::string s; words >> s;)
                w.push_back(s);
            if (w.empty())
                continue;
            if (w[0] == "%EventDef") {
                open = w[2];
                event_of[open] = w[1];
            } else if (w[0] == "%EndEventDef") {
                open.clear();
            } else if (w[0] == "%" && !open.empty()) {
                fields[open].push_back(w[1]);
            } else if (w[0][0] != '%' && w[0][0] != '#' && !target &&
                       (event_of[w[0]] == "PajeSetState" || event_of[w[0]] == "PajePushState")) {
                target = i;
            }
        }
        ASSERT_NE(target, 0u);
        std::istringstream words(lines[target]);
        std::vector<std::string> w;
        for (std::string s; words >> s;)
            w.push_back(s);
        const std::vector<std::string>& f = fields[w[0]];
        auto index_of = [&](const std::string& field) {
            return static_cast<std::size_t>(std::find(f.begin(), f.end(), field) - f.begin()) + 1;
        };
        auto with = [&](std::vector<std::string> words_, const std::string& extra_line = "") {
            std::string line;
            for (const auto& x : words_)
                line += (line.empty() ? "" : " ") + x;
            std::string out;
            for (std::size_t i = 0; i < lines.size(); ++i) {
                out += (i == target ? line : lines[i]) + "\n";
                if (i == target && !extra_line.empty())
                    out += extra_line + "\n";
            }
            return out;
        };
        const std::size_t at = target + 1; // 1-based line number
        auto changed = [&](const std::string& field, const std::string& value) {
            auto v = w;
            v[index_of(field)] = value;
            return with(v);
        };
        expect_error(changed("Time", "1.2.3"), at, "bad time", "bad number");
        expect_error(changed("Time", std::string("0\0001", 3)), at, "bad time", "NUL in a number");
        expect_error(changed("Container", "nobody"), at, "unknown container", "unknown container");
        expect_error(changed("Value", "\xff\xfe"), at, "invalid UTF-8", "garbage bytes");
        auto id = w;
        id[0] = "999";
        expect_error(with(id), at, "event id '999' is not defined", "undefined event id");
        auto longer = w;
        longer.push_back("extra");
        expect_error(with(longer), at, "fields, this line", "one field too many");
        auto shorter = w;
        shorter.pop_back();
        expect_error(with(shorter), at, "fields, this line", "one field too few");
        auto earlier = w;
        earlier[index_of("Time")] = "-1";
        std::string copy;
        for (const auto& x : earlier)
            copy += (copy.empty() ? "" : " ") + x;
        expect_error(with(w, copy), at + 1, "time goes back", "decreasing time");
        // Truncated in the middle of the line (after the id and one more field)...
        std::string cut;
        for (std::size_t i = 0; i < target; ++i)
            cut += lines[i] + "\n";
        expect_error(cut + w[0] + " " + w[1], at, "fields, this line", "truncated event");
        // ... and inside the first definition.
        const std::size_t first_def = text.find("%EventDef");
        const std::size_t inside = text.find('\n', text.find('\n', first_def) + 1);
        expect_error(text.substr(0, inside), lines_in(text.substr(0, inside)) + 1, "%EndEventDef missing",
                     "truncated definition");
    }
}

// Any prefix of a trace and random damage: an InputError "FILE:LINE: ..." or a trace,
// never a crash or another exception.
TEST(PajeMalformed, TruncationsAndRandomDamageNeverCrash)
{
    const std::string text = kThreads + R"(2 v1 ST Running "1 0 0"
9 VT CT Load "1 1 1"
6 1.0 ST t1 v1
10 1.5 VT t1 2
6 2.0 ST t2 "B b"
7 3 ST t1
4 4 CT t2
)";
    auto check = [](const std::string& input) {
        try {
            read(input, "d.paje");
        } catch (const InputError& e) {
            const std::string m = e.what();
            ASSERT_EQ(m.rfind("d.paje:", 0), 0u) << m;
            const std::size_t colon = m.find(':', 7);
            ASSERT_NE(colon, std::string::npos) << m;
            const std::string line = m.substr(7, colon - 7);
            ASSERT_FALSE(line.empty()) << m;
            ASSERT_EQ(line.find_first_not_of("0123456789"), std::string::npos) << m;
        }
    };
    for (std::size_t n = 0; n <= text.size(); ++n)
        check(text.substr(0, n));
    std::mt19937 rng(11);
    for (int round = 0; round < 3000; ++round) {
        std::string damaged = text;
        for (int k = 0; k < 1 + static_cast<int>(rng() % 4); ++k) {
            const std::size_t pos = rng() % damaged.size();
            switch (rng() % 3) {
            case 0:
                damaged[pos] = static_cast<char>(rng() % 256);
                break;
            case 1:
                damaged.erase(pos, 1 + rng() % 8);
                break;
            default:
                damaged.insert(pos, 1, " \"#%\n0123456789\xff"[rng() % 16]);
                break;
            }
        }
        check(damaged);
    }
}

TEST(PajeDetect, ClaimsPajeByItsFirstEventDefinitionOnly)
{
    using detail::looks_like_paje;
    EXPECT_TRUE(looks_like_paje(kHeader));
    EXPECT_TRUE(looks_like_paje("#This file was generated using SimGrid-3.32.0\n#[./a.out]\n" + kHeader));
    EXPECT_TRUE(looks_like_paje("\n  \n%  EventDef PajeSetState 5\n% Time date\n"));
    EXPECT_TRUE(looks_like_paje("\xEF\xBB\xBF%EventDef\tPajeSetState 5\n"));
    EXPECT_FALSE(looks_like_paje(""));
    EXPECT_FALSE(looks_like_paje("# only comments\n\n"));
    EXPECT_FALSE(looks_like_paje("%EventDef PajeSetState 5")); // no complete line in the head
    EXPECT_FALSE(looks_like_paje("%EventDefinition X 1\n"));
    EXPECT_FALSE(looks_like_paje("%EndEventDef\n"));
    EXPECT_FALSE(looks_like_paje("# chitra-pes 1\n# timebase: ns\n100 A\n"));
    EXPECT_FALSE(looks_like_paje("1550 A2 T 120 3\n%EventDef PajeSetState 5\n"));
    EXPECT_FALSE(looks_like_paje("{\"traceEvents\": [{\"ph\": \"B\"}]}\n"));
    EXPECT_FALSE(looks_like_paje("[\n{\"name\": \"%EventDef\"}\n]\n"));
    EXPECT_FALSE(looks_like_paje("time,state\n1,%EventDef\n"));
    EXPECT_FALSE(looks_like_paje("#Paraver (01/01/2024 at 10:00):1000_ns:0:1:1(1:1)\n1:1:1:1:1:0:100:1\n"));
    EXPECT_FALSE(looks_like_paje(std::string("\0\0\0\0%EventDef PajeSetState 5\n", 30)));

    // Through the registry, on files.
    TempFiles files;
    EXPECT_EQ(detect_format(files.write("a.txt", kThreads)), SourceFormat::paje);
    EXPECT_EQ(detect_format(CHITRA_SOURCE_DIR "/sample_traces/smpi-halo-r4.paje"), SourceFormat::paje);
    EXPECT_EQ(detect_format(CHITRA_SOURCE_DIR "/sample_traces/philosophers-n2-x1000.pes"), SourceFormat::pes);
    EXPECT_NE(detect_format(files.write("b.json", "{\"traceEvents\": []}\n")), SourceFormat::paje);
    EXPECT_NE(detect_format(files.write("c.paje", "")), SourceFormat::paje);
    // --from paje on a file that is not Paje: a clear error, not a guess.
    ImportOptions from_paje;
    from_paje.from = SourceFormat::paje;
    const std::string pes = CHITRA_SOURCE_DIR "/sample_traces/philosophers-n2-x1000.pes";
    try {
        load_trace(pes, from_paje);
        FAIL() << "a PES read as Paje";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("not a Paje trace"), std::string::npos) << e.what();
    }
}
