// The colour of each state of a view (interfaces.md "What the views report", Colours): the
// source's colour where the trace gives one; else a palette colour, the same name keeping
// its colour across traces, views and sessions (ColourBook), where the 8 states covering
// most time get primary colours no other state of the view has.
#pragma once

#include <QColor>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace chitra::app {

// Which primary colour each name last had, kept in the user's settings so that a name
// keeps its colour in the next trace and the next run. Used on the GUI thread only.
class ColourBook {
public:
    // The book of this user (settings key "colours/states"), read on first use.
    static ColourBook& shared();

    std::optional<int> slotOf(std::string_view name) const;
    // `name` has primary colour `slot` from now on (the settings are written at once).
    void remember(const std::string& name, int slot);

private:
    void load();
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
    };
    bool loaded_ = false;
    std::unordered_map<std::string, int, Hash, std::equal_to<>> slots_;
    QStringList order_; // "SLOT NAME", least recently assigned first
};

// Colours fixed by name whatever the palette: the source's (0xRRGGBB), a saved session's.
using FixedColours = std::unordered_map<std::string, std::uint32_t>;

class StateColours {
public:
    struct State {
        std::string_view name;
        double time = 0; // time covered in the view: 0 for a state that is not shown
    };
    // The index of the state named so, npos for none: a symbol table's own lookup, so
    // that a view of a million states copies no names.
    using NameLookup = std::function<std::size_t(std::string_view)>;
    // Colours for `states` (by index). A name that `inherited` colours keeps its colour
    // there (one view's states and its lanes' states agree); a name in `fixed` has that
    // colour; the rest are dealt palette colours through `book`. Names are looked up
    // with `lookup`, else in an index of copies made here.
    StateColours(const std::vector<State>& states, const FixedColours& fixed, ColourBook& book,
                 const StateColours* inherited = nullptr, NameLookup lookup = {});

    std::size_t size() const { return choices_.size(); }
    // The colour of state `index` in the current palette.
    QColor colour(std::size_t index) const;
    // The colour of a state by name: one of `states`, else its fixed colour or a secondary
    // colour told by its name.
    QColor colourOf(std::string_view name) const;
    // Whether state `index` has one of the primary colours, and which (tests, legends).
    std::optional<int> primarySlot(std::size_t index) const;

private:
    struct Choice {
        enum Kind : std::uint8_t { fixed, primary, secondary } kind = secondary;
        std::uint32_t value = 0; // 0xRRGGBB or slot
    };
    QColor resolve(Choice c) const;
    const Choice* choiceOf(std::string_view name) const;

    std::vector<Choice> choices_;
    NameLookup lookup_;
    std::unordered_map<std::string, std::size_t> index_; // without lookup_: first state of each name
    FixedColours fixed_;
};

} // namespace chitra::app
