// Rules files: each line "NAME = item, item, ..." is one set projection; lines apply
// in file order; a state claimed by two lines is an error naming both.
#include "transforms/rules/rules.hpp"

#include "chitra/transforms/transforms.hpp"
#include "io/import/name_text.hpp"
#include "transforms/common/transform_common.hpp"

#include <algorithm>
#include <charconv>

namespace chitra::detail {

namespace {
std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

std::optional<std::int64_t> parse_integer(std::string_view s)
{
    std::int64_t value = 0;
    if (s.empty())
        return std::nullopt;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc() || end != s.data() + s.size())
        return std::nullopt;
    return value;
}

bool has_space(std::string_view s) { return s.find_first_of(" \t") != std::string_view::npos; }
} // namespace

std::vector<RuleLine> parse_rules(const std::string& file, std::string_view text)
{
    std::vector<RuleLine> lines;
    std::size_t number = 0;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        ++number;
        std::size_t eol = text.find('\n', pos);
        std::string_view raw = text.substr(pos, eol == std::string_view::npos ? std::string_view::npos : eol - pos);
        pos = eol == std::string_view::npos ? text.size() + 1 : eol + 1;
        std::string_view line = trim(raw.substr(0, raw.find('#')));
        auto fail = [&](const std::string& reason) {
            throw InputError(file + ":" + std::to_string(number) + ": " + reason);
        };
        if (line.empty())
            continue;
        std::size_t eq = line.find('=');
        if (eq == std::string_view::npos)
            fail("expected 'NAME = item, item, ...'");
        RuleLine rule;
        rule.line = number;
        std::string_view name = trim(line.substr(0, eq));
        if (name.empty())
            fail("missing NAME before '='");
        if (has_space(name) || name.find_first_of(",=*?") != std::string_view::npos)
            fail("NAME '" + std::string(name) + "' must be one word without ',', '=', '*' or '?'");
        // The name becomes a symbol that is written to JSON and PES text: it must be text.
        if (std::string problem = name_text_problem(name); !problem.empty())
            fail(problem + " in NAME " + quote_token(name));
        rule.name = std::string(name);
        std::string_view rest = line.substr(eq + 1);
        if (trim(rest).empty())
            fail("no items after '='");
        while (true) {
            std::size_t comma = rest.find(',');
            std::string_view item_text = trim(rest.substr(0, comma));
            if (item_text.empty())
                fail("empty item");
            if (has_space(item_text) || item_text.find('=') != std::string_view::npos)
                fail("item '" + std::string(item_text) + "' is not a state name, a glob or a range");
            RuleItem item;
            item.text = std::string(item_text);
            std::size_t dots = item_text.find("..");
            if (dots != std::string_view::npos) {
                item.kind = RuleItem::Kind::range;
                auto lo = parse_integer(item_text.substr(0, dots));
                std::string_view hi_text = item_text.substr(dots + 2);
                if (!lo)
                    fail("range '" + item.text + "' needs an integer before '..'");
                item.lo = *lo;
                if (!hi_text.empty()) {
                    auto hi = parse_integer(hi_text);
                    if (!hi)
                        fail("range '" + item.text + "' needs an integer (or nothing) after '..'");
                    if (*hi < *lo)
                        fail("range '" + item.text + "' is empty (upper end below lower end)");
                    item.hi = *hi;
                }
            } else if (has_glob_chars(item_text)) {
                item.kind = RuleItem::Kind::glob;
            }
            rule.items.push_back(std::move(item));
            if (comma == std::string_view::npos)
                break;
            rest = rest.substr(comma + 1);
        }
        lines.push_back(std::move(rule));
    }
    return lines;
}

