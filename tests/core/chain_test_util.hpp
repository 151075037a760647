// Test helpers for the chain tests: build a SES directly, without files.
#pragma once

#include "chitra/trace/ses.hpp"

#include <memory>
#include <random>
#include <string>
#include <vector>

namespace chitra::test {

// A SES of program states: element i is `names[i]`, entered at bounds[i], left at
// bounds[i + 1]; one raw record per element.
inline Ses make_ses(const std::vector<std::string>& names, const std::vector<Time>& bounds)
{
    auto table = std::make_shared<SymbolTable>();
    Ses ses;
    for (const auto& n : names) {
        SymbolId id = table->find(n);
        if (id == kNoSymbol)
            id = table->add(Symbol{n, SymbolKind::program, {n}, {}, {}});
        ses.symbol.push_back(id);
    }
    ses.bounds = bounds.empty() ? std::vector<Time>{0} : bounds;
    for (std::size_t i = 0; i <= names.size(); ++i)
        ses.records.push_back(i);
    ses.symbols = std::move(table);
    return ses;
}

// A SES over a given table from symbol ids and occupancies (entry of element 0 is 0).
inline Ses make_ses(std::shared_ptr<const SymbolTable> table, const std::vector<SymbolId>& ids,
                    const std::vector<Time>& occupancy)
{
    Ses ses;
    ses.symbols = std::move(table);
    ses.symbol = ids;
    ses.bounds.push_back(0);
    ses.records.push_back(0);
    for (std::size_t i = 0; i < ids.size(); ++i) {
        ses.bounds.push_back(ses.bounds.back() + occupancy[i]);
        ses.records.push_back(i + 1);
    }
    return ses;
}

// A trace of a 3-state chain: A -> B (0.7) or C (0.3); B -> A; C -> A. A stays 1..10 time
// units, B from `b_low` to `b_low + 400` (histogram bins wider than one unit), C exactly 7.
inline Ses three_state_trace(std::size_t elements, std::uint64_t seed, Time b_low = 200)
{
    std::mt19937_64 rng(seed);
    std::vector<std::string> names;
    std::vector<Time> bounds{0};
    std::string state = "A";
    for (std::size_t i = 0; i < elements; ++i) {
        names.push_back(state);
        const Time occupancy = state == "A"   ? std::uniform_int_distribution<Time>(1, 10)(rng)
                               : state == "B" ? std::uniform_int_distribution<Time>(b_low, b_low + 400)(rng)
                                              : 7;
        bounds.push_back(bounds.back() + occupancy);
        state = state != "A" ? "A" : std::bernoulli_distribution(0.7)(rng) ? "B" : "C";
    }
    return make_ses(names, bounds);
}

} // namespace chitra::test
