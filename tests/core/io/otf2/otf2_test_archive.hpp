// Test helper: writes OTF2 archives with chosen definitions and events through the OTF2
// writer API, so that each rule of the OTF2 import (interfaces.md "Foreign trace
// formats") has a trace made for it, and malformed variants can start from a valid one.
// Header-only: the core tests and the OTF2 fuzzer (its seed archive) both use it.
#pragma once

#include <otf2/otf2.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace chitra::test {

struct Otf2TestEvent {
    enum Kind { enter, leave, metric, other, send, recv, isend, irecv } kind = enter;
    std::uint64_t time = 0;
    std::uint32_t ref = 0;        // region (enter, leave), metric (metric) or communicator (messages)
    std::vector<OTF2_Type> types; // metric
    std::vector<OTF2_MetricValue> values;
    std::uint32_t peer = 0; // messages: the receiver's or sender's rank in the communicator
    std::uint32_t tag = 0;
    std::uint64_t length = 0;
};

inline Otf2TestEvent enter(std::uint64_t t, std::uint32_t region) { return {Otf2TestEvent::enter, t, region, {}, {}}; }
inline Otf2TestEvent leave(std::uint64_t t, std::uint32_t region) { return {Otf2TestEvent::leave, t, region, {}, {}}; }
inline Otf2TestEvent other(std::uint64_t t) { return {Otf2TestEvent::other, t, 0, {}, {}}; }
inline Otf2TestEvent metric(std::uint64_t t, std::uint32_t ref, std::vector<double> values)
{
    Otf2TestEvent e{Otf2TestEvent::metric, t, ref, {}, {}};
    for (double v : values) {
        e.types.push_back(OTF2_TYPE_DOUBLE);
        OTF2_MetricValue mv;
        mv.floating_point = v;
        e.values.push_back(mv);
    }
    return e;
}
inline Otf2TestEvent metric_int(std::uint64_t t, std::uint32_t ref, std::int64_t value)
{
    Otf2TestEvent e{Otf2TestEvent::metric, t, ref, {OTF2_TYPE_INT64}, {}};
    OTF2_MetricValue mv;
    mv.signed_int = value;
    e.values.push_back(mv);
    return e;
}

// A message's end: MpiSend, MpiRecv, MpiIsend (request 1) or MpiIrecv (the completed receive).
inline Otf2TestEvent message(Otf2TestEvent::Kind kind, std::uint64_t t, std::uint32_t comm, std::uint32_t peer,
                             std::uint32_t tag, std::uint64_t length)
{
    Otf2TestEvent e{kind, t, comm, {}, {}};
    e.peer = peer;
    e.tag = tag;
    e.length = length;
    return e;
}

struct Otf2TestLocation {
    std::uint64_t id = 0;
    std::string name;
    std::uint32_t group = 0;
    std::vector<Otf2TestEvent> events;
};

struct Otf2TestMember {
    std::string name;
    OTF2_MetricMode mode = OTF2_METRIC_ABSOLUTE_POINT;
};

// An MPI communicator: its ranks are indices into Otf2TestArchive::comm_locations.
struct Otf2TestComm {
    std::string name;
    std::vector<std::uint64_t> ranks;
    bool self = false; // MPI_COMM_SELF: a group of type COMM_SELF, no ranks
};

// Definitions: group, region, member, metric class and communicator references are their
// indices.
struct Otf2TestArchive {
    std::uint64_t resolution = 1'000'000'000; // ticks per second
    std::uint64_t offset = 0;
    std::uint64_t length = 0;
    bool clock = true;                       // write the ClockProperties definition
    std::uint64_t event_chunk = 1024 * 1024; // the library's buffer sizes (at least 256 KiB)
    std::uint64_t definition_chunk = 4 * 1024 * 1024;
    std::vector<std::string> groups;
    std::vector<std::string> regions;
    std::vector<Otf2TestMember> members;
    std::vector<std::vector<std::uint32_t>> metric_classes; // member references
    std::vector<Otf2TestLocation> locations;                // in definition order
    std::vector<std::uint64_t> comm_locations; // location ids of the COMM_LOCATIONS group, when there are comms
    std::vector<Otf2TestComm> comms;

