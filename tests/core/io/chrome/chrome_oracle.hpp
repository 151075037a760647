// An independent reading of Chrome Trace Event JSON, for the tests and the fuzzer: the
// whole text parsed by nlohmann-json (numbers kept as their text), each lane's regions
// made intervals and nested by sorting, each gap between region boundaries painted with
// the innermost interval covering it. No stack machine, no chunks, no simdjson. It
// follows the rules of interfaces.md for properly nested regions and flags the rest
// (`irregular`: a region cut by its enclosing one, an E with nothing open).
#pragma once

#include "io/import/exact_time.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace chrome_oracle {

using chitra::Time;

struct Member;

// A JSON value with numbers kept as text.
struct Node {
    enum Kind { null, boolean, number, string, array, object } kind = null;
    std::string text;            // number or string
    std::vector<Node> items;     // array
    std::vector<Member> members; // object

    const Node* get(const std::string& key) const;
};

struct Member {
    std::string key;
    Node value;
};

inline const Node* Node::get(const std::string& key) const
{
    const Node* found = nullptr;
    for (const auto& [k, v] : members)
        if (k == key)
            found = &v; // the last duplicate wins, as in the importer
    return found;
}

class Builder : public nlohmann::json_sax<nlohmann::json> {
public:
    Node root;

    bool null() override { return put({Node::null}); }
    bool boolean(bool) override { return put({Node::boolean}); }
    bool number_integer(number_integer_t v) override { return put({Node::number, std::to_string(v)}); }
    bool number_unsigned(number_unsigned_t v) override { return put({Node::number, std::to_string(v)}); }
    bool number_float(number_float_t, const string_t& s) override { return put({Node::number, s}); }
    bool string(string_t& s) override { return put({Node::string, s}); }
    bool binary(binary_t&) override { return false; }
    bool start_object(std::size_t) override { return open(Node::object); }
    bool key(string_t& k) override
    {
        key_ = k;
        return true;
    }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(Node::array); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

private:
    bool put(Node n)
    {
        if (stack_.empty()) {
            root = std::move(n);
        } else if (stack_.back()->kind == Node::array) {
            stack_.back()->items.push_back(std::move(n));
        } else {
            stack_.back()->members.push_back(Member{key_, std::move(n)});
        }
        return true;
    }
    bool open(Node::Kind kind)
    {
        Node n;
        n.kind = kind;
        put(std::move(n));
        Node* added = stack_.empty()                       ? &root
                      : stack_.back()->kind == Node::array ? &stack_.back()->items.back()
                                                           : &stack_.back()->members.back().value;
        stack_.push_back(added);
        return true;
    }
    bool close()
    {
        stack_.pop_back();
        return true;
    }
    std::vector<Node*> stack_;
    std::string key_;
};

// nullopt when `text` is not JSON.
inline std::optional<Node> parse(std::string_view text)
{
    // A NUL byte is never valid JSON (a raw control byte), but nlohmann stops at one.
    if (text.find('\0') != std::string_view::npos)
        return std::nullopt;
    Builder b;
    if (!nlohmann::json::sax_parse(text.begin(), text.end(), &b, nlohmann::json::input_format_t::json, true))
        return std::nullopt;
    return std::move(b.root);
}

struct Thread {
    bool is_text = false;
    std::int64_t number = 0;
    std::string text;
    auto operator<=>(const Thread&) const = default;
    std::string str() const { return is_text ? text : std::to_string(number); }
};

struct Change {
    Time time;
    std::string state;
    std::uint32_t depth;
    bool operator==(const Change&) const = default;
};

struct Lane {
    std::string name;
    std::vector<Change> changes;
};

struct Field {
    std::string name, owner;
    std::vector<std::pair<Time, double>> samples;
};

struct Result {
    bool ok = false;           // false: the text breaks a rule (or is not JSON)
    bool irregular = false;    // regions not properly nested
    std::vector<Lane> lanes;   // (pid, tid) order
    std::vector<Field> fields; // (name, pid) order
    std::optional<Time> end;   // latest event time (ns), M events aside
};

