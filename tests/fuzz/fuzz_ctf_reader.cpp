// libFuzzer targets for the CTF importer. CTF is read from a directory, so the target keeps
// a copy of a small trace recorded by LTTng and lets each input replace one of its files.
// Built four times (tests/fuzz/ctf.cmake): fuzz_ctf_reader, where the first byte picks the
// file (metadata, stream files, a packet index) and the rest is its content, and
// fuzz_ctf_metadata, fuzz_ctf_stream, fuzz_ctf_index, whose whole input is that one file
// (CHITRA_FUZZ_CTF_ONLY: its index in the list). Besides "no crash, no hang, no exception
// other than InputError naming the trace", an accepted trace must make a consistent
// LaneTrace and a PES that can be written and read back.
//
// babeltrace2 decodes in a child process (io/import/contained_read.hpp), so its aborts,
// crashes and endless loops come back as InputErrors and the target goes on; the inputs
// that caused them are what the checks before decoding should catch next, and are kept.
//
// CHITRA_FUZZ_CTF_SEEDS=DIR: write the valid files as seeds into DIR at start.
// CHITRA_FUZZ_CTF_FINDINGS=DIR: keep each input the decoder died or hung on in DIR,
//   named by its hash (decoder-crash-HASH, decoder-hang-HASH).
// The decoder's watchdog is 2 s here (CHITRA_DECODER_WATCHDOG_SECONDS), below libFuzzer's
// -timeout.
#include "chitra/io/io.hpp"
#include "chitra/lanes/lane_selection.hpp"
#include "io/import/importers.hpp"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

using namespace chitra;
namespace fs = std::filesystem;

namespace {

#ifdef CHITRA_FUZZ_CTF_ONLY
constexpr int kOnly = CHITRA_FUZZ_CTF_ONLY; // the one file every input replaces
#else
constexpr int kOnly = -1; // the first byte picks the file
#endif

void check(bool ok)
{
    if (!ok)
        std::abort();
}

struct CtfCopy {
    fs::path root;
    std::vector<fs::path> files;       // the files an input may replace
    std::vector<std::string> contents; // their valid bytes
};

std::string read_bytes(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_bytes(const fs::path& p, const char* data, std::size_t size)
{
    std::ofstream(p, std::ios::binary | std::ios::trunc).write(data, static_cast<std::streamsize>(size));
}

CtfCopy* make_trace()
{
    auto* t = new CtfCopy;
    t->root = fs::temp_directory_path() / ("chitra-fuzz-ctf-" + std::to_string(::getpid()));
    fs::remove_all(t->root);
    fs::copy(std::string(CHITRA_SOURCE_DIR) + "/sample_traces/lttng-workers-t4-n10", t->root,
             fs::copy_options::recursive);
    const fs::path streams = t->root / "ust/uid/0/64-bit";
    t->files = {streams / "metadata", streams / "channel0_0", streams / "channel0_1", streams / "index/channel0_1.idx"};
    for (const fs::path& f : t->files)
        t->contents.push_back(read_bytes(f));
    if (const char* seeds = std::getenv("CHITRA_FUZZ_CTF_SEEDS"))
        for (std::size_t i = 0; i < t->files.size(); ++i) {
            if (kOnly >= 0 && static_cast<std::size_t>(kOnly) != i)
                continue;
            std::string s = kOnly >= 0 ? std::string() : std::string(1, static_cast<char>(i));
            s += t->contents[i];
            write_bytes(fs::path(seeds) / ("valid-" + std::to_string(i)), s.data(), s.size());
        }
    return t;
}

CtfCopy& trace()
{
    static CtfCopy* t = make_trace(); // kept for the process's life: the fuzzer exits without unwinding
    return *t;
}

// The input, kept when the decoder died or hung on it.
void keep_finding(const std::string& kind, const std::uint8_t* data, std::size_t size)
{
    const char* dir = std::getenv("CHITRA_FUZZ_CTF_FINDINGS");
    if (!dir)
        return;
    const std::string name =
        kind + "-" +
        std::to_string(std::hash<std::string_view>{}(std::string_view(reinterpret_cast<const char*>(data), size)));
    fs::create_directories(dir);
    write_bytes(fs::path(dir) / name, reinterpret_cast<const char*>(data), size);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    ::setenv("CHITRA_DECODER_WATCHDOG_SECONDS", "2", 0);
    trace();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0 && kOnly < 0)
        return 0;
    CtfCopy& tr = trace();
    const std::size_t which = kOnly >= 0 ? static_cast<std::size_t>(kOnly) : data[0] % tr.files.size();
    const std::size_t skip = kOnly >= 0 ? 0 : 1;
    write_bytes(tr.files[which], reinterpret_cast<const char*>(data + skip), size - skip);
    try {
        LaneTrace lt = detail::ctf_importer().read(tr.root.string(), ImportOptions{});
        for (const Lane& lane : lt.lanes)
            for (std::size_t c = 0; c < lane.changes.size(); ++c) {
                check(lane.changes[c].record < lt.times.size());
                check(lane.changes[c].state < lt.state_names.size());
                check(c == 0 || lane.changes[c - 1].record < lane.changes[c].record);
            }
        for (std::size_t r = 1; r < lt.times.size(); ++r)
            check(lt.times[r - 1] < lt.times[r]);
        const auto chosen = choose_lanes(lt, LaneSelection{});
        Trace t = to_trace(lt, chosen);
        check(t.size() <= lt.size() && t.header.components == chosen.size());
        std::ostringstream pes; // whatever the trace named, the PES can hold it
        write_pes(t, pes);
        Trace back = read_pes_text(pes.str(), "fuzz.pes"); // InputError here aborts
        check(back.size() == t.size());
    } catch (const InputError& e) {
        const std::string what = e.what();
        check(what.rfind("fuzz.pes", 0) != 0);
        check(what.find(": cannot write") == std::string::npos);
        check(what.rfind(tr.root.string(), 0) == 0); // names the trace or one of its folders
        if (what.find("(babeltrace2) failed on this trace") != std::string::npos)
            keep_finding("decoder-crash", data, size);
        else if (what.find("(babeltrace2) made no progress") != std::string::npos)
            keep_finding("decoder-hang", data, size);
    }
    write_bytes(tr.files[which], tr.contents[which].data(), tr.contents[which].size());
    return 0;
}
