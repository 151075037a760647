// chitra-taskpool: a task pool that records itself in OTF2, the format of Score-P.
//
// A master thread hands out tasks (count the primes in a range of integers) in bursts to
// W worker threads through a queue guarded by one mutex; the workers add their counts
// into a shared total under a second mutex. Each thread is one OTF2 location and writes
// its own events through the OTF2 writer API while it runs (Enter/Leave of its nested
// regions, Metric events), timestamped with std::chrono::steady_clock in nanoseconds.
// The archive is what the OTF2 importer reads; docs/sample-traces.md says what it shows.
//
// --paraver PREFIX also writes the same run as a Paraver trace (PREFIX.prv, .pcf, .row):
// each thread keeps a log of the events it gave the OTF2 writer, with the same
// timestamps, and after the run every interval in which a thread's innermost region stays
// the same becomes one state record; task sizes and queue lengths become event records.
//
// Regions: master  main > produce | sleep | join
//          worker  worker > take | compute | merge > lock
// Metrics: `queue` (ABSOLUTE_POINT, the master: tasks waiting after each hand-out),
//          `tasks` and `primes` (ACCUMULATED_START, every worker: its running totals).

#include <cstdlib> // before OTF2_Pthread_Locks.h, which uses malloc and free
#include <otf2/otf2.h>
#include <otf2/OTF2_Pthread_Locks.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <mutex>
#include <random>
#include <algorithm>
#include <ctime>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct Options {
    int workers = 4;
    int tasks = 1200;
    int burst = 60;      // tasks per hand-out
    int pause_us = 3000; // master's sleep between bursts
    std::uint64_t seed = 1;
    std::string output;  // archive directory (none: no OTF2)
    std::string paraver; // PREFIX of PREFIX.prv, .pcf, .row (none: no Paraver)
    bool quiet = false;
};

enum Region : OTF2_RegionRef { kMain, kProduce, kSleep, kJoin, kWorker, kTake, kCompute, kMerge, kLock, kRegions };
constexpr const char* kRegionName[kRegions] = {"main", "produce", "sleep", "join", "worker",
                                               "take", "compute", "merge", "lock"};
enum Member : OTF2_MetricMemberRef { kQueue, kTasks, kPrimes, kMembers };
enum Metric : OTF2_MetricRef { kQueueMetric, kWorkerMetric };

std::uint64_t now_ns()
{
    return static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count());
}

OTF2_FlushType pre_flush(void*, OTF2_FileType, OTF2_LocationRef, void*, bool) { return OTF2_FLUSH; }
OTF2_TimeStamp post_flush(void*, OTF2_FileType, OTF2_LocationRef) { return now_ns(); }
const OTF2_FlushCallbacks kFlush{pre_flush, post_flush};

struct Task {
    std::uint64_t begin, end; // count the primes in [begin, end)
};

// Paraver event types of the values a thread logs (named in the .pcf).
enum ParaverEvent : std::uint32_t { kTaskSize = 1000, kQueueLength = 1001 };

// One entry of a thread's log for the Paraver trace: a region entered or left, or a
// value of a ParaverEvent type, at its OTF2 timestamp.
struct Logged {
    enum Kind : std::uint8_t { enter, leave, sample } kind;
    std::uint32_t what; // the Region, or the ParaverEvent type
    std::uint64_t t;
    std::uint64_t value = 0;
};

// One thread's recording: its OTF2 event writer (when there is an archive) and its
// Paraver log (when there is one), both fed with the same timestamps.
class Recorder {
public:
    Recorder(OTF2_Archive* archive, OTF2_LocationRef location, std::vector<Logged>* log)
        : writer_(archive ? OTF2_Archive_GetEvtWriter(archive, location) : nullptr), log_(log)
    {
        if (archive && !writer_) {
            std::fprintf(stderr, "chitra-taskpool: no OTF2 event writer for location %lu\n",
                         static_cast<unsigned long>(location));
            std::exit(1);
        }
    }
    // Each returns the time it recorded.
    std::uint64_t enter(Region r)
    {
        const std::uint64_t t = now_ns();
        if (writer_)
            OTF2_EvtWriter_Enter(writer_, nullptr, t, r);
        if (log_)
            log_->push_back({Logged::enter, r, t});
        return t;
    }
    std::uint64_t leave(Region r)
    {
        const std::uint64_t t = now_ns();
        if (writer_)
            OTF2_EvtWriter_Leave(writer_, nullptr, t, r);
        if (log_)
            log_->push_back({Logged::leave, r, t});
        return t;
    }
    std::uint64_t metric(Metric m, std::initializer_list<std::uint64_t> values)
    {
        const std::uint64_t t = now_ns();
        OTF2_Type types[kMembers];
        OTF2_MetricValue v[kMembers];
        std::uint8_t n = 0;
        for (std::uint64_t x : values) {
            types[n] = OTF2_TYPE_UINT64;
            v[n++].unsigned_int = x;
        }
        if (writer_)
            OTF2_EvtWriter_Metric(writer_, nullptr, t, m, n, types, v);
        return t;
    }
    // A value for the Paraver trace only (OTF2 has it as a metric or not at all).
    void paraver_event(ParaverEvent type, std::uint64_t value, std::uint64_t t)
    {
        if (log_)
            log_->push_back({Logged::sample, type, t, value});
    }
    OTF2_EvtWriter* writer() const { return writer_; }

private:
    OTF2_EvtWriter* writer_;
    std::vector<Logged>* log_;
};

