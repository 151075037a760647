// Internal: a source's lane events handed from the thread that decodes the source to a
// thread that applies them to a LaneTraceBuilder, so that building the lanes (their
// stacks, the change lists and the kernel's zeroing of those lists' pages) runs beside
// the decoding instead of after each event. Events go over in chunks of a few thousand,
// written into a small pool of chunks that are used again, so the hand-over costs a lock
// per chunk and no fresh memory. The builder sees the events in the order they were
// given, so the lanes are the same as when each is applied at once.
#pragma once

#include "chitra/lanes/lane_trace.hpp"

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace chitra::detail {

// Aligned, and its two threads' members on cache lines of their own: a line written by
// the applying thread (the lock, the chunk lists) and read or written at every event by
// the reading thread would move between the cores at every event.
class alignas(64) LaneEventPipe {
public:
    // Applies on a thread of its own when `threaded` and there are two cores; else each
    // event at once, on the caller's thread. While the pipe is open only the pipe may
    // use the builder. That thread first reserves `records_hint` record times in the
    // builder (LaneTraceBuilder::reserve_records), beside the reading.
    LaneEventPipe(LaneTraceBuilder& builder, bool threaded, std::size_t records_hint = 0);
    // A pipe that was not closed (an error or a cancel on the reading side) drops what it
    // still holds.
    ~LaneEventPipe();
    LaneEventPipe(const LaneEventPipe&) = delete;
    LaneEventPipe& operator=(const LaneEventPipe&) = delete;

    // LaneTraceBuilder's event methods, in the order the source gives them.
    void push(std::size_t lane, Time t, LaneStateId state)
    {
        if (direct_)
            builder_.push(lane, t, state);
        else
            put({t, state, Op::push, static_cast<std::uint32_t>(lane)});
    }
    void pop(std::size_t lane, Time t)
    {
        if (direct_)
            builder_.pop(lane, t);
        else
            put({t, 0, Op::pop, static_cast<std::uint32_t>(lane)});
    }
    void saw_event(Time t)
    {
        if (direct_)
            builder_.saw_event(t);
        else
            put({t, 0, Op::saw, 0});
    }
    void sample(std::size_t field, Time t, double value);
    // The field's number, as the builder gives it when the addition is applied.
    std::size_t add_field(std::string name, FieldKind kind, std::optional<std::size_t> lane);
    void warn(const std::string& message);

    // Applies what is left and waits for it; rethrows what applying an event threw.
    void close();

private:
    enum class Op : std::uint32_t { push, pop, saw, sample, warn, add_field };
    struct Event {
        Time t;
        std::uint64_t value; // push: the state; sample: the value's bits; warn, add_field: index in the chunk
        Op op;
        std::uint32_t index; // push, pop: the lane; sample: the field
    };
    struct NewField {
        std::string name;
        FieldKind kind;
        std::optional<std::size_t> lane;
    };
    static constexpr std::size_t kChunkEvents = 8192;
    static constexpr std::size_t kChunksInFlight = 4;
    struct Chunk {
        std::unique_ptr<Event[]> events{new Event[kChunkEvents]};
        std::size_t size = 0;
        std::vector<std::string> texts;
        std::vector<NewField> fields;
    };

    void put(const Event& e)
    {
        *next_++ = e;
        if (next_ == limit_) [[unlikely]]
            hand_over();
    }
    // The reading thread's chunk is `current_`, filled up to next_.
    void start_chunk()
    {
        next_ = current_->events.get();
        limit_ = next_ + kChunkEvents;
    }
    void end_chunk() { current_->size = static_cast<std::size_t>(next_ - current_->events.get()); }
    void hand_over();
    void apply_all();
    void apply(const Chunk& chunk);

    // Set once.
    LaneTraceBuilder& builder_;
    bool direct_;
    // The reading thread's, written at every event.
    alignas(64) std::size_t fields_ = 0; // fields added so far, applied or not
    std::unique_ptr<Chunk> current_;
    Event* next_ = nullptr;
    Event* limit_ = nullptr;

    // Shared, under the lock.
    alignas(64) std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<std::unique_ptr<Chunk>> full_, free_; // full_ in order, oldest first
    std::size_t in_flight_ = 0;                       // chunks handed over and not yet free
    bool closing_ = false, dropping_ = false;
    std::exception_ptr error_;
    std::thread applier_;
};

} // namespace chitra::detail