namespace detail {

inline std::optional<Time> time_of(const Node* n)
{
    if (!n || n->kind != Node::number)
        return std::nullopt;
    return chitra::detail::decimal_scaled(n->text, 3);
}

inline std::optional<Thread> thread_of(const Node* n)
{
    Thread t;
    if (!n)
        return t;
    if (n->kind == Node::number) {
        auto [p, ec] = std::from_chars(n->text.data(), n->text.data() + n->text.size(), t.number);
        if (ec != std::errc() || p != n->text.data() + n->text.size())
            return std::nullopt;
        return t;
    }
    if (n->kind != Node::string)
        return std::nullopt;
    const std::string& s = n->text;
    const std::size_t digits = s.size() - (s.starts_with('-') ? 1 : 0);
    bool canonical = digits > 0 && std::all_of(s.end() - static_cast<std::ptrdiff_t>(digits), s.end(),
                                               [](char c) { return c >= '0' && c <= '9'; });
    canonical = canonical && s != "-0" && !(digits > 1 && s[s.size() - digits] == '0');
    if (canonical) {
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), t.number);
        if (ec == std::errc() && p == s.data() + s.size())
            return t;
    }
    t.is_text = true;
    t.text = s;
    return t;
}

struct Region {
    Time start, end; // end: kOpen for a B with no E
    std::string name;
    std::size_t order; // file order within the lane
    Time cut = 0;      // end after cutting
};

struct Raw {
    char kind; // B E X
    Time time, end;
    std::string name;
};

constexpr Time kOpen = std::numeric_limits<Time>::max();

// The lane's regions as intervals, cut to their enclosing ones, and the state changes.
inline Lane replay(const std::vector<Raw>& raw, bool& irregular)
{
    std::vector<std::size_t> idx(raw.size());
    for (std::size_t i = 0; i < idx.size(); ++i)
        idx[i] = i;
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return raw[a].time < raw[b].time; });
    std::vector<Region> regions;
    std::vector<std::size_t> open; // B events waiting for their E
    for (std::size_t g = 0; g < idx.size();) {
        std::size_t last = g;
        while (last < idx.size() && raw[idx[last]].time == raw[idx[g]].time)
            ++last;
        const Time t = raw[idx[g]].time;
        // B then E in the file at one time: a region of no length; drop both.
        std::vector<bool> gone(last - g, false);
        std::vector<std::size_t> fresh;
        for (std::size_t i = g; i < last; ++i) {
            if (raw[idx[i]].kind == 'B')
                fresh.push_back(i);
            else if (raw[idx[i]].kind == 'E' && !fresh.empty()) {
                gone[fresh.back() - g] = gone[i - g] = true;
                fresh.pop_back();
            }
        }
        for (std::size_t i = g; i < last; ++i)
            if (!gone[i - g] && raw[idx[i]].kind == 'E') {
                if (open.empty()) {
                    irregular = true;
                    continue;
                }
                regions[open.back()].end = t;
                open.pop_back();
            }
        for (std::size_t i = g; i < last; ++i) {
            const Raw& r = raw[idx[i]];
            if (gone[i - g] || r.kind == 'E')
                continue;
            if (r.kind == 'B')
                open.push_back(regions.size());
            regions.push_back({r.time, r.kind == 'B' ? kOpen : r.end, r.name, idx[i]});
        }
        g = last;
    }
    std::erase_if(regions, [](const Region& r) { return r.end == r.start; });
    // Nesting order: by start, the longer outside, equal ones in file order.
    std::sort(regions.begin(), regions.end(), [](const Region& a, const Region& b) {
        if (a.start != b.start)
            return a.start < b.start;
        if (a.end != b.end)
            return a.end > b.end;
        return a.order < b.order;
    });
    for (std::size_t i = 0; i < regions.size(); ++i) {
        regions[i].cut = regions[i].end;
        for (std::size_t j = i; j-- > 0;)
            if (regions[j].start <= regions[i].start && regions[i].start < regions[j].cut) {
                if (regions[j].cut < regions[i].cut) {
                    regions[i].cut = regions[j].cut;
                    irregular = true;
                }
                break;
            }
    }
    // Paint the gaps between boundaries, outer regions first.
    std::vector<Time> bounds;
    for (const Region& r : regions) {
        bounds.push_back(r.start);
        if (r.cut != kOpen)
            bounds.push_back(r.cut);
    }
    std::sort(bounds.begin(), bounds.end());
    bounds.erase(std::unique(bounds.begin(), bounds.end()), bounds.end());
    std::vector<const std::string*> top(bounds.size(), nullptr);
    std::vector<std::uint32_t> depth(bounds.size(), 0);
    for (const Region& r : regions) {
        auto from = std::lower_bound(bounds.begin(), bounds.end(), r.start) - bounds.begin();
        auto to = r.cut == kOpen ? static_cast<std::ptrdiff_t>(bounds.size())
                                 : std::lower_bound(bounds.begin(), bounds.end(), r.cut) - bounds.begin();
        for (auto k = from; k < to; ++k) {
            top[static_cast<std::size_t>(k)] = &r.name;
            ++depth[static_cast<std::size_t>(k)];
        }
    }
    Lane lane;
    std::string previous = "-";
    for (std::size_t k = 0; k < bounds.size(); ++k) {
        const std::string state = top[k] ? *top[k] : "-";
        if (state != previous)
            lane.changes.push_back({bounds[k], state, depth[k]});
        previous = state;
    }
    return lane;
}

} // namespace detail