    // Writes the archive `DIR/trace/` (anchor `DIR/trace/traces.otf2`) and returns the
    // anchor's path. Throws std::runtime_error when the library refuses.
    std::string write(const std::filesystem::path& dir) const
    {
        const auto root = dir / "trace";
        OTF2_Archive* archive = OTF2_Archive_Open(root.c_str(), "traces", OTF2_FILEMODE_WRITE, event_chunk,
                                                  definition_chunk, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
        if (!archive)
            throw std::runtime_error("OTF2_Archive_Open failed for " + root.string());
        static const OTF2_FlushCallbacks flush{
            [](void*, OTF2_FileType, OTF2_LocationRef, void*, bool) -> OTF2_FlushType { return OTF2_FLUSH; },
            [](void*, OTF2_FileType, OTF2_LocationRef) -> OTF2_TimeStamp { return 0; }};
        OTF2_Archive_SetFlushCallbacks(archive, &flush, nullptr);
        OTF2_Archive_SetSerialCollectiveCallbacks(archive);
        OTF2_Archive_OpenEvtFiles(archive);
        for (const Otf2TestLocation& l : locations) {
            OTF2_EvtWriter* w = OTF2_Archive_GetEvtWriter(archive, l.id);
            for (const Otf2TestEvent& e : l.events) {
                switch (e.kind) {
                case Otf2TestEvent::enter:
                    OTF2_EvtWriter_Enter(w, nullptr, e.time, e.ref);
                    break;
                case Otf2TestEvent::leave:
                    OTF2_EvtWriter_Leave(w, nullptr, e.time, e.ref);
                    break;
                case Otf2TestEvent::other:
                    OTF2_EvtWriter_MeasurementOnOff(w, nullptr, e.time, OTF2_MEASUREMENT_ON);
                    break;
                case Otf2TestEvent::metric:
                    OTF2_EvtWriter_Metric(w, nullptr, e.time, e.ref, static_cast<std::uint8_t>(e.values.size()),
                                          e.types.data(), e.values.data());
                    break;
                case Otf2TestEvent::send:
                    OTF2_EvtWriter_MpiSend(w, nullptr, e.time, e.peer, e.ref, e.tag, e.length);
                    break;
                case Otf2TestEvent::recv:
                    OTF2_EvtWriter_MpiRecv(w, nullptr, e.time, e.peer, e.ref, e.tag, e.length);
                    break;
                case Otf2TestEvent::isend:
                    OTF2_EvtWriter_MpiIsend(w, nullptr, e.time, e.peer, e.ref, e.tag, e.length, 1);
                    break;
                case Otf2TestEvent::irecv:
                    OTF2_EvtWriter_MpiIrecv(w, nullptr, e.time, e.peer, e.ref, e.tag, e.length, 1);
                    break;
                }
            }
            OTF2_Archive_CloseEvtWriter(archive, w);
        }
        OTF2_Archive_CloseEvtFiles(archive);
        OTF2_Archive_OpenDefFiles(archive);
        for (const Otf2TestLocation& l : locations)
            OTF2_Archive_CloseDefWriter(archive, OTF2_Archive_GetDefWriter(archive, l.id));
        OTF2_Archive_CloseDefFiles(archive);

        OTF2_GlobalDefWriter* g = OTF2_Archive_GetGlobalDefWriter(archive);
        if (clock)
            OTF2_GlobalDefWriter_WriteClockProperties(g, resolution, offset, length, OTF2_UNDEFINED_TIMESTAMP);
        OTF2_StringRef next = 0;
        const auto string = [&](const std::string& s) {
            OTF2_GlobalDefWriter_WriteString(g, next, s.c_str());
            return next++;
        };
        const OTF2_StringRef empty = string("");
        OTF2_GlobalDefWriter_WriteSystemTreeNode(g, 0, string("machine"), string("node"),
                                                 OTF2_UNDEFINED_SYSTEM_TREE_NODE);
        for (std::uint32_t i = 0; i < groups.size(); ++i)
            OTF2_GlobalDefWriter_WriteLocationGroup(g, i, string(groups[i]), OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                                    OTF2_UNDEFINED_LOCATION_GROUP);
        for (std::uint32_t i = 0; i < regions.size(); ++i) {
            const OTF2_StringRef name = string(regions[i]);
            OTF2_GlobalDefWriter_WriteRegion(g, i, name, name, empty, OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_USER,
                                             OTF2_REGION_FLAG_NONE, empty, 0, 0);
        }
        for (std::uint32_t i = 0; i < members.size(); ++i)
            OTF2_GlobalDefWriter_WriteMetricMember(g, i, string(members[i].name), empty, OTF2_METRIC_TYPE_USER,
                                                   members[i].mode, OTF2_TYPE_DOUBLE, OTF2_BASE_DECIMAL, 0, empty);
        for (std::uint32_t i = 0; i < metric_classes.size(); ++i)
            OTF2_GlobalDefWriter_WriteMetricClass(g, i, static_cast<std::uint8_t>(metric_classes[i].size()),
                                                  metric_classes[i].data(), OTF2_METRIC_ASYNCHRONOUS,
                                                  OTF2_RECORDER_KIND_ABSTRACT);
        for (const Otf2TestLocation& l : locations)
            OTF2_GlobalDefWriter_WriteLocation(g, l.id, string(l.name), OTF2_LOCATION_TYPE_CPU_THREAD, l.events.size(),
                                               l.group);
        if (!comms.empty()) { // group 0: the locations; group i + 1: communicator i's ranks
            OTF2_GlobalDefWriter_WriteGroup(g, 0, string("locations"), OTF2_GROUP_TYPE_COMM_LOCATIONS,
                                            OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE,
                                            static_cast<std::uint32_t>(comm_locations.size()), comm_locations.data());
            for (std::uint32_t i = 0; i < comms.size(); ++i) {
                const Otf2TestComm& c = comms[i];
                OTF2_GlobalDefWriter_WriteGroup(g, i + 1, string(c.name + " group"),
                                                c.self ? OTF2_GROUP_TYPE_COMM_SELF : OTF2_GROUP_TYPE_COMM_GROUP,
                                                OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE,
                                                static_cast<std::uint32_t>(c.ranks.size()), c.ranks.data());
                OTF2_GlobalDefWriter_WriteComm(g, i, string(c.name), i + 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE);
            }
        }
        OTF2_Archive_CloseGlobalDefWriter(archive, g);
        OTF2_Archive_Close(archive);
        return (root / "traces.otf2").string();
    }
};

// A fresh temporary folder, removed with everything in it by the destructor.
class TempDir {
public:
    TempDir()
    {
        std::string pattern = (std::filesystem::temp_directory_path() / "chitra-otf2-XXXXXX").string();
        if (!mkdtemp(pattern.data()))
            throw std::runtime_error("mkdtemp failed");
        path_ = pattern;
    }
    ~TempDir()
    {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

} // namespace chitra::test