struct Pool {
    std::mutex queue_lock;
    std::condition_variable queue_ready;
    std::deque<Task> queue;
    bool closed = false;
    std::mutex total_lock;
    std::uint64_t total_primes = 0;
};

bool is_prime(std::uint64_t n)
{
    if (n < 2)
        return false;
    if (n % 2 == 0)
        return n == 2;
    for (std::uint64_t d = 3; d * d <= n; d += 2)
        if (n % d == 0)
            return false;
    return true;
}

void work(Pool& pool, Recorder& rec)
{
    std::uint64_t tasks = 0, primes = 0;
    rec.enter(kWorker);
    for (;;) {
        rec.enter(kTake);
        Task task;
        {
            std::unique_lock lock(pool.queue_lock);
            pool.queue_ready.wait(lock, [&] { return pool.closed || !pool.queue.empty(); });
            if (pool.queue.empty()) {
                lock.unlock();
                rec.leave(kTake);
                break;
            }
            task = pool.queue.front();
            pool.queue.pop_front();
        }
        rec.leave(kTake);

        rec.paraver_event(kTaskSize, task.end - task.begin, rec.enter(kCompute));
        std::uint64_t found = 0;
        for (std::uint64_t n = task.begin; n < task.end; ++n)
            found += is_prime(n);
        rec.paraver_event(kTaskSize, 0, rec.leave(kCompute)); // 0: no task, as Extrae ends a value

        rec.enter(kMerge);
        rec.enter(kLock);
        {
            std::lock_guard lock(pool.total_lock);
            rec.leave(kLock);
            pool.total_primes += found;
        }
        rec.leave(kMerge);
        ++tasks;
        primes += found;
        rec.metric(kWorkerMetric, {tasks, primes});
    }
    rec.leave(kWorker);
}

void usage(int status)
{
    std::fputs("usage: chitra-taskpool [-o DIR] [--paraver PREFIX] [-w WORKERS] [-n TASKS] [--burst N] [--pause US]\n"
               "                      [--seed S] [-q]\n"
               "  -o DIR            write an OTF2 archive DIR/traces.otf2 (DIR must not exist)\n"
               "  --paraver PREFIX  write the same run as a Paraver trace PREFIX.prv, PREFIX.pcf, PREFIX.row\n"
               "  At least one of -o and --paraver is needed.\n",
               status == 0 ? stdout : stderr);
    std::exit(status);
}

Options parse(int argc, char** argv)
{
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> const char* {
            if (i + 1 >= argc)
                usage(2);
            return argv[++i];
        };
        if (a == "-o")
            o.output = value();
        else if (a == "--paraver")
            o.paraver = value();
        else if (a == "-w")
            o.workers = std::atoi(value());
        else if (a == "-n")
            o.tasks = std::atoi(value());
        else if (a == "--burst")
            o.burst = std::atoi(value());
        else if (a == "--pause")
            o.pause_us = std::atoi(value());
        else if (a == "--seed")
            o.seed = std::strtoull(value(), nullptr, 10);
        else if (a == "-q")
            o.quiet = true;
        else if (a == "-h" || a == "--help")
            usage(0);
        else
            usage(2);
    }
    if ((o.output.empty() && o.paraver.empty()) || o.workers < 1 || o.workers > 64 || o.tasks < 1 || o.burst < 1 ||
        o.pause_us < 0)
        usage(2);
    return o;
}

