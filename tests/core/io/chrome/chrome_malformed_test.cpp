// Malformed Chrome traces: each gives an InputError "t.json:LINE: ... (byte N)" naming
// the event that holds the fault, never a crash; and damaged copies of valid traces
// (cut at every byte, invalid UTF-8 or stray bytes inserted) are refused or, when what is
// left is a trace, read as the oracle reads it.
#include "chrome_test_util.hpp"

#include <random>

using namespace chitra;
using namespace chrome_test;

namespace {

// The message of the InputError that reading `text` throws ("" when it reads).
std::string error_of(std::string_view text, std::size_t chunk = detail::kChromeChunkBytes)
{
    try {
        read_json(text, chunk);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

// Valid traces the damage tests start from.
const std::vector<std::string>& base_traces()
{
    static const std::vector<std::string> traces{
        R"([{"name":"A","ph":"X","ts":1,"dur":10,"pid":1,"tid":1,"args":{"detail":"x},{y","n":[1,2.5e3,true,null]}},
{"name":"B","ph":"B","ts":2,"pid":1,"tid":2},{"ph":"E","ts":3.5,"pid":1,"tid":2},
{"name":"c","ph":"C","ts":2,"pid":1,"args":{"v":4}},{"name":"i","ph":"i","ts":4,"pid":1,"tid":1,"s":"t"}])",
        R"({"meta":{"k":[{"a":1},{"b":false}]},"traceEvents":[
  {"pid":"p","tid":"t","ph":"X","ts":0,"dur":5,"name":"Total Frontend"},
  {"pid":"p","tid":"t","ph":"X","ts":1,"dur":2,"name":"Parse \"x\" \\ \u00e9"},
  {"name":"thread_name","ph":"M","pid":"p","tid":"t","args":{"name":"main"}}
],"beginningOfTime":1700000000000000})",
    };
    return traces;
}

// Positions of `text` outside JSON strings (a stray byte there always breaks the JSON).
std::vector<bool> outside_strings(std::string_view text)
{
    std::vector<bool> out(text.size() + 1, true);
    bool in = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (in) {
            out[i] = false;
            if (text[i] == '\\') {
                out[++i] = false;
            } else if (text[i] == '"') {
                in = false;
                out[i + 1] = true;
            }
        } else if (text[i] == '"') {
            in = true;
            out[i + 1] = false;
        }
    }
    return out;
}

} // namespace

