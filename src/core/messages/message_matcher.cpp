#include "chitra/messages/message_matcher.hpp"

#include "util/huge_pages.hpp"
#include "util/loser_tree.hpp"

#include <algorithm>
#include <iterator>

namespace chitra {

std::size_t MessageMatcher::KeyHash::operator()(const MessageKey& k) const
{
    std::uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (std::uint64_t v : {k.a, k.b, k.c, k.d}) {
        h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
        h *= 0xff51afd7ed558ccdULL;
    }
    return static_cast<std::size_t>(h ^ (h >> 33));
}

namespace {

// A run of messages already in sent_before order, read from its front.
struct Run {
    const Message* at;
    const Message* end;
};

// Messages matched as a source is read come in long runs already in order (one receiving
// location's, say): one merge of every run through a tournament tree of their fronts, in
// a single pass over the messages and log2(runs) comparisons each. Equal messages keep the
// order of their runs (runs matched earlier first).
std::vector<Message> merge_runs(std::vector<Run> runs, std::size_t total)
{
    const auto first = [&runs](std::uint32_t a, std::uint32_t b) { // whether run a's front goes before run b's
        if (runs[b].at == runs[b].end)
            return runs[a].at != runs[a].end || a < b; // both exhausted: by number
        if (runs[a].at == runs[a].end)
            return false;
        const Message& x = *runs[a].at;
        const Message& y = *runs[b].at;
        return sent_before(x, y) || (!sent_before(y, x) && a < b);
    };
    detail::LoserTree tree(runs.size(), first);
    std::vector<Message> out;
    out.reserve(total);
    detail::advise_huge_pages(out);
    for (Run* r = &runs[tree.winner()]; r->at != r->end; r = &runs[tree.winner()]) {
        out.push_back(*r->at++);
        tree.replay();
    }
    return out;
}

// The blocks' messages in sent_before order (equal ones in the order they were matched).
std::vector<Message> in_order(std::vector<std::vector<Message>>& blocks)
{
    std::size_t total = 0;
    for (const std::vector<Message>& b : blocks)
        total += b.size();
    constexpr std::size_t kMergedRuns = 1024; // more runs than this: not a reading in runs
    std::vector<Run> runs;
    for (const std::vector<Message>& b : blocks) {
        std::size_t begin = 0;
        for (std::size_t i = 1; i <= b.size() && runs.size() <= kMergedRuns; ++i)
            if (i == b.size() || sent_before(b[i], b[i - 1])) {
                runs.push_back({b.data() + begin, b.data() + i});
                begin = i;
            }
    }
    if (runs.empty())
        return {};
    if (runs.size() == 1 && blocks.size() == 1)
        return std::move(blocks.front());
    if (runs.size() <= kMergedRuns)
        return merge_runs(std::move(runs), total);
    std::vector<Message> out;
    out.reserve(total);
    for (const std::vector<Message>& b : blocks)
        out.insert(out.end(), b.begin(), b.end());
    std::stable_sort(out.begin(), out.end(), [](const Message& a, const Message& b) { return sent_before(a, b); });
    return out;
}

} // namespace

void MessageMatcher::send(const MessageKey& key, std::uint32_t lane, Time t, std::uint64_t bytes, std::int64_t tag)
{
    add(key, {t, bytes, tag, lane}, true);
}

void MessageMatcher::receive(const MessageKey& key, std::uint32_t lane, Time t, std::uint64_t bytes, std::int64_t tag)
{
    add(key, {t, bytes, tag, lane}, false);
}

void MessageMatcher::add(const MessageKey& key, const End& end, bool send)
{
    // A rank sends to the same partner again and again, and receives from the same one:
    // the last key of each side is looked up first.
    Last& last = last_[send ? 0 : 1];
    if (!last.pending || !(last.key == key)) {
        last.pending = &pending_[key]; // nodes stay put when the table grows
        last.key = key;
    }
    Pending& p = *last.pending;
    if (p.head == p.ends.size()) { // nothing waits: this end does
        p.ends.clear();
        p.head = 0;
        p.sends = send;
    }
    if (p.sends == send) {
        if (p.ends.size() == p.ends.capacity() && spare_.capacity() > p.ends.capacity()) {
            spare_.assign(p.ends.begin() + static_cast<std::ptrdiff_t>(p.head), p.ends.end());
            std::swap(p.ends, spare_);
            p.head = 0;
            spare_.clear();
        }
        p.ends.push_back(end);
        return;
    }
    const End& other = p.ends[p.head++];
    const End& s = send ? end : other;
    const End& r = send ? other : end;
    keep({s.t, r.t, s.bytes != 0 ? s.bytes : r.bytes, s.lane, r.lane, s.tag != 0 ? s.tag : r.tag});
    // A queue drained of the many ends one location sent before its partner was read
    // leaves its room to the next long queue (the next location's, say) rather than hold
    // it to the end: fresh room for each would be as many pages to fault in and zero.
    constexpr std::size_t kKeptEnds = 4096;
    if (p.head == p.ends.size() && p.ends.capacity() > kKeptEnds) {
        p.ends.clear();
        p.head = 0;
        if (p.ends.capacity() > spare_.capacity())
            std::swap(p.ends, spare_);
        p.ends = std::vector<End>();
    }
}

void MessageMatcher::keep(const Message& m)
{
    if (blocks_.empty() || blocks_.back().size() == kBlock) {
        blocks_.emplace_back();
        if (blocks_.size() > 1) { // the first block grows as needed: most traces have few messages
            blocks_.back().reserve(kBlock);
            detail::advise_huge_pages(blocks_.back());
        }
    }
    blocks_.back().push_back(m);
}

void MessageMatcher::take(MessageMatcher&& other)
{
    // Its blocks follow this one's, as if its messages were matched after.
    blocks_.insert(blocks_.end(), std::make_move_iterator(other.blocks_.begin()),
                   std::make_move_iterator(other.blocks_.end()));
    for (auto& [key, p] : other.pending_)
        for (std::size_t i = p.head; i < p.ends.size(); ++i)
            add(key, p.ends[i], p.sends);
    other.pending_.clear();
    other.last_ = {};
    other.blocks_.clear();
}

void MessageMatcher::finish(LaneTrace& out)
{
    std::uint64_t sends = 0, receives = 0;
    for (const auto& [key, p] : pending_)
        (p.sends ? sends : receives) += p.ends.size() - p.head;
    pending_.clear();
    spare_ = std::vector<End>();
    last_ = {};
    out.messages = in_order(blocks_);
    blocks_.clear();
    out.unmatched_sends += sends;
    out.unmatched_receives += receives;
    const auto warn = [&](std::uint64_t n, const char* what) {
        if (n > 0)
            out.warnings.push_back(out.source + ": " + std::to_string(n) + " x " + what);
    };
    warn(sends, "message sent with no matching receive (left out)");
    warn(receives, "message received with no matching send (left out)");
}

} // namespace chitra