void write_definitions(OTF2_Archive* archive, const Options& o, const std::vector<std::uint64_t>& events,
                       std::uint64_t start, std::uint64_t end)
{
    OTF2_Archive_OpenDefFiles(archive);
    for (int l = 0; l <= o.workers; ++l)
        OTF2_Archive_CloseDefWriter(archive, OTF2_Archive_GetDefWriter(archive, static_cast<OTF2_LocationRef>(l)));
    OTF2_Archive_CloseDefFiles(archive);

    OTF2_GlobalDefWriter* g = OTF2_Archive_GetGlobalDefWriter(archive);
    OTF2_GlobalDefWriter_WriteClockProperties(g, 1'000'000'000, start, end - start, OTF2_UNDEFINED_TIMESTAMP);
    OTF2_StringRef next = 0;
    auto string = [&](const std::string& s) {
        OTF2_GlobalDefWriter_WriteString(g, next, s.c_str());
        return next++;
    };
    const OTF2_StringRef empty = string("");
    OTF2_GlobalDefWriter_WriteSystemTreeNode(g, 0, string("localhost"), string("machine"),
                                             OTF2_UNDEFINED_SYSTEM_TREE_NODE);
    OTF2_GlobalDefWriter_WriteLocationGroup(g, 0, string("taskpool"), OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                            OTF2_UNDEFINED_LOCATION_GROUP);
    const OTF2_StringRef file = string("src/tools/taskpool.cpp");
    for (OTF2_RegionRef r = 0; r < kRegions; ++r) {
        const OTF2_StringRef name = string(kRegionName[r]);
        OTF2_GlobalDefWriter_WriteRegion(g, r, name, name, empty,
                                         r == kLock ? OTF2_REGION_ROLE_CRITICAL : OTF2_REGION_ROLE_FUNCTION,
                                         OTF2_PARADIGM_USER, OTF2_REGION_FLAG_NONE, file, 0, 0);
    }
    const OTF2_StringRef items = string("tasks");
    OTF2_GlobalDefWriter_WriteMetricMember(g, kQueue, string("queue"), string("tasks waiting in the queue"),
                                           OTF2_METRIC_TYPE_USER, OTF2_METRIC_ABSOLUTE_POINT, OTF2_TYPE_UINT64,
                                           OTF2_BASE_DECIMAL, 0, items);
    OTF2_GlobalDefWriter_WriteMetricMember(g, kTasks, items, string("tasks done by this worker"), OTF2_METRIC_TYPE_USER,
                                           OTF2_METRIC_ACCUMULATED_START, OTF2_TYPE_UINT64, OTF2_BASE_DECIMAL, 0,
                                           items);
    OTF2_GlobalDefWriter_WriteMetricMember(g, kPrimes, string("primes"), string("primes found by this worker"),
                                           OTF2_METRIC_TYPE_USER, OTF2_METRIC_ACCUMULATED_START, OTF2_TYPE_UINT64,
                                           OTF2_BASE_DECIMAL, 0, string("primes"));
    const OTF2_MetricMemberRef queue[] = {kQueue};
    const OTF2_MetricMemberRef worker[] = {kTasks, kPrimes};
    OTF2_GlobalDefWriter_WriteMetricClass(g, kQueueMetric, 1, queue, OTF2_METRIC_ASYNCHRONOUS,
                                          OTF2_RECORDER_KIND_ABSTRACT);
    OTF2_GlobalDefWriter_WriteMetricClass(g, kWorkerMetric, 2, worker, OTF2_METRIC_ASYNCHRONOUS,
                                          OTF2_RECORDER_KIND_ABSTRACT);
    for (int l = 0; l <= o.workers; ++l)
        OTF2_GlobalDefWriter_WriteLocation(g, static_cast<OTF2_LocationRef>(l),
                                           string(l == 0 ? "master" : "worker " + std::to_string(l)),
                                           OTF2_LOCATION_TYPE_CPU_THREAD, events[l], 0);
    OTF2_Archive_CloseGlobalDefWriter(archive, g);
}

// One record of the .prv: a state over [t, end) or an event at t, of thread `thread`
// (0 the master, K worker K).
struct PrvRecord {
    std::uint64_t t;
    int kind; // 1 state, 2 event (the .prv's record types)
    int thread;
    std::uint64_t end;  // states
    std::uint32_t type; // events
    std::uint64_t value;
};

// A thread's log as .prv records: one state record (the innermost open region) per
// interval between two of its Enter/Leave events, none while no region is open or for an
// interval of zero length; one event record per logged value. Times relative to `start`.
void thread_records(const std::vector<Logged>& log, int thread, std::uint64_t start, std::vector<PrvRecord>& out)
{
    std::vector<std::uint32_t> stack;
    std::uint64_t since = 0;
    for (const Logged& e : log) {
        const std::uint64_t t = e.t - start;
        if (e.kind == Logged::sample) {
            out.push_back({t, 2, thread, 0, e.what, e.value});
            continue;
        }
        if (!stack.empty() && t > since)
            out.push_back({since, 1, thread, t, 0, stack.back() + 1u}); // state values 1..kRegions
        if (e.kind == Logged::enter)
            stack.push_back(e.what);
        else
            stack.pop_back();
        since = t;
    }
}

bool write_file(const std::string& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary);
    out << text;
    out.close();
    if (!out) {
        std::fprintf(stderr, "chitra-taskpool: cannot write %s\n", path.c_str());
        return false;
    }
    return true;
}