TEST(ChromeMalformed, EachFaultIsReportedWithItsLineAndEvent)
{
    const std::string ok = R"({"name":"a","ph":"X","ts":1,"dur":1})";
    const std::vector<std::pair<std::string, std::string>> cases{
        {"", "t.json:1: the file holds no JSON (byte 0)"},
        {"  \n ", "t.json:2: the file holds no JSON (byte 4)"},
        {"x", "t.json:1: a Chrome trace starts with '[' or '{' (byte 0)"},
        {R"({"a":1})", "t.json:1: the top-level object has no \"traceEvents\" key (byte 0)"},
        {R"({"traceEvents":5})", "t.json:1: \"traceEvents\" is not an array (byte 15)"},
        {"[" + ok + ",\n" + R"({"ph":"X","ts":"1","dur":1}])",
         "t.json:2: event 2: ts is a string, not a number (byte "},
        {"[" + ok + ",\n" + R"({"ph":"X","ts":abc,"dur":1}])", "t.json:2: event 2: ts is not a number"},
        {R"([{"ph":"X","ts":1.,"dur":1}])", "t.json:1: event 1: ts is not a number (byte 1)"},
        {R"([{"ph":"X","ts":1e999999,"dur":1}])", "event 1: ts 1e999999 is out of range"},
        {R"([{"ph":"X","ts":9223372036854775,"dur":1000}])", "event 1: ts + dur is out of range"},
        {R"([{"ph":"X","ts":1,"dur":5555555555555555555555555103}])",
         "event 1: dur 5555555555555555555555555103 is out of range"},
        {R"([{"ph":"X","ts":1,"dur":-1}])", "event 1: an X event with a negative dur"},
        {R"([{"ph":"X","ts":1}])", "event 1: an X event without dur"},
        {R"([{"ph":"B","name":"a"}])", "event 1: a B event without ts"},
        {R"([{"ph":"C","name":"a","args":{}}])", "event 1: a C event without ts"},
        {R"([{"ph":"E"}])", "event 1: an E event without ts"},
        {"[" + ok + "," + ok + "," + R"({"ts":1}])", "event 3: the event has no ph"},
        {R"([{"ph":5}])", "event 1: ph is not a string"},
        {R"([{"ph":"X","ts":1,"dur":1,"name":5}])", "event 1: name is not a string"},
        {R"([{"ph":"X","ts":1,"dur":1,"pid":1.5}])", "event 1: pid is neither an integer nor a string"},
        {R"([{"ph":"X","ts":1,"dur":1,"tid":true}])", "event 1: tid is neither an integer nor a string"},
        {R"([{"ph":"X","ts":1,"dur":1,"pid":99999999999999999999}])",
         "event 1: pid 99999999999999999999 is out of range"},
        {"[1]", "event 1: an event is not an object"},
        {"[" + ok + ok + "]", "event 1: ',' or ']' was expected after an event"},
        {"[," + ok + "]", "event 1: an event is missing before ','"},
        {"[" + ok + ",,]", "event 2: an event is missing before ','"},
        {R"([{"ph":"X","na)", "event 1: the text ends inside a string (byte 11)"},
        {"[" + ok + ",\n{\"ph\":\"X\",\"ts\":1", "t.json:2: event 2: the text ends inside this object"},
        {"[{\"ph\":\"X\",\"ts\":1,\"dur\":1,\"name\":\"a\xff\"}]", "event 1: invalid UTF-8 (byte 35)"},
        {"[{\"ph\":\"X\",\"ts\":1,\"dur\":1,\"name\":\"a\x01\"}]",
         "event 1: a control character inside a string (byte 35)"},
        {R"([{"ph":"X","ts":1,"dur":1,"name":"a\q"}])", "event 1: a malformed escape in a string"},
        {R"([{"ph":"X","ts":1,"dur":1,"tts":12x}])", "event 1: malformed JSON (a malformed number)"},
        {R"([{"ph":"X","ts":1,"dur":1,"cat":tru}])", "event 1: malformed JSON"},
        {R"([{"ph":"X","ts":1,"dur":1,"args":{"a" 1}}])", "event 1: malformed JSON"},
        {R"([{"name":"a","ph":"X":"b","ts":1,"dur":1}])", "event 1: malformed JSON (a value is not followed by"},
        {R"([{"name":"a","ph":"X","ts":1,"dur":1,"cat":"v8":"x"}])", "event 1: malformed JSON (a value is not"},
        {R"([{"name":"a","ph":"X","ts":1:2,"dur":1}])", "event 1: malformed JSON"},
        {R"([{"ph":"X","ts":1,"dur":1,"args":{"a":[1}}])", "event 1: '}' where ']' was expected (byte 40)"},
        {R"([{"ph":"X","ts":1,"dur":1,"pid":12\"a","b":"c"}])", "event 1: a backslash outside a string (byte 34)"},
        {"[" + ok + "]x", "t.json:1: text after the end of the event array"},
        {R"({"traceEvents":[]} x)", "t.json:1: text after the end of the trace (byte 19)"},
        {R"({"traceEvents":[],"m":{"a":1x}})", "t.json:1: malformed JSON"},
        {R"({"m":"a)"
         "\xff"
         R"(","traceEvents":[]})",
         "t.json:1: malformed JSON"},
        {R"({"m" 1,"traceEvents":[]})", "t.json:1: ':' was expected after a key (byte 5)"},
        {"[{\"ph\":\"i\",\"args\":" + std::string(2000, '[') + std::string(2000, ']') + "}]",
         "event 1: nested deeper than 1024 levels"},
    };
    for (const auto& [text, expected] : cases) {
        for (std::size_t chunk : {std::size_t{1}, std::size_t{16}, detail::kChromeChunkBytes}) {
            const std::string message = error_of(text, chunk);
            EXPECT_NE(message.find(expected), std::string::npos)
                << "input: " << text.substr(0, 120) << "\nchunks of " << chunk << "\nmessage: " << message;
            EXPECT_TRUE(message.starts_with("t.json:")) << message;
            EXPECT_NE(message.find("(byte "), std::string::npos) << message;
        }
    }
}