// Reads `text` as a whole (strict JSON: no trailing comma, no missing bracket).
inline Result read(std::string_view text)
{
    Result out;
    const auto root = parse(text);
    if (!root)
        return out;
    const Node* events = nullptr;
    if (root->kind == Node::array)
        events = &*root;
    else if (root->kind == Node::object)
        for (const auto& [k, v] : root->members)
            if (k == "traceEvents" && !events)
                events = &v; // the first one, as the importer reads it
    if (!events || events->kind != Node::array)
        return out;

    std::map<std::pair<Thread, Thread>, std::vector<detail::Raw>> lanes;
    std::map<std::pair<Thread, Thread>, std::string> thread_names;
    std::map<std::pair<std::string, Thread>, std::vector<std::pair<Time, double>>> series;
    for (const Node& e : events->items) {
        if (e.kind != Node::object)
            return out;
        // Every occurrence of a key the importer reads must be valid, the last one counts.
        for (const auto& [k, v] : e.members) {
            if ((k == "ph" || k == "name") && v.kind != Node::string)
                return out;
            if ((k == "ts" || k == "dur") && !detail::time_of(&v))
                return out;
            if ((k == "pid" || k == "tid") && !detail::thread_of(&v))
                return out;
        }
        const Node* ph = e.get("ph");
        if (!ph || ph->kind != Node::string)
            return out;
        const Node* name = e.get("name");
        if (name && name->kind != Node::string)
            return out;
        const std::string n = name && !name->text.empty() ? name->text : "(unnamed)";
        const Node* ts_node = e.get("ts");
        const auto ts = detail::time_of(ts_node);
        if (ts_node && !ts)
            return out;
        const Node* dur_node = e.get("dur");
        const auto dur = detail::time_of(dur_node);
        if (dur_node && !dur)
            return out;
        const auto pid = detail::thread_of(e.get("pid"));
        const auto tid = detail::thread_of(e.get("tid"));
        if (!pid || !tid)
            return out;
        const std::string& p = ph->text;
        const Node* args = e.get("args");
        if (p == "B" || p == "E" || p == "X" || p == "C") {
            if (!ts)
                return out;
        }
        if (p == "X") {
            if (!dur || *dur < 0 || *ts > std::numeric_limits<Time>::max() - *dur - 1)
                return out;
        }
        if (p == "B" || p == "E" || p == "X")
            lanes[{*pid, *tid}].push_back({p[0], *ts, p == "X" ? *ts + *dur : 0, n});
        if (p == "C" && args && args->kind == Node::object)
            for (const auto& [k, v] : args->members)
                if (v.kind == Node::number) {
                    const double value = std::strtod(v.text.c_str(), nullptr);
                    if (std::isinf(value))
                        return out; // beyond double: the importer refuses it too
                    series[{n + "." + k, *pid}].emplace_back(*ts, value);
                }
        if (p == "M" && name && name->text == "thread_name" && args && args->kind == Node::object)
            for (const auto& [k, v] : args->members)
                if (k == "name" && v.kind == Node::string)
                    thread_names[{*pid, *tid}] = v.text;
        if (ts && p != "M") {
            const Time t = p == "X" ? *ts + *dur : *ts;
            out.end = std::max(out.end.value_or(t), t);
        }
    }
    for (const auto& [key, raw] : lanes) {
        Lane lane = detail::replay(raw, out.irregular);
        auto named = thread_names.find(key);
        const std::string name = named != thread_names.end() ? named->second : key.first.str() + "/" + key.second.str();
        for (unsigned char c : name) { // control bytes as %XX (a lane's name is a header line)
            if (c < 0x20 || c == 0x7f) {
                static const char* hex = "0123456789ABCDEF";
                lane.name += '%';
                lane.name += hex[c >> 4];
                lane.name += hex[c & 15];
            } else {
                lane.name += static_cast<char>(c);
            }
        }
        out.lanes.push_back(std::move(lane));
    }
    for (auto& [key, samples] : series) {
        std::stable_sort(samples.begin(), samples.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        out.fields.push_back({key.first, key.second.str(), samples});
    }
    out.ok = true;
    return out;
}

} // namespace chrome_oracle
