// Helper of scripts/bench/bench-import-otf2.sh (docs/performance.md "Importing OTF2").
//
//   otf2_bench_tool write DIR EVENTS LOCATIONS [SEED]
//       writes an OTF2 archive DIR (anchor DIR/traces.otf2) of EVENTS Enter/Leave events
//       spread over LOCATIONS locations: nested regions (depth 1-4 of 12 regions), steps
//       of 20-2000 ns between events, timer resolution 1 GHz. With CHITRA_BENCH_EVENT_LIST
//       set to a file name, the events are also listed there as text.
//   otf2_bench_tool read ANCHOR
//       reads every location's events as the importer does (global definitions, each
//       location's local definitions and events through its own event reader) with
//       callbacks that only count: the floor the OTF2 library sets for any reader.
//   otf2_bench_tool read2 ANCHOR
//       the same with two readers on two threads, each reading half of the locations
//       (as the import does for large archives whose locations split evenly).
//   otf2_bench_tool import ANCHOR
//       Chitra's import alone (chitra::import_lanes: the lanes' change lists, no PES).
//   otf2_bench_tool steps ANCHOR OUT.pes
//       the three steps of `chitra-cli convert` timed apart (CPU seconds of the process):
//       the import, to_trace (the PES of all lanes) and writing the PES text.
#include "chitra/io/import.hpp"
#include "chitra/io/io.hpp"
#include "chitra/lanes/lane_selection.hpp"

#include <otf2/otf2.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

OTF2_FlushType pre_flush(void*, OTF2_FileType, OTF2_LocationRef, void*, bool) { return OTF2_FLUSH; }
OTF2_TimeStamp post_flush(void*, OTF2_FileType, OTF2_LocationRef) { return 0; }
const OTF2_FlushCallbacks kFlush{pre_flush, post_flush};

