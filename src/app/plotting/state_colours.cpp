#include "plotting/state_colours.hpp"

#include "plotting/palette.hpp"

#include <QSettings>

#include <algorithm>
#include <array>
#include <numeric>

namespace chitra::app {

namespace {

const QString kBookKey = QStringLiteral("colours/states");
constexpr int kBookSize = 512; // names remembered; the least recently assigned go first

// FNV-1a: a name's secondary colour is the same in every run and on every machine.
std::uint32_t nameHash(std::string_view name)
{
    std::uint32_t h = 2166136261u;
    for (unsigned char c : name)
        h = (h ^ c) * 16777619u;
    return h;
}

} // namespace

ColourBook& ColourBook::shared()
{
    static ColourBook book;
    book.load();
    return book;
}

void ColourBook::load()
{
    if (loaded_)
        return;
    loaded_ = true;
    for (const QString& entry : QSettings().value(kBookKey).toStringList()) {
        const qsizetype space = entry.indexOf(' ');
        bool ok = false;
        const int slot = space > 0 ? entry.left(space).toInt(&ok) : -1;
        if (!ok || slot < 0 || slot >= kPrimaryColours)
            continue; // not written by this class: dropped at the next write
        slots_[entry.mid(space + 1).toStdString()] = slot;
        order_.push_back(entry);
    }
}

std::optional<int> ColourBook::slotOf(std::string_view name) const
{
    const auto it = slots_.find(name);
    return it == slots_.end() ? std::nullopt : std::optional<int>(it->second);
}

void ColourBook::remember(const std::string& name, int slot)
{
    const auto it = slots_.find(name);
    if (it != slots_.end() && it->second == slot)
        return;
    const QString qname = QString::fromStdString(name);
    if (it != slots_.end())
        order_.removeOne(QString::number(it->second) + ' ' + qname);
    slots_[name] = slot;
    order_.push_back(QString::number(slot) + ' ' + qname);
    while (order_.size() > kBookSize) {
        const QString& oldest = order_.front();
        slots_.erase(oldest.mid(oldest.indexOf(' ') + 1).toStdString());
        order_.pop_front();
    }
    QSettings().setValue(kBookKey, order_);
}

StateColours::StateColours(const std::vector<State>& states, const FixedColours& fixed, ColourBook& book,
                           const StateColours* inherited, NameLookup lookup)
    : choices_(states.size()), lookup_(std::move(lookup)), fixed_(fixed)
{
    if (!lookup_)
        for (std::size_t i = 0; i < states.size(); ++i)
            index_.try_emplace(std::string(states[i].name), i);

    // Colours decided before the palette: inherited and fixed ones.
    std::array<bool, kPrimaryColours> taken{};
    std::vector<std::size_t> open;
    for (std::size_t i = 0; i < states.size(); ++i) {
        if (const Choice* c = inherited ? inherited->choiceOf(states[i].name) : nullptr) {
            choices_[i] = *c;
            if (c->kind == Choice::primary && states[i].time > 0)
                taken[c->value] = true;
        } else if (const auto f = fixed_.empty() ? fixed_.end() : fixed_.find(std::string(states[i].name));
                   f != fixed_.end()) {
            choices_[i] = {Choice::fixed, f->second};
        } else {
            open.push_back(i);
        }
    }

    // The states shown, most time first (ties by name, so that two traces rank them alike).
    std::vector<std::size_t> shown;
    for (std::size_t i : open)
        if (states[i].time > 0)
            shown.push_back(i);
    std::sort(shown.begin(), shown.end(), [&](std::size_t a, std::size_t b) {
        return states[a].time != states[b].time ? states[a].time > states[b].time : states[a].name < states[b].name;
    });
    const auto free = static_cast<std::size_t>(std::count(taken.begin(), taken.end(), false));
    const std::size_t top = std::min(shown.size(), free);

    // The top states keep the colour their name had when it is still free...
    std::vector<std::size_t> unplaced;
    for (std::size_t r = 0; r < top; ++r) {
        const std::size_t i = shown[r];
        const auto slot = book.slotOf(states[i].name);
        if (slot && !taken[*slot]) {
            choices_[i] = {Choice::primary, static_cast<std::uint32_t>(*slot)};
            taken[*slot] = true;
        } else {
            unplaced.push_back(i);
        }
    }
    // ...else take a free one, rather one that no other state of the view remembers.
    std::array<bool, kPrimaryColours> wanted{};
    for (std::size_t i : open)
        if (const auto slot = book.slotOf(states[i].name))
            wanted[*slot] = true;
    for (std::size_t i : unplaced) {
        int pick = -1;
        for (int s = 0; s < kPrimaryColours && pick < 0; ++s)
            if (!taken[s] && !wanted[s])
                pick = s;
        for (int s = 0; s < kPrimaryColours && pick < 0; ++s)
            if (!taken[s])
                pick = s;
        taken[pick] = true;
        choices_[i] = {Choice::primary, static_cast<std::uint32_t>(pick)};
        book.remember(std::string(states[i].name), pick);
    }
    // The others: their remembered colour when no top state has it, else a secondary one.
    std::vector<bool> placed(states.size(), false);
    for (std::size_t r = 0; r < top; ++r)
        placed[shown[r]] = true;
    for (std::size_t i : open) {
        if (placed[i])
            continue;
        const auto slot = book.slotOf(states[i].name);
        choices_[i] = slot && !taken[*slot] ? Choice{Choice::primary, static_cast<std::uint32_t>(*slot)}
                                            : Choice{Choice::secondary, nameHash(states[i].name)};
    }
}

const StateColours::Choice* StateColours::choiceOf(std::string_view name) const
{
    if (lookup_) {
        const std::size_t i = lookup_(name);
        return i < choices_.size() ? &choices_[i] : nullptr;
    }
    const auto it = index_.find(std::string(name));
    return it == index_.end() ? nullptr : &choices_[it->second];
}

QColor StateColours::resolve(Choice c) const
{
    switch (c.kind) {
    case Choice::fixed:
        return QColor(static_cast<QRgb>(c.value));
    case Choice::primary:
        return primaryColour(static_cast<int>(c.value));
    case Choice::secondary:
        break;
    }
    return secondaryColour(static_cast<int>(c.value % static_cast<std::uint32_t>(secondaryColourCount())));
}

QColor StateColours::colour(std::size_t index) const
{
    return index < choices_.size() ? resolve(choices_[index]) : secondaryColour(static_cast<int>(index));
}

QColor StateColours::colourOf(std::string_view name) const
{
    if (const Choice* c = choiceOf(name))
        return resolve(*c);
    if (const auto f = fixed_.find(std::string(name)); f != fixed_.end())
        return QColor(static_cast<QRgb>(f->second));
    return resolve({Choice::secondary, nameHash(name)});
}

std::optional<int> StateColours::primarySlot(std::size_t index) const
{
    if (index >= choices_.size() || choices_[index].kind != Choice::primary)
        return std::nullopt;
    return static_cast<int>(choices_[index].value);
}

} // namespace chitra::app
