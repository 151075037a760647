// libFuzzer target for the pipeline JSON parser (interfaces.md "Pipeline file").
// Any bytes: the parser either refuses them with an InputError whose message starts with
// the source name, or returns a pipeline that (1) survives to_pipeline_json -> parse
// unchanged and (2) replays on a small fixed trace, failing only with InputError.
// Inputs naming device or proc files are skipped: a rules step may name any file and
// reading /dev/zero or /dev/stdin is not what is being tested.
#include "chitra/io/io.hpp"
#include "chitra/pipeline/pipeline_json.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>

using namespace chitra;

namespace {
void check(bool ok)
{
    if (!ok)
        std::abort();
}

// Two components, repeated states, every state name the dictionary knows.
const Ses& fixed_ses()
{
    static const Trace trace = read_pes_text("# components: 2\n# separator: ,\n# end: 200\n"
                                             "0 T T\n10 A1 T\n12 A2 T\n15 E T\n40 R1 A1\n41 R2 A1\n"
                                             "43 T A2\n44 T E\n70 T R1\n72 A1 R2\n73 A2 T\n75 E T\n"
                                             "99 R1 T\n100 R2 T\n101 T T\n150 1 2\n160 3 4\n",
                                             "fixed.pes");
    static const Ses ses = base_ses(trace);
    return ses;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    std::string_view text(reinterpret_cast<const char*>(data), size);
    for (const char* dir : {"/dev", "/proc", "/sys"})
        if (text.find(dir) != std::string_view::npos)
            return 0;
    Pipeline p;
    try {
        // A folder that does not exist: relative rules files are never found.
        p = parse_pipeline_json(text, "fuzz.json", "/nonexistent-chitra-fuzz");
    } catch (const InputError& e) {
        check(std::strncmp(e.what(), "fuzz.json", 9) == 0);
        return 0;
    }
    const std::string written = to_pipeline_json(p);
    Pipeline again = parse_pipeline_json(written, "written.json", ""); // must not throw
    check(again == p);
    try {
        RunResult r = run_pipeline(fixed_ses(), p, false);
        const Ses& s = r.ses;
        check(s.bounds.size() == s.size() + 1 && s.records.size() == s.size() + 1);
        for (std::size_t i = 0; i < s.size(); ++i) {
            check(s.symbol[i] < s.symbols->size());
            check(s.bounds[i] <= s.bounds[i + 1] && s.records[i] < s.records[i + 1]);
        }
    } catch (const InputError&) {
    }
    return 0;
}
