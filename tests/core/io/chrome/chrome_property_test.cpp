// Random Chrome traces (seeded) read by the importer, in chunks of several sizes, and by
// the oracle (chrome_oracle.hpp). Properly nested traces must agree exactly; arbitrary
// ones must agree whenever neither reading finds regions that overlap improperly.
#include "chrome_test_util.hpp"

#include <random>

using namespace chitra;
using namespace chrome_test;

namespace {

struct Generator {
    std::mt19937_64 rng;
    explicit Generator(std::uint64_t seed) : rng(seed) {}

    std::uint64_t below(std::uint64_t n) { return n == 0 ? 0 : rng() % n; }
    bool chance(int percent) { return static_cast<int>(below(100)) < percent; }

    // ns as microseconds in one of the spellings producers use.
    std::string us(Time ns)
    {
        const bool negative = ns < 0;
        const std::uint64_t a = negative ? static_cast<std::uint64_t>(-ns) : static_cast<std::uint64_t>(ns);
        std::string s = std::to_string(a / 1000);
        if (a % 1000 != 0 || chance(20)) {
            std::string frac = std::to_string(1000 + a % 1000).substr(1);
            while (frac.size() > 1 && frac.back() == '0' && chance(50))
                frac.pop_back();
            s += "." + frac;
        }
        if (chance(10) && s.find('.') == std::string::npos && s.size() > 1)
            s = s.substr(0, 1) + "." + s.substr(1) + "e" + std::to_string(s.size() - 1); // 12345 -> 1.2345e4
        return (negative ? "-" : "") + s;
    }

