// Internal to the PES text reader: distinct state tuples to dense symbol ids.
#pragma once

#include "chitra/trace/types.hpp"

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

namespace chitra::detail {

// Distinct state tuples -> dense ids. Keys point into an arena that never moves.
class StateInterner {
public:
    StateInterner()
    {
        slots_.assign(1024, Slot{0, kNoSymbol});
        mask_ = slots_.size() - 1;
    }

    // State tokens are short: an inline loop beats a call to memcmp.
    static bool same_bytes(const char* a, const char* b, std::size_t n)
    {
        for (std::size_t i = 0; i < n; ++i)
            if (a[i] != b[i])
                return false;
        return true;
    }

    static bool same_words(const char* a, const char* b, std::size_t n)
    {
        for (;; a += kWord, b += kWord) {
            std::uint64_t x, y;
            std::memcpy(&x, a, kWord);
            std::memcpy(&y, b, kWord);
            if (n <= kWord) // little-endian: the first n bytes are the low ones
                return n == kWord ? x == y : ((x ^ y) & ((std::uint64_t{1} << (8 * n)) - 1)) == 0;
            if (x != y)
                return false;
            n -= kWord;
        }
    }

    static std::uint64_t hash(std::string_view key) { return XXH3_64bits(key.data(), key.size()); }

    SymbolId find(std::string_view key, std::uint64_t h) const { return find_by(key, h, same_bytes); }

    // find() comparing 8 bytes at a time: both keys may be read up to a whole word past
    // their end (the arena's keys are followed by padding; the caller vouches for `key`).
    static constexpr std::size_t kWord = 8;
    SymbolId find_words(std::string_view key, std::uint64_t h) const { return find_by(key, h, same_words); }

    SymbolId insert(std::string_view key, std::uint64_t h)
    {
        auto id = static_cast<SymbolId>(keys_.size());
        keys_.push_back(store(key));
        if (keys_.size() * 2 > slots_.size())
            grow();
        else
            place(h, id);
        return id;
    }

    std::size_t size() const { return keys_.size(); }
    std::string_view key(SymbolId id) const { return keys_[id]; }

private:
    struct Slot {
        std::uint64_t hash;
        SymbolId id;
    };

    // The probe of find(), keys of equal length compared by `same`.
    template <class Same> SymbolId find_by(std::string_view key, std::uint64_t h, Same same) const
    {
        for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
            const Slot& s = slots_[i];
            if (s.id == kNoSymbol)
                return kNoSymbol;
            if (s.hash == h) {
                std::string_view k = keys_[s.id];
                if (k.size() == key.size() && same(k.data(), key.data(), key.size()))
                    return s.id;
            }
        }
    }

    void place(std::uint64_t h, SymbolId id)
    {
        std::size_t i = h & mask_;
        while (slots_[i].id != kNoSymbol)
            i = (i + 1) & mask_;
        slots_[i] = Slot{h, id};
    }

    void grow()
    {
        slots_.assign(slots_.size() * 2, Slot{0, kNoSymbol});
        mask_ = slots_.size() - 1;
        for (std::size_t id = 0; id < keys_.size(); ++id)
            place(hash(keys_[id]), static_cast<SymbolId>(id));
    }

    // Every key is followed by at least kWord bytes of its block (find_words).
    std::string_view store(std::string_view key)
    {
        constexpr std::size_t kBlock = 64 * 1024;
        if (key.size() > kBlock / 4) {
            blocks_.push_back(std::make_unique<char[]>(key.size() + kWord));
            std::memcpy(blocks_.back().get(), key.data(), key.size());
            return {blocks_.back().get(), key.size()};
        }
        if (current_.empty() || block_used_ + key.size() + kWord > kBlock) {
            current_.push_back(std::make_unique<char[]>(kBlock));
            block_used_ = 0;
        }
        char* dst = current_.back().get() + block_used_;
        std::memcpy(dst, key.data(), key.size());
        block_used_ += key.size();
        return {dst, key.size()};
    }

    std::vector<Slot> slots_;
    std::size_t mask_ = 0;
    std::vector<std::string_view> keys_;
    std::vector<std::unique_ptr<char[]>> current_; // shared arena blocks
    std::vector<std::unique_ptr<char[]>> blocks_;  // oversized keys, one block each
    std::size_t block_used_ = 0;
};

} // namespace chitra::detail
