#include "io/import/contained_read.hpp"

#include "lanes/lane_trace_codec.hpp"

#include "chitra/util/cancel.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

namespace chitra::detail {

namespace {

using Clock = std::chrono::steady_clock;

// What a frame from the child holds; the first byte of each frame.
enum class Frame : std::uint8_t { progress = 'P', result = 'R', failure = 'E' };
// Which exception stopped the child's read.
enum class Failure : std::uint8_t { input = 1, memory = 2, cancelled = 3, other = 4 };

// The pipe is written in large pieces: a trace of 10^8 records is a gigabyte to move.
constexpr int kPipeBytes = 1 << 20;
constexpr std::size_t kBufferBytes = 1 << 16;

// ---- the child's side ----

struct PipeClosed {}; // the parent is gone: the child just ends

class ChildWriter {
public:
    explicit ChildWriter(int fd) : fd_(fd) { buffer_.reserve(kBufferBytes); }

    void write(const void* data, std::size_t size)
    {
        if (buffer_.size() + size > kBufferBytes) {
            flush();
            if (size >= kBufferBytes) {
                write_all(static_cast<const char*>(data), size);
                return;
            }
        }
        const auto* p = static_cast<const char*>(data);
        buffer_.insert(buffer_.end(), p, p + size);
    }
    void flush()
    {
        write_all(buffer_.data(), buffer_.size());
        buffer_.clear();
    }

private:
    void write_all(const char* p, std::size_t size)
    {
        while (size > 0) {
            const ssize_t n = ::write(fd_, p, size);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                throw PipeClosed{};
            p += n;
            size -= static_cast<std::size_t>(n);
        }
    }
    int fd_;
    std::vector<char> buffer_;
};

void send_failure(ChildWriter& out, Failure kind, const std::string& message)
{
    const Frame f = Frame::failure;
    out.write(&f, 1);
    out.write(&kind, 1);
    const std::uint64_t size = message.size();
    out.write(&size, sizeof size);
    out.write(message.data(), message.size());
}

// The child: reads, sends, ends without running anything of the parent's (no atexit
// handlers, no destructors of static objects, no stdio buffers flushed twice).
[[noreturn]] void run_child(int fd, const ImportOptions& options,
                            const std::function<LaneTrace(const ImportOptions&)>& read)
{
    // A crash must end the child, not run a handler the parent installed; and a decoder
    // expected to crash now and then should not leave core files.
    for (int sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTERM, SIGINT, SIGPIPE})
        ::signal(sig, SIG_DFL);
    const rlimit no_core{0, 0};
    ::setrlimit(RLIMIT_CORE, &no_core);
    int status = 0;
    try {
        ChildWriter out(fd);
        ImportOptions child = options;
        child.warnings = nullptr;
        // Each call means the read advanced (the parent's watchdog counts on it): a frame
        // when the share grew by 0.1%, reached 1, or 20 ms have passed since the last.
        Clock::time_point last_sent{};
        double last_value = -1;
        child.progress = [&](double share) {
            const Clock::time_point now = Clock::now();
            const bool news = share >= 1.0 ? share != last_value : share - last_value >= 0.001;
            if (!news && now - last_sent < std::chrono::milliseconds(20))
                return;
            last_sent = now;
            last_value = share;
            const Frame f = Frame::progress;
            out.write(&f, 1);
            out.write(&share, sizeof share);
            out.flush();
        };
        try {
            const LaneTrace trace = read(child);
            const Frame f = Frame::result;
            out.write(&f, 1);
            write_lane_trace(trace, [&](const void* data, std::size_t size) { out.write(data, size); });
        } catch (const InputError& e) {
            send_failure(out, Failure::input, e.what());
        } catch (const std::bad_alloc&) {
            send_failure(out, Failure::memory, "");
        } catch (const Cancelled&) {
            send_failure(out, Failure::cancelled, "");
        } catch (const std::exception& e) {
            send_failure(out, Failure::other, e.what());
        }
        out.flush();
    } catch (const PipeClosed&) {
        status = 1;
    } catch (...) {
        status = 2;
    }
    ::_exit(status);
}

// ---- the parent's side ----

std::string signal_name(int sig)
{
    const char* abbrev = ::sigabbrev_np(sig);
    const char* text = ::strsignal(sig);
    std::string name = abbrev ? std::string("SIG") + abbrev : "signal " + std::to_string(sig);
    if (text)
        name += std::string(" (") + text + ")";
    return name;
}

// The child process until it is reaped: killed and reaped on the way out of any path.
class Child {
public:
    explicit Child(pid_t pid) : pid_(pid) {}
    ~Child()
    {
        if (!reaped_)
            kill();
    }
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;

    bool reaped() const { return reaped_; }
    int status() const { return status_; }
    // Reaps the child when it has ended; true when it has.
    bool try_reap()
    {
        if (reaped_)
            return true;
        pid_t r;
        do
            r = ::waitpid(pid_, &status_, WNOHANG);
        while (r < 0 && errno == EINTR);
        if (r == pid_ || r < 0) // r < 0: not ours any more (ECHILD); nothing to reap
            reaped_ = true;
        return reaped_;
    }
    // Waits for the child's end (it has closed its end of the pipe, or is about to).
    void wait()
    {
        while (!reaped_) {
            const pid_t r = ::waitpid(pid_, &status_, 0);
            if (r == pid_ || (r < 0 && errno != EINTR))
                reaped_ = true;
        }
    }
    void kill()
    {
        if (reaped_)
            return;
        ::kill(pid_, SIGKILL); // by pid: it is ours until reaped, so the pid is not reused
        wait();
    }

private:
    pid_t pid_;
    int status_ = 0;
    bool reaped_ = false;
};

struct Fd {
    int fd = -1;
    ~Fd()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

// Reads the child's frames: waits with poll() in short steps, so that a cancel or the
// watchdog is seen within a tenth of a second.
class ParentReader {
public:
    ParentReader(const ContainedRead& what, Child& child, int fd) : what_(what), child_(child), fd_(fd)
    {
        buffer_.resize(kBufferBytes);
    }