    std::string name()
    {
        static const char* names[] = {"A", "B", "C", "Total Frontend", "std::vector<int>", "x|y"};
        return names[below(6)];
    }
};

struct Region {
    Time start, end;
    std::string name;
    std::vector<Region> children;
};

// Properly nested regions in [lo, hi]: children may share their parent's start or end,
// siblings may touch, some regions have no length.
std::vector<Region> forest(Generator& g, Time lo, Time hi, int depth)
{
    std::vector<Region> out;
    Time t = lo;
    while (t <= hi && g.chance(depth == 0 ? 85 : 60) && out.size() < 6) {
        const Time start = t + static_cast<Time>(g.below(static_cast<std::uint64_t>((hi - t) / 2 + 1)));
        const Time end =
            g.chance(10) ? start : start + static_cast<Time>(g.below(static_cast<std::uint64_t>(hi - start + 1)));
        Region r{start, end, g.name(), {}};
        if (depth < 4 && end > start)
            r.children = forest(g, start, end, depth + 1);
        out.push_back(std::move(r));
        t = end;
        if (g.chance(30))
            t += 1 + static_cast<Time>(g.below(3000));
    }
    return out;
}

struct Lane {
    std::string pid, tid;
    std::vector<std::string> ordered;  // B/E events in the order they must keep
    std::vector<std::string> anywhere; // X and other events
};

std::string event(const Lane& l, const std::string& body)
{
    return "{" + body + ",\"pid\":" + l.pid + ",\"tid\":" + l.tid + "}";
}

void emit(Generator& g, Lane& l, const Region& r)
{
    const std::string name = "\"name\":\"" + r.name + "\"";
    if (g.chance(50)) {
        l.anywhere.push_back(
            event(l, name + ",\"ph\":\"X\",\"ts\":" + g.us(r.start) + ",\"dur\":" + g.us(r.end - r.start)));
        for (const Region& c : r.children)
            emit(g, l, c);
    } else {
        l.ordered.push_back(event(l, name + ",\"ph\":\"B\",\"ts\":" + g.us(r.start)));
        for (const Region& c : r.children)
            emit(g, l, c);
        l.ordered.push_back(event(l, "\"ph\":\"E\",\"ts\":" + g.us(r.end)));
    }
}

// A random trace: `nested` gives properly nested regions on every lane, otherwise
// regions and B/E events fall anywhere.
std::string random_trace(std::uint64_t seed, bool nested)
{
    Generator g(seed);
    // Distinct threads ("2" is the process 2), some written as strings.
    std::vector<std::pair<std::string, std::string>> ids{
        {"1", "1"}, {"1", "\"2\""}, {"\"io\"", "1"}, {"10", "\"t\""}, {"\"2\"", "5"}};
    std::shuffle(ids.begin(), ids.end(), g.rng);
    std::vector<Lane> lanes;
    for (std::size_t n = 1 + g.below(3); lanes.size() < n;)
        lanes.push_back({ids[lanes.size()].first, ids[lanes.size()].second, {}, {}});
    const Time base = g.chance(50) ? 0 : 1700000000000000 + static_cast<Time>(g.below(1000000));
    for (Lane& l : lanes) {
        if (nested) {
            for (const Region& r : forest(g, base, base + 20000, 0))
                emit(g, l, r);
        } else {
            for (std::size_t k = g.below(12); k-- > 0;) {
                const Time s = base + static_cast<Time>(g.below(20)) * 500;
                const int kind = static_cast<int>(g.below(3));
                if (kind == 0)
                    l.anywhere.push_back(event(l, "\"name\":\"" + g.name() + "\",\"ph\":\"X\",\"ts\":" + g.us(s) +
                                                      ",\"dur\":" + g.us(static_cast<Time>(g.below(8)) * 500)));
                else if (kind == 1)
                    l.anywhere.push_back(event(l, "\"name\":\"" + g.name() + "\",\"ph\":\"B\",\"ts\":" + g.us(s)));
                else
                    l.anywhere.push_back(event(l, "\"ph\":\"E\",\"ts\":" + g.us(s)));
            }
        }
        for (std::size_t k = g.below(4); k-- > 0;)
            l.anywhere.push_back(
                event(l, "\"name\":\"" + std::string(g.chance(50) ? "mem" : "q") +
                             "\",\"ph\":\"C\",\"ts\":" + g.us(base + static_cast<Time>(g.below(30000))) +
                             ",\"args\":{\"a\":" + std::to_string(g.below(100)) +
                             (g.chance(50) ? ",\"b\":2.5" : ",\"s\":\"x\"") + "}"));
        if (g.chance(40))
            l.anywhere.push_back(
                event(l, "\"name\":\"i\",\"ph\":\"i\",\"ts\":" + g.us(base + static_cast<Time>(g.below(40000)))));
        if (g.chance(50))
            l.anywhere.push_back(event(l, "\"name\":\"thread_name\",\"ph\":\"M\",\"args\":{\"name\":\"T " +
                                              std::to_string(g.below(3)) + "\"}"));
    }
    // Interleave: each lane's B/E events keep their order, everything else anywhere.
    std::vector<std::string> events;
    std::vector<std::pair<std::size_t, std::size_t>> cursors; // lane, next ordered event
    for (std::size_t i = 0; i < lanes.size(); ++i)
        cursors.push_back({i, 0});
    std::vector<std::string> loose;
    for (Lane& l : lanes)
        loose.insert(loose.end(), l.anywhere.begin(), l.anywhere.end());
    std::shuffle(loose.begin(), loose.end(), g.rng);
    std::size_t next_loose = 0;
    for (;;) {
        std::vector<std::size_t> open;
        for (std::size_t i = 0; i < cursors.size(); ++i)
            if (cursors[i].second < lanes[i].ordered.size())
                open.push_back(i);
        if (open.empty() && next_loose == loose.size())
            break;
        if (!open.empty() && (next_loose == loose.size() || g.chance(50))) {
            auto& c = cursors[open[g.below(open.size())]];
            events.push_back(lanes[c.first].ordered[c.second++]);
        } else {
            events.push_back(loose[next_loose++]);
        }
    }
    std::string text = g.chance(50) ? "[" : "{\"otherData\":{\"v\":\"1\"},\"traceEvents\":[";
    for (std::size_t i = 0; i < events.size(); ++i)
        text += (i ? (g.chance(50) ? ",\n" : ",") : "") + events[i];
    text += text.starts_with("[") ? "]" : "],\"displayTimeUnit\":\"ns\"}";
    return text;
}

bool irregular(const LaneTrace& t)
{
    return has_warning(t, "enclosing") || has_warning(t, "no open region") || has_warning(t, "before its end");
}

void check(const std::string& text, bool nested, std::size_t& compared)
{
    const chrome_oracle::Result oracle = chrome_oracle::read(text);
    ASSERT_TRUE(oracle.ok) << text;
    LaneTrace lt;
    ASSERT_NO_THROW(lt = read_json(text)) << text;
    const std::string expected = dump(lt);
    for (std::size_t chunk : {1, 5, 37, 300})
        ASSERT_EQ(dump(read_json(text, chunk)), expected) << "chunks of " << chunk << "\n" << text;
    if (nested) {
        ASSERT_FALSE(oracle.irregular) << text;
        ASSERT_FALSE(irregular(lt)) << dump(lt) << text;
    }
    if (!oracle.irregular && !irregular(lt)) {
        ASSERT_TRUE(same_as_oracle(lt, oracle)) << text;
        ++compared;
    }
}

} // namespace

TEST(ChromeProperty, NestedRandomTracesReadAsTheOracleReadsThem)
{
    std::size_t compared = 0;
    for (std::uint64_t seed = 1; seed <= 400; ++seed)
        check(random_trace(seed, true), true, compared);
    EXPECT_EQ(compared, 400u);
}

TEST(ChromeProperty, ArbitraryRandomTracesAgreeWhereverRegionsNest)
{
    std::size_t compared = 0;
    for (std::uint64_t seed = 1; seed <= 600; ++seed)
        check(random_trace(1000 + seed, false), false, compared);
    EXPECT_GT(compared, 80u); // enough traces without overlapping regions to mean something
}
