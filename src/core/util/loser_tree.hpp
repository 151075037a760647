// Internal: the tournament tree that merges k ordered sources (a lane's changes, a run of
// messages) into one order. Each inner node keeps the loser of its match; the winner is the
// source whose next element goes first. Once the winner has moved on, replay() plays the
// matches on its path to the root again: one comparison a level, without a branch, and no
// source read but the ones compared.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace chitra::detail {

// `Before(a, b)`: whether source a's next element goes before source b's, a strict order
// (an exhausted source goes after every other; break ties by source number to merge
// stably).
template <class Before> class LoserTree {
public:
    // Sources 0..k-1 (k >= 1), in a complete binary tree: source i is node k + i.
    LoserTree(std::size_t k, Before before) : k_(k), before_(before), loser_(k)
    {
        std::vector<std::uint32_t> won(2 * k);
        for (std::size_t i = 0; i < k; ++i)
            won[k + i] = static_cast<std::uint32_t>(i);
        for (std::size_t n = k - 1; n >= 1; --n) {
            const std::uint32_t a = won[2 * n], b = won[2 * n + 1];
            const bool b_wins = before_(b, a);
            won[n] = b_wins ? b : a;
            loser_[n] = b_wins ? a : b;
        }
        winner_ = k > 1 ? won[1] : 0;
    }

    std::uint32_t winner() const { return winner_; }

    // After the winner's source moved on to its next element.
    void replay()
    {
        std::uint32_t w = winner_;
        for (std::size_t n = (k_ + w) / 2; n >= 1; n /= 2) {
            const std::uint32_t l = loser_[n];
            const std::uint32_t mask = std::uint32_t{0} - std::uint32_t{before_(l, w)}; // all ones: l wins
            loser_[n] = (l & ~mask) | (w & mask);
            w = (w & ~mask) | (l & mask);
        }
        winner_ = w;
    }

private:
    std::size_t k_;
    Before before_;
    std::vector<std::uint32_t> loser_; // loser_[n] for inner nodes 1..k-1
    std::uint32_t winner_ = 0;
};

} // namespace chitra::detail
