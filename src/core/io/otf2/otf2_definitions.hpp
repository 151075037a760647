// The global definitions of an OTF2 archive that the importer needs, read once before
// any event: clock properties, locations in definition order with their `GROUP/LOCATION`
// names, region names, the members of every metric (class or instance), and the ranks of
// every MPI communicator. References
// are checked here, so the event callbacks only look names up.
#pragma once

#include "chitra/trace/trace.hpp"
#include "io/otf2/otf2_library.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace chitra::detail {

// A table of definitions by reference: a vector when the references are dense (as every
// writer makes them), a hash map otherwise.
template <class T> class Otf2RefMap {
public:
    void insert(std::uint64_t ref, T value) { sparse_.insert_or_assign(ref, std::move(value)); }
    bool contains(std::uint64_t ref) const { return find(ref) != nullptr; }
    const T* find(std::uint64_t ref) const
    {
        if (compact_) {
            if (ref < dense_.size() && present_[ref])
                return &dense_[ref];
            return nullptr;
        }
        auto it = sparse_.find(ref);
        return it == sparse_.end() ? nullptr : &it->second;
    }
    // After the last insert: switch to the vector when it would be small.
    void compact()
    {
        std::uint64_t max = 0;
        for (const auto& [ref, value] : sparse_)
            max = std::max(max, ref);
        if (sparse_.empty() || max >= 4 * sparse_.size() + 1024)
            return;
        dense_.resize(max + 1);
        present_.assign(max + 1, false);
        for (auto& [ref, value] : sparse_) {
            dense_[ref] = std::move(value);
            present_[ref] = true;
        }
        sparse_.clear();
        compact_ = true;
    }
    std::size_t size() const { return compact_ ? dense_.size() : sparse_.size(); }

private:
    std::unordered_map<std::uint64_t, T> sparse_;
    std::vector<T> dense_;
    std::vector<bool> present_;
    bool compact_ = false;
};

struct Otf2Location {
    std::uint64_t id = 0;
    std::string name;         // "GROUP/LOCATION"
    std::uint64_t events = 0; // as the definition says (for progress only)
};

struct Otf2MetricMember {
    std::string name;
    FieldKind kind = FieldKind::gauge; // ACCUMULATED_* modes are counters
    std::uint32_t key = 0;             // the same for members of one name and kind
};

// An MPI communicator's ranks as lanes (indices into Otf2Definitions::locations).
struct Otf2Comm {
    static constexpr std::uint32_t kNone = 0xffffffff;
    std::vector<std::uint32_t> rank_of_lane; // per lane: its rank, or kNone
    bool self = false;                       // MPI_COMM_SELF: every lane is rank 0 of its own
};

struct Otf2Definitions {
    std::uint64_t timer_resolution = 0;                         // ticks per second
    std::uint64_t global_offset = 0;                            // ticks
    std::uint64_t trace_length = 0;                             // ticks
    std::vector<Otf2Location> locations;                        // in definition order
    std::vector<std::pair<std::uint32_t, std::string>> regions; // in definition order
    Otf2RefMap<std::vector<Otf2MetricMember>> metrics;          // class or instance -> its members
    std::uint32_t member_keys = 0;                              // distinct Otf2MetricMember::key
    Otf2RefMap<Otf2Comm> comms;                                 // communicators whose ranks are known
    std::uint64_t total_events() const;
};

// Where an import splits the locations between two readers on two threads (locations
// [0, split) and [split, end)), or 0 for one reader: an archive of at least `min_events`
// events, two cores or more, and locations that split into two runs of at most 60% of
// the events each. (A thread that decodes and builds its half is then quicker than one
// that decodes everything while another builds.)
std::size_t otf2_reader_split(const Otf2Definitions& defs, unsigned cores, std::uint64_t min_events);

// Reads and checks the global definitions (`anchor`'s `.def`); throws InputError naming
// the definitions file and the reason.
Otf2Definitions read_otf2_definitions(OTF2_Reader* reader, const std::string& anchor, const Otf2ErrorCapture& errors);

// The global definitions file of an anchor file: `DIR/NAME.otf2` -> `DIR/NAME.def`.
std::string otf2_definitions_path(const std::string& anchor);

} // namespace chitra::detail