// PREFIX.prv, .pcf and .row as Extrae lays them out: one node with a CPU per thread, one
// application of one task whose threads are the master (1) and the workers (2..W+1).
// Records are sorted by time, as Paraver expects (at one time: states, then events).
bool write_paraver(const Options& o, const std::vector<std::vector<Logged>>& logs, std::uint64_t start,
                   std::uint64_t end)
{
    std::vector<PrvRecord> records;
    for (int thread = 0; thread < static_cast<int>(logs.size()); ++thread)
        thread_records(logs[thread], thread, start, records);
    std::stable_sort(records.begin(), records.end(), [](const PrvRecord& a, const PrvRecord& b) {
        return a.t != b.t ? a.t < b.t : a.kind != b.kind ? a.kind < b.kind : a.thread < b.thread;
    });
    const int threads = o.workers + 1;
    char date[32];
    const std::time_t now = std::time(nullptr);
    std::strftime(date, sizeof date, "%d/%m/%y at %H:%M", std::gmtime(&now));
    std::string prv = "#Paraver (" + std::string(date) + "):" + std::to_string(end - start) + "_ns:1(" +
                      std::to_string(threads) + "):1:1(" + std::to_string(threads) + ":1)\n";
    for (const PrvRecord& r : records) {
        // KIND:CPU:APPL:TASK:THREAD:TIME, then END:STATE or TYPE:VALUE
        const std::string cpu_thread = std::to_string(r.thread + 1);
        prv += std::to_string(r.kind) + ":" + cpu_thread + ":1:1:" + cpu_thread + ":" + std::to_string(r.t) + ":";
        prv += std::to_string(r.kind == 1 ? r.end : r.type) + ":" + std::to_string(r.value) + "\n";
    }

    std::string pcf = "DEFAULT_OPTIONS\n\nLEVEL               THREAD\nUNITS               NANOSEC\n"
                      "LOOK_BACK           100\nSPEED               1\nFLAG_ICONS          ENABLED\n"
                      "NUM_OF_STATE_COLORS 1000\nYMAX_SCALE          37\n\n\n"
                      "DEFAULT_SEMANTIC\n\nTHREAD_FUNC          State As Is\n\n\nSTATES\n";
    for (int r = 0; r < static_cast<int>(kRegions); ++r)
        pcf += std::to_string(r + 1) + "    " + kRegionName[r] + "\n";
    pcf += "\n\nEVENT_TYPE\n0    " + std::to_string(kTaskSize) +
           "    task size\n\n\n"
           "EVENT_TYPE\n0    " +
           std::to_string(kQueueLength) + "    queue\n";

    std::string row = "LEVEL CPU SIZE " + std::to_string(threads) + "\n";
    for (int t = 1; t <= threads; ++t)
        row += std::to_string(t) + ".localhost\n";
    row += "\nLEVEL NODE SIZE 1\nlocalhost\n\nLEVEL THREAD SIZE " + std::to_string(threads) + "\nmaster\n";
    for (int w = 1; w <= o.workers; ++w)
        row += "worker " + std::to_string(w) + "\n";

    return write_file(o.paraver + ".prv", prv) && write_file(o.paraver + ".pcf", pcf) &&
           write_file(o.paraver + ".row", row);
}

// The OTF2 archive of -o, ready for event writers; nullptr without -o. Exits on failure.
OTF2_Archive* open_archive(const Options& o)
{
    if (o.output.empty())
        return nullptr;
    if (std::filesystem::exists(o.output)) {
        std::fprintf(stderr, "chitra-taskpool: %s exists; remove it first\n", o.output.c_str());
        std::exit(1);
    }
    OTF2_Archive* archive = OTF2_Archive_Open(o.output.c_str(), "traces", OTF2_FILEMODE_WRITE, 1024 * 1024,
                                              4 * 1024 * 1024, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
    if (!archive) {
        std::fprintf(stderr, "chitra-taskpool: cannot create the OTF2 archive %s\n", o.output.c_str());
        std::exit(1);
    }
    OTF2_Archive_SetFlushCallbacks(archive, &kFlush, nullptr);
    OTF2_Archive_SetSerialCollectiveCallbacks(archive);
    OTF2_Pthread_Archive_SetLockingCallbacks(archive, nullptr); // workers get their writers concurrently
    OTF2_Archive_SetCreator(archive, "chitra-taskpool");
    OTF2_Archive_OpenEvtFiles(archive);
    return archive;
}

} // namespace

