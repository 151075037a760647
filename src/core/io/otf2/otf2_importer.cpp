// The OTF2 importer (interfaces.md "Foreign trace formats", docs/formats.md "OTF2"):
// global definitions first, then each location's local definitions (mapping tables,
// clock offsets, applied by the library) and events, one location after another in
// definition order, each one lane named `GROUP/LOCATION`.
#include "io/import/importers.hpp"
#include "io/otf2/otf2_definitions.hpp"
#include "io/otf2/otf2_anchor.hpp"
#include "io/otf2/otf2_lane_reader.hpp"
#include "io/otf2/otf2_library.hpp"

#include "chitra/util/cancel.hpp"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <future>
#include <thread>

namespace chitra {

namespace {

using namespace detail;

// `DIR/NAME.otf2` -> `DIR/NAME/ID.evt`, the file a location's events are read from.
std::string event_file(const std::string& anchor, std::uint64_t location)
{
    std::filesystem::path p(anchor);
    return (p.parent_path() / p.stem() / (std::to_string(location) + ".evt")).string();
}

// Reads one location's local definitions: the library keeps their mapping tables and
// clock offsets for the location's event reader.
void read_local_definitions(OTF2_Reader* reader, std::uint64_t location, const std::string& anchor,
                            Otf2ErrorCapture& errors)
{
    OTF2_DefReader* defs = OTF2_Reader_GetDefReader(reader, location);
    if (!defs) { // no local definitions file: nothing to map
        errors.clear();
        return;
    }
    uint64_t read = 0;
    const OTF2_ErrorCode code = OTF2_Reader_ReadAllLocalDefinitions(reader, defs, &read);
    OTF2_Reader_CloseDefReader(reader, defs);
    std::filesystem::path p(anchor);
    otf2_check(code, (p.parent_path() / p.stem() / (std::to_string(location) + ".def")).string(),
               "cannot read the local definitions", errors);
}

// The checks the library does not make before it allocates (otf2_anchor.hpp).
void check_anchor(const std::string& anchor)
{
    std::ifstream in(anchor, std::ios::binary);
    if (!in)
        throw InputError(anchor + ": cannot open");
    std::string bytes(1 << 20, '\0'); // anchors are a few hundred bytes
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    bytes.resize(static_cast<std::size_t>(in.gcount()));
    const std::string problem = otf2_anchor_problem(bytes);
    if (!problem.empty())
        throw InputError(anchor + ": " + problem);
}

class Otf2Importer final : public Importer {
public:
    SourceFormat format() const override { return SourceFormat::otf2; }

    // An archive's folder is read as its anchor file.
    bool detect(const std::string& path, std::string_view head) const override
    {
        return is_otf2_anchor(path, head) || otf2_anchor_in(path);
    }

    LaneTrace read(const std::string& given, const ImportOptions& options) const override
    {
        std::error_code ec;
        std::string path = given;
        if (std::filesystem::is_directory(given, ec)) {
            const auto anchor = otf2_anchor_in(given);
            if (!anchor)
                throw InputError(given + ": a directory that holds no OTF2 anchor file, or several (open one .otf2)");
            path = *anchor;
        }
        check_anchor(path);
        Otf2ErrorCapture errors;
        Otf2ReaderHandle reader(path, errors);
        otf2_check(OTF2_Reader_SetSerialCollectiveCallbacks(reader.get()), path, "cannot read the archive", errors);
        const Otf2Definitions defs = read_otf2_definitions(reader.get(), path, errors);

        LaneTraceBuilder builder(path, "otf2");
        const std::size_t split = otf2_reader_split(defs, std::thread::hardware_concurrency(), kPipeFromEvents);
        const std::size_t all = defs.locations.size();
        if (split == 0) {
            read_lanes(reader.get(), builder, path, defs, 0, all, errors, options, nullptr);
        } else {
            // Two halves of the locations decoded side by side, each by a reader and a
            // builder of its own; the second builder's lanes are moved over at the end.
            std::atomic<std::uint64_t> second_read{0};
            std::atomic<bool> stop{false};
            const CancelFlag* cancel = current_cancel_flag();
            auto second = std::async(std::launch::async, [&] {
                CancelScope scope(cancel);
                Otf2ErrorCapture second_errors;
                Otf2ReaderHandle second_reader(path, second_errors);
                otf2_check(OTF2_Reader_SetSerialCollectiveCallbacks(second_reader.get()), path,
                           "cannot read the archive", second_errors);
                LaneTraceBuilder built(path, "otf2");
                ImportOptions quiet; // progress is reported by the first half's thread
                const HalfOfTwo half{&second_read, &stop, true};
                read_lanes(second_reader.get(), built, path, defs, split, all, second_errors, quiet, &half);
                return built;
            });
            try {
                const HalfOfTwo half{&second_read, &stop, false};
                read_lanes(reader.get(), builder, path, defs, 0, split, errors, options, &half);
            } catch (...) {
                stop = true; // the first error in location order is the one reported
                second.wait();
                throw;
            }
            builder.take_lanes(second.get(), split, all);
        }
        if (options.progress)
            options.progress(1.0);
        return builder.finish();
    }

private:
    static constexpr std::uint64_t kPipeFromEvents = 1 << 16;

    // One of the two readers of a read in two. The second publishes its events read so
    // far, which the first counts in its progress, and stops once the first has failed.
    struct HalfOfTwo {
        std::atomic<std::uint64_t>* second_read;
        std::atomic<bool>* stop;
        bool second;
    };

