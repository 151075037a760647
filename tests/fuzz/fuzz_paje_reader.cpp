// libFuzzer target for the Paje reader (src/core/io/paje/). Besides "no crash, no hang, no
// exception other than InputError (as FILE:LINE: reason)", every accepted input must give
// a consistent LaneTrace, and the PES of its lanes must be written and read back unchanged
// (names from the trace are PES-safe).
#include "chitra/io/io.hpp"
#include "chitra/lanes/lane_selection.hpp"
#include "io/paje/paje_reader.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <sstream>

using namespace chitra;

namespace {
void check(bool ok)
{
    if (!ok)
        std::abort();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    LaneTrace t;
    try {
        t = detail::read_paje_text(text, "fuzz.paje");
    } catch (const InputError& e) {
        // "fuzz.paje:LINE: reason"
        const char* m = e.what();
        check(std::strncmp(m, "fuzz.paje:", 10) == 0);
        const char* p = m + 10;
        check(*p >= '0' && *p <= '9');
        while (*p >= '0' && *p <= '9')
            ++p;
        check(p[0] == ':' && p[1] == ' ' && p[2] != '\0');
        return 0;
    }
    for (std::size_t i = 1; i < t.times.size(); ++i)
        check(t.times[i - 1] < t.times[i]);
    bool any = false;
    for (const Lane& lane : t.lanes) {
        for (std::size_t c = 0; c < lane.changes.size(); ++c) {
            check(lane.changes[c].record < t.times.size());
            check(c == 0 || lane.changes[c - 1].record < lane.changes[c].record);
            check(lane.changes[c].state < t.state_names.size());
            check((lane.changes[c].state == kEmptyLaneState) == (lane.changes[c].depth == 0));
        }
        any = any || lane.events > 0;
    }
    for (const LaneField& f : t.fields)
        check(!f.lane || *f.lane < t.lanes.size());
    if (!any || t.times.empty())
        return 0;

    const Trace a = to_trace(t, choose_lanes(t, {}));
    std::ostringstream out;
    write_pes(a, out);
    const Trace b = read_pes_text(out.str(), "round-trip.pes"); // must not throw
    check(b.size() == a.size());
    check(std::equal(a.times.begin(), a.times.end(), b.times.begin()));
    for (std::size_t i = 0; i < a.size(); ++i)
        check((*a.symbols)[a.states[i]].name == (*b.symbols)[b.states[i]].name);
    check(a.header.extra == b.header.extra && a.header.fields.size() == b.header.fields.size());
    return 0;
}
