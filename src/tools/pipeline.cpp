// chitra-pipeline: an instrumented bounded-buffer producer/consumer pipeline.
//
// P producer threads put items into a queue of capacity C (mutex + two condition
// variables); Q consumer threads take them out and process them. Each thread records
// (steady_clock time, new local state) into a preallocated per-thread array; queue
// operations are recorded while the mutex is held, together with the queue length and the
// running totals, so their merged order is the real order of the queue operations. After
// the run the arrays are merged by time into one PES (one component per thread) with the
// fields queue:gauge, produced:counter, consumed:counter, checked and written as PES text.
// See docs/sample-traces.md.
//
// Links only Threads and what the generators share (command_line.hpp, trace_recorder.hpp).

#include "command_line.hpp"
#include "trace_recorder.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <sys/prctl.h>

namespace {

using namespace chitra::tools;

constexpr const char* kProgram = "chitra-pipeline";

enum State : std::uint8_t { PRODUCE, PUT, WAIT_FULL, TAKE, WAIT_EMPTY, CONSUME, DONE, kStates };
constexpr const char* kStateName[kStates] = {"PRODUCE", "PUT", "WAIT_FULL", "TAKE", "WAIT_EMPTY", "CONSUME", "DONE"};

enum class Work { Busy, Sleep };

struct Options {
    int producers = 1;
    int consumers = 2;
    std::int64_t capacity = 8;
    std::int64_t items = 4000;
    std::int64_t produce_cost = 50; // us, mean
    std::int64_t slow_cost = 0;     // us, mean in slow phases; 0 = no phases
    std::int64_t phase = 500;       // items per phase
    std::int64_t consume_cost = 90; // us, mean
    bool exponential = true;
    Work produce_work = Work::Sleep;
    Work consume_work = Work::Busy;
    std::uint64_t seed = 1;
    OutputOptions out{.separator = "/"};
    bool quiet = false;
};

struct Event {
    std::int64_t t;         // steady_clock ns
    std::int64_t op;        // index of the queue operation (mutex order), -1 if none
    std::int32_t queue;     // queue length after the operation, -1 if none
    std::uint32_t produced; // totals after the operation (valid when op >= 0)
    std::uint32_t consumed;
    std::uint8_t state;
};

struct alignas(64) Worker {
    ThreadLog<Event> log;
    std::vector<std::int64_t> cost; // producers: produce cost per own item, us
};

void print_help()
{
    std::puts("usage: chitra-pipeline [options]\n"
              "Runs a bounded-buffer producer/consumer pipeline on real threads and writes its\n"
              "execution as PES text (fields queue:gauge produced:counter consumed:counter).\n"
              "  -p, --producers P        producer threads, 1..4 (default 1)\n"
              "  -c, --consumers Q        consumer threads, 1..4 (default 2)\n"
              "  -C, --capacity N         queue capacity (default 8)\n"
              "  -k, --items K            items to move through the queue (default 4000)\n"
              "      --produce-cost US    mean time to produce one item, microseconds (default 50)\n"
              "      --slow-cost US       mean produce time in slow phases (default 0: no phases)\n"
              "      --phase K            items per fast or slow phase (default 500)\n"
              "      --consume-cost US    mean time to consume one item, microseconds (default 90)\n"
              "      --dist exp|const     cost distribution (default exp)\n"
              "      --produce-work sleep|busy  producers wait (like input) or compute (default sleep)\n"
              "      --consume-work sleep|busy  consumers wait or compute (default busy)\n"
              "      --seed S             seed of the cost generator (default 1)\n"
              "      --timebase ns|us     time base of the output (default ns)\n"
              "      --separator S        joins components into state names (default '/')\n"
              "  -o, --output FILE        write the trace to FILE (default: standard output)\n"
              "  -q, --quiet              no summary on standard error\n");
}

Work parse_work(CommandLine& args)
{
    const std::string opt(args.current());
    const auto v = args.value();
    if (v == "sleep")
        return Work::Sleep;
    if (v == "busy")
        return Work::Busy;
    args.usage_error(opt + " is sleep or busy");
}

Options parse_args(int argc, char** argv)
{
    Options o;
    CommandLine args(kProgram, argc, argv);
    while (args.next()) {
        if (args.is("-h", "--help")) {
            print_help();
            std::exit(0);
        } else if (args.is("-p", "--producers"))
            o.producers = int(args.integer(1, 4));
        else if (args.is("-c", "--consumers"))
            o.consumers = int(args.integer(1, 4));
        else if (args.is("-C", "--capacity"))
            o.capacity = args.integer(1, 1'000'000);
        else if (args.is("-k", "--items"))
            o.items = args.integer(1, 10'000'000);
        else if (args.is("--produce-cost"))
            o.produce_cost = args.integer(0, 10'000'000);
        else if (args.is("--slow-cost"))
            o.slow_cost = args.integer(0, 10'000'000);
        else if (args.is("--phase"))
            o.phase = args.integer(1, 10'000'000);
        else if (args.is("--consume-cost"))
            o.consume_cost = args.integer(0, 10'000'000);
        else if (args.is("--dist")) {
            auto v = args.value();
            if (v == "exp")
                o.exponential = true;
            else if (v == "const")
                o.exponential = false;
            else
                args.usage_error("--dist is exp or const");
        } else if (args.is("--produce-work"))
            o.produce_work = parse_work(args);
        else if (args.is("--consume-work"))
            o.consume_work = parse_work(args);
        else if (args.is("--seed"))
            o.seed = std::uint64_t(args.integer(0, INT64_MAX));
        else if (args.is("-q", "--quiet"))
            o.quiet = true;
        else if (args.output_option(o.out)) {
        } else
            args.usage_error("unknown option '" + std::string(args.current()) + "'");
    }
    args.check(o.out);
    return o;
}

void work(Work how, std::int64_t us)
{
    if (us <= 0)
        return;
    if (how == Work::Sleep) {
        std::this_thread::sleep_for(std::chrono::microseconds(us));
    } else {
        const std::int64_t until = now_ns() + us * 1000;
        while (now_ns() < until)
            cpu_relax();
    }
}

// Fixed-capacity ring: no allocation while the pipeline runs. An item is its consume
// cost, decided by the producer, so the work per item does not depend on which
// consumer takes it.
struct Queue {
    std::vector<std::int64_t> ring;
    std::size_t head = 0, size = 0;
    explicit Queue(std::size_t cap) : ring(cap) {}
    bool full() const { return size == ring.size(); }
    bool empty() const { return size == 0; }
    void push(std::int64_t v)
    {
        ring[(head + size) % ring.size()] = v;
        ++size;
    }
    std::int64_t pop()
    {
        std::int64_t v = ring[head];
        head = (head + 1) % ring.size();
        --size;
        return v;
    }
};

struct Shared {
    const Options* opt;
    std::mutex m;
    std::condition_variable not_full, not_empty;
    Queue q;
    std::int64_t ops = 0; // queue operations so far (under m)
    std::uint32_t produced = 0, consumed = 0;
    int producers_left;
    std::atomic<bool> go{false};
    explicit Shared(const Options& o) : opt(&o), q(std::size_t(o.capacity)), producers_left(o.producers) {}
};

void record(Worker& w, State s) { w.log.next() = Event{now_ns(), -1, -1, 0, 0, s}; }

// Called with the mutex held: the time and totals belong to one queue operation.
void record_locked(Shared& sh, Worker& w, State s)
{
    w.log.next() = Event{now_ns(), sh.ops++, std::int32_t(sh.q.size), sh.produced, sh.consumed, s};
}

void run_producer(Shared& sh, Worker& w, std::int64_t my_items, std::vector<std::int64_t>& item_cost)
{
    const Options& o = *sh.opt;
    prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL); // precise sleeps
    while (!sh.go.load(std::memory_order_acquire))
        cpu_relax();
    for (std::int64_t k = 0; k < my_items; ++k) {
        work(o.produce_work, w.cost[std::size_t(k)]); // PRODUCE (since time 0 or the last put)
        record(w, PUT);
        std::unique_lock lk(sh.m);
        if (sh.q.full()) {
            record_locked(sh, w, WAIT_FULL);
            sh.not_full.wait(lk, [&] { return !sh.q.full(); });
        }
        sh.q.push(item_cost[std::size_t(k)]);
        ++sh.produced;
        const bool last = k + 1 == my_items;
        if (last && --sh.producers_left == 0) {
            record_locked(sh, w, DONE);
            lk.unlock();
            sh.not_empty.notify_all(); // wake consumers so they can see the end
            return;
        }
        record_locked(sh, w, last ? DONE : PRODUCE);
        lk.unlock();
        sh.not_empty.notify_one();
    }
}

