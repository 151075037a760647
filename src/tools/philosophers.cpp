// chitra-philosophers: an instrumented dining-philosophers program (Chitra paper, section 3).
//
// N philosopher threads share N utensils (spinlocks, busy waiting). Each thread cycles
// T (think) -> A1 (acquire first utensil) -> A2 (acquire second) -> E (eat) ->
// R1 (release first) -> R2 (release second) -> T, and records (steady_clock time, new
// local state) into a preallocated per-thread array: no allocation or I/O during the run.
// After the run the arrays are merged by time into one PES (one component per
// philosopher), checked (mutual exclusion on every utensil, non-decreasing times) and
// written as PES text. See docs/sample-traces.md.
//
// --fields: every counter in a record is a sample, taken by the logging thread right after
// its timestamp, of a process-wide quantity (process CPU time, a shared spin counter, a
// shared meal counter, process involuntary context switches). Per-thread values summed
// at merge time would move a thread's whole interval of CPU time into the 1 ns visit in
// which it next logs, giving impossible rates.
//
// --csv FILE and --events FILE write the same merged sequence again, as a home-made
// logger would: a CSV table (a row per state change: time, one column per philosopher,
// the gauges and counters) and an event trace (a line per state change of the program:
// time, program state before and after, the philosopher that moved, the gauges).
//
// Links only Threads and what the generators share (command_line.hpp, trace_recorder.hpp).

#include "command_line.hpp"
#include "trace_recorder.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <sys/resource.h>
#include <time.h>

