// Set projection and component projection (semantics.md section 3).
#include "transforms/common/transform_common.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <set>

namespace chitra {

namespace {
// What a set projection does: the table with the target, each symbol's image, and which
// images merge; nothing when no state of the set is in the trace.
struct SetProjection {
    std::shared_ptr<const SymbolTable> table;
    std::vector<SymbolId> remap;
    std::vector<std::uint8_t> merge;
};

std::optional<SetProjection> set_projection(const Ses& in, const std::vector<std::string>& states,
                                            const std::string& as, Warnings* warnings)
{
    if (states.empty())
        throw InputError("the set of states to project is empty");
    if (as.empty())
        throw InputError("the target needs a name (\"as\")");
    std::vector<SymbolId> set;
    for (const auto& name : states) {
        SymbolId id = in.symbols->find(name);
        if (id == kNoSymbol) {
            if (warnings)
                warnings->push_back("state " + detail::single_quoted(name) + " names no symbol of this trace");
        } else if (std::find(set.begin(), set.end(), id) == set.end()) {
            set.push_back(id);
        }
    }
    if (set.empty()) {
        if (warnings)
            warnings->push_back("no state of the set names a symbol of this trace; the step has no effect");
        return std::nullopt;
    }

    std::shared_ptr<const SymbolTable> table = in.symbols;
    SymbolId target = table->find(as);
    if (target == kNoSymbol) {
        auto copy = std::make_shared<SymbolTable>(*table);
        Symbol symbol;
        symbol.name = as;
        symbol.kind = SymbolKind::projection;
        symbol.members = set;
        target = copy->add(std::move(symbol));
        table = std::move(copy);
    }
    std::vector<SymbolId> remap(table->size());
    for (SymbolId id = 0; id < remap.size(); ++id)
        remap[id] = id;
    for (SymbolId id : set)
        remap[id] = target;
    std::vector<std::uint8_t> merge(table->size(), 0);
    merge[target] = 1;
    return SetProjection{std::move(table), std::move(remap), std::move(merge)};
}
} // namespace

Ses project(const Ses& in, const std::vector<std::string>& states, const std::string& as, Warnings* warnings)
{
    std::optional<SetProjection> p = set_projection(in, states, as, warnings);
    if (!p)
        return in;
    return detail::map_merge(in, std::move(p->table), p->remap, p->merge);
}

Ses project(Ses&& in, const std::vector<std::string>& states, const std::string& as, Warnings* warnings)
{
    std::optional<SetProjection> p = set_projection(in, states, as, warnings);
    if (!p)
        return std::move(in);
    return detail::map_merge(std::move(in), std::move(p->table), p->remap, p->merge);
}

namespace {
std::optional<std::size_t> component_index(const std::string& key)
{
    std::size_t value = 0;
    auto [end, ec] = std::from_chars(key.data(), key.data() + key.size(), value);
    if (key.empty() || ec != std::errc() || end != key.data() + key.size())
        return std::nullopt;
    return value;
}

std::string join(const std::vector<std::string>& parts, const std::string& separator)
{
    std::string name;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i > 0)
            name += separator;
        name += parts[i];
    }
    return name;
}
} // namespace

Ses project_components(const Ses& in, const step::ProjectComponents& params, Warnings* warnings)
{
    // Resolve the map's keys: a component's own index beats "*".
    const std::map<std::string, std::string>* any = nullptr;
    std::map<std::size_t, const std::map<std::string, std::string>*> by_index;
    for (const auto& [key, values] : params.map) {
        if (key == "*") {
            any = &values;
            continue;
        }
        auto index = component_index(key);
        if (!index)
            throw InputError("map key " + detail::single_quoted(key) + " is neither a component index nor \"*\"");
        by_index[*index] = &values;
    }
    std::set<std::size_t> drop(params.drop.begin(), params.drop.end());

    const SymbolTable& old_table = *in.symbols;
    std::vector<SymbolId> present = detail::symbols_in_order(in);
    auto copy = std::make_shared<SymbolTable>(old_table);
    std::vector<SymbolId> remap(old_table.size());
    for (SymbolId id = 0; id < remap.size(); ++id)
        remap[id] = id;
    std::size_t max_components = 0;
    std::set<std::pair<std::string, std::string>> used; // (key, value) pairs that matched
    std::vector<SymbolId> created;
    for (SymbolId id : present) {
        const Symbol& symbol = old_table[id];
        // Program states (and tuples made by an earlier component projection) have
        // components; other composites are left alone.
        if (symbol.components.empty() && symbol.kind != SymbolKind::program)
            continue;
        std::vector<std::string> components =
            symbol.components.empty() ? std::vector<std::string>{symbol.name} : symbol.components;
        max_components = std::max(max_components, components.size());
        std::vector<std::string> mapped;
        for (std::size_t c = 0; c < components.size(); ++c) {
            if (drop.count(c))
                continue;
            const std::string& value = components[c];
            auto own = by_index.find(c);
            if (own != by_index.end()) {
                auto hit = own->second->find(value);
                if (hit != own->second->end()) {
                    used.insert({std::to_string(c), value});
                    mapped.push_back(hit->second);
                    continue;
                }
            }
            if (any) {
                auto hit = any->find(value);
                if (hit != any->end()) {
                    used.insert({"*", value});
                    mapped.push_back(hit->second);
                    continue;
                }
            }
            mapped.push_back(value);
        }
        if (mapped.empty())
            throw InputError("dropping every component of state " + detail::single_quoted(symbol.name) +
                             " leaves nothing");
        if (mapped == components)
            continue;
        std::string name = join(mapped, old_table.separator());
        SymbolId target = copy->find(name);
        if (target == kNoSymbol) {
            Symbol tuple;
            tuple.name = name;
            tuple.kind = SymbolKind::projection;
            tuple.components = mapped;
            target = copy->add(std::move(tuple));
            created.push_back(target);
        }
        if (std::find(created.begin(), created.end(), target) != created.end())
            copy->at_mut(target).members.push_back(id);
        remap[id] = target;
    }
    if (warnings) {
        for (std::size_t c : drop)
            if (c >= max_components)
                warnings->push_back("component " + std::to_string(c) + " to drop does not exist in this trace");
        for (const auto& [index, values] : by_index)
            if (index >= max_components)
                warnings->push_back("component " + std::to_string(index) + " to map does not exist in this trace");
        for (const auto& [key, values] : params.map)
            for (const auto& [from, to] : values)
                if (!used.count({key, from}))
                    warnings->push_back("value " + detail::single_quoted(from) + " of component " + key +
                                        " matches no state of this trace");
    }

    std::shared_ptr<const SymbolTable> table;
    if (created.empty())
        table = in.symbols; // every tuple named an existing symbol
    else
        table = std::move(copy);
    remap.resize(table->size());
    for (SymbolId id = static_cast<SymbolId>(old_table.size()); id < remap.size(); ++id)
        remap[id] = id;
    // Every run of equal symbols merges, also when nothing changed (the semantics
    // merge every maximal run after the mapping).
    std::vector<std::uint8_t> merge(table->size(), 1);
    return detail::map_merge(in, table, remap, merge);
}

} // namespace chitra