void run_consumer(Shared& sh, Worker& w)
{
    const Options& o = *sh.opt;
    prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
    while (!sh.go.load(std::memory_order_acquire))
        cpu_relax();
    for (;;) { // TAKE (since time 0 or the last consume)
        std::unique_lock lk(sh.m);
        if (sh.q.empty() && sh.producers_left > 0) {
            record_locked(sh, w, WAIT_EMPTY);
            sh.not_empty.wait(lk, [&] { return !sh.q.empty() || sh.producers_left == 0; });
        }
        if (sh.q.empty()) { // all producers are done
            record_locked(sh, w, DONE);
            return;
        }
        const std::int64_t cost = sh.q.pop();
        ++sh.consumed;
        record_locked(sh, w, CONSUME);
        lk.unlock();
        sh.not_full.notify_one();
        work(o.consume_work, cost);
        record(w, TAKE);
    }
}

using Sequence = std::vector<Merged<Event>>;

// Merges the per-thread logs by time, keeping each thread's order; equal times of two
// queue operations are ordered by their operation index (the mutex order).
Sequence merge(const std::vector<Worker>& ws, std::int64_t t0)
{
    return merge_by_time(
        ws, [](const Worker& w) -> const ThreadLog<Event>& { return w.log; }, t0,
        [](const Event& a, const Event& b) { return a.op >= 0 && b.op >= 0 && a.op < b.op; });
}

