#include "lanes/lane_event_pipe.hpp"

#include <bit>
#include <span>

namespace chitra::detail {

LaneEventPipe::LaneEventPipe(LaneTraceBuilder& builder, bool threaded, std::size_t records_hint)
    : builder_(builder), direct_(!threaded || std::thread::hardware_concurrency() < 2), fields_(builder.field_count())
{
    if (direct_)
        return;
    current_ = std::make_unique<Chunk>();
    start_chunk();
    applier_ = std::thread([this, records_hint] {
        try {
            builder_.reserve_records(records_hint);
        } catch (...) {
            std::lock_guard lock(mutex_);
            error_ = std::current_exception();
            changed_.notify_all();
            return;
        }
        apply_all();
    });
}

LaneEventPipe::~LaneEventPipe()
{
    if (!applier_.joinable())
        return;
    {
        std::lock_guard lock(mutex_);
        closing_ = dropping_ = true;
    }
    changed_.notify_all();
    applier_.join();
}

void LaneEventPipe::sample(std::size_t field, Time t, double value)
{
    if (direct_)
        builder_.sample(field, t, value);
    else
        put({t, std::bit_cast<std::uint64_t>(value), Op::sample, static_cast<std::uint32_t>(field)});
}

std::size_t LaneEventPipe::add_field(std::string name, FieldKind kind, std::optional<std::size_t> lane)
{
    if (direct_)
        return builder_.add_field(std::move(name), kind, lane);
    current_->fields.push_back({std::move(name), kind, lane});
    put({0, current_->fields.size() - 1, Op::add_field, 0});
    return fields_++;
}

void LaneEventPipe::warn(const std::string& message)
{
    if (direct_)
        return builder_.warn(message);
    current_->texts.push_back(message);
    put({0, current_->texts.size() - 1, Op::warn, 0});
}

// The reading thread's full chunk goes over; it goes on with a free one, or waits while
// the applying thread is kChunksInFlight chunks behind.
void LaneEventPipe::hand_over()
{
    end_chunk();
    std::unique_lock lock(mutex_);
    if (error_) { // the applying thread has stopped: close() rethrows its error
        current_->texts.clear();
        current_->fields.clear();
        start_chunk();
        return;
    }
    full_.push_back(std::move(current_));
    ++in_flight_;
    changed_.notify_all();
    changed_.wait(lock, [this] { return in_flight_ < kChunksInFlight || error_; });
    if (!free_.empty()) {
        current_ = std::move(free_.back());
        free_.pop_back();
    } else {
        current_ = std::make_unique<Chunk>();
    }
    start_chunk();
}

void LaneEventPipe::apply_all()
{
    for (;;) {
        std::unique_ptr<Chunk> chunk;
        {
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [this] { return !full_.empty() || closing_; });
            if (dropping_ || error_ || full_.empty())
                return;
            chunk = std::move(full_.front());
            full_.erase(full_.begin());
        }
        try {
            apply(*chunk);
        } catch (...) {
            std::lock_guard lock(mutex_);
            error_ = std::current_exception();
            changed_.notify_all();
            return;
        }
        chunk->size = 0;
        chunk->texts.clear();
        chunk->fields.clear();
        {
            std::lock_guard lock(mutex_);
            free_.push_back(std::move(chunk));
            --in_flight_;
        }
        changed_.notify_all();
    }
}

void LaneEventPipe::apply(const Chunk& chunk)
{
    LaneTraceBuilder& builder = builder_;
    for (const Event& e : std::span(chunk.events.get(), chunk.size)) {
        switch (e.op) {
        case Op::push:
            builder.push(e.index, e.t, static_cast<LaneStateId>(e.value));
            break;
        case Op::pop:
            builder.pop(e.index, e.t);
            break;
        case Op::saw:
            builder.saw_event(e.t);
            break;
        case Op::sample:
            builder.sample(e.index, e.t, std::bit_cast<double>(e.value));
            break;
        case Op::warn:
            builder.warn(chunk.texts[e.value]);
            break;
        case Op::add_field: {
            const NewField& f = chunk.fields[e.value];
            builder.add_field(f.name, f.kind, f.lane);
            break;
        }
        }
    }
}

void LaneEventPipe::close()
{
    if (!applier_.joinable())
        return;
    end_chunk();
    {
        std::lock_guard lock(mutex_);
        full_.push_back(std::move(current_));
        closing_ = true;
    }
    changed_.notify_all();
    applier_.join();
    if (error_)
        std::rethrow_exception(error_);
}

} // namespace chitra::detail
