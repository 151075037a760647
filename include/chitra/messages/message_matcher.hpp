// The ends of messages as a source records them, paired into messages (interfaces.md
// "Messages between lanes"): the k-th send of a key with the k-th receive of the same key,
// whichever comes first in the reading (MPI's non-overtaking rule: an OTF2 key is the
// communicator, the sender's and receiver's ranks and the tag; a Paje link's or a Chrome
// flow's key has one send and one receive). Ends left without their other end are counted
// and named in one warning each.
#pragma once

#include "chitra/lanes/lane_trace.hpp"

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace chitra {

struct MessageKey {
    std::uint64_t a = 0, b = 0, c = 0, d = 0;
    bool operator==(const MessageKey&) const = default;
};

class MessageMatcher {
public:
    void send(const MessageKey& key, std::uint32_t lane, Time t, std::uint64_t bytes, std::int64_t tag);
    // `bytes` and `tag` count where the send has none (0).
    void receive(const MessageKey& key, std::uint32_t lane, Time t, std::uint64_t bytes = 0, std::int64_t tag = 0);
    // The ends `other` holds, after this one's: a source read in parts, each part's ends
    // of one key in order.
    void take(MessageMatcher&& other);
    // Into `out`: the messages, by send time, then sending lane, receive time and receiving
    // lane; the ends left unmatched, counted and warned about (`out.source` names it).
    void finish(LaneTrace& out);

private:
    struct End {
        Time t = 0;
        std::uint64_t bytes = 0;
        std::int64_t tag = 0;
        std::uint32_t lane = 0;
    };
    struct Pending {
        std::vector<End> ends; // of one side, oldest from `head`
        std::size_t head = 0;
        bool sends = true;
    };
    struct KeyHash {
        std::size_t operator()(const MessageKey& k) const;
    };
    void add(const MessageKey& key, const End& end, bool send);
    void keep(const Message& m);

    std::unordered_map<MessageKey, Pending, KeyHash> pending_;
    struct Last {
        MessageKey key;
        Pending* pending = nullptr; // pending_[key]
    };
    std::array<Last, 2> last_{}; // the last key looked up by a send, by a receive
    std::vector<End> spare_;     // the room of a long queue drained, for the next one to grow into
    // The matched messages in blocks of at most kBlock: a long reading appends without
    // copying what it has to grow, and finish() merges the blocks' ordered runs at once.
    static constexpr std::size_t kBlock = std::size_t{1} << 20;
    std::vector<std::vector<Message>> blocks_;
};

} // namespace chitra