// Replays the merged sequence: queue operations must appear in mutex order, the recorded
// queue length must equal produced - consumed and stay within 0..capacity, waits happen
// only on a full or empty queue, and every item is consumed exactly once.
bool check(const Sequence& seq, const Options& o)
{
    std::int64_t last_t = 0, last_op = -1;
    for (std::size_t k = 0; k < seq.size(); ++k) {
        const Event& ev = *seq[k].ev;
        auto fail = [&](const char* why) {
            std::fprintf(stderr, "chitra-pipeline: record %zu (t=%lld ns): %s\n", k + 1, (long long)seq[k].t, why);
            return false;
        };
        if (seq[k].t < last_t)
            return fail("times decrease");
        last_t = seq[k].t;
        if (ev.op < 0)
            continue;
        if (ev.op != last_op + 1)
            return fail("queue operations out of mutex order");
        last_op = ev.op;
        if (ev.queue != std::int64_t(ev.produced) - std::int64_t(ev.consumed))
            return fail("queue length differs from produced - consumed");
        if (ev.queue < 0 || ev.queue > o.capacity)
            return fail("queue length out of range");
        if (ev.state == WAIT_FULL && ev.queue != o.capacity)
            return fail("waits on a queue that is not full");
        if (ev.state == WAIT_EMPTY && ev.queue != 0)
            return fail("waits on a queue that is not empty");
    }
    std::uint32_t produced = 0, consumed = 0;
    for (const Merged<Event>& m : seq)
        if (m.ev->op >= 0) {
            produced = m.ev->produced;
            consumed = m.ev->consumed;
        }
    if (produced != o.items || consumed != o.items) {
        std::fprintf(stderr, "chitra-pipeline: %u produced, %u consumed, expected %lld\n", produced, consumed,
                     (long long)o.items);
        return false;
    }
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    const Options o = parse_args(argc, argv);
    const int np = o.producers, nc = o.consumers, n = np + nc;

    // Deterministic costs: one generator, items in order; item k goes to producer k % P.
    std::mt19937_64 rng(o.seed);
    auto draw = [&](std::int64_t mean) -> std::int64_t {
        if (!o.exponential || mean == 0)
            return mean;
        std::exponential_distribution<double> d(1.0 / double(mean));
        return std::int64_t(d(rng) + 0.5);
    };
    std::vector<Worker> ws(n);
    std::vector<std::vector<std::int64_t>> item_cost(np);
    for (std::int64_t k = 0; k < o.items; ++k) {
        const bool slow = o.slow_cost > 0 && (k / o.phase) % 2 == 1;
        const int p = int(k % np);
        ws[p].cost.push_back(draw(slow ? o.slow_cost : o.produce_cost));
        item_cost[p].push_back(draw(o.consume_cost));
    }
    // Preallocate and touch every log entry: no allocation or page fault during the run.
    for (int i = 0; i < np; ++i)
        ws[i].log.preallocate(ws[i].cost.size() * 3 + 2);
    for (int i = np; i < n; ++i)
        ws[i].log.preallocate(std::size_t(o.items) * 3 + 2);

    Shared sh(o);
    std::vector<std::thread> threads;
    for (int i = 0; i < np; ++i)
        threads.emplace_back([&, i] { run_producer(sh, ws[i], std::int64_t(ws[i].cost.size()), item_cost[i]); });
    for (int i = np; i < n; ++i)
        threads.emplace_back([&, i] { run_consumer(sh, ws[i]); });
    const std::int64_t t0 = now_ns();
    sh.go.store(true, std::memory_order_release);
    for (auto& t : threads)
        t.join();
    const std::int64_t wall = now_ns() - t0;

    const Sequence seq = merge(ws, t0);
    if (!check(seq, o))
        return 1;

    PesWriter out(kProgram, o.out);
    if (!out.open())
        return 1;
    PesHeader header;
    header.components = n;
    header.fields = "queue:gauge produced:counter consumed:counter";
    header.end = seq.empty() ? 0 : seq.back().t;
    header.generator = command_line(kProgram, argc, argv);
    std::string threads_line;
    for (int i = 0; i < n; ++i) {
        threads_line += i ? " " : "";
        threads_line += i < np ? "producer" : "consumer";
    }
    header.more.emplace_back("threads", threads_line);
    out.header(header);

    std::vector<std::uint8_t> st(n);
    for (int i = 0; i < n; ++i)
        st[i] = i < np ? PRODUCE : TAKE;
    std::uint64_t fields[] = {0, 0, 0}; // queue (never negative: checked), produced, consumed
    out.record(0, st, kStateName, fields);
    for (const Merged<Event>& m : seq) {
        st[m.who] = m.ev->state;
        if (m.ev->op >= 0) {
            fields[0] = std::uint64_t(m.ev->queue);
            fields[1] = m.ev->produced;
            fields[2] = m.ev->consumed;
        }
        out.record(m.t, st, kStateName, fields);
    }
    if (!out.close())
        return 1;

    if (!o.quiet) {
        std::fprintf(stderr,
                     "chitra-pipeline: %d producer(s), %d consumer(s), capacity %lld, "
                     "%lld items, %zu records, %.3f s wall\n",
                     np, nc, (long long)o.capacity, (long long)o.items, seq.size() + 1, double(wall) / 1e9);
        for (int i = 0; i < n; ++i) {
            std::int64_t waits = 0, wait_ns = 0, since = 0;
            const State wait_state = i < np ? WAIT_FULL : WAIT_EMPTY;
            const auto log = ws[i].log.recorded();
            for (std::size_t k = 0; k < log.size(); ++k) {
                const Event& ev = log[k];
                if (ev.state == wait_state) {
                    ++waits;
                    since = ev.t;
                } else if (k > 0 && log[k - 1].state == wait_state)
                    wait_ns += ev.t - since;
            }
            std::fprintf(stderr, "  %s %d: %lld waits (%s), %.1f ms waiting\n", i < np ? "producer" : "consumer", i,
                         (long long)waits, kStateName[wait_state], double(wait_ns) / 1e6);
        }
    }
    return 0;
}
