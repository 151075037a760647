// Shared by the fuzz targets of the text importers (event traces, CSV, Paraver): an error
// must be "SOURCE:LINE: reason"; an accepted trace must give consistent lanes and a PES
// that is written and read back unchanged.
#pragma once

#include "chitra/io/io.hpp"
#include "chitra/lanes/lane_selection.hpp"

#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>

namespace fuzz_text {

inline void check(bool ok)
{
    if (!ok)
        std::abort();
}

inline void check_error(const chitra::InputError& e, const std::string& source)
{
    const char* m = e.what();
    check(std::strncmp(m, source.c_str(), source.size()) == 0 && m[source.size()] == ':');
    const char* p = m + source.size() + 1;
    check(*p >= '0' && *p <= '9');
    while (*p >= '0' && *p <= '9')
        ++p;
    check(p[0] == ':' && p[1] == ' ' && p[2] != '\0');
}

inline void check_lanes(const chitra::LaneTrace& t)
{
    using namespace chitra;
    for (std::size_t i = 1; i < t.times.size(); ++i)
        check(t.times[i - 1] < t.times[i]);
    bool any = false;
    for (const Lane& lane : t.lanes) {
        for (std::size_t c = 0; c < lane.changes.size(); ++c) {
            check(lane.changes[c].record < t.times.size());
            check(c == 0 || lane.changes[c - 1].record < lane.changes[c].record);
            check(lane.changes[c].state < t.state_names.size());
        }
        any = any || lane.events > 0;
    }
    for (const LaneField& f : t.fields)
        check(!f.lane || *f.lane < t.lanes.size());
    if (!any || t.times.empty())
        return;
    const Trace a = to_trace(t, choose_lanes(t, {}));
    std::ostringstream out;
    write_pes(a, out);
    const Trace b = read_pes_text(out.str(), "round-trip.pes"); // must not throw
    check(b.size() == a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
        check(a.times[i] == b.times[i] && (*a.symbols)[a.states[i]].name == (*b.symbols)[b.states[i]].name);
}

} // namespace fuzz_text
