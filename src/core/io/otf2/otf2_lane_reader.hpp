// One OTF2 location's events into one lane of a LaneTraceBuilder: Enter pushes the
// region, Leave pops it, Metric events sample the lane's fields, MPI sends and receives
// (blocking or not) are the ends of messages, and every other event only moves `# end:`. Read location by location (the builder takes lanes in any
// interleaving), each in file order, which is the order of equal times.
#pragma once

#include "chitra/lanes/lane_trace.hpp"
#include "chitra/messages/message_matcher.hpp"
#include "io/otf2/otf2_definitions.hpp"
#include "io/otf2/otf2_tick_clock.hpp"
#include "lanes/lane_event_pipe.hpp"

#include <exception>
#include <functional>
#include <string>
#include <vector>

namespace chitra::detail {

// What every location's reader shares: the builder's events, the clock and the definitions.
struct Otf2ReadContext {
    LaneEventPipe& lanes;
    const Otf2Definitions& defs;
    Otf2TickClock clock;
    Otf2RefMap<LaneStateId> region_states; // region -> its state in the builder
    MessageMatcher& messages;              // the builder's, fed from the reading thread
    std::uint64_t events_read = 0;         // over all locations, for progress
};

class Otf2LaneReader {
public:
    // `file` is the location's event file, for messages.
    Otf2LaneReader(Otf2ReadContext& context, std::size_t lane, std::string file);

    // Reads every event of `events` (registered here with this reader's callbacks);
    // `between_chunks` runs every few thousand events (progress, cancellation).
    // Throws InputError("FILE: event N: reason") or the library's reason.
    void read(OTF2_Reader* reader, OTF2_EvtReader* events, const Otf2ErrorCapture& errors,
              const std::function<void()>& between_chunks);

private:
    static const OTF2_EvtReaderCallbacks* callbacks();
    template <class... Rest>
    static OTF2_CallbackCode on_any(OTF2_LocationRef, OTF2_TimeStamp, uint64_t, void*, OTF2_AttributeList*, Rest...);
    static OTF2_CallbackCode on_enter(OTF2_LocationRef, OTF2_TimeStamp, uint64_t, void*, OTF2_AttributeList*,
                                      OTF2_RegionRef);
    static OTF2_CallbackCode on_leave(OTF2_LocationRef, OTF2_TimeStamp, uint64_t, void*, OTF2_AttributeList*,
                                      OTF2_RegionRef);
    static OTF2_CallbackCode on_metric(OTF2_LocationRef, OTF2_TimeStamp, uint64_t, void*, OTF2_AttributeList*,
                                       OTF2_MetricRef, uint8_t, const OTF2_Type*, const OTF2_MetricValue*);
    static OTF2_CallbackCode on_send(OTF2_LocationRef, OTF2_TimeStamp, uint64_t, void*, OTF2_AttributeList*,
                                     uint32_t receiver, OTF2_CommRef, uint32_t tag, uint64_t length);
    static OTF2_CallbackCode on_isend(OTF2_LocationRef, OTF2_TimeStamp, uint64_t, void*, OTF2_AttributeList*,
                                      uint32_t receiver, OTF2_CommRef, uint32_t tag, uint64_t length, uint64_t);
    static OTF2_CallbackCode on_recv(OTF2_LocationRef, OTF2_TimeStamp, uint64_t, void*, OTF2_AttributeList*,
                                     uint32_t sender, OTF2_CommRef, uint32_t tag, uint64_t length);
    static OTF2_CallbackCode on_irecv(OTF2_LocationRef, OTF2_TimeStamp, uint64_t, void*, OTF2_AttributeList*,
                                      uint32_t sender, OTF2_CommRef, uint32_t tag, uint64_t length, uint64_t);
    // A send (or the receive) of a message between ranks `other` and this lane's in `comm`.
    OTF2_CallbackCode message_end(OTF2_TimeStamp ticks, uint64_t position, bool send, uint32_t other, OTF2_CommRef comm,
                                  uint32_t tag, uint64_t length);
    static OTF2_CallbackCode on_unknown(OTF2_LocationRef, OTF2_TimeStamp, uint64_t, void*, OTF2_AttributeList*);

    template <class Body> static OTF2_CallbackCode guarded(void* user, Body&& body);
    // The event's time in ns; false (with the error kept) when it cannot be used.
    // Inlined into every callback: it runs once per event.
    [[gnu::always_inline]] inline bool time(OTF2_TimeStamp ticks, uint64_t position, Time& ns);
    // The error of a time that cannot be used (out of range, or going back); false.
    [[gnu::noinline]] bool bad_time(OTF2_TimeStamp ticks, uint64_t position, Time ns);
    OTF2_CallbackCode fail(uint64_t position, const std::string& reason);

    Otf2ReadContext& context_;
    std::size_t lane_;
    std::string file_;
    Time last_ = 0;
    bool started_ = false;
    std::uint64_t events_ = 0;         // read since the last chunk's end
    std::vector<OTF2_RegionRef> open_; // regions entered and not left, innermost last
    std::vector<std::size_t> fields_;  // member key -> field + 1 (0: none yet)
    std::exception_ptr error_;
};

} // namespace chitra::detail