int main(int argc, char** argv)
{
    const Options o = parse(argc, argv);
    OTF2_Archive* archive = open_archive(o);

    // Task ranges drawn before the run: every run with the same options does the same work.
    std::mt19937_64 rng(o.seed);
    std::uniform_int_distribution<std::uint64_t> length(500, 2500);
    std::vector<Task> tasks;
    std::uint64_t from = 100'000;
    for (int i = 0; i < o.tasks; ++i) {
        const std::uint64_t n = length(rng);
        tasks.push_back({from, from + n});
        from += n;
    }

    // Paraver logs, reserved for about the entries they will get (7 per task on a worker).
    std::vector<std::vector<Logged>> logs(o.paraver.empty() ? 0 : o.workers + 1);
    for (std::size_t l = 0; l < logs.size(); ++l)
        logs[l].reserve(l == 0 ? 4 * tasks.size() + 16 : 16 * tasks.size() / o.workers + 64);
    const auto log_of = [&](int l) { return logs.empty() ? nullptr : &logs[l]; };

    Pool pool;
    std::vector<std::uint64_t> events(o.workers + 1, 0); // per location, for its definition
    const std::uint64_t start = now_ns();
    Recorder master(archive, 0, log_of(0));
    master.enter(kMain);
    std::vector<std::thread> threads;
    for (int w = 1; w <= o.workers; ++w)
        threads.emplace_back([&, w] {
            Recorder rec(archive, static_cast<OTF2_LocationRef>(w), log_of(w));
            work(pool, rec);
            if (archive) {
                OTF2_EvtWriter_GetNumberOfEvents(rec.writer(), &events[w]);
                OTF2_Archive_CloseEvtWriter(archive, rec.writer());
            }
        });
    for (std::size_t next = 0; next < tasks.size();) {
        master.enter(kProduce);
        for (int b = 0; b < o.burst && next < tasks.size(); ++b) {
            std::size_t waiting;
            {
                std::lock_guard lock(pool.queue_lock);
                pool.queue.push_back(tasks[next++]);
                waiting = pool.queue.size();
            }
            pool.queue_ready.notify_one();
            master.paraver_event(kQueueLength, waiting, master.metric(kQueueMetric, {waiting}));
        }
        master.leave(kProduce);
        if (next < tasks.size() && o.pause_us > 0) {
            master.enter(kSleep);
            std::this_thread::sleep_for(std::chrono::microseconds(o.pause_us));
            master.leave(kSleep);
        }
    }
    master.enter(kJoin);
    {
        std::lock_guard lock(pool.queue_lock);
        pool.closed = true;
    }
    pool.queue_ready.notify_all();
    for (auto& t : threads)
        t.join();
    master.leave(kJoin);
    master.leave(kMain);
    const std::uint64_t end = now_ns();
    if (archive) {
        OTF2_EvtWriter_GetNumberOfEvents(master.writer(), &events[0]);
        OTF2_Archive_CloseEvtWriter(archive, master.writer());
        OTF2_Archive_CloseEvtFiles(archive);
        write_definitions(archive, o, events, start, end);
        OTF2_Archive_Close(archive);
    }
    if (!o.paraver.empty() && !write_paraver(o, logs, start, end))
        return 1;

    // Check: the shared total is the primes of every range, counted again on one thread.
    std::uint64_t expect = 0;
    for (const Task& t : tasks)
        for (std::uint64_t k = t.begin; k < t.end; ++k)
            expect += is_prime(k);
    if (!o.quiet || expect != pool.total_primes)
        std::fprintf(stderr, "chitra-taskpool: %d workers, %d tasks, %llu primes (check %s), %.3f s%s%s%s%s\n",
                     o.workers, o.tasks, static_cast<unsigned long long>(pool.total_primes),
                     expect == pool.total_primes ? "ok" : "FAILED", static_cast<double>(end - start) / 1e9,
                     o.output.empty() ? "" : ", archive ", o.output.c_str(), o.paraver.empty() ? "" : ", Paraver ",
                     o.paraver.empty() ? "" : (o.paraver + ".prv").c_str());
    return expect == pool.total_primes ? 0 : 1;
}
