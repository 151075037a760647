// Global definitions through OTF2_GlobalDefReader callbacks. Definitions may refer to
// strings defined later in the file, so references are kept raw while reading and
// resolved (and checked) once the whole file has been read.
#include "io/otf2/otf2_definitions.hpp"

#include <exception>
#include <unordered_set>

namespace chitra::detail {

namespace {

struct RawLocation {
    OTF2_LocationRef id;
    OTF2_StringRef name;
    OTF2_LocationGroupRef group;
    std::uint64_t events;
};
struct RawMember {
    OTF2_StringRef name;
    OTF2_MetricMode mode;
};
struct RawMetric {
    bool instance = false;
    OTF2_MetricRef metric_class = 0;           // for an instance
    std::vector<OTF2_MetricMemberRef> members; // for a class
};

struct RawGroup {
    OTF2_GroupType type;
    OTF2_Paradigm paradigm;
    std::vector<std::uint64_t> members;
};

struct Raw {
    bool clock = false;
    std::uint64_t resolution = 0, offset = 0, length = 0;
    std::unordered_map<OTF2_StringRef, std::string> strings;
    std::unordered_map<OTF2_LocationGroupRef, OTF2_StringRef> groups;
    std::vector<RawLocation> locations;
    std::vector<std::pair<OTF2_RegionRef, OTF2_StringRef>> regions;
    std::unordered_map<OTF2_MetricMemberRef, RawMember> members;
    std::vector<std::pair<OTF2_MetricRef, RawMetric>> metrics;
    std::unordered_map<OTF2_GroupRef, RawGroup> member_groups;
    std::vector<std::pair<OTF2_CommRef, OTF2_GroupRef>> comms;
    std::exception_ptr error; // thrown in a callback (no memory): rethrown after reading
};

// Runs a callback's body; an exception is kept instead of unwinding through the library.
template <class Body> OTF2_CallbackCode guarded(void* user, Body&& body)
{
    try {
        body(*static_cast<Raw*>(user));
        return OTF2_CALLBACK_SUCCESS;
    } catch (...) {
        static_cast<Raw*>(user)->error = std::current_exception();
        return OTF2_CALLBACK_INTERRUPT;
    }
}

Raw& raw(void* user) { return *static_cast<Raw*>(user); }

OTF2_CallbackCode on_clock(void* user, uint64_t resolution, uint64_t offset, uint64_t length, uint64_t)
{
    Raw& r = raw(user);
    r.clock = true;
    r.resolution = resolution;
    r.offset = offset;
    r.length = length;
    return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_string(void* user, OTF2_StringRef self, const char* text)
{
    return guarded(user, [&](Raw& r) { r.strings.insert_or_assign(self, text ? text : ""); });
}

OTF2_CallbackCode on_group(void* user, OTF2_LocationGroupRef self, OTF2_StringRef name, OTF2_LocationGroupType,
                           OTF2_SystemTreeNodeRef, OTF2_LocationGroupRef)
{
    return guarded(user, [&](Raw& r) { r.groups.insert_or_assign(self, name); });
}

OTF2_CallbackCode on_location(void* user, OTF2_LocationRef self, OTF2_StringRef name, OTF2_LocationType,
                              uint64_t events, OTF2_LocationGroupRef group)
{
    return guarded(user, [&](Raw& r) { r.locations.push_back({self, name, group, events}); });
}

OTF2_CallbackCode on_region(void* user, OTF2_RegionRef self, OTF2_StringRef name, OTF2_StringRef, OTF2_StringRef,
                            OTF2_RegionRole, OTF2_Paradigm, OTF2_RegionFlag, OTF2_StringRef, uint32_t, uint32_t)
{
    return guarded(user, [&](Raw& r) { r.regions.emplace_back(self, name); });
}

OTF2_CallbackCode on_member(void* user, OTF2_MetricMemberRef self, OTF2_StringRef name, OTF2_StringRef, OTF2_MetricType,
                            OTF2_MetricMode mode, OTF2_Type, OTF2_Base, int64_t, OTF2_StringRef)
{
    return guarded(user, [&](Raw& r) { r.members.insert_or_assign(self, RawMember{name, mode}); });
}

OTF2_CallbackCode on_class(void* user, OTF2_MetricRef self, uint8_t count, const OTF2_MetricMemberRef* members,
                           OTF2_MetricOccurrence, OTF2_RecorderKind)
{
    return guarded(user, [&](Raw& r) {
        RawMetric m;
        if (members)
            m.members.assign(members, members + count);
        r.metrics.emplace_back(self, std::move(m));
    });
}

OTF2_CallbackCode on_instance(void* user, OTF2_MetricRef self, OTF2_MetricRef metric_class, OTF2_LocationRef,
                              OTF2_MetricScope, uint64_t)
{
    return guarded(user, [&](Raw& r) {
        RawMetric m;
        m.instance = true;
        m.metric_class = metric_class;
        r.metrics.emplace_back(self, std::move(m));
    });
}

OTF2_CallbackCode on_member_group(void* user, OTF2_GroupRef self, OTF2_StringRef, OTF2_GroupType type,
                                  OTF2_Paradigm paradigm, OTF2_GroupFlag, uint32_t count, const uint64_t* members)
{
    return guarded(user, [&](Raw& r) {
        RawGroup g{type, paradigm, {}};
        if (members)
            g.members.assign(members, members + count);
        r.member_groups.insert_or_assign(self, std::move(g));
    });
}

OTF2_CallbackCode on_comm(void* user, OTF2_CommRef self, OTF2_StringRef, OTF2_GroupRef group, OTF2_CommRef,
                          OTF2_CommFlag)
{
    return guarded(user, [&](Raw& r) { r.comms.emplace_back(self, group); });
}

// `text` with every byte that is not part of a valid UTF-8 sequence replaced by U+FFFD:
// OTF2 strings are bytes, a PES name must be UTF-8.
std::string valid_utf8(const std::string& text)
{
    std::string out;
    out.reserve(text.size());
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const auto* end = p + text.size();
    while (p < end) {
        const unsigned char c = *p;
        std::size_t n = 0;
        std::uint32_t cp = 0;
        if (c < 0x80)
            n = 1, cp = c;
        else if (c >= 0xc2 && c <= 0xdf)
            n = 2, cp = c & 0x1f;
        else if (c >= 0xe0 && c <= 0xef)
            n = 3, cp = c & 0x0f;
        else if (c >= 0xf0 && c <= 0xf4)
            n = 4, cp = c & 0x07;
        bool ok = n != 0 && static_cast<std::size_t>(end - p) >= n;
        for (std::size_t i = 1; ok && i < n; ++i) {
            ok = (p[i] & 0xc0) == 0x80;
            cp = (cp << 6) | (p[i] & 0x3f);
        }
        ok = ok && !(n == 3 && cp < 0x800) && !(n == 4 && (cp < 0x10000 || cp > 0x10ffff)) &&
             !(cp >= 0xd800 && cp <= 0xdfff);
        if (ok) {
            out.append(reinterpret_cast<const char*>(p), n);
            p += n;
        } else {
            out += "\xef\xbf\xbd";
            ++p;
        }
    }
    return out;
}

// Resolves the raw references; `where` names the definitions file in messages.
class Resolver {
public:
    Resolver(const Raw& raw, std::string where) : raw_(raw), where_(std::move(where)) {}

    std::string string(OTF2_StringRef ref, const std::string& user) const
    {
        if (ref == OTF2_UNDEFINED_STRING)
            return {};
        auto it = raw_.strings.find(ref);
        if (it == raw_.strings.end())
            fail(user + " names string " + std::to_string(ref) + ", which is not defined");
        return valid_utf8(it->second);
    }

    [[noreturn]] void fail(const std::string& reason) const { throw InputError(where_ + ": " + reason); }

    Otf2Definitions resolve() const
    {
        Otf2Definitions d;
        if (!raw_.clock)
            fail("no ClockProperties definition (the timer resolution is unknown)");
        if (raw_.resolution == 0)
            fail("ClockProperties: timer resolution 0");
        d.timer_resolution = raw_.resolution;
        d.global_offset = raw_.offset;
        d.trace_length = raw_.length;

        std::unordered_set<OTF2_LocationRef> ids;
        for (const RawLocation& l : raw_.locations) {
            const std::string what = "location " + std::to_string(l.id);
            if (!ids.insert(l.id).second)
                fail(what + " is defined twice");
            auto g = raw_.groups.find(l.group);
            if (g == raw_.groups.end())
                fail(what + " belongs to location group " + std::to_string(l.group) + ", which is not defined");
            d.locations.push_back(
                {l.id, string(g->second, "location group " + std::to_string(l.group)) + "/" + string(l.name, what),
                 l.events});
        }

        std::unordered_set<OTF2_RegionRef> regions;
        for (const auto& [ref, name] : raw_.regions) {
            if (!regions.insert(ref).second)
                fail("region " + std::to_string(ref) + " is defined twice");
            std::string text = string(name, "region " + std::to_string(ref));
            if (text.empty()) // a state needs a name: an unnamed region is called by its reference
                text = "region " + std::to_string(ref);
            d.regions.emplace_back(ref, std::move(text));
        }

        std::unordered_map<std::string, std::uint32_t> keys; // "kind name" -> key
        std::unordered_map<OTF2_MetricRef, const RawMetric*> classes;
        for (const auto& [ref, m] : raw_.metrics)
            if (!m.instance)
                classes.emplace(ref, &m);
        for (const auto& [ref, m] : raw_.metrics) {
            const std::string what = "metric " + std::to_string(ref);
            if (d.metrics.contains(ref))
                fail(what + " is defined twice");
            const RawMetric* cls = &m;
            if (m.instance) {
                auto c = classes.find(m.metric_class);
                if (c == classes.end())
                    fail(what + " is an instance of metric class " + std::to_string(m.metric_class) +
                         ", which is not defined");
                cls = c->second;
            }
            std::vector<Otf2MetricMember> members;
            for (OTF2_MetricMemberRef mr : cls->members) {
                auto mm = raw_.members.find(mr);
                if (mm == raw_.members.end())
                    fail(what + " has member " + std::to_string(mr) + ", which is not defined");
                const bool accumulated = (mm->second.mode & OTF2_METRIC_VALUE_MASK) == OTF2_METRIC_VALUE_ACCUMULATED;
                Otf2MetricMember member{string(mm->second.name, "metric member " + std::to_string(mr)),
                                        accumulated ? FieldKind::counter : FieldKind::gauge};
                if (member.name.empty()) // a field needs a name too
                    member.name = "metric member " + std::to_string(mr);
                member.key = keys.emplace(std::string(accumulated ? "c " : "g ") + member.name,
                                          static_cast<std::uint32_t>(keys.size()))
                                 .first->second;
                members.push_back(std::move(member));
            }
            d.metrics.insert(ref, std::move(members));
        }
        d.metrics.compact();
        d.member_keys = static_cast<std::uint32_t>(keys.size());
        resolve_comms(d);
        return d;
    }

    // A communicator's group lists ranks: indices into its paradigm's group of locations
    // (or, for that group itself, the locations). One whose ranks cannot be read is left
    // out: its messages are counted as such when read, the trace still opens.
    void resolve_comms(Otf2Definitions& d) const
    {
        std::unordered_map<std::uint64_t, std::uint32_t> lane_of_location;
        for (std::size_t l = 0; l < d.locations.size(); ++l)
            lane_of_location.emplace(d.locations[l].id, static_cast<std::uint32_t>(l));
        std::unordered_map<OTF2_Paradigm, const RawGroup*> locations_of;
        for (const auto& [ref, g] : raw_.member_groups)
            if (g.type == OTF2_GROUP_TYPE_COMM_LOCATIONS)
                locations_of.emplace(g.paradigm, &g);
        const auto lanes = static_cast<std::uint32_t>(d.locations.size());
        for (const auto& [comm, group] : raw_.comms) {
            const auto g = raw_.member_groups.find(group);
            if (g == raw_.member_groups.end())
                continue;
            Otf2Comm c;
            c.rank_of_lane.assign(lanes, Otf2Comm::kNone);
            if (g->second.type == OTF2_GROUP_TYPE_COMM_SELF) {
                c.self = true;
                c.rank_of_lane.assign(lanes, 0);
                d.comms.insert(comm, std::move(c));
                continue;
            }
            // The group of locations its members index (none: they are locations).
            const std::vector<std::uint64_t>* indexed = nullptr;
            if (g->second.type == OTF2_GROUP_TYPE_COMM_GROUP) {
                const auto l = locations_of.find(g->second.paradigm);
                if (l == locations_of.end())
                    continue;
                indexed = &l->second->members;
            } else if (g->second.type != OTF2_GROUP_TYPE_COMM_LOCATIONS) {
                continue;
            }
            bool ok = true;
            std::uint32_t rank = 0;
            for (std::uint64_t member : g->second.members) {
                ok = !indexed || member < indexed->size();
                const std::uint64_t location = ok && indexed ? (*indexed)[member] : member;
                const auto lane = lane_of_location.find(location);
                ok = ok && lane != lane_of_location.end();
                if (!ok)
                    break;
                if (c.rank_of_lane[lane->second] == Otf2Comm::kNone)
                    c.rank_of_lane[lane->second] = rank;
                ++rank;
            }
            if (ok)
                d.comms.insert(comm, std::move(c));
        }
        d.comms.compact();
    }

private:
    const Raw& raw_;
    std::string where_;
};

} // namespace

std::uint64_t Otf2Definitions::total_events() const
{
    std::uint64_t n = 0;
    for (const Otf2Location& l : locations)
        n += l.events;
    return n;
}

std::string otf2_definitions_path(const std::string& anchor)
{
    constexpr std::string_view ext = ".otf2";
    if (anchor.size() > ext.size() && anchor.compare(anchor.size() - ext.size(), ext.size(), ext) == 0)
        return anchor.substr(0, anchor.size() - ext.size()) + ".def";
    return anchor + " (global definitions)";
}

Otf2Definitions read_otf2_definitions(OTF2_Reader* reader, const std::string& anchor, const Otf2ErrorCapture& errors)
{
    const std::string where = otf2_definitions_path(anchor);
    OTF2_GlobalDefReader* defs = OTF2_Reader_GetGlobalDefReader(reader);
    if (!defs)
        throw InputError(where + ": cannot open the global definitions: " + errors.reason(OTF2_ERROR_INVALID));
    OTF2_GlobalDefReaderCallbacks* cbs = OTF2_GlobalDefReaderCallbacks_New();
    OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback(cbs, on_clock);
    OTF2_GlobalDefReaderCallbacks_SetStringCallback(cbs, on_string);
    OTF2_GlobalDefReaderCallbacks_SetLocationGroupCallback(cbs, on_group);
    OTF2_GlobalDefReaderCallbacks_SetLocationCallback(cbs, on_location);
    OTF2_GlobalDefReaderCallbacks_SetRegionCallback(cbs, on_region);
    OTF2_GlobalDefReaderCallbacks_SetMetricMemberCallback(cbs, on_member);
    OTF2_GlobalDefReaderCallbacks_SetMetricClassCallback(cbs, on_class);
    OTF2_GlobalDefReaderCallbacks_SetMetricInstanceCallback(cbs, on_instance);
    OTF2_GlobalDefReaderCallbacks_SetGroupCallback(cbs, on_member_group);
    OTF2_GlobalDefReaderCallbacks_SetCommCallback(cbs, on_comm);
    Raw r;
    OTF2_ErrorCode code = OTF2_Reader_RegisterGlobalDefCallbacks(reader, defs, cbs, &r);
    OTF2_GlobalDefReaderCallbacks_Delete(cbs);
    uint64_t read = 0;
    if (code == OTF2_SUCCESS)
        code = OTF2_Reader_ReadAllGlobalDefinitions(reader, defs, &read);
    OTF2_Reader_CloseGlobalDefReader(reader, defs);
    if (r.error)
        std::rethrow_exception(r.error);
    otf2_check(code, where, "cannot read the global definitions", errors);
    return Resolver(r, where).resolve();
}

std::size_t otf2_reader_split(const Otf2Definitions& defs, unsigned cores, std::uint64_t min_events)
{
    const std::uint64_t total = defs.total_events();
    if (defs.locations.size() < 2 || total < min_events || cores < 2)
        return 0;
    std::uint64_t before = 0, best_larger = total;
    std::size_t best = 0;
    for (std::size_t i = 0; i + 1 < defs.locations.size(); ++i) {
        before += defs.locations[i].events;
        const std::uint64_t larger = std::max(before, total - before);
        if (larger < best_larger) {
            best_larger = larger;
            best = i + 1;
        }
    }
    return static_cast<unsigned __int128>(best_larger) * 10 <= static_cast<unsigned __int128>(total) * 6 ? best : 0;
}

} // namespace chitra::detail