TEST(ChromeMalformed, TheFirstFaultInTheFileIsReportedHoweverTheFileIsCut)
{
    std::string text = "[";
    for (int i = 0; i < 40; ++i)
        text += R"({"name":"a","ph":"X","ts":1,"dur":1,"pid":1,"tid":1},)"
                "\n";
    text += R"({"name":"a","ph":"X","dur":1},)"
            "\n";                                                     // event 41: no ts
    text += "{\"name\":\"\xff\",\"ph\":\"X\",\"ts\":1,\"dur\":1},\n"; // 42: invalid UTF-8
    text += R"({"name":"a","ph":"X","ts":1,"dur":1} x,)"
            "\n";                                    // 43: stray byte after
    text += R"({"name":"a","ph":"X","ts":1,"dur":)"; // 44: cut short
    for (std::size_t chunk = 1; chunk < text.size() + 10; chunk += 7)
        EXPECT_EQ(error_of(text, chunk), "t.json:41: event 41: an X event without ts (byte 2161)") << chunk;
}

TEST(ChromeMalformed, ACutAtEveryByteIsRefusedOrReadAsTheOracleReadsWhatIsLeft)
{
    for (const std::string& trace : base_traces()) {
        for (std::size_t n = 0; n <= trace.size(); ++n) {
            const std::string prefix = trace.substr(0, n);
            const auto whole = completed(prefix);
            try {
                const LaneTrace lt = read_json(prefix, 1 + n % 40);
                ASSERT_TRUE(whole.has_value()) << "accepted: " << prefix;
                EXPECT_TRUE(same_as_oracle(lt, chrome_oracle::read(*whole))) << prefix;
            } catch (const InputError& e) {
                EXPECT_FALSE(whole.has_value()) << "refused: " << prefix << "\n" << e.what();
                EXPECT_TRUE(std::string_view(e.what()).starts_with("t.json:")) << e.what();
            }
        }
    }
}

TEST(ChromeMalformed, InvalidUtf8AnywhereIsRefused)
{
    for (const std::string& trace : base_traces())
        for (std::size_t at = 0; at <= trace.size(); ++at)
            for (const char* bad : {"\xff", "\xc3", "\xed\xa0\x80"}) {
                const std::string text = trace.substr(0, at) + bad + trace.substr(at);
                const std::string message = error_of(text, 1 + at % 50);
                EXPECT_TRUE(message.starts_with("t.json:")) << "at " << at << ": " << message;
            }
}

TEST(ChromeMalformed, StrayBytesOutsideStringsAreRefused)
{
    for (const std::string& trace : base_traces()) {
        const std::vector<bool> outside = outside_strings(trace);
        for (std::size_t at = 0; at <= trace.size(); ++at) {
            if (!outside[at])
                continue;
            for (const char* stray : {"@", "x", "\x01", "}", "]", ":"}) {
                const std::string text = trace.substr(0, at) + stray + trace.substr(at);
                if (completed(text) && chrome_oracle::read(*completed(text)).ok)
                    continue; // still a trace (a '}' or ']' that closes it early, say)
                const std::string message = error_of(text, 1 + at % 50);
                EXPECT_TRUE(message.starts_with("t.json:")) << "'" << stray << "' at " << at << ": " << text;
            }
        }
    }
}

TEST(ChromeMalformed, BadNumbersAreRefused)
{
    for (const char* number : {"01", "1.", ".5", "+1", "1e", "1e+", "--1", "0x10", "1_000", "NaN", "Infinity", "1.2.3"})
        for (const char* key : {"ts", "dur", "tts"}) {
            const std::string text =
                std::string(R"([{"ph":"X","ts":1,"dur":1,")") + key + "\":" + number + R"(,"name":"a"}])";
            const std::string message = error_of(text);
            EXPECT_TRUE(message.starts_with("t.json:1: event 1: ")) << text << " -> " << message;
        }
}