namespace {

using namespace chitra::tools;

constexpr const char* kProgram = "chitra-philosophers";

enum State : std::uint8_t { T, A1, A2, E, R1, R2, kStates };
constexpr const char* kStateName[kStates] = {"T", "A1", "A2", "E", "R1", "R2"};

// Tie-break for events of different threads at the same nanosecond: releases before
// acquisitions, so a hand-over of a utensil can never appear as an overlap.
constexpr int kTiePriority[kStates] = {/*T*/ 2, /*A1*/ 3, /*A2*/ 4, /*E*/ 5, /*R1*/ 0, /*R2*/ 1};

enum class Work { Time, Loop };

struct Options {
    int n = 3;
    std::int64_t x = 1000;
    Work work = Work::Time;
    std::int64_t meals = 1000;
    double duration = 0; // seconds; 0 = run until every philosopher has eaten `meals` times
    bool fields = false;
    bool yield = false;
    OutputOptions out;  // separator: none, names like TA1E
    std::string csv;    // --csv FILE (none: no CSV)
    std::string events; // --events FILE (none: no event trace)
    bool quiet = false;
};

// One log entry, written by its own thread only.
struct Event {
    std::int64_t t; // steady_clock ns
    // --fields only: process-wide readings taken right after t (see the header comment).
    std::uint64_t spins;   // failed lock attempts of all threads so far
    std::uint64_t cpu_ns;  // process CPU time since the start of the run (CLOCK_PROCESS_CPUTIME_ID)
    std::uint64_t preempt; // process involuntary context switches since the start (RUSAGE_SELF)
    std::uint64_t meals;   // completed meals of all threads so far
    std::uint8_t state;
};

struct alignas(64) Utensil {
    std::atomic_flag flag = ATOMIC_FLAG_INIT;
    std::atomic<int> owner{-1}; // run-time check of mutual exclusion
};

struct alignas(64) Philosopher {
    ThreadLog<Event> log;
    std::uint64_t spins = 0;
    std::uint32_t meals = 0;
};

void print_help()
{
    std::puts("usage: chitra-philosophers [options]\n"
              "Runs N dining philosophers on real threads and writes their execution as PES text.\n"
              "  -n, --philosophers N  number of philosophers, 2..8 (default 3)\n"
              "  -x, --cost X          eat and think cost (default 1000)\n"
              "      --work time|loop  time: X microseconds of busy waiting on steady_clock (default);\n"
              "                        loop: X iterations of a floating-point multiply (as in the paper)\n"
              "  -m, --meals M         meals per philosopher (default 1000)\n"
              "      --duration S      also stop after S seconds (each philosopher finishes its meal)\n"
              "      --timebase ns|us  time base of the output (default ns)\n"
              "      --fields          add data fields: meals, spins, cpu_ns, preempt (counters),\n"
              "                        eating, hungry (gauges)\n"
              "      --yield           yield the processor while spinning (default: pure busy waiting)\n"
              "      --separator S     write '# separator: S' (default: none, names like TA1E)\n"
              "  -o, --output FILE     write the trace to FILE (default: standard output)\n"
              "      --csv FILE        also write the run as CSV: time_ns, p0..pN-1 (states), eating,\n"
              "                        hungry (and the --fields counters)\n"
              "      --events FILE     also write the run as an event trace: TIME FROM TO WHO:STATE\n"
              "                        eating=E hungry=H (FROM, TO: program states)\n"
              "  -q, --quiet           no summary on standard error\n");
}

Options parse_args(int argc, char** argv)
{
    Options o;
    CommandLine args(kProgram, argc, argv);
    while (args.next()) {
        if (args.is("-h", "--help")) {
            print_help();
            std::exit(0);
        } else if (args.is("-n", "--philosophers"))
            o.n = int(args.integer(2, 8));
        else if (args.is("-x", "--cost"))
            o.x = args.integer(1, 100'000'000);
        else if (args.is("-m", "--meals"))
            o.meals = args.integer(1, 10'000'000);
        else if (args.is("--duration")) {
            std::string v(args.value());
            char* end = nullptr;
            o.duration = std::strtod(v.c_str(), &end);
            if (end == v.c_str() || *end != '\0' || !(o.duration > 0))
                args.usage_error("--duration needs a positive number of seconds");
        } else if (args.is("--work")) {
            auto v = args.value();
            if (v == "time")
                o.work = Work::Time;
            else if (v == "loop")
                o.work = Work::Loop;
            else
                args.usage_error("--work is time or loop");
        } else if (args.is("--fields"))
            o.fields = true;
        else if (args.is("--yield"))
            o.yield = true;
        else if (args.is("-q", "--quiet"))
            o.quiet = true;
        else if (args.is("--csv"))
            o.csv = args.value();
        else if (args.is("--events"))
            o.events = args.value();
        else if (args.output_option(o.out)) {
        } else
            args.usage_error("unknown option '" + std::string(args.current()) + "'");
    }
    args.check(o.out);
    return o;
}

// Eat/think: busy work that keeps the processor, like the paper's multiply loop.
double g_sink = 0; // defeats dead-code elimination of the multiply loop
void work(const Options& o)
{
    if (o.work == Work::Time) {
        const std::int64_t until = now_ns() + o.x * 1000;
        while (now_ns() < until)
            cpu_relax();
    } else {
        double a = 1.0000001, b = 0.9999999;
        for (std::int64_t k = 0; k < o.x; ++k)
            a *= b; // dependent multiplies: not vectorised
        g_sink += a;
    }
}

struct Shared {
    const Options* opt;
    std::vector<Utensil> utensils;
    std::atomic<bool> go{false};
    std::atomic<bool> stop{false};
    std::atomic<bool> violated{false};
    std::atomic<int> finished{0};
    // --fields: process-wide counters, relaxed (each reading only needs to be a value the
    // counter really had at about the record's time) and on their own cache lines.
    alignas(64) std::atomic<std::uint64_t> spins{0};
    alignas(64) std::atomic<std::uint64_t> meals{0};
    std::uint64_t cpu0 = 0, preempt0 = 0; // baselines read by main just before `go`
    explicit Shared(const Options& o) : opt(&o), utensils(o.n) {}
};

// Process CPU time of all threads (ns); a real syscall, not vDSO.
std::uint64_t process_cpu_ns()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return std::uint64_t(ts.tv_sec) * 1'000'000'000u + std::uint64_t(ts.tv_nsec);
}

// Involuntary context switches of the whole process (all threads, live and joined).
std::uint64_t process_preemptions()
{
    rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return std::uint64_t(ru.ru_nivcsw);
}

void lock(Shared& sh, int u, int who, std::uint64_t& spins)
{
    Utensil& ut = sh.utensils[u];
    while (ut.flag.test_and_set(std::memory_order_acquire)) {
        do { // test-and-test-and-set: spin on a shared copy of the line
            ++spins;
            if (sh.opt->fields)
                sh.spins.fetch_add(1, std::memory_order_relaxed);
            if (sh.opt->yield)
                std::this_thread::yield();
            else
                cpu_relax();
        } while (ut.flag.test(std::memory_order_relaxed));
    }
    if (ut.owner.exchange(who, std::memory_order_relaxed) != -1)
        sh.violated.store(true, std::memory_order_relaxed);
}

void unlock(Shared& sh, int u)
{
    Utensil& ut = sh.utensils[u];
    ut.owner.store(-1, std::memory_order_relaxed);
    ut.flag.clear(std::memory_order_release);
}

