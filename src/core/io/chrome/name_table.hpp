// Event names interned once each: a trace of millions of events uses a few thousand
// names, so each event's name is looked up by a hash of its bytes in an open-addressing
// table of ids, and a std::string is made only the first time a name is seen.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace chitra::detail::chrome {

class NameTable {
public:
    // The id of `name` (0, 1, ... in order of first use).
    std::uint32_t intern(std::string_view name)
    {
        if (slots_.empty())
            slots_.assign(kInitialSlots, kEmpty);
        const std::uint64_t h = hash(name);
        for (std::size_t i = h & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
            const std::uint32_t id = slots_[i];
            if (id == kEmpty)
                return add(name, h, i);
            if (hashes_[id] == h && names_[id] == name)
                return id;
        }
    }

    // The names by id.
    const std::vector<std::string>& names() const { return names_; }

private:
    static constexpr std::uint32_t kEmpty = ~std::uint32_t{0};
    static constexpr std::size_t kInitialSlots = 1024; // a power of two

    // Eight bytes at a time, multiplied and folded (names are short; any good mix will do).
    static std::uint64_t hash(std::string_view s)
    {
        constexpr std::uint64_t k = 0x9E3779B97F4A7C15ull;
        std::uint64_t h = s.size() * k;
        std::size_t i = 0;
        for (; i + 8 <= s.size(); i += 8) {
            std::uint64_t w;
            std::memcpy(&w, s.data() + i, 8);
            h = (h ^ w) * k;
            h ^= h >> 29;
        }
        if (i < s.size()) {
            std::uint64_t w = 0;
            std::memcpy(&w, s.data() + i, s.size() - i);
            h = (h ^ w) * k;
        }
        return h ^ (h >> 32);
    }

    std::uint32_t add(std::string_view name, std::uint64_t h, std::size_t slot)
    {
        const auto id = static_cast<std::uint32_t>(names_.size());
        names_.emplace_back(name);
        hashes_.push_back(h);
        slots_[slot] = id;
        if (2 * names_.size() > slots_.size())
            grow();
        return id;
    }

    void grow()
    {
        slots_.assign(2 * slots_.size(), kEmpty);
        for (std::uint32_t id = 0; id < names_.size(); ++id) {
            std::size_t i = hashes_[id] & (slots_.size() - 1);
            while (slots_[i] != kEmpty)
                i = (i + 1) & (slots_.size() - 1);
            slots_[i] = id;
        }
    }

    std::vector<std::uint32_t> slots_; // ids, kEmpty where free; at most half full
    std::vector<std::string> names_;
    std::vector<std::uint64_t> hashes_; // by id
};

} // namespace chitra::detail::chrome
