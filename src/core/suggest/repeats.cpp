// Repeated sequences: candidates found by hashing loops and pairs, then measured exactly.
#include "suggest_detail.hpp"

#include "chitra/util/cancel.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace chitra::suggest_detail {

namespace {

constexpr std::size_t kCancelStride = std::size_t{1} << 16;

std::uint64_t mix(std::uint64_t h, SymbolId s)
{
    return (h ^ (static_cast<std::uint64_t>(s) + 0x9e3779b97f4a7c15ULL)) * 0x100000001b3ULL;
}

// The smallest rotation, so that the rotations of one loop share a key.
std::vector<SymbolId> canonical_rotation(const std::vector<SymbolId>& pattern)
{
    std::vector<SymbolId> best = pattern, rotated = pattern;
    for (std::size_t r = 1; r < pattern.size(); ++r) {
        std::rotate(rotated.begin(), rotated.begin() + 1, rotated.end());
        best = std::min(best, rotated);
    }
    return best;
}

struct Seen {
    std::uint64_t count = 0;
    std::size_t first = 0; // where it was first seen
    std::size_t length = 0;
};

// Grows a pair to the right while one symbol follows at least three quarters of its
// occurrences (overlapping ones included), stopping before the symbol that would close
// a loop: loops are candidates of their own. Costs one pass for the pair's occurrences,
// then only looks at those.
RepeatCandidate grow_pair(std::span<const SymbolId> sym, const RepeatCandidate& pair, std::size_t max_pattern)
{
    std::vector<std::size_t> at;
    for (std::size_t i = 0; i + 1 < sym.size(); ++i) {
        if (i % kCancelStride == 0)
            throw_if_cancelled();
        if (sym[i] == pair.pattern[0] && sym[i + 1] == pair.pattern[1])
            at.push_back(i);
    }
    RepeatCandidate grown = pair;
    std::unordered_map<SymbolId, std::uint64_t> next;
    while (grown.pattern.size() < max_pattern && !at.empty()) {
        const std::size_t length = grown.pattern.size();
        next.clear();
        for (std::size_t p : at)
            if (p + length < sym.size())
                ++next[sym[p + length]];
        SymbolId best = kNoSymbol;
        std::uint64_t best_count = 0;
        for (const auto& [symbol, count] : next)
            if (count > best_count || (count == best_count && symbol < best)) {
                best = symbol;
                best_count = count;
            }
        if (best == kNoSymbol || best == grown.pattern[0] || 4 * best_count < 3 * at.size())
            break;
        std::erase_if(at, [&](std::size_t p) { return p + length >= sym.size() || sym[p + length] != best; });
        grown.pattern.push_back(best);
        grown.seen = at.size();
    }
    return grown;
}

} // namespace

std::vector<std::uint64_t> symbol_counts(const Ses& ses)
{
    std::vector<std::uint64_t> counts(ses.symbols->size(), 0);
    for (SymbolId s : ses.symbol)
        ++counts[s];
    return counts;
}

std::size_t present_states(const std::vector<std::uint64_t>& counts)
{
    return static_cast<std::size_t>(std::count_if(counts.begin(), counts.end(), [](auto c) { return c > 0; }));
}

TransitionCounts::TransitionCounts(const Ses& ses) : width_(ses.symbols->size())
{
    if (width_ * width_ <= kMaxDense)
        dense_.assign(width_ * width_, 0);
    for (std::size_t i = 1; i < ses.size(); ++i)
        if (at(ses.symbol[i - 1], ses.symbol[i])++ == 0)
            ++distinct_;
}

std::uint64_t& TransitionCounts::at(SymbolId from, SymbolId to)
{
    if (!dense_.empty())
        return dense_[static_cast<std::size_t>(from) * width_ + to];
    return sparse_[static_cast<std::uint64_t>(from) << 32 | to];
}