int write(const char* dir, std::uint64_t events, std::uint64_t locations, std::uint64_t seed)
{
    constexpr std::uint32_t kRegions = 12;
    OTF2_Archive* archive =
        OTF2_Archive_Open(dir, "traces", OTF2_FILEMODE_WRITE, OTF2_CHUNK_SIZE_EVENTS_DEFAULT,
                          OTF2_CHUNK_SIZE_DEFINITIONS_DEFAULT, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
    if (!archive)
        return 1;
    OTF2_Archive_SetFlushCallbacks(archive, &kFlush, nullptr);
    OTF2_Archive_SetSerialCollectiveCallbacks(archive);
    OTF2_Archive_OpenEvtFiles(archive);
    std::mt19937_64 rng(seed);
    const std::uint64_t start = 1'000'000'000;
    std::uint64_t end = start;
    std::vector<std::uint64_t> counts(locations, 0);
    // CHITRA_BENCH_EVENT_LIST=FILE also lists the events as text ("LOCATION NS E|L REGION"),
    // for scripts/bench/bench-import-formats.sh to write the same trace in other formats.
    const char* list_path = std::getenv("CHITRA_BENCH_EVENT_LIST");
    std::FILE* list = list_path && *list_path ? std::fopen(list_path, "w") : nullptr;
    for (std::uint64_t l = 0; l < locations; ++l) {
        OTF2_EvtWriter* w = OTF2_Archive_GetEvtWriter(archive, l);
        std::vector<std::uint32_t> stack;
        std::uint64_t t = start;
        const std::uint64_t n = events / locations + (l < events % locations ? 1 : 0);
        for (std::uint64_t i = 0; i < n; ++i) {
            t += 20 + rng() % 1981;
            const std::uint64_t left = n - i; // close every region before the end
            const bool enter = stack.empty() || (stack.size() < 4 && left > stack.size() && rng() % 2 == 0);
            if (enter) {
                stack.push_back(static_cast<std::uint32_t>(rng() % kRegions));
                OTF2_EvtWriter_Enter(w, nullptr, t, stack.back());
            } else {
                OTF2_EvtWriter_Leave(w, nullptr, t, stack.back());
            }
            if (list)
                std::fprintf(list, "%llu %llu %c %u\n", static_cast<unsigned long long>(l),
                             static_cast<unsigned long long>(t), enter ? 'E' : 'L', stack.back());
            if (!enter)
                stack.pop_back();
        }
        end = std::max(end, t);
        OTF2_EvtWriter_GetNumberOfEvents(w, &counts[l]);
        OTF2_Archive_CloseEvtWriter(archive, w);
    }
    if (list)
        std::fclose(list);
    OTF2_Archive_CloseEvtFiles(archive);
    OTF2_Archive_OpenDefFiles(archive);
    for (std::uint64_t l = 0; l < locations; ++l)
        OTF2_Archive_CloseDefWriter(archive, OTF2_Archive_GetDefWriter(archive, l));
    OTF2_Archive_CloseDefFiles(archive);
    OTF2_GlobalDefWriter* g = OTF2_Archive_GetGlobalDefWriter(archive);
    OTF2_GlobalDefWriter_WriteClockProperties(g, 1'000'000'000, start, end - start, OTF2_UNDEFINED_TIMESTAMP);
    OTF2_StringRef next = 0;
    auto string = [&](const std::string& s) {
        OTF2_GlobalDefWriter_WriteString(g, next, s.c_str());
        return next++;
    };
    const OTF2_StringRef empty = string("");
    OTF2_GlobalDefWriter_WriteSystemTreeNode(g, 0, string("node"), string("machine"), OTF2_UNDEFINED_SYSTEM_TREE_NODE);
    OTF2_GlobalDefWriter_WriteLocationGroup(g, 0, string("rank 0"), OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                            OTF2_UNDEFINED_LOCATION_GROUP);
    for (std::uint32_t r = 0; r < kRegions; ++r)
        OTF2_GlobalDefWriter_WriteRegion(g, r, string("region_" + std::to_string(r)), empty, empty,
                                         OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_USER, OTF2_REGION_FLAG_NONE, empty, 0,
                                         0);
    for (std::uint64_t l = 0; l < locations; ++l)
        OTF2_GlobalDefWriter_WriteLocation(g, l, string("thread " + std::to_string(l)), OTF2_LOCATION_TYPE_CPU_THREAD,
                                           counts[l], 0);
    OTF2_Archive_CloseGlobalDefWriter(archive, g);
    OTF2_Archive_Close(archive);
    return 0;
}

struct Locations {
    std::vector<OTF2_LocationRef> ids;
};

OTF2_CallbackCode on_location(void* user, OTF2_LocationRef self, OTF2_StringRef, OTF2_LocationType, uint64_t,
                              OTF2_LocationGroupRef)
{
    static_cast<Locations*>(user)->ids.push_back(self);
    return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_region(OTF2_LocationRef, OTF2_TimeStamp, uint64_t, void* user, OTF2_AttributeList*, OTF2_RegionRef)
{
    ++*static_cast<std::uint64_t*>(user);
    return OTF2_CALLBACK_SUCCESS;
}

// Reads part `part` of `parts` of the locations (in definition order, split by number);
// returns the Enter/Leave events read, -1 on an error.
long long read_part(const char* anchor, std::size_t part, std::size_t parts, std::size_t& location_count)
{
    OTF2_Reader* reader = OTF2_Reader_Open(anchor);
    if (!reader)
        return -1;
    OTF2_Reader_SetSerialCollectiveCallbacks(reader);
    Locations locations;
    OTF2_GlobalDefReader* defs = OTF2_Reader_GetGlobalDefReader(reader);
    OTF2_GlobalDefReaderCallbacks* dc = OTF2_GlobalDefReaderCallbacks_New();
    OTF2_GlobalDefReaderCallbacks_SetLocationCallback(dc, on_location);
    OTF2_Reader_RegisterGlobalDefCallbacks(reader, defs, dc, &locations);
    OTF2_GlobalDefReaderCallbacks_Delete(dc);
    uint64_t n = 0;
    OTF2_Reader_ReadAllGlobalDefinitions(reader, defs, &n);
    OTF2_Reader_CloseGlobalDefReader(reader, defs);
    location_count = locations.ids.size();
    const std::size_t first = part * locations.ids.size() / parts, last = (part + 1) * locations.ids.size() / parts;
    locations.ids = std::vector<OTF2_LocationRef>(locations.ids.begin() + static_cast<std::ptrdiff_t>(first),
                                                  locations.ids.begin() + static_cast<std::ptrdiff_t>(last));
    for (OTF2_LocationRef l : locations.ids)
        OTF2_Reader_SelectLocation(reader, l);
    const bool local_defs = OTF2_Reader_OpenDefFiles(reader) == OTF2_SUCCESS;
    OTF2_Reader_OpenEvtFiles(reader);
    OTF2_EvtReaderCallbacks* ec = OTF2_EvtReaderCallbacks_New();
    OTF2_EvtReaderCallbacks_SetEnterCallback(ec, on_region);
    OTF2_EvtReaderCallbacks_SetLeaveCallback(ec, on_region);
    std::uint64_t events = 0;
    for (OTF2_LocationRef l : locations.ids) {
        if (local_defs)
            if (OTF2_DefReader* d = OTF2_Reader_GetDefReader(reader, l)) {
                OTF2_Reader_ReadAllLocalDefinitions(reader, d, &n);
                OTF2_Reader_CloseDefReader(reader, d);
            }
        OTF2_EvtReader* e = OTF2_Reader_GetEvtReader(reader, l);
        OTF2_Reader_RegisterEvtCallbacks(reader, e, ec, &events);
        for (;;) { // in the importer's chunks of 65536 events
            uint64_t got = 0;
            if (OTF2_Reader_ReadLocalEvents(reader, e, 1 << 16, &got) != OTF2_SUCCESS)
                return -1;
            if (got < (1 << 16))
                break;
        }
        OTF2_Reader_CloseEvtReader(reader, e);
    }
    OTF2_EvtReaderCallbacks_Delete(ec);
    if (local_defs)
        OTF2_Reader_CloseDefFiles(reader);
    OTF2_Reader_CloseEvtFiles(reader);
    OTF2_Reader_Close(reader);
    return static_cast<long long>(events);
}

// The floor with `parts` readers, each on a thread of its own.
int read(const char* anchor, std::size_t parts)
{
    std::vector<long long> events(parts, 0);
    std::vector<std::size_t> counts(parts, 0);
    std::vector<std::thread> threads;
    for (std::size_t p = 1; p < parts; ++p)
        threads.emplace_back([&, p] { events[p] = read_part(anchor, p, parts, counts[p]); });
    events[0] = read_part(anchor, 0, parts, counts[0]);
    for (auto& t : threads)
        t.join();
    long long all = 0;
    for (long long e : events) {
        if (e < 0)
            return 1;
        all += e;
    }
    std::printf("%lld Enter/Leave events in %zu locations\n", all, counts[0]);
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    const std::string command = argc > 1 ? argv[1] : "";
    if (command == "write" && (argc == 5 || argc == 6))
        return write(argv[2], std::strtoull(argv[3], nullptr, 10), std::strtoull(argv[4], nullptr, 10),
                     argc == 6 ? std::strtoull(argv[5], nullptr, 10) : 1);
    if (command == "read" && argc == 3)
        return read(argv[2], 1);
    if (command == "read2" && argc == 3)
        return read(argv[2], 2);
    if (command == "import" && argc == 3) {
        const chitra::LaneTrace lanes = chitra::import_lanes(argv[2]);
        std::printf("%zu records in %zu lanes\n", lanes.size(), lanes.lanes.size());
        return 0;
    }
    if (command == "steps" && argc == 4) {
        const auto cpu = [] { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; };
        const double t0 = cpu();
        const chitra::LaneTrace lanes = chitra::import_lanes(argv[2]);
        const double t1 = cpu();
        const chitra::Trace trace = chitra::to_trace(lanes, chitra::choose_lanes(lanes, {}));
        const double t2 = cpu();
        chitra::write_pes_file(trace, argv[3]);
        const double t3 = cpu();
        std::printf("%zu records, %zu states: import %.3f s, to_trace %.3f s, write %.3f s (CPU)\n", trace.size(),
                    trace.symbols->size(), t1 - t0, t2 - t1, t3 - t2);
        return 0;
    }
    std::fputs("usage: otf2_bench_tool write DIR EVENTS LOCATIONS [SEED] | read ANCHOR | read2 ANCHOR | import ANCHOR "
               "| steps ANCHOR "
               "OUT.pes\n",
               stderr);
    return 2;
}
