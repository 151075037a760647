// Where the time goes, per region and per lane (interfaces.md "Regions: profiles across
// lanes"): calls, inclusive time (recursion counted once) and exclusive time of every
// region on every chosen lane over an interval, each lane's busy and idle time, the
// imbalance of each region across lanes and, on request, the call tree. One replay of
// each chosen lane's stack (its changes and stack steps, lanes/lane_trace.hpp).
#pragma once

#include "chitra/io/import.hpp"
#include "chitra/lanes/lane_trace.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace chitra {

// Lanes ready to profile: their times absolute in ns (or in the cycles of a PES counted in
// cycles), the chosen lanes, and the origin and end of the trace they make.
struct ProfileSource {
    std::shared_ptr<const LaneTrace> lanes; // every lane holds its steps
    std::vector<std::size_t> chosen;        // lane indices, in lane order
    Time origin = 0;                        // times are reported from here
    Time end = 0;                           // absolute; regions still open close here
    std::string time_base = "ns";           // "cycles" for a PES counted in cycles
    Time ns_per_unit = 1;                   // ns per unit of the trace's record times (a PES's time base)
};

// Nanoseconds per unit of the trace's record times: 1 for an imported trace (and a PES in
// ns or cycles), 10^3, 10^6 or 10^9 for a PES in us, ms or s.
Time ns_per_unit(const Trace& trace);

// Any trace file, as `load_trace` reads it with `options` (components, format, ...).
ProfileSource profile_source(const std::string& path, const ImportOptions& options);
// A trace already loaded: an imported one's lanes (Trace::lanes), else one lane of depth
// at most one per component of its states, times converted from its time base to ns.
ProfileSource profile_source(const Trace& trace, const LaneSelection& components = {});

// The interval [from, to) in ns from the origin; `to` absent: the end, included.
struct ProfileRange {
    Time from = 0;
    std::optional<Time> to;
    bool operator==(const ProfileRange&) const = default;
};

struct LaneBusy {
    std::size_t lane = 0; // 1-based among the chosen lanes
    std::string name;
    Time busy_ns = 0; // the stack is not empty
    Time idle_ns = 0; // it is
};

struct RegionOnLane {
    std::size_t lane = 0;
    std::uint64_t calls = 0;
    Time inclusive_ns = 0;
    Time exclusive_ns = 0;
    bool operator==(const RegionOnLane&) const = default;
};

struct RegionProfile {
    std::string region;
    std::uint64_t calls = 0;
    Time inclusive_ns = 0;
    Time exclusive_ns = 0;
    double mean_ns = 0; // inclusive over the number of chosen lanes
    Time max_ns = 0;    // the largest inclusive time of one lane
    std::size_t max_lane = 0;
    double imbalance = 0;               // max_ns / mean_ns
    std::vector<RegionOnLane> per_lane; // lanes where it has calls or time, in lane order
};

// A call path summed over the lanes: inclusive is the time the stack starts with it,
// exclusive the time the stack equals it, calls the entries that made the stack equal it.
struct CallPathProfile {
    std::vector<std::string> path; // bottom frame first
    std::uint64_t calls = 0;
    Time inclusive_ns = 0;
    Time exclusive_ns = 0;
};

struct Profile {
    Time from = 0, to = 0;
    std::string time_base = "ns";
    std::vector<LaneBusy> lanes;
    std::vector<RegionProfile> regions; // by exclusive time descending, then name
    bool with_tree = false;
    std::vector<CallPathProfile> tree; // depth first, parents before children, siblings by inclusive time
};

// Throws InputError when the range is empty or reversed.
Profile profile(const ProfileSource& source, const ProfileRange& range = {}, bool tree = false);

// Exclusive time per region over time (Pipit's time_profile): the range cut into `bins`
// equal bins (edges rounded down to whole ns), each region's exclusive time in each bin
// summed over the chosen lanes. Summed over the bins, a region's time is its exclusive
// time in profile() over the same range.
struct TimeProfile {
    Time from = 0, to = 0;
    std::vector<Time> edges;                     // bins + 1 times, from `from` to `to`
    std::vector<std::string> regions;            // by exclusive time in the range, descending, then name
    std::vector<std::vector<Time>> exclusive_ns; // [region][bin]
};
// Throws InputError when the range is empty or reversed, or `bins` is 0.
TimeProfile time_profile(const ProfileSource& source, const ProfileRange& range, std::size_t bins);

// Each call of a call path (bottom frame first) on the chosen lanes over a range: from the
// entry that made the stack start with the path (or the range's start) until the stack no
// longer does (or the range's end), in ns from the origin; by lane, then time. A call
// entered again at one instant ends there and a new one starts.
struct PathCall {
    std::size_t lane = 0; // index into source.lanes->lanes
    Time start = 0, end = 0;
};
// Throws InputError when the range is empty or reversed.
std::vector<PathCall> path_calls(const ProfileSource& source, const std::vector<std::string>& path,
                                 const ProfileRange& range = {});

// The forms `chitra-cli profile` writes (docs/cli.md).
std::string profile_json(const Profile& profile);
std::string profile_csv(const Profile& profile);
std::string profile_text(const Profile& profile);

} // namespace chitra
