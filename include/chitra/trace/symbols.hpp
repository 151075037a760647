// Symbols: program states read from a file and the composites that transforms make.
#pragma once

#include "chitra/trace/types.hpp"

#include <string>
#include <unordered_map>
#include <vector>

namespace chitra {

enum class SymbolKind : std::uint8_t { program, sequence, projection, filter, parallel, other };

std::string_view to_string(SymbolKind kind);

// One distinct path replaced by a filter or parallel composite (semantics.md section 5).
struct CompositePath {
    std::vector<SymbolId> symbols;
    std::uint64_t count = 0;
    double mean_total = 0.0; // mean total occupancy of the replaced elements
};

struct Symbol {
    std::string name;
    SymbolKind kind = SymbolKind::program;
    std::vector<std::string> components; // program states (and component projections)
    std::vector<SymbolId> members;       // sequence: the pattern; projection: the set S;
                                         // parallel: {from, to}
    std::vector<CompositePath> paths;    // filter and parallel composites
};

// Names are unique; ids are dense and never reused, so a table only grows as a
// view's pipeline adds composites. Tables are shared as shared_ptr<const SymbolTable>
// by every SES derived from them; a transform that adds symbols copies the table.
class SymbolTable {
public:
    // Adds a symbol; throws InputError if the name is taken.
    SymbolId add(Symbol symbol);
    // kNoSymbol when absent.
    SymbolId find(std::string_view name) const;
    const Symbol& operator[](SymbolId id) const { return symbols_[id]; }
    Symbol& at_mut(SymbolId id) { return symbols_[id]; }
    std::size_t size() const { return symbols_.size(); }
    auto begin() const { return symbols_.begin(); }
    auto end() const { return symbols_.end(); }

    // The trace's `separator` header, which joins a state's components into its name;
    // component projection names the tuples it makes with it. Empty by default.
    const std::string& separator() const { return separator_; }
    void set_separator(std::string separator) { separator_ = std::move(separator); }

private:
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
    };
    std::vector<Symbol> symbols_;
    std::unordered_map<std::string, SymbolId, Hash, std::equal_to<>> by_name_;
    std::string separator_;
};

} // namespace chitra
