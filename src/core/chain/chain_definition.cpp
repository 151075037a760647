// Composite definitions for the model (semantics.md section 5): names, the prefix-tree
// chain of filter/parallel paths, and the expansion down to program states.
#include "chitra/chain/chain.hpp"

#include <algorithm>
#include <map>
#include <unordered_set>

namespace chitra {

namespace {

// Expansion nodes per state; a deeper expansion leaves the rest as references, so that a
// pathological chain of composites (each naming the previous twice) cannot blow up.
constexpr std::size_t kExpansionBudget = 100000;

class Expander {
public:
    explicit Expander(const SymbolTable& table) : table_(table) {}

    Expansion expand(SymbolId id)
    {
        const Symbol& s = table_[id];
        Expansion e;
        e.kind = s.kind;
        e.name = s.name;
        if (s.kind == SymbolKind::program || s.kind == SymbolKind::other)
            return e;
        if (on_path_.count(id) || budget_ == 0) {
            e.reference = true;
            return e;
        }
        --budget_;
        on_path_.insert(id);
        switch (s.kind) {
        case SymbolKind::sequence:
            for (SymbolId m : s.members) {
                Expansion sub = expand(m);
                // A sequence inside a sequence is just a longer pattern.
                if (sub.kind == SymbolKind::sequence && !sub.reference)
                    append(e.items, std::move(sub.items));
                else
                    e.items.push_back(std::move(sub));
            }
            break;
        case SymbolKind::projection:
            for (SymbolId m : s.members) {
                Expansion sub = expand(m);
                // A set inside a set is its union.
                if (sub.kind == SymbolKind::projection && !sub.reference)
                    append(e.items, std::move(sub.items));
                else
                    e.items.push_back(std::move(sub));
            }
            dedupe_leaves(e.items);
            break;
        case SymbolKind::filter:
        case SymbolKind::parallel:
            for (const CompositePath& p : s.paths) {
                ExpandedPath ep;
                ep.count = p.count;
                ep.mean_total = p.mean_total;
                for (SymbolId m : p.symbols)
                    ep.symbols.push_back(expand(m));
                e.paths.push_back(std::move(ep));
            }
            break;
        default:
            break;
        }
        on_path_.erase(id);
        return e;
    }

private:
    static void append(std::vector<Expansion>& to, std::vector<Expansion>&& from)
    {
        for (auto& x : from)
            to.push_back(std::move(x));
    }
    static void dedupe_leaves(std::vector<Expansion>& items)
    {
        std::unordered_set<std::string> seen;
        std::vector<Expansion> kept;
        for (auto& x : items) {
            const bool leaf = x.kind == SymbolKind::program || x.reference;
            if (leaf && !seen.insert(x.name).second)
                continue;
            kept.push_back(std::move(x));
        }
        items = std::move(kept);
    }

    const SymbolTable& table_;
    std::unordered_set<SymbolId> on_path_;
    std::size_t budget_ = kExpansionBudget;
};

std::vector<std::string> names(const SymbolTable& table, const std::vector<SymbolId>& ids)
{
    std::vector<std::string> out;
    out.reserve(ids.size());
    for (SymbolId id : ids)
        out.push_back(id < table.size() ? table[id].name : std::string());
    return out;
}

} // namespace

PrefixChain build_prefix_chain(const std::vector<DefinitionPath>& paths)
{
    PrefixChain chain;
    if (paths.empty())
        return chain;
    chain.nodes.push_back({PrefixNode::Role::entry, {}, kNoState, 0});
    std::map<std::pair<std::size_t, std::string>, std::size_t> child;
    std::vector<std::vector<std::size_t>> children(1);
    std::vector<std::uint64_t> ends(1, 0);
    std::vector<double> ends_total(1, 0.0);
    for (const DefinitionPath& p : paths) {
        std::size_t cur = 0;
        chain.nodes[0].count += p.count;
        for (const std::string& s : p.symbols) {
            auto [it, fresh] = child.try_emplace({cur, s}, chain.nodes.size());
            if (fresh) {
                chain.nodes.push_back({PrefixNode::Role::state, s, cur, 0});
                children[cur].push_back(it->second);
                children.emplace_back();
                ends.push_back(0);
                ends_total.push_back(0.0);
            }
            cur = it->second;
            chain.nodes[cur].count += p.count;
        }
        ends[cur] += p.count;
        ends_total[cur] += static_cast<double>(p.count) * p.mean_total;
    }
    const std::size_t exit = chain.nodes.size();
    chain.nodes.push_back({PrefixNode::Role::exit, {}, kNoState, chain.nodes[0].count});
    auto ratio = [](std::uint64_t a, std::uint64_t b) {
        return b == 0 ? 0.0 : static_cast<double>(a) / static_cast<double>(b);
    };
    for (std::size_t v = 0; v < exit; ++v) {
        for (std::size_t c : children[v])
            chain.edges.push_back({v, c, chain.nodes[c].count, ratio(chain.nodes[c].count, chain.nodes[v].count), {}});
        if (ends[v] > 0)
            chain.edges.push_back(
                {v, exit, ends[v], ratio(ends[v], chain.nodes[v].count), ends_total[v] / static_cast<double>(ends[v])});
    }
    return chain;
}

std::optional<StateDefinition> describe_symbol(const SymbolTable& table, SymbolId id)
{
    const Symbol& s = table[id];
    if (s.kind == SymbolKind::program)
        return std::nullopt;
    StateDefinition d;
    switch (s.kind) {
    case SymbolKind::sequence:
        d.pattern = names(table, s.members);
        break;
    case SymbolKind::projection:
        d.states = names(table, s.members);
        break;
    case SymbolKind::parallel:
        if (s.members.size() == 2) {
            d.from = table[s.members[0]].name;
            d.to = table[s.members[1]].name;
        }
        [[fallthrough]];
    case SymbolKind::filter:
        for (const CompositePath& p : s.paths)
            d.paths.push_back({names(table, p.symbols), p.count, p.mean_total});
        d.chain = build_prefix_chain(d.paths);
        break;
    default:
        break;
    }
    if (s.kind != SymbolKind::other)
        d.expanded = Expander(table).expand(id);
    return d;
}

} // namespace chitra