// Utensils of philosopher i are i-1 and i (mod N); odd philosophers take i-1 first, even
// ones take i first (the paper's g0, g1; release order g2 = g0, g3 = g1).
int first_utensil(int i) { return (i % 2 == 1) ? i - 1 : i; }
int second_utensil(int i, int n) { return (i % 2 == 1) ? i : (i - 1 + n) % n; }

void run_philosopher(Shared& sh, Philosopher& me, int i)
{
    const Options& o = *sh.opt;
    const int u0 = first_utensil(i), u1 = second_utensil(i, o.n);
    auto record = [&](State s) {
        Event& ev = me.log.next();
        ev.t = now_ns();
        ev.state = s;
        if (o.fields) { // two syscalls per event: clock_gettime + getrusage
            // Atomics first: a syscall's return is a point where the scheduler may switch
            // this thread out for milliseconds, which would make later readings stale.
            // The CPU time is taken at syscall entry, so it is still the record's time.
            ev.spins = sh.spins.load(std::memory_order_relaxed);
            ev.meals = sh.meals.load(std::memory_order_relaxed);
            ev.cpu_ns = process_cpu_ns() - sh.cpu0;
            ev.preempt = process_preemptions() - sh.preempt0;
        } else {
            ev.cpu_ns = ev.preempt = ev.spins = ev.meals = 0;
        }
    };
    while (!sh.go.load(std::memory_order_acquire))
        cpu_relax();
    for (std::int64_t m = 0; m < o.meals; ++m) {
        if (sh.stop.load(std::memory_order_relaxed))
            break;
        work(o); // thinking (state T since time 0 or since the last release)
        record(A1);
        lock(sh, u0, i, me.spins);
        record(A2);
        lock(sh, u1, i, me.spins);
        record(E);
        work(o); // eating
        ++me.meals;
        if (o.fields)
            sh.meals.fetch_add(1, std::memory_order_relaxed);
        record(R1);
        unlock(sh, u0);
        record(R2);
        unlock(sh, u1);
        record(T);
    }
    sh.finished.fetch_add(1, std::memory_order_release);
}

using Sequence = std::vector<Merged<Event>>;

// Merges the per-thread logs by time, keeping each thread's own order.
Sequence merge(const std::vector<Philosopher>& ph, std::int64_t t0)
{
    return merge_by_time(
        ph, [](const Philosopher& p) -> const ThreadLog<Event>& { return p.log; }, t0,
        [](const Event& a, const Event& b) { return kTiePriority[a.state] < kTiePriority[b.state]; });
}

// Replays the merged sequence and checks that no utensil is ever certainly held by two
// philosophers (so no two neighbours eat at once). Times are read right after a lock and
// right before an unlock, so a philosopher certainly holds its first utensil in A2 and E,
// and its second in E and R1; A1 ends and R1/R2 contain a lock or unlock, which is why
// they are left out.
bool check_exclusion(const Sequence& seq, int n)
{
    std::vector<std::uint8_t> st(n, T);
    auto holds = [&](int i, int u) {
        const State s = State(st[i]);
        if (u == first_utensil(i) && (s == A2 || s == E))
            return true;
        if (u == second_utensil(i, n) && (s == E || s == R1))
            return true;
        return false;
    };
    std::int64_t last = 0;
    for (std::size_t k = 0; k < seq.size(); ++k) {
        if (seq[k].t < last) {
            std::fprintf(stderr, "chitra-philosophers: merged times decrease at record %zu\n", k);
            return false;
        }
        last = seq[k].t;
        st[seq[k].who] = seq[k].ev->state;
        for (int u = 0; u < n; ++u) {
            int holders = 0;
            for (int i = 0; i < n; ++i)
                holders += holds(i, u);
            if (holders > 1) {
                std::fprintf(stderr,
                             "chitra-philosophers: utensil %d held by two philosophers at "
                             "record %zu (t=%lld ns)\n",
                             u, k + 1, (long long)seq[k].t);
                return false;
            }
        }
        for (int i = 0; i < n; ++i) {
            if (st[i] == E && st[(i + 1) % n] == E) {
                std::fprintf(stderr, "chitra-philosophers: neighbours %d and %d eat at once\n", i, (i + 1) % n);
                return false;
            }
        }
    }
    return true;
}

