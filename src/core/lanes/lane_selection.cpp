// Lane choice and the PES of the chosen lanes (vector states formed here, on demand).
#include "chitra/lanes/lane_selection.hpp"
#include "lanes/lane_merge.hpp"
#include "io/import/name_text.hpp"
#include "util/huge_pages.hpp"

#include <algorithm>
#include <charconv>
#include <regex>
#include <unordered_map>

namespace chitra {

namespace {

std::string trimmed(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return std::string(s);
}

// The key of lane j (a position among the chosen lanes) in `state`: a vector's hash is
// the sum of its lanes' keys, so that one lane's change updates it in O(1).
inline std::uint64_t lane_state_key(std::size_t j, LaneStateId state)
{
    std::uint64_t z = (static_cast<std::uint64_t>(j) << 32 | state) + 0x9e3779b97f4a7c15ULL; // splitmix64
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// The distinct vectors of lane states met so far, each with its symbol: open addressing
// on the vector's hash, a vector compared in full against the flat store of known ones.
class VectorTable {
public:
    explicit VectorTable(std::size_t width) : width_(width), slots_(1024, 0) {}

    // The symbol of `vector` (width_ states with hash `hash`); a new vector gets
    // kNoSymbol, for the caller to set. The reference holds until the next call.
    SymbolId& find_or_add(std::uint64_t hash, const LaneStateId* vector)
    {
        std::size_t mask = slots_.size() - 1;
        for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
            const std::uint32_t slot = slots_[i];
            if (slot == 0)
                break;
            const std::size_t n = slot - 1;
            if (hashes_[n] == hash &&
                std::equal(vector, vector + width_, vectors_.begin() + static_cast<std::ptrdiff_t>(n * width_)))
                return symbols_[n];
        }
        if (2 * (symbols_.size() + 1) > slots_.size()) {
            grow();
            mask = slots_.size() - 1;
        }
        const std::size_t n = symbols_.size();
        hashes_.push_back(hash);
        vectors_.insert(vectors_.end(), vector, vector + width_);
        symbols_.push_back(kNoSymbol);
        place(hash, n);
        return symbols_.back();
    }

private:
    void place(std::uint64_t hash, std::size_t n)
    {
        const std::size_t mask = slots_.size() - 1;
        std::size_t i = hash & mask;
        while (slots_[i] != 0)
            i = (i + 1) & mask;
        slots_[i] = static_cast<std::uint32_t>(n + 1);
    }
    void grow()
    {
        slots_.assign(slots_.size() * 2, 0);
        for (std::size_t n = 0; n < hashes_.size(); ++n)
            place(hashes_[n], n);
    }

    std::size_t width_;
    std::vector<std::uint32_t> slots_;  // vector + 1; 0: empty (a power of two, at most half full)
    std::vector<std::uint64_t> hashes_; // per known vector
    std::vector<LaneStateId> vectors_;  // known vectors, width_ states each
    std::vector<SymbolId> symbols_;     // per known vector
};

} // namespace

std::vector<std::size_t> choose_lanes(const LaneTrace& trace, const LaneSelection& selection)
{
    const std::string spec = trimmed(selection.spec);
    std::vector<std::size_t> out;
    if (spec.empty() || spec == "all") {
        for (std::size_t i = 0; i < trace.lanes.size(); ++i)
            if (trace.lanes[i].events > 0)
                out.push_back(i);
        if (out.empty())
            throw InputError(trace.source + ": no lane has a state event");
        return out;
    }
    if (spec.size() >= 2 && spec.front() == '/' && spec.back() == '/') {
        std::regex re;
        try {
            re = std::regex(spec.substr(1, spec.size() - 2), std::regex::ECMAScript);
        } catch (const std::regex_error& e) {
            throw InputError("--components " + spec + ": bad regular expression (" + e.what() + ")");
        }
        for (std::size_t i = 0; i < trace.lanes.size(); ++i)
            if (std::regex_search(trace.lanes[i].name, re))
                out.push_back(i);
        if (out.empty())
            throw InputError(trace.source + ": no lane name matches " + spec);
        return out;
    }
    std::vector<bool> chosen(trace.lanes.size(), false);
    std::size_t start = 0;
    while (start <= spec.size()) {
        std::size_t comma = spec.find(',', start);
        if (comma == std::string::npos)
            comma = spec.size();
        const std::string item = trimmed(std::string_view(spec).substr(start, comma - start));
        start = comma + 1;
        if (item.empty())
            throw InputError("--components " + spec + ": empty item in the list");
        std::size_t number = 0;
        auto [p, ec] = std::from_chars(item.data(), item.data() + item.size(), number);
        bool found = false;
        if (ec == std::errc() && p == item.data() + item.size()) {
            if (number < 1 || number > trace.lanes.size())
                throw InputError("--components: lane " + item + " does not exist (the trace has " +
                                 std::to_string(trace.lanes.size()) + " lanes)");
            chosen[number - 1] = found = true;
        } else {
            for (std::size_t i = 0; i < trace.lanes.size(); ++i)
                if (trace.lanes[i].name == item)
                    chosen[i] = found = true;
        }
        if (!found)
            throw InputError("--components: no lane is named '" + item + "'");
    }
    for (std::size_t i = 0; i < chosen.size(); ++i)
        if (chosen[i])
            out.push_back(i);
    return out;
}

std::optional<Time> first_change(const LaneTrace& trace, const std::vector<std::size_t>& lanes)
{
    std::optional<std::uint64_t> first;
    for (std::size_t l : lanes)
        if (!trace.lanes.at(l).changes.empty())
            first = std::min(first.value_or(trace.lanes[l].changes[0].record), trace.lanes[l].changes[0].record);
    if (!first)
        return std::nullopt;
    return trace.times[*first];
}

namespace {

// to_trace, or with `unnamed` its states only counted there: no symbol is made and no
// state column is written.
Trace form_trace(const LaneTrace& trace, const std::vector<std::size_t>& lanes, std::optional<Time> origin,
                 std::size_t* unnamed)
{
    if (lanes.empty())
        throw InputError(trace.source + ": no lane chosen");
    const std::size_t k = lanes.size();
    if (!origin)
        origin = first_change(trace, lanes).value_or(0);

    Trace out;
    out.source = trace.source;
    out.header.timebase = TimeBase::ns;
    out.header.components = k;
    out.header.separator = "|";
    auto symbols = std::make_shared<SymbolTable>();
    symbols->set_separator("|");

    // Records: every record where a chosen lane changes, in order (a merge of the lanes'
    // change lists), each the vector of the chosen lanes' states after it.
    for (std::size_t l : lanes)
        (void)trace.lanes.at(l); // a lane out of range throws

    std::vector<LaneStateId> current(k, kEmptyLaneState);
    std::vector<SymbolId> single(k == 1 ? trace.state_names.size() : 0, kNoSymbol); // one lane: no hashing
    VectorTable table(k);
    std::uint64_t hash = 0;                 // of `current`: the sum of its lanes' keys
    std::vector<std::uint64_t> lane_key(k); // each lane's key in its current state
    for (std::size_t j = 0; j < k; ++j)
        hash += lane_key[j] = lane_state_key(j, kEmptyLaneState);
    std::vector<Time> times;
    std::vector<SymbolId> states;
    std::vector<std::uint64_t> records; // source record of each output record, for fields
    std::size_t most = 0;               // records at most: every change its own
    for (std::size_t l : lanes)
        most += trace.lanes[l].changes.size();
    bool with_fields = false;
    for (const LaneField& f : trace.fields)
        with_fields = with_fields || !f.lane || std::find(lanes.begin(), lanes.end(), *f.lane) != lanes.end();
    times.reserve(most);
    if (!unnamed)
        states.reserve(most);
    if (with_fields)
        records.reserve(most);
    detail::advise_huge_pages(times);
    detail::advise_huge_pages(states);
    detail::advise_huge_pages(records);
    // After the changes of record r: the record of the vector of lane states.
    const auto emit = [&](std::uint64_t r) {
        SymbolId* symbol = k == 1 ? &single.at(current[0]) : &table.find_or_add(hash, current.data());
        if (*symbol == kNoSymbol && unnamed) {
            *symbol = static_cast<SymbolId>((*unnamed)++);
        } else if (*symbol == kNoSymbol) {
            Symbol s;
            s.components.reserve(k);
            for (LaneStateId id : current)
                s.components.push_back(trace.state_names.at(id));
            s.name = detail::join_components(s.components, "|");
            *symbol = symbols->add(std::move(s));
        }
        times.push_back(trace.times[r] - *origin);
        if (!unnamed)
            states.push_back(*symbol);
        if (with_fields)
            records.push_back(r);
    };
    detail::merge_lane_changes(
        trace, lanes,
        [&](std::size_t j, LaneStateId state) {
            const std::uint64_t key = lane_state_key(j, state);
            hash += key - lane_key[j];
            lane_key[j] = key;
            current[j] = state;
        },
        emit);

    // Fields: those of chosen lanes and those of no lane; NAME@K / NAME@OWNER when
    // several record the same name. A name still taken (two owners of one name, or an
    // owner "2" beside lane 2) gets #2, #3, ...: a PES names each field once.
    std::vector<std::size_t> component_of(trace.lanes.size(), 0);
    for (std::size_t j = 0; j < k; ++j)
        component_of[lanes[j]] = j + 1;
    std::vector<const LaneField*> kept;
    for (const LaneField& f : trace.fields)
        if (!f.lane || component_of.at(*f.lane) != 0)
            kept.push_back(&f);
    std::unordered_map<std::string, int> recorders;
    for (const LaneField* f : kept)
        ++recorders[f->name];
    std::unordered_map<std::string, int> taken;
    for (const LaneField* f : kept) {
        std::string name = f->name;
        if (recorders[f->name] > 1)
            name += "@" + (f->lane ? std::to_string(component_of[*f->lane]) : f->owner);
        if (taken[name]++ > 0) {
            int n = 2;
            while (taken.count(name + "#" + std::to_string(n)))
                ++n;
            name += "#" + std::to_string(n);
            ++taken[name];
        }
        out.header.fields.push_back({name, f->kind});
        // Written once, in huge pages: zero-filling a column first cost as much as filling it.
        std::vector<double> column;
        detail::reserve_huge(column, times.size());
        std::size_t s = 0;
        double value = 0.0;
        for (std::size_t i = 0; i < times.size(); ++i) {
            const Time t = trace.times[records[i]];
            while (s < f->samples.size() && f->samples[s].first <= t)
                value = f->samples[s++].second;
            column.push_back(value);
        }
        out.fields.emplace_back(std::move(column));
        out.field_samples.emplace_back();
        if (f->kind == FieldKind::counter) {
            auto& own = out.field_samples.back();
            own.reserve(f->samples.size());
            for (const auto& [t, v] : f->samples)
                own.emplace_back(t - *origin, v);
        }
    }

    if (trace.last_event)
        out.header.end = *trace.last_event - *origin;
    out.header.extra.emplace_back("origin", std::to_string(*origin));
    for (std::size_t j = 0; j < k; ++j)
        out.header.extra.emplace_back("lane", std::to_string(j + 1) + " " + trace.lanes[lanes[j]].name);
    for (const auto& e : trace.extra)
        out.header.extra.push_back(e);
    out.times = Column<Time>(std::move(times));
    out.states = Column<SymbolId>(std::move(states));
    out.symbols = std::move(symbols);
    return out;
}

} // namespace

Trace to_trace(const LaneTrace& trace, const std::vector<std::size_t>& lanes, std::optional<Time> origin)
{
    return form_trace(trace, lanes, origin, nullptr);
}

UnnamedTrace to_unnamed_trace(const LaneTrace& trace, const std::vector<std::size_t>& lanes, std::optional<Time> origin)
{
    UnnamedTrace out;
    out.trace = form_trace(trace, lanes, origin, &out.states);
    return out;
}

} // namespace chitra