namespace {
bool item_matches(const RuleItem& item, const Symbol& symbol)
{
    switch (item.kind) {
    case RuleItem::Kind::exact:
        return symbol.name == item.text;
    case RuleItem::Kind::glob:
        return glob_match(item.text, symbol.name);
    case RuleItem::Kind::range: {
        // Single-component states whose value is an integer.
        if (symbol.components.size() > 1)
            return false;
        const std::string& value = symbol.components.empty() ? symbol.name : symbol.components[0];
        auto v = parse_integer(value);
        return v && *v >= item.lo && (!item.hi || *v <= *item.hi);
    }
    }
    return false;
}
} // namespace

} // namespace chitra::detail

namespace chitra {

Ses apply_rules(const Ses& in, const std::string& file, std::string_view text, Warnings* warnings)
{
    using namespace detail;
    const std::vector<RuleLine> lines = parse_rules(file, text);
    const SymbolTable& old_table = *in.symbols;
    // Items match the states present in the step's input (not symbols that earlier
    // steps replaced, which linger in the table).
    const std::vector<SymbolId> present = symbols_in_order(in);
    std::vector<std::size_t> claimed_by(old_table.size(), SIZE_MAX); // index into lines
    std::vector<std::vector<SymbolId>> sets(lines.size());
    for (std::size_t l = 0; l < lines.size(); ++l) {
        for (const RuleItem& item : lines[l].items) {
            bool matched = false;
            for (SymbolId id : present) {
                if (!item_matches(item, old_table[id]))
                    continue;
                matched = true;
                std::size_t other = claimed_by[id];
                if (other != SIZE_MAX && other != l)
                    throw InputError(file + ":" + std::to_string(lines[l].line) + ": state " +
                                     single_quoted(old_table[id].name) + " is matched by line " +
                                     std::to_string(lines[other].line) + " and by line " +
                                     std::to_string(lines[l].line));
                if (other == SIZE_MAX) {
                    claimed_by[id] = l;
                    sets[l].push_back(id);
                }
            }
            if (!matched && warnings)
                warnings->push_back(file + ":" + std::to_string(lines[l].line) + ": " + single_quoted(item.text) +
                                    " matches no state of this trace");
        }
    }

    std::shared_ptr<SymbolTable> copy;
    std::vector<SymbolId> targets(lines.size(), kNoSymbol);
    for (std::size_t l = 0; l < lines.size(); ++l) {
        if (sets[l].empty())
            continue;
        const SymbolTable& current = copy ? *copy : old_table;
        SymbolId target = current.find(lines[l].name);
        if (target == kNoSymbol) {
            if (!copy)
                copy = std::make_shared<SymbolTable>(old_table);
            Symbol symbol;
            symbol.name = lines[l].name;
            symbol.kind = SymbolKind::projection;
            symbol.members = sets[l];
            target = copy->add(std::move(symbol));
        } else if (copy && target >= old_table.size()) {
            // Two lines with the same new NAME: the composite's set is their union.
            auto& members = copy->at_mut(target).members;
            members.insert(members.end(), sets[l].begin(), sets[l].end());
        }
        targets[l] = target;
    }
    if (std::all_of(sets.begin(), sets.end(), [](const auto& s) { return s.empty(); }))
        return in;
    std::shared_ptr<const SymbolTable> table = copy ? std::shared_ptr<const SymbolTable>(copy) : in.symbols;

    // Compose the lines' projections in file order: an element whose current symbol is
    // in line l's set takes line l's target.
    std::vector<SymbolId> remap(table->size());
    for (SymbolId id = 0; id < remap.size(); ++id)
        remap[id] = id;
    std::vector<std::uint8_t> in_set(table->size(), 0);
    std::vector<std::uint8_t> merge(table->size(), 0);
    for (std::size_t l = 0; l < lines.size(); ++l) {
        if (sets[l].empty())
            continue;
        for (SymbolId id : sets[l])
            in_set[id] = 1;
        for (SymbolId& r : remap)
            if (in_set[r])
                r = targets[l];
        for (SymbolId id : sets[l])
            in_set[id] = 0;
        merge[targets[l]] = 1;
    }
    return map_merge(in, table, remap, merge);
}

} // namespace chitra
