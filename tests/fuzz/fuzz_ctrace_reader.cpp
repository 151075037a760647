// libFuzzer target for the binary .ctrace reader (docs/file-formats.md). Besides "no
// crash, no hang, no exception other than InputError", every accepted input must have
// consistent columns, survive write_binary_file -> read_binary_file unchanged, profile
// (the replay of its lanes' changes and stack steps) with busy + idle = the range, and
// report its messages with counts that add up.
#include "chitra/io/io.hpp"
#include "chitra/messages/messages.hpp"
#include "chitra/profile/profile.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

using namespace chitra;

namespace {
void check(bool ok)
{
    if (!ok)
        std::abort();
}

// The input as a file the reader maps, without touching the disk.
std::string as_file(const std::uint8_t* data, std::size_t size, int& fd)
{
    fd = ::memfd_create("fuzz.ctrace", 0);
    check(fd >= 0);
    check(::write(fd, data, size) == static_cast<ssize_t>(size));
    return "/proc/self/fd/" + std::to_string(fd);
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    int fd = -1;
    const std::string path = as_file(data, size, fd);
    Trace a;
    try {
        a = read_binary_file(path);
    } catch (const InputError& e) {
        check(std::strncmp(e.what(), path.c_str(), path.size()) == 0);
        ::close(fd);
        return 0;
    }
    check(a.states.size() == a.size());
    check(a.fields.size() == a.header.fields.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        check(a.states[i] < a.symbols->size());
        check(i == 0 || a.times[i - 1] <= a.times[i]);
    }
    for (const auto& f : a.fields)
        check(f.size() == a.size());
    try {
        const ProfileSource source = profile_source(a);
        const Profile p = profile(source, {}, true);
        for (const LaneBusy& l : p.lanes)
            check(l.busy_ns >= 0 && l.busy_ns + l.idle_ns == p.to - p.from);
        const MessageReport r = message_report(source, {}, true);
        std::uint64_t counted = 0;
        for (const auto& row : r.count)
            for (std::uint64_t c : row)
                counted += c;
        check(counted == r.messages && r.list.size() == r.messages);
    } catch (const InputError&) { // no lane chosen, a change entering several regions at once
    }

    // The writer renames a temporary file over its target: a real temporary file.
    char tmpl[] = "/tmp/fuzz-ctrace-XXXXXX";
    const int tmp = ::mkstemp(tmpl);
    check(tmp >= 0);
    ::close(tmp);
    write_binary_file(a, tmpl);
    Trace b = read_binary_file(tmpl); // must not throw
    ::unlink(tmpl);
    check(b.size() == a.size());
    check(std::equal(a.times.begin(), a.times.end(), b.times.begin()));
    check(std::equal(a.states.begin(), a.states.end(), b.states.begin()));
    check(a.symbols->size() == b.symbols->size());
    for (std::size_t s = 0; s < a.symbols->size(); ++s)
        check((*a.symbols)[s].name == (*b.symbols)[s].name);
    check(a.header.extra == b.header.extra && a.header.end == b.header.end);
    ::close(fd);
    return 0;
}
