// chitra-lttng-workers: a small multi-threaded program traced by LTTng-UST, the source of
// the CTF sample traces and of the importer's recording test (docs/sample-traces.md).
// Each of T threads runs N tasks; a task computes, then does some "I/O" (a short sleep),
// each region bracketed by its tracepoints, the regions nested inside the task. With -m,
// the main thread is a master: it prepares every task (`dispatch`) and hands it to the
// workers through a queue, then waits for them (`join`). Built a
// second time with -finstrument-functions for LTTng's function tracing
// (liblttng-ust-cyg-profile.so); the functions below are then the states.
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "chitra_tp.h"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace {

// Spins for about `loops` iterations; the result is returned so it is not optimised away.
__attribute__((noinline)) unsigned compute(unsigned seed, int loops)
{
    lttng_ust_tracepoint(chitra_demo, compute_begin, static_cast<int>(seed));
    unsigned x = seed;
    for (int i = 0; i < loops; ++i)
        x = x * 1103515245u + 12345u;
    lttng_ust_tracepoint(chitra_demo, compute_end, static_cast<int>(seed));
    return x;
}

__attribute__((noinline)) void io(int item, int micros)
{
    lttng_ust_tracepoint(chitra_demo, io_enter, item);
    std::this_thread::sleep_for(std::chrono::microseconds(micros));
    lttng_ust_tracepoint(chitra_demo, io_exit, item);
}

__attribute__((noinline)) unsigned task(int item, int loops, int micros)
{
    lttng_ust_tracepoint(chitra_demo, task_entry, item);
    const unsigned r = compute(static_cast<unsigned>(item), loops);
    io(item, micros);
    lttng_ust_tracepoint(chitra_demo, task_exit, item);
    return r;
}

void worker(int first, int tasks, int loops, int micros, unsigned& out)
{
    for (int i = 0; i < tasks; ++i)
        out ^= task(first + i, loops, micros);
}

// The tasks the master hands out; -1 ends a worker.
struct TaskQueue {
    std::mutex mutex;
    std::condition_variable ready;
    std::deque<int> items;

    void push(int item)
    {
        {
            const std::lock_guard<std::mutex> lock(mutex);
            items.push_back(item);
        }
        ready.notify_one();
    }
    int pop()
    {
        std::unique_lock<std::mutex> lock(mutex);
        ready.wait(lock, [this] { return !items.empty(); });
        const int item = items.front();
        items.pop_front();
        return item;
    }
};

void queued_worker(TaskQueue& queue, int loops, int micros, unsigned& out)
{
    for (int item; (item = queue.pop()) >= 0;)
        out ^= task(item, loops, micros);
}

// Prepares a task (a tenth of its computation) and queues it.
__attribute__((noinline)) void dispatch(TaskQueue& queue, int item, int loops)
{
    lttng_ust_tracepoint(chitra_demo, dispatch_begin, item);
    unsigned x = static_cast<unsigned>(item);
    for (int i = 0; i < loops / 10; ++i)
        x = x * 1103515245u + 12345u;
    queue.push(item);
    volatile unsigned keep = x; // the loop is not optimised away
    (void)keep;
    lttng_ust_tracepoint(chitra_demo, dispatch_end, item);
}

unsigned run_master(int threads, int tasks, int loops, int micros)
{
    TaskQueue queue;
    std::vector<unsigned> results(static_cast<std::size_t>(threads), 0);
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back(queued_worker, std::ref(queue), loops, micros,
                          std::ref(results[static_cast<std::size_t>(t)]));
    for (int i = 0; i < threads * tasks; ++i)
        dispatch(queue, i, loops);
    for (int t = 0; t < threads; ++t)
        queue.push(-1);
    lttng_ust_tracepoint(chitra_demo, join_begin, 0);
    for (std::thread& t : pool)
        t.join();
    lttng_ust_tracepoint(chitra_demo, join_end, 0);
    unsigned all = 0;
    for (unsigned r : results)
        all ^= r;
    return all;
}

int usage()
{
    std::fprintf(stderr, "usage: chitra-lttng-workers [-t THREADS] [-n TASKS] [-l LOOPS] [-u MICROS] [-m]\n"
                         "  -t  threads (default 4)   -n  tasks per thread (default 20)\n"
                         "  -l  compute loops per task (default 20000)   -u  I/O sleep in us (default 50)\n"
                         "  -m  the main thread is a master that hands the tasks out and waits\n");
    return 2;
}

} // namespace

int main(int argc, char** argv)
{
    int threads = 4, tasks = 20, loops = 20000, micros = 50;
    bool master = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "-m")) {
            master = true;
            continue;
        }
        if (i + 1 >= argc)
            return usage();
        const int v = std::atoi(argv[i + 1]);
        if (!std::strcmp(argv[i], "-t"))
            threads = v;
        else if (!std::strcmp(argv[i], "-n"))
            tasks = v;
        else if (!std::strcmp(argv[i], "-l"))
            loops = v;
        else if (!std::strcmp(argv[i], "-u"))
            micros = v;
        else
            return usage();
        ++i;
    }
    if (threads < 1 || tasks < 0 || loops < 0 || micros < 0)
        return usage();
    if (master) {
        const unsigned all = run_master(threads, tasks, loops, micros);
        lttng_ust_tracepoint(chitra_demo, progress, threads * tasks, 1.0);
        std::printf("%u\n", all);
        return 0;
    }
    std::vector<unsigned> results(static_cast<std::size_t>(threads), 0);
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back(worker, t * tasks, tasks, loops, micros, std::ref(results[static_cast<std::size_t>(t)]));
    for (std::thread& t : pool)
        t.join();
    unsigned all = 0;
    for (unsigned r : results)
        all ^= r;
    lttng_ust_tracepoint(chitra_demo, progress, threads * tasks, 1.0);
    std::printf("%u\n", all);
    return 0;
}
