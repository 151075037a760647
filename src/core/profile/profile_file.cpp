// The lanes of a trace file, ready to profile: read as lanes where the format has them
// (no vector state is formed), else as a trace whose components are lanes. Apart from
// profile.cpp, which needs no reader.
#include "chitra/lanes/lane_selection.hpp"
#include "chitra/profile/profile.hpp"

#include <algorithm>

namespace chitra {

ProfileSource profile_source(const std::string& path, const ImportOptions& options)
{
    ImportOptions o = options;
    o.from = options.from ? *options.from : detect_format(path);
    if (!reads_as_lanes(*o.from, path))
        return profile_source(load_trace(path, o), options.components);
    ProfileSource out;
    auto lanes = std::make_shared<const LaneTrace>(import_lanes(path, o));
    out.chosen = choose_lanes(*lanes, options.components);
    out.origin = first_change(*lanes, out.chosen).value_or(lanes->last_event.value_or(0));
    out.end = std::max(out.origin, lanes->last_event.value_or(out.origin));
    out.lanes = std::move(lanes);
    return out;
}

} // namespace chitra