    // Lanes [first, last) read into `builder`, which gets every location's lane and every
    // region's state (in definition order, so that two builders agree on both). With
    // `half`, this is one of two readers: nothing is built beside it, and the other
    // half's progress is counted in (first half) or its stop flag obeyed (second half).
    static void read_lanes(OTF2_Reader* reader, LaneTraceBuilder& builder, const std::string& path,
                           const Otf2Definitions& defs, std::size_t first, std::size_t last, Otf2ErrorCapture& errors,
                           const ImportOptions& options, const HalfOfTwo* half)
    {
        std::vector<LaneStateId> states;
        for (const auto& [ref, name] : defs.regions)
            states.push_back(builder.state(name));
        for (std::size_t lane = 0; lane < defs.locations.size(); ++lane) {
            builder.add_lane(defs.locations[lane].name);
            if (lane >= first && lane < last)
                otf2_check(OTF2_Reader_SelectLocation(reader, defs.locations[lane].id), path,
                           "cannot select a location", errors);
        }
        const std::size_t changes = reserve_lanes(builder, path, defs, first, last);
        // One reader: the lanes are built on a second thread while the library decodes
        // (a large archive only: a thread costs more than a few thousand events).
        const bool beside = !half && defs.total_events() >= kPipeFromEvents;
        LaneEventPipe lanes(builder, beside, beside ? changes : 0);
        Otf2ReadContext context{
            lanes, defs, Otf2TickClock(defs.timer_resolution, defs.global_offset), {}, builder.messages(), 0};
        std::size_t i = 0;
        for (const auto& entry : defs.regions)
            context.region_states.insert(entry.first, states[i++]);
        context.region_states.compact();
        if (first < last)
            read_events(reader, path, defs, first, last, context, errors, options, half);
        lanes.close();
    }

    // Room for each lane's changes: at most its events, which take at least 2 bytes each
    // (the count in the definitions is not trusted beyond the file's size).
    // Returns the changes reserved in all.
    static std::size_t reserve_lanes(LaneTraceBuilder& builder, const std::string& path, const Otf2Definitions& defs,
                                     std::size_t first, std::size_t last)
    {
        std::size_t all = 0;
        for (std::size_t lane = first; lane < last; ++lane) {
            std::error_code ec;
            const std::uintmax_t bytes = std::filesystem::file_size(event_file(path, defs.locations[lane].id), ec);
            if (ec)
                continue;
            const auto changes =
                static_cast<std::size_t>(std::min<std::uintmax_t>(defs.locations[lane].events, bytes / 2));
            builder.reserve(lane, changes);
            all += changes;
        }
        return all;
    }

    // The library may end a location at a damaged chunk as if its file ended there (it
    // does so once it has reported a few such errors in the process): fewer events than
    // the definitions declare is an error, not a shorter lane.
    static void check_all_read(OTF2_EvtReader* events, std::uint64_t declared, const std::string& file)
    {
        uint64_t read = 0;
        OTF2_EvtReader_GetPos(events, &read);
        if (read < declared)
            throw InputError(file + ": event " + std::to_string(read + 1) + ": the file ends before the " +
                             std::to_string(declared) + " events the definitions declare (damaged or cut short)");
    }

    static void read_events(OTF2_Reader* reader, const std::string& path, const Otf2Definitions& defs,
                            std::size_t first, std::size_t last, Otf2ReadContext& context, Otf2ErrorCapture& errors,
                            const ImportOptions& options, const HalfOfTwo* half)
    {
        const bool local_defs = OTF2_Reader_OpenDefFiles(reader) == OTF2_SUCCESS;
        errors.clear();
        otf2_check(OTF2_Reader_OpenEvtFiles(reader), path, "cannot open the event files", errors);
        const double total = static_cast<double>(defs.total_events());
        const auto between_chunks = [&] {
            throw_if_cancelled();
            if (half && half->second) { // stops when the first half failed
                if (*half->stop)
                    throw Cancelled();
                half->second_read->store(context.events_read, std::memory_order_relaxed);
            }
            if (options.progress && total > 0) {
                const std::uint64_t others =
                    half && !half->second ? half->second_read->load(std::memory_order_relaxed) : 0;
                options.progress(std::min(0.99, static_cast<double>(context.events_read + others) / total));
            }
        };
        for (std::size_t lane = first; lane < last; ++lane) {
            const std::uint64_t id = defs.locations[lane].id;
            if (local_defs)
                read_local_definitions(reader, id, path, errors);
            const std::string file = event_file(path, id);
            if (defs.locations[lane].events == 0 && !std::filesystem::exists(file))
                continue; // a location defined with no events need not have an event file
            OTF2_EvtReader* events = OTF2_Reader_GetEvtReader(reader, id);
            if (!events)
                throw InputError(file + ": cannot read the events: " + errors.reason(OTF2_ERROR_INVALID));
            struct Close {
                OTF2_Reader* reader;
                OTF2_EvtReader* events;
                ~Close() { OTF2_Reader_CloseEvtReader(reader, events); }
            } close{reader, events};
            Otf2LaneReader(context, lane, file).read(reader, events, errors, between_chunks);
            check_all_read(events, defs.locations[lane].events, file);
        }
        if (local_defs)
            OTF2_Reader_CloseDefFiles(reader);
        OTF2_Reader_CloseEvtFiles(reader);
    }
};

} // namespace

namespace detail {
const Importer& otf2_importer()
{
    static const Otf2Importer importer;
    return importer;
}
} // namespace detail

} // namespace chitra