    void watchdog_off() { watchdog_on_ = false; }

    // Exactly `size` bytes; false when the child's output ended before the first of them.
    bool read(void* data, std::size_t size)
    {
        auto* out = static_cast<char*>(data);
        std::size_t done = 0;
        while (done < size) {
            if (begin_ == end_ && !fill()) {
                if (done == 0)
                    return false;
                ended_midway();
            }
            const std::size_t n = std::min(size - done, end_ - begin_);
            std::memcpy(out + done, buffer_.data() + begin_, n);
            begin_ += n;
            done += n;
        }
        return true;
    }
    void read_exactly(void* data, std::size_t size)
    {
        if (!read(data, size))
            ended_midway();
    }

    // The child's output ended without a result: why.
    [[noreturn]] void ended_midway()
    {
        child_.wait();
        const int status = child_.status();
        if (WIFSIGNALED(status))
            throw InputError(what_.source + ": " + what_.decoder +
                             " failed on this trace: " + signal_name(WTERMSIG(status)));
        throw InputError(what_.source + ": " + what_.decoder + " ended without a result (exit status " +
                         std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")");
    }

private:
    // More bytes into the buffer; false at the end of the child's output.
    bool fill()
    {
        Clock::time_point last_data = Clock::now();
        for (;;) {
            throw_if_cancelled(); // Child's destructor kills it
            pollfd p{fd_, POLLIN, 0};
            const int ready = ::poll(&p, 1, 100);
            if (ready < 0 && errno != EINTR)
                throw InputError(what_.source + ": cannot wait for " + what_.decoder + ": " + std::strerror(errno));
            if (ready > 0) {
                const ssize_t n = ::read(fd_, buffer_.data(), buffer_.size());
                if (n < 0 && (errno == EINTR || errno == EAGAIN))
                    continue;
                if (n < 0)
                    throw InputError(what_.source + ": cannot read from " + what_.decoder + ": " +
                                     std::strerror(errno));
                begin_ = 0;
                end_ = static_cast<std::size_t>(n);
                return n > 0;
            }
            // Another thread's child may hold a copy of the pipe's write end and keep it
            // from ending: the child's own end counts as the end of its output, once
            // the pipe is drained.
            if (child_.try_reap() && ::poll(&p, 1, 0) == 0)
                return false;
            if (watchdog_on_ && Clock::now() - last_data >= what_.watchdog) {
                child_.kill();
                const double seconds = std::chrono::duration<double>(what_.watchdog).count();
                char text[32];
                std::snprintf(text, sizeof text, "%g", seconds);
                throw InputError(what_.source + ": " + what_.decoder + " made no progress for " + text +
                                 " s: the trace is damaged or not one it can read");
            }
        }
    }

    const ContainedRead& what_;
    Child& child_;
    int fd_;
    std::vector<char> buffer_;
    std::size_t begin_ = 0, end_ = 0;
    bool watchdog_on_ = true;
};

} // namespace

std::chrono::milliseconds decoder_watchdog()
{
    if (const char* env = std::getenv("CHITRA_DECODER_WATCHDOG_SECONDS")) {
        char* end = nullptr;
        const double seconds = std::strtod(env, &end);
        if (end != env && std::isfinite(seconds) && seconds > 0)
            return std::chrono::milliseconds(static_cast<std::int64_t>(std::ceil(seconds * 1000)));
    }
    return std::chrono::seconds(10);
}

LaneTrace read_contained(const ContainedRead& what, const ImportOptions& options,
                         const std::function<LaneTrace(const ImportOptions&)>& read)
{
    throw_if_cancelled();
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        return read(options);
    Fd in{fds[0]}, out{fds[1]};
    ::fcntl(out.fd, F_SETPIPE_SZ, kPipeBytes); // a hint: the default 64 KB works too
    const pid_t pid = ::fork();
    if (pid < 0) // no room for a child (memory, process limits): read here, uncontained
        return read(options);
    if (pid == 0) {
        ::close(in.fd);
        run_child(out.fd, options, read);
    }
    Child child(pid);
    ::close(out.fd);
    out.fd = -1;
    ParentReader reader(what, child, in.fd);
    for (;;) {
        Frame frame;
        if (!reader.read(&frame, 1))
            reader.ended_midway();
        switch (frame) {
        case Frame::progress: {
            double share = 0;
            reader.read_exactly(&share, sizeof share);
            if (share >= 1.0)
                reader.watchdog_off();
            if (options.progress)
                options.progress(share);
            break;
        }
        case Frame::result: {
            LaneTrace trace = read_lane_trace([&](void* data, std::size_t size) { reader.read_exactly(data, size); });
            child.wait();
            return trace;
        }
        case Frame::failure: {
            Failure kind;
            std::uint64_t size = 0;
            reader.read_exactly(&kind, 1);
            reader.read_exactly(&size, sizeof size);
            std::string message(size, '\0');
            reader.read_exactly(message.data(), message.size());
            child.wait();
            switch (kind) {
            case Failure::input:
                throw InputError(message);
            case Failure::memory:
                throw std::bad_alloc();
            case Failure::cancelled:
                throw Cancelled();
            default:
                throw InputError(what.source + ": " + what.decoder + " stopped: " + message);
            }
        }
        default:
            child.kill();
            throw InputError(what.source + ": " + what.decoder + " sent what is not a frame (" +
                             std::to_string(static_cast<int>(frame)) + ")");
        }
    }
}

} // namespace chitra::detail
