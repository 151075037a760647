// Recording shared by the trace generators (chitra-philosophers, chitra-pipeline): the
// clock every record is stamped with, per-thread logs filled during the run without
// allocation, their merge by time after the threads have joined, and the PES text
// (docs/file-formats.md) the merged sequence is written as.
//
// Links only the standard library (and Threads): the generators do not use the core.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace chitra::tools {

using Clock = std::chrono::steady_clock;

// The time of a record: steady_clock in nanoseconds.
inline std::int64_t now_ns()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
}

// Hint to the processor inside a busy-wait loop.
inline void cpu_relax()
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
}

// One thread's log, written by that thread only: an array allocated and touched before
// the run (preallocate), so that recording allocates nothing and takes no page fault.
template <class Event> struct ThreadLog {
    std::vector<Event> entries;
    std::size_t used = 0;

    void preallocate(std::size_t n) { entries.assign(n, Event{}); }
    Event& next() { return entries[used++]; } // the entry to fill for a new record
    std::span<const Event> recorded() const { return {entries.data(), used}; }
};

// One record of the merged sequence: time since the start of the run, the thread
// (component) that made it, and its log entry.
template <class Event> struct Merged {
    std::int64_t t;
    int who;
    const Event* ev;
};

// Merges the threads' logs by time (Event::t), keeping each thread's own order. Of two
// entries with the same time, `a` goes first when first_at_equal_time(a, b) holds.
// `log_of(thread)` is the thread's ThreadLog; times become relative to t0.
template <class Thread, class LogOf, class FirstAtEqualTime>
auto merge_by_time(const std::vector<Thread>& threads, LogOf log_of, std::int64_t t0,
                   FirstAtEqualTime first_at_equal_time)
{
    using Event = typename std::remove_cvref_t<decltype(log_of(threads.front()).entries)>::value_type;
    std::size_t total = 0;
    for (auto& thread : threads)
        total += log_of(thread).used;
    std::vector<Merged<Event>> out;
    out.reserve(total);
    std::vector<std::size_t> head(threads.size(), 0);
    for (;;) {
        int best = -1;
        for (int i = 0; i < int(threads.size()); ++i) {
            if (head[i] >= log_of(threads[i]).used)
                continue;
            if (best < 0) {
                best = i;
                continue;
            }
            const Event& a = log_of(threads[i]).entries[head[i]];
            const Event& b = log_of(threads[best]).entries[head[best]];
            if (a.t < b.t || (a.t == b.t && first_at_equal_time(a, b)))
                best = i;
        }
        if (best < 0)
            break;
        const Event& ev = log_of(threads[best]).entries[head[best]++];
        out.push_back({ev.t - t0, best, &ev});
    }
    return out;
}

// Where and how a generator writes its trace (options --timebase, --separator, -o).
struct OutputOptions {
    bool ns = true;        // time base ns, else us (times are divided by 1000, rounded down)
    std::string separator; // joins components into state names; '# separator:' unless empty
    std::string output;    // the file (empty: standard output)
};

// The header lines of a generated trace beyond those the output options decide,
// written in this order after the time base, the components and the separator.
struct PesHeader {
    int components = 0;
    std::string fields;    // '# fields:' line unless empty, e.g. "queue:gauge produced:counter"
    std::int64_t end = 0;  // '# end:', in ns since the start: the last record's time
    std::string generator; // '# generator:', the command that made the trace
    std::vector<std::pair<std::string, std::string>> more; // further '# key: value' lines
};

// Writes PES text to a file or to standard output through a large buffer (a trace can
// have 100k+ lines). Messages on standard error start with the program's name.
class PesWriter {
public:
    PesWriter(std::string program, OutputOptions options) : program_(std::move(program)), options_(std::move(options))
    {
    }
    ~PesWriter(); // closes a file that close() was not called for
    PesWriter(const PesWriter&) = delete;
    PesWriter& operator=(const PesWriter&) = delete;

    // False (and a message) if the output file cannot be created.
    bool open();
    void header(const PesHeader& header);
    // One record at `t` ns since the start: component i is in state
    // state_names[states[i]]; then the field values, in the header's order.
    void record(std::int64_t t, std::span<const std::uint8_t> states, const char* const* state_names,
                std::span<const std::uint64_t> fields = {});
    // Flushes and closes; false (and a message) on a write error.
    bool close();

private:
    void put(std::string_view s);
    template <class Int> void number(Int v);
    bool flush();

    std::string program_;
    OutputOptions options_;
    std::FILE* file_ = nullptr;
    std::string buf_;
    std::int64_t divisor_ = 1; // ns per unit of the time base
};

} // namespace chitra::tools
