// libFuzzer target for the CTF importer. CTF is read from a directory, so the target keeps
// a copy of a small trace recorded by LTTng and lets each input replace one of its files:
// the first byte picks the file (metadata, stream files, a packet index), the rest is its
// content. Besides "no crash, no hang, no exception other than InputError naming the
// trace", an accepted trace must make a consistent LaneTrace and a PES that can be
// written and read back.
//
// CHITRA_FUZZ_CTF_SEEDS=DIR: write the valid files as seeds into DIR at start.
#include "chitra/io/io.hpp"
#include "chitra/lanes/lane_selection.hpp"
#include "io/import/importers.hpp"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace chitra;
namespace fs = std::filesystem;

namespace {

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
    t->files = {streams / "metadata", streams / "channel0_0", streams / "channel0_1",
                streams / "index/channel0_1.idx"};
    for (const fs::path& f : t->files)
        t->contents.push_back(read_bytes(f));
    if (const char* seeds = std::getenv("CHITRA_FUZZ_CTF_SEEDS"))
        for (std::size_t i = 0; i < t->files.size(); ++i) {
            std::string s(1, static_cast<char>(i));
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

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    trace();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    CtfCopy& tr = trace();
    const std::size_t which = data[0] % tr.files.size();
    write_bytes(tr.files[which], reinterpret_cast<const char*>(data + 1), size - 1);
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
    }
    write_bytes(tr.files[which], tr.contents[which].data(), tr.contents[which].size());
    return 0;
}
