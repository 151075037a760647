#include "chitra/messages/message_matcher.hpp"

#include <algorithm>

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

// Messages matched as a source is read come in long runs already in order (one receiving
// location's, say): the runs are merged pairwise, in O(n log runs).
void sort_runs(std::vector<Message>& v)
{
    const auto before = [](const Message& a, const Message& b) { return sent_before(a, b); };
    std::vector<std::size_t> bounds{0};
    for (std::size_t i = 1; i < v.size(); ++i)
        if (before(v[i], v[i - 1]))
            bounds.push_back(i);
    bounds.push_back(v.size());
    while (bounds.size() > 2) {
        std::vector<std::size_t> merged{0};
        for (std::size_t j = 0; j + 1 < bounds.size(); j += 2) {
            const std::size_t end = j + 2 < bounds.size() ? bounds[j + 2] : bounds[j + 1];
            if (j + 2 < bounds.size())
                std::inplace_merge(v.begin() + static_cast<std::ptrdiff_t>(bounds[j]),
                                   v.begin() + static_cast<std::ptrdiff_t>(bounds[j + 1]),
                                   v.begin() + static_cast<std::ptrdiff_t>(end), before);
            merged.push_back(end);
        }
        bounds = std::move(merged);
    }
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
        p.ends.push_back(end);
        return;
    }
    const End& other = p.ends[p.head++];
    const End& s = send ? end : other;
    const End& r = send ? other : end;
    messages_.push_back({s.t, r.t, s.bytes != 0 ? s.bytes : r.bytes, s.lane, r.lane, s.tag != 0 ? s.tag : r.tag});
}

void MessageMatcher::take(MessageMatcher&& other)
{
    messages_.insert(messages_.end(), other.messages_.begin(), other.messages_.end());
    for (auto& [key, p] : other.pending_)
        for (std::size_t i = p.head; i < p.ends.size(); ++i)
            add(key, p.ends[i], p.sends);
    other.pending_.clear();
    other.last_ = {};
    other.messages_.clear();
}

void MessageMatcher::finish(LaneTrace& out)
{
    std::uint64_t sends = 0, receives = 0;
    for (const auto& [key, p] : pending_)
        (p.sends ? sends : receives) += p.ends.size() - p.head;
    pending_.clear();
    last_ = {};
    sort_runs(messages_);
    out.messages = std::move(messages_);
    messages_.clear();
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