std::vector<RepeatCandidate> repeat_candidates(const Ses& ses, std::size_t max_pattern, std::size_t keep)
{
    const std::span<const SymbolId> sym = ses.symbol;
    const std::size_t n = sym.size();
    // Loops are keyed by a hash of their symbols with the length mixed in (a collision
    // only wastes a candidate slot: every candidate is measured exactly afterwards);
    // pairs by their two ids.
    std::unordered_map<std::uint64_t, Seen> loops, pairs;
    for (std::size_t i = 0; i + 1 < n; ++i) {
        if (i % kCancelStride == 0)
            throw_if_cancelled();
        const SymbolId s = sym[i];
        if (sym[i + 1] != s) {
            Seen& pair = pairs[static_cast<std::uint64_t>(s) << 32 | sym[i + 1]];
            if (pair.count++ == 0) {
                pair.first = i;
                pair.length = 2;
            }
        }
        std::uint64_t h = mix(0, s);
        for (std::size_t len = 1; len <= max_pattern && i + len < n; ++len) {
            if (sym[i + len] == s) {
                if (len >= 2) {
                    Seen& loop = loops[h ^ len];
                    if (loop.count++ == 0) {
                        loop.first = i;
                        loop.length = len;
                    }
                }
                break;
            }
            h = mix(h, sym[i + len]);
        }
    }

    auto pattern_at = [&](const Seen& seen) {
        return std::vector<SymbolId>(sym.begin() + static_cast<std::ptrdiff_t>(seen.first),
                                     sym.begin() + static_cast<std::ptrdiff_t>(seen.first + seen.length));
    };
    auto saving = [](const RepeatCandidate& c) { return c.seen * (c.pattern.size() - 1); };

    // One rotation per loop: the one seen most often, and of equals the one seen first
    // (the transform matches leftmost, so it starts where the repetition starts).
    std::unordered_map<std::uint64_t, RepeatCandidate> by_rotation;
    for (const auto& [key, seen] : loops) {
        RepeatCandidate candidate{pattern_at(seen), seen.count, seen.first};
        std::uint64_t rotation_key = 0;
        for (SymbolId s : canonical_rotation(candidate.pattern))
            rotation_key = mix(rotation_key, s);
        auto [it, inserted] = by_rotation.try_emplace(rotation_key ^ candidate.pattern.size(), candidate);
        if (!inserted && (candidate.seen > it->second.seen ||
                          (candidate.seen == it->second.seen && candidate.first < it->second.first)))
            it->second = std::move(candidate);
    }
    std::vector<RepeatCandidate> all;
    all.reserve(by_rotation.size());
    for (auto& [key, candidate] : by_rotation)
        all.push_back(std::move(candidate));

    // The most frequent pairs too (the first step of Re-Pair): they catch sequences that
    // repeat without closing a loop.
    std::vector<RepeatCandidate> top_pairs;
    for (const auto& [key, seen] : pairs)
        if (seen.count >= 2)
            top_pairs.push_back({pattern_at(seen), seen.count, seen.first});
    const std::size_t pair_slots = std::max<std::size_t>(1, keep / 4);
    auto by_saving = [&](const RepeatCandidate& a, const RepeatCandidate& b) {
        if (saving(a) != saving(b))
            return saving(a) > saving(b);
        return a.pattern < b.pattern; // deterministic order
    };
    if (top_pairs.size() > pair_slots) {
        std::partial_sort(top_pairs.begin(), top_pairs.begin() + static_cast<std::ptrdiff_t>(pair_slots),
                          top_pairs.end(), by_saving);
        top_pairs.resize(pair_slots);
    }

    const std::size_t loop_slots = keep - std::min(keep, top_pairs.size());
    if (all.size() > loop_slots) {
        std::nth_element(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(loop_slots), all.end(), by_saving);
        all.resize(loop_slots);
    }
    // A grown pair may be a rotation of a loop already chosen: the loop's rotation stays.
    auto add_new = [&](RepeatCandidate candidate) {
        const std::vector<SymbolId> rotation = canonical_rotation(candidate.pattern);
        if (std::none_of(all.begin(), all.end(), [&](const auto& c) {
                return c.pattern.size() == candidate.pattern.size() && canonical_rotation(c.pattern) == rotation;
            }))
            all.push_back(std::move(candidate));
    };
    for (auto& pair : top_pairs) {
        add_new(grow_pair(sym, pair, max_pattern));
        add_new(std::move(pair));
    }
    std::sort(all.begin(), all.end(), by_saving);
    return all;
}

