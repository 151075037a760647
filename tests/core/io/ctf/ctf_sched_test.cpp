// Kernel scheduler events on `PID/TID sched` lanes, on a small CTF 1.8 trace written
// here the way LTTng's kernel tracer lays out these events (text metadata, one stream,
// one packet): sched_switch, sched_wakeup and the statedump's process states.
#include "chitra/io/import.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>

using namespace chitra;
namespace fs = std::filesystem;

namespace {

const char* kMetadata = R"(/* CTF 1.8 */
typealias integer { size = 32; align = 8; signed = false; } := uint32_t;
typealias integer { size = 64; align = 8; signed = false; } := uint64_t;
typealias integer { size = 32; align = 8; signed = true; } := int32_t;
trace {
    major = 1; minor = 8; byte_order = le;
    packet.header := struct { uint32_t magic; uint32_t stream_id; };
};
clock { name = "monotonic"; freq = 1000000000; offset = 0; };
typealias integer { size = 64; align = 8; signed = false; map = clock.monotonic.value; } := clock_t;
stream { id = 0; event.header := struct { uint32_t id; clock_t timestamp; }; };
event { name = "sched_switch"; id = 0; stream_id = 0;
        fields := struct { int32_t prev_tid; int32_t prev_state; int32_t next_tid; }; };
event { name = "sched_wakeup"; id = 1; stream_id = 0; fields := struct { int32_t tid; }; };
event { name = "lttng_statedump_process_state"; id = 2; stream_id = 0;
        fields := struct { int32_t tid; int32_t pid; }; };
)";

class Stream {
public:
    Stream() { put32(0xC1FC1FC1u), put32(0); }
    void event(std::uint32_t id, std::uint64_t t, std::initializer_list<std::int32_t> fields)
    {
        put32(id);
        for (int i = 0; i < 8; ++i)
            bytes_ += static_cast<char>((t >> (8 * i)) & 0xff);
        for (std::int32_t f : fields)
            put32(static_cast<std::uint32_t>(f));
    }
    const std::string& bytes() const { return bytes_; }

private:
    void put32(std::uint32_t v)
    {
        for (int i = 0; i < 4; ++i)
            bytes_ += static_cast<char>((v >> (8 * i)) & 0xff);
    }
    std::string bytes_;
};

std::vector<std::pair<std::string, std::string>> changes(const LaneTrace& t, std::size_t lane)
{
    std::vector<std::pair<std::string, std::string>> out;
    for (const LaneChange& c : t.lanes[lane].changes)
        out.emplace_back(std::to_string(t.times[c.record]), t.state_names[c.state]);
    return out;
}

} // namespace

TEST(CtfSched, SwitchesAndWakeupsGiveSchedLanes)
{
    const fs::path dir = fs::temp_directory_path() / "chitra-ctf-sched" / "kernel";
    fs::remove_all(dir.parent_path());
    fs::create_directories(dir);
    std::ofstream(dir / "metadata") << kMetadata;
    Stream s;
    s.event(2, 1000, {101, 100}); // statedump: tids 101 and 102 belong to process 100
    s.event(2, 1000, {102, 100});
    s.event(0, 2000, {0, 0, 101});   // idle (tid 0) preempted, 101 runs
    s.event(1, 3000, {102});         // 102 woken
    s.event(0, 4000, {101, 1, 102}); // 101 blocks, 102 runs
    s.event(0, 5000, {102, 0, 0});   // 102 preempted, idle runs
    std::ofstream(dir / "channel0_0", std::ios::binary) << s.bytes();

    EXPECT_EQ(detect_format(dir.parent_path().string()), SourceFormat::ctf);
    const LaneTrace t = import_lanes(dir.parent_path().string());
    ASSERT_EQ(t.lanes.size(), 3u);
    EXPECT_EQ(t.lanes[0].name, "0/0 sched");
    EXPECT_EQ(t.lanes[1].name, "100/101 sched");
    EXPECT_EQ(t.lanes[2].name, "100/102 sched");
    using C = std::vector<std::pair<std::string, std::string>>;
    EXPECT_EQ(changes(t, 0), (C{{"2000", "runnable"}, {"5000", "running"}}));
    EXPECT_EQ(changes(t, 1), (C{{"2000", "running"}, {"4000", "blocked"}}));
    EXPECT_EQ(changes(t, 2), (C{{"3000", "runnable"}, {"4000", "running"}, {"5000", "runnable"}}));
    EXPECT_EQ(t.last_event, 5000);
    fs::remove_all(dir.parent_path());
}