// A text file written whole after the run (--csv, --events); false (and a message) when
// it cannot be written.
bool write_text(const std::string& path, const std::string& text)
{
    std::FILE* f = std::fopen(path.c_str(), "wb");
    bool ok = f && std::fwrite(text.data(), 1, text.size(), f) == text.size();
    ok = f && std::fclose(f) == 0 && ok;
    if (!ok)
        std::fprintf(stderr, "%s: cannot write %s\n", kProgram, path.c_str());
    return ok;
}

// --csv: a header row, then a row per record. Text cells are quoted and numbers are not,
// as Python's csv.QUOTE_NONNUMERIC writes them.
class CsvLog {
public:
    CsvLog(int n, const std::vector<std::string>& fields)
    {
        text_ = "\"time_ns\"";
        for (int i = 0; i < n; ++i)
            text_ += ",\"p" + std::to_string(i) + "\"";
        for (const std::string& f : fields)
            text_ += ",\"" + f + "\"";
        text_ += "\n";
    }
    void row(std::int64_t t, const std::vector<std::uint8_t>& st, std::span<const std::uint64_t> fields)
    {
        text_ += std::to_string(t);
        for (std::uint8_t s : st) {
            text_ += ",\"";
            text_ += kStateName[s];
            text_ += '"';
        }
        for (std::uint64_t v : fields) {
            text_ += ',';
            text_ += std::to_string(v);
        }
        text_ += '\n';
    }
    const std::string& text() const { return text_; }

private:
    std::string text_;
};

// --events: a line `TIME FROM TO pI:STATE NAME=VALUE...` per record, FROM and TO the
// program states named as in the PES (local states joined by the separator). The first
// line enters the initial state from `-`, so that the trace starts at time 0.
class EventLog {
public:
    EventLog(std::string separator, std::string generator) : separator_(std::move(separator))
    {
        text_ = "# " + generator + "\n# time_ns from to philosopher:state fields\n";
    }
    void event(std::int64_t t, const std::vector<std::uint8_t>& st, int who, const std::vector<std::string>& names,
               std::span<const std::uint64_t> fields)
    {
        std::string to;
        for (std::size_t i = 0; i < st.size(); ++i) {
            if (i)
                to += separator_;
            to += kStateName[st[i]];
        }
        text_ += std::to_string(t) + " " + (from_.empty() ? "-" : from_) + " " + to + " ";
        text_ += who < 0 ? std::string("start") : "p" + std::to_string(who) + ":" + kStateName[st[who]];
        for (std::size_t f = 0; f < fields.size(); ++f)
            text_ += " " + names[f] + "=" + std::to_string(fields[f]);
        text_ += '\n';
        from_ = std::move(to);
    }
    const std::string& text() const { return text_; }

private:
    std::string separator_, from_, text_;
};

} // namespace

