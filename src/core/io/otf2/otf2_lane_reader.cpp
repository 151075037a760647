// Event callbacks of one location. A callback never throws through the C library: it
// keeps the error and interrupts the reading, and read() throws it afterwards.
#include "io/otf2/otf2_lane_reader.hpp"

#include <cmath>

namespace chitra::detail {

namespace {
constexpr uint64_t kChunk = 1 << 16; // events between progress reports and cancellation checks
}

Otf2LaneReader::Otf2LaneReader(Otf2ReadContext& context, std::size_t lane, std::string file)
    : context_(context), lane_(lane), file_(std::move(file)), fields_(context.defs.member_keys, 0)
{
}

// Runs a callback's body; an exception (no memory) becomes the reader's error instead of
// unwinding through the C library.
template <class Body> OTF2_CallbackCode Otf2LaneReader::guarded(void* user, Body&& body)
{
    auto* self = static_cast<Otf2LaneReader*>(user);
    try {
        return body(*self);
    } catch (...) {
        self->error_ = std::current_exception();
        return OTF2_CALLBACK_INTERRUPT;
    }
}

OTF2_CallbackCode Otf2LaneReader::fail(uint64_t position, const std::string& reason)
{
    error_ = std::make_exception_ptr(InputError(file_ + ": event " + std::to_string(position) + ": " + reason));
    return OTF2_CALLBACK_INTERRUPT;
}

bool Otf2LaneReader::time(OTF2_TimeStamp ticks, uint64_t position, Time& ns)
{
    if (!context_.clock.convert(ticks, ns)) [[unlikely]]
        return bad_time(ticks, position, ns);
    if (ns < last_ && started_) [[unlikely]]
        return bad_time(ticks, position, ns);
    started_ = true;
    last_ = ns;
    ++events_;
    return true;
}

bool Otf2LaneReader::bad_time(OTF2_TimeStamp ticks, uint64_t position, Time ns)
{
    if (!context_.clock.convert(ticks, ns))
        fail(position, "timestamp " + std::to_string(ticks) + " is out of range in nanoseconds");
    else
        fail(position, "time goes back (" + std::to_string(ns) + " ns after " + std::to_string(last_) + " ns)");
    return false;
}

template <class... Rest>
OTF2_CallbackCode Otf2LaneReader::on_any(OTF2_LocationRef, OTF2_TimeStamp ticks, uint64_t position, void* user,
                                         OTF2_AttributeList*, Rest...)
{
    return guarded(user, [&](Otf2LaneReader& self) {
        Time t = 0;
        if (!self.time(ticks, position, t))
            return OTF2_CALLBACK_INTERRUPT;
        self.context_.lanes.saw_event(t);
        return OTF2_CALLBACK_SUCCESS;
    });
}

OTF2_CallbackCode Otf2LaneReader::on_unknown(OTF2_LocationRef location, OTF2_TimeStamp ticks, uint64_t position,
                                             void* user, OTF2_AttributeList* attributes)
{
    return on_any(location, ticks, position, user, attributes);
}

OTF2_CallbackCode Otf2LaneReader::on_enter(OTF2_LocationRef, OTF2_TimeStamp ticks, uint64_t position, void* user,
                                           OTF2_AttributeList*, OTF2_RegionRef region)
{
    return guarded(user, [&](Otf2LaneReader& self) {
        const LaneStateId* state = self.context_.region_states.find(region);
        if (!state)
            return self.fail(position, "Enter of region " + std::to_string(region) + ", which is not defined");
        Time t = 0;
        if (!self.time(ticks, position, t))
            return OTF2_CALLBACK_INTERRUPT;
        self.open_.push_back(region);
        self.context_.lanes.push(self.lane_, t, *state);
        return OTF2_CALLBACK_SUCCESS;
    });
}

OTF2_CallbackCode Otf2LaneReader::on_leave(OTF2_LocationRef, OTF2_TimeStamp ticks, uint64_t position, void* user,
                                           OTF2_AttributeList*, OTF2_RegionRef region)
{
    return guarded(user, [&](Otf2LaneReader& self) {
        if (!self.context_.region_states.contains(region))
            return self.fail(position, "Leave of region " + std::to_string(region) + ", which is not defined");
        Time t = 0;
        if (!self.time(ticks, position, t))
            return OTF2_CALLBACK_INTERRUPT;
        if (!self.open_.empty()) {
            if (self.open_.back() != region)
                self.context_.lanes.warn(
                    "Leave of a region other than the innermost open one (the innermost was closed)");
            self.open_.pop_back();
        }
        self.context_.lanes.pop(self.lane_, t); // on an empty stack: the builder's counted warning
        return OTF2_CALLBACK_SUCCESS;
    });
}

OTF2_CallbackCode Otf2LaneReader::message_end(OTF2_TimeStamp ticks, uint64_t position, bool send, uint32_t other,
                                              OTF2_CommRef comm, uint32_t tag, uint64_t length)
{
    Time t = 0;
    if (!time(ticks, position, t))
        return OTF2_CALLBACK_INTERRUPT;
    context_.lanes.saw_event(t);
    const Otf2Comm* c = context_.defs.comms.find(comm);
    const std::uint32_t rank = c ? c->rank_of_lane[lane_] : Otf2Comm::kNone;
    if (rank == Otf2Comm::kNone) {
        context_.lanes.warn("MPI message on a communicator whose ranks the definitions do not give, or of a "
                            "location outside it (left out)");
        return OTF2_CALLBACK_SUCCESS;
    }
    // MPI_COMM_SELF: every location talks to itself, a communicator of its own.
    const std::uint64_t self = c->self ? lane_ + 1 : 0;
    const auto lane = static_cast<std::uint32_t>(lane_);
    if (send)
        context_.messages.send({comm, std::uint64_t{rank} << 32 | self, other, tag}, lane, t, length, tag);
    else
        context_.messages.receive({comm, std::uint64_t{other} << 32 | self, rank, tag}, lane, t);
    return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode Otf2LaneReader::on_send(OTF2_LocationRef, OTF2_TimeStamp ticks, uint64_t position, void* user,
                                          OTF2_AttributeList*, uint32_t receiver, OTF2_CommRef comm, uint32_t tag,
                                          uint64_t length)
{
    return guarded(user, [&](Otf2LaneReader& self) {
        return self.message_end(ticks, position, true, receiver, comm, tag, length);
    });
}

OTF2_CallbackCode Otf2LaneReader::on_isend(OTF2_LocationRef location, OTF2_TimeStamp ticks, uint64_t position,
                                           void* user, OTF2_AttributeList* attributes, uint32_t receiver,
                                           OTF2_CommRef comm, uint32_t tag, uint64_t length, uint64_t)
{
    return on_send(location, ticks, position, user, attributes, receiver, comm, tag, length);
}

OTF2_CallbackCode Otf2LaneReader::on_recv(OTF2_LocationRef, OTF2_TimeStamp ticks, uint64_t position, void* user,
                                          OTF2_AttributeList*, uint32_t sender, OTF2_CommRef comm, uint32_t tag,
                                          uint64_t length)
{
    return guarded(user, [&](Otf2LaneReader& self) {
        return self.message_end(ticks, position, false, sender, comm, tag, length);
    });
}

// The completed receive: MpiIrecvRequest, when it was posted, is only a time.
OTF2_CallbackCode Otf2LaneReader::on_irecv(OTF2_LocationRef location, OTF2_TimeStamp ticks, uint64_t position,
                                           void* user, OTF2_AttributeList* attributes, uint32_t sender,
                                           OTF2_CommRef comm, uint32_t tag, uint64_t length, uint64_t)
{
    return on_recv(location, ticks, position, user, attributes, sender, comm, tag, length);
}

OTF2_CallbackCode Otf2LaneReader::on_metric(OTF2_LocationRef, OTF2_TimeStamp ticks, uint64_t position, void* user,
                                            OTF2_AttributeList*, OTF2_MetricRef metric, uint8_t count,
                                            const OTF2_Type* types, const OTF2_MetricValue* values)
{
    return guarded(user, [&](Otf2LaneReader& self) {
        const std::vector<Otf2MetricMember>* members = self.context_.defs.metrics.find(metric);
        if (!members)
            return self.fail(position, "Metric event of metric " + std::to_string(metric) + ", which is not defined");
        if (count != members->size())
            return self.fail(position, "Metric event with " + std::to_string(count) + " values for a metric of " +
                                           std::to_string(members->size()) + " members");
        Time t = 0;
        if (!self.time(ticks, position, t))
            return OTF2_CALLBACK_INTERRUPT;
        LaneEventPipe& b = self.context_.lanes;
        b.saw_event(t);
        for (std::size_t i = 0; i < count; ++i) {
            double v;
            switch (types[i]) {
            case OTF2_TYPE_INT64:
                v = static_cast<double>(values[i].signed_int);
                break;
            case OTF2_TYPE_UINT64:
                v = static_cast<double>(values[i].unsigned_int);
                break;
            case OTF2_TYPE_DOUBLE:
                v = values[i].floating_point;
                break;
            default:
                return self.fail(position,
                                 "Metric value of type " + std::to_string(types[i]) + " (not INT64, UINT64 or DOUBLE)");
            }
            if (!std::isfinite(v)) {
                b.warn("Metric value that is not a finite number (ignored)");
                continue;
            }
            const Otf2MetricMember& m = (*members)[i];
            std::size_t& field = self.fields_[m.key];
            if (field == 0)
                field = b.add_field(m.name, m.kind, self.lane_) + 1;
            b.sample(field - 1, t, v);
        }
        return OTF2_CALLBACK_SUCCESS;
    });
}

const OTF2_EvtReaderCallbacks* Otf2LaneReader::callbacks()
{
    static OTF2_EvtReaderCallbacks* const all = [] {
        OTF2_EvtReaderCallbacks* c = OTF2_EvtReaderCallbacks_New();
        OTF2_EvtReaderCallbacks_SetUnknownCallback(c, on_unknown);
        OTF2_EvtReaderCallbacks_SetEnterCallback(c, on_enter);
        OTF2_EvtReaderCallbacks_SetLeaveCallback(c, on_leave);
        OTF2_EvtReaderCallbacks_SetMetricCallback(c, on_metric);
        OTF2_EvtReaderCallbacks_SetMpiSendCallback(c, on_send);
        OTF2_EvtReaderCallbacks_SetMpiIsendCallback(c, on_isend);
        OTF2_EvtReaderCallbacks_SetMpiRecvCallback(c, on_recv);
        OTF2_EvtReaderCallbacks_SetMpiIrecvCallback(c, on_irecv);
        // Every other event: only its time counts (`# end:`, and the order check).
#define CHITRA_OTF2_ANY(NAME) OTF2_EvtReaderCallbacks_Set##NAME##Callback(c, on_any)
        CHITRA_OTF2_ANY(BufferFlush);
        CHITRA_OTF2_ANY(MeasurementOnOff);
        CHITRA_OTF2_ANY(MpiIsendComplete);
        CHITRA_OTF2_ANY(MpiIrecvRequest);
        CHITRA_OTF2_ANY(MpiRequestTest);
        CHITRA_OTF2_ANY(MpiRequestCancelled);
        CHITRA_OTF2_ANY(MpiCollectiveBegin);
        CHITRA_OTF2_ANY(MpiCollectiveEnd);
        CHITRA_OTF2_ANY(OmpFork);
        CHITRA_OTF2_ANY(OmpJoin);
        CHITRA_OTF2_ANY(OmpAcquireLock);
        CHITRA_OTF2_ANY(OmpReleaseLock);
        CHITRA_OTF2_ANY(OmpTaskCreate);
        CHITRA_OTF2_ANY(OmpTaskSwitch);
        CHITRA_OTF2_ANY(OmpTaskComplete);
        CHITRA_OTF2_ANY(ParameterString);
        CHITRA_OTF2_ANY(ParameterInt);
        CHITRA_OTF2_ANY(ParameterUnsignedInt);
        CHITRA_OTF2_ANY(RmaWinCreate);
        CHITRA_OTF2_ANY(RmaWinDestroy);
        CHITRA_OTF2_ANY(RmaCollectiveBegin);
        CHITRA_OTF2_ANY(RmaCollectiveEnd);
        CHITRA_OTF2_ANY(RmaGroupSync);
        CHITRA_OTF2_ANY(RmaRequestLock);
        CHITRA_OTF2_ANY(RmaAcquireLock);
        CHITRA_OTF2_ANY(RmaTryLock);
        CHITRA_OTF2_ANY(RmaReleaseLock);
        CHITRA_OTF2_ANY(RmaSync);
        CHITRA_OTF2_ANY(RmaWaitChange);
        CHITRA_OTF2_ANY(RmaPut);
        CHITRA_OTF2_ANY(RmaGet);
        CHITRA_OTF2_ANY(RmaAtomic);
        CHITRA_OTF2_ANY(RmaOpCompleteBlocking);
        CHITRA_OTF2_ANY(RmaOpCompleteNonBlocking);
        CHITRA_OTF2_ANY(RmaOpTest);
        CHITRA_OTF2_ANY(RmaOpCompleteRemote);
        CHITRA_OTF2_ANY(ThreadFork);
        CHITRA_OTF2_ANY(ThreadJoin);
        CHITRA_OTF2_ANY(ThreadTeamBegin);
        CHITRA_OTF2_ANY(ThreadTeamEnd);
        CHITRA_OTF2_ANY(ThreadAcquireLock);
        CHITRA_OTF2_ANY(ThreadReleaseLock);
        CHITRA_OTF2_ANY(ThreadTaskCreate);
        CHITRA_OTF2_ANY(ThreadTaskSwitch);
        CHITRA_OTF2_ANY(ThreadTaskComplete);
        CHITRA_OTF2_ANY(ThreadCreate);
        CHITRA_OTF2_ANY(ThreadBegin);
        CHITRA_OTF2_ANY(ThreadWait);
        CHITRA_OTF2_ANY(ThreadEnd);
        CHITRA_OTF2_ANY(CallingContextEnter);
        CHITRA_OTF2_ANY(CallingContextLeave);
        CHITRA_OTF2_ANY(CallingContextSample);
        CHITRA_OTF2_ANY(IoCreateHandle);
        CHITRA_OTF2_ANY(IoDestroyHandle);
        CHITRA_OTF2_ANY(IoDuplicateHandle);
        CHITRA_OTF2_ANY(IoSeek);
        CHITRA_OTF2_ANY(IoChangeStatusFlags);
        CHITRA_OTF2_ANY(IoDeleteFile);
        CHITRA_OTF2_ANY(IoOperationBegin);
        CHITRA_OTF2_ANY(IoOperationTest);
        CHITRA_OTF2_ANY(IoOperationIssued);
        CHITRA_OTF2_ANY(IoOperationComplete);
        CHITRA_OTF2_ANY(IoOperationCancelled);
        CHITRA_OTF2_ANY(IoAcquireLock);
        CHITRA_OTF2_ANY(IoReleaseLock);
        CHITRA_OTF2_ANY(IoTryLock);
        CHITRA_OTF2_ANY(ProgramBegin);
        CHITRA_OTF2_ANY(ProgramEnd);
        CHITRA_OTF2_ANY(NonBlockingCollectiveRequest);
        CHITRA_OTF2_ANY(NonBlockingCollectiveComplete);
        CHITRA_OTF2_ANY(CommCreate);
        CHITRA_OTF2_ANY(CommDestroy);
#undef CHITRA_OTF2_ANY
        return c;
    }();
    return all;
}

void Otf2LaneReader::read(OTF2_Reader* reader, OTF2_EvtReader* events, const Otf2ErrorCapture& errors,
                          const std::function<void()>& between_chunks)
{
    otf2_check(OTF2_Reader_RegisterEvtCallbacks(reader, events, callbacks(), this), file_, "cannot read the events",
               errors);
    for (;;) {
        uint64_t got = 0;
        const OTF2_ErrorCode code = OTF2_Reader_ReadLocalEvents(reader, events, kChunk, &got);
        context_.events_read += events_; // at chunk ends only: a shared counter is a cache line's trip
        events_ = 0;
        if (error_)
            std::rethrow_exception(error_);
        if (code != OTF2_SUCCESS) {
            uint64_t done = 0; // events read before the one that failed
            OTF2_EvtReader_GetPos(events, &done);
            throw InputError(file_ + ": event " + std::to_string(done + 1) + ": " + errors.reason(code));
        }
        if (between_chunks)
            between_chunks();
        if (got < kChunk)
            return;
    }
}

} // namespace chitra::detail