Suggestion evaluate_aggregation(const Ses& ses, const std::vector<SymbolId>& pattern,
                                const std::vector<std::uint64_t>& counts, TransitionCounts& transitions)
{
    const std::span<const SymbolId> sym = ses.symbol;
    const std::size_t n = sym.size(), k = pattern.size();
    const std::size_t composite = ses.symbols->size(); // the id the new state would get

    // Transitions after the aggregation: the original pairs no match touches, plus the
    // new pairs with the composite. Pair j is (j - 1, j); a match at i removes pairs
    // i .. i + k (those that enter, lie inside and leave it). Counts are restored after.
    std::vector<std::pair<SymbolId, SymbolId>> removed;
    std::size_t vanished_transitions = 0;
    std::size_t next_pair = 1; // pairs below this one are already removed
    auto remove_pairs = [&](std::size_t first, std::size_t last) {
        for (std::size_t j = std::max(first, next_pair); j <= last && j < n; ++j) {
            std::uint64_t& count = transitions.at(sym[j - 1], sym[j]);
            if (--count == 0)
                ++vanished_transitions;
            removed.emplace_back(sym[j - 1], sym[j]);
        }
        next_pair = std::max(next_pair, last + 1);
    };
    std::unordered_set<std::uint64_t> composite_pairs;
    std::size_t previous = SIZE_MAX; // the element before, in the aggregated sequence
    auto emit = [&](std::size_t id) {
        if (previous != SIZE_MAX && (previous == composite || id == composite))
            composite_pairs.insert(static_cast<std::uint64_t>(previous) << 32 | id);
        previous = id;
    };

    Suggestion s;
    s.kind = SuggestionKind::aggregate;
    Time covered_time = 0;
    std::size_t first_start = 0, last_start = 0;
    std::size_t i = 0;
    while (i < n) {
        if (i % kCancelStride == 0)
            throw_if_cancelled();
        if (sym[i] == pattern[0] && i + k <= n &&
            std::equal(pattern.begin() + 1, pattern.end(), sym.begin() + static_cast<std::ptrdiff_t>(i + 1))) {
            if (s.count == 0)
                first_start = i;
            last_start = i;
            ++s.count;
            covered_time += ses.bounds[i + k] - ses.bounds[i];
            remove_pairs(std::max<std::size_t>(i, 1), i + k);
            emit(composite);
            i += k;
        } else {
            emit(sym[i]);
            ++i;
        }
    }
    const std::size_t transitions_after = transitions.distinct() - vanished_transitions + composite_pairs.size();
    for (const auto& [from, to] : removed)
        ++transitions.at(from, to);

    s.states_before = present_states(counts);
    // A pattern state vanishes when every occurrence of it lies inside a match.
    std::vector<SymbolId> distinct = pattern;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    std::size_t vanished = 0;
    for (SymbolId id : distinct) {
        const auto per_match = static_cast<std::uint64_t>(std::count(pattern.begin(), pattern.end(), id));
        if (counts[id] == s.count * per_match)
            ++vanished;
    }
    s.states_after = s.states_before - vanished + (s.count > 0 ? 1 : 0);
    s.states_removed = static_cast<std::int64_t>(s.states_before) - static_cast<std::int64_t>(s.states_after);
    s.transitions_removed =
        static_cast<std::int64_t>(transitions.distinct()) - static_cast<std::int64_t>(transitions_after);
    if (n > 0) {
        s.coverage_elements = static_cast<double>(s.count * k) / static_cast<double>(n);
        if (ses.total() > 0)
            s.coverage_time = static_cast<double>(covered_time) / static_cast<double>(ses.total());
    }
    if (s.count >= 2) {
        s.period_elements = static_cast<double>(last_start - first_start) / static_cast<double>(s.count - 1);
        s.period_time =
            static_cast<double>(ses.bounds[last_start] - ses.bounds[first_start]) / static_cast<double>(s.count - 1);
    }
    return s;
}

} // namespace chitra::suggest_detail