int main(int argc, char** argv)
{
    const Options o = parse_args(argc, argv);
    const int n = o.n;

    Shared sh(o);
    std::vector<Philosopher> ph(n);
    for (auto& p : ph) {
        // 6 events per meal; touching every entry now keeps page faults out of the run.
        p.log.preallocate(std::size_t(o.meals) * 6);
    }

    std::vector<std::thread> threads;
    threads.reserve(n);
    for (int i = 0; i < n; ++i)
        threads.emplace_back([&sh, &ph, i] { run_philosopher(sh, ph[i], i); });
    if (o.fields) {
        sh.cpu0 = process_cpu_ns();
        sh.preempt0 = process_preemptions();
    }
    const std::int64_t t0 = now_ns();
    sh.go.store(true, std::memory_order_release);
    if (o.duration > 0) {
        const auto until = Clock::now() + std::chrono::duration<double>(o.duration);
        // Wake up often enough to notice that every philosopher already finished.
        while (Clock::now() < until && sh.finished.load(std::memory_order_acquire) < n)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        sh.stop.store(true, std::memory_order_relaxed);
    }
    for (auto& t : threads)
        t.join();
    const std::int64_t wall = now_ns() - t0;

    if (sh.violated.load()) {
        std::fprintf(stderr, "chitra-philosophers: a utensil was taken while held (spinlock broken)\n");
        return 1;
    }
    const Sequence seq = merge(ph, t0);
    if (!check_exclusion(seq, n))
        return 1;

    PesWriter out(kProgram, o.out);
    if (!out.open())
        return 1;
    PesHeader header;
    header.components = n;
    if (o.fields)
        header.fields = "meals:counter spins:counter cpu_ns:counter preempt:counter "
                        "eating:gauge hungry:gauge";
    header.end = seq.empty() ? 0 : seq.back().t;
    header.generator = command_line(kProgram, argc, argv);
    // The run's parameters, for ensembles across N and x (docs/ensembles.md).
    header.more.emplace_back("param", "N=" + std::to_string(n) + " x=" + std::to_string(o.x));
    out.header(header);

    // Fields of the CSV and the event trace: the PES's with --fields, else the two gauges.
    const std::vector<std::string> text_fields =
        o.fields ? std::vector<std::string>{"meals", "spins", "cpu_ns", "preempt", "eating", "hungry"}
                 : std::vector<std::string>{"eating", "hungry"};
    CsvLog csv(n, text_fields);
    EventLog events(o.out.separator, command_line(kProgram, argc, argv));

    // Program state = tuple of local states; every philosopher thinks at time 0.
    std::vector<std::uint8_t> st(n, T);
    // Counters: the reading of the event that makes the record. Readings of different
    // threads merged by time can be out of order by the few hundred ns between a
    // timestamp and its reading; a running maximum keeps each counter non-decreasing
    // (how many readings it raised is printed on stderr).
    constexpr int kCounters = 4;
    std::uint64_t ctr[kCounters] = {0, 0, 0, 0}; // meals, spins, cpu_ns, preempt
    std::uint64_t raised[kCounters] = {0, 0, 0, 0};
    auto write_record = [&](std::int64_t t, int who) {
        std::uint64_t eating = 0, hungry = 0;
        for (int i = 0; i < n; ++i) {
            eating += st[i] == E;
            hungry += st[i] == A1 || st[i] == A2;
        }
        const std::uint64_t all[] = {ctr[0], ctr[1], ctr[2], ctr[3], eating, hungry};
        const std::span<const std::uint64_t> fields = o.fields ? std::span(all) : std::span(all).last(2);
        if (!o.csv.empty())
            csv.row(t, st, fields);
        if (!o.events.empty())
            events.event(t, st, who, text_fields, fields);
        if (o.fields)
            out.record(t, st, kStateName, fields);
        else
            out.record(t, st, kStateName);
    };
    write_record(0, -1);
    for (const Merged<Event>& m : seq) {
        st[m.who] = m.ev->state;
        if (o.fields) {
            const std::uint64_t r[kCounters] = {m.ev->meals, m.ev->spins, m.ev->cpu_ns, m.ev->preempt};
            for (int c = 0; c < kCounters; ++c) {
                if (r[c] < ctr[c])
                    ++raised[c];
                else
                    ctr[c] = r[c];
            }
        }
        write_record(m.t, m.who);
    }
    if (!out.close())
        return 1;
    if (!o.csv.empty() && !write_text(o.csv, csv.text()))
        return 1;
    if (!o.events.empty() && !write_text(o.events, events.text()))
        return 1;

    if (!o.quiet) {
        std::fprintf(stderr, "chitra-philosophers: N=%d x=%lld (%s), %zu records, %.3f s wall\n", n, (long long)o.x,
                     o.work == Work::Time ? "us busy wait" : "multiply loop", seq.size() + 1, double(wall) / 1e9);
        // Mean acquisition time (A1 + A2) per philosopher: the paper's efficiency/fairness measure.
        for (int i = 0; i < n; ++i) {
            const Philosopher& p = ph[i];
            std::int64_t acq = 0, eat = 0, since = 0;
            std::uint64_t visits = 0;
            for (const Event& ev : p.log.recorded()) {
                if (ev.state == A1)
                    since = ev.t;
                if (ev.state == E) {
                    acq += ev.t - since;
                    ++visits;
                    since = ev.t;
                }
                if (ev.state == R1)
                    eat += ev.t - since;
            }
            const double v = visits ? double(visits) : 1.0;
            std::fprintf(stderr,
                         "  philosopher %d: %u meals, mean acquisition %.1f us, mean eating %.1f us, "
                         "%llu spins\n",
                         i, p.meals, double(acq) / v / 1000.0, double(eat) / v / 1000.0, (unsigned long long)p.spins);
        }
        if (o.fields)
            std::fprintf(stderr,
                         "  readings raised to keep counters non-decreasing (of %zu): meals %llu, "
                         "spins %llu, cpu_ns %llu, preempt %llu\n",
                         seq.size(), (unsigned long long)raised[0], (unsigned long long)raised[1],
                         (unsigned long long)raised[2], (unsigned long long)raised[3]);
    }
    return 0;
}
