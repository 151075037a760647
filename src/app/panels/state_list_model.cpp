#include "panels/state_list_model.hpp"

#include "plotting/palette.hpp"
#include "text/number_format.hpp"

#include <algorithm>

namespace chitra::app {

namespace {

char asciiLower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// Whether `name` contains `needle` (already lower case ASCII), ASCII letters in any case.
bool containsAsciiFolded(const std::string& name, const std::string& needle)
{
    return std::search(name.begin(), name.end(), needle.begin(), needle.end(),
                       [](char a, char b) { return asciiLower(a) == b; }) != name.end();
}

} // namespace

void StateListModel::setStates(std::shared_ptr<const SymbolTable> symbols, std::shared_ptr<const SymbolTotals> totals,
                               double total_time, std::shared_ptr<const StateColours> colours)
{
    beginResetModel();
    symbols_ = std::move(symbols);
    totals_ = std::move(totals);
    total_time_ = total_time;
    colours_ = std::move(colours);
    if (!colours_ && symbols_) { // no view's colours at hand: dealt as a view would
        std::vector<StateColours::State> states(symbols_->size());
        for (SymbolId s = 0; s < states.size(); ++s)
            states[s] = {(*symbols_)[s].name, totals_ && s < totals_->time.size() ? totals_->time[s] : 0.0};
        colours_ = std::make_shared<const StateColours>(states, FixedColours{}, ColourBook::shared());
    }
    ranked_.clear();
    const std::size_t table = symbols_ ? symbols_->size() : 0;
    if (totals_ && totals_->count.size() == table) {
        for (SymbolId s = 0; s < table; ++s)
            if (totals_->count[s])
                ranked_.push_back(s);
        // Most time first: the states an analyst asks about.
        const std::vector<double>& time = totals_->time;
        std::stable_sort(ranked_.begin(), ranked_.end(), [&](SymbolId a, SymbolId b) { return time[a] > time[b]; });
    }
    applyFilter();
    endResetModel();
}

void StateListModel::setFilter(const QString& text)
{
    if (text == filter_)
        return;
    beginResetModel();
    filter_ = text;
    applyFilter();
    endResetModel();
}

void StateListModel::applyFilter()
{
    shown_.clear();
    shown_.reserve(ranked_.size());
    bool ascii = true;
    for (QChar c : filter_)
        ascii = ascii && c.unicode() < 0x80;
    const std::string needle = filter_.toLower().toStdString();
    for (std::uint32_t k = 0; k < ranked_.size(); ++k) {
        const std::string& name = (*symbols_)[ranked_[k]].name;
        // Names are scanned as bytes when the search text is ASCII: a million of them
        // filter in a few milliseconds. Other search texts need Unicode case folding.
        const bool match = filter_.isEmpty() ? true
                           : ascii           ? containsAsciiFolded(name, needle)
                                             : QString::fromStdString(name).contains(filter_, Qt::CaseInsensitive);
        if (match)
            shown_.push_back(k);
    }
}

int StateListModel::rowOf(SymbolId symbol) const
{
    for (std::size_t r = 0; r < shown_.size(); ++r)
        if (ranked_[shown_[r]] == symbol)
            return static_cast<int>(r);
    return -1;
}

int StateListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(shown_.size());
}

const QIcon& StateListModel::swatchFor(SymbolId symbol) const
{
    const QColor colour = colours_ ? colours_->colour(symbol) : QColor(Qt::gray);
    auto it = swatches_.find(colour.rgba());
    if (it == swatches_.end())
        it = swatches_.insert(colour.rgba(), colourSwatch(colour));
    return *it;
}

QVariant StateListModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() < 0 || static_cast<std::size_t>(index.row()) >= shown_.size())
        return {};
    const SymbolId s = symbolAt(index.row());
    const Symbol& sym = (*symbols_)[s];
    switch (role) {
    case Qt::DisplayRole:
        return QStringLiteral("%1    %2 · %3×")
            .arg(QString::fromStdString(sym.name), formatShare(total_time_ > 0 ? totals_->time[s] / total_time_ : 0.0),
                 formatCount(static_cast<long long>(totals_->count[s])));
    case Qt::DecorationRole:
        return swatchFor(s);
    case Qt::ToolTipRole:
        return QString::fromStdString(std::string(to_string(sym.kind)));
    case kSymbolRole:
        return QVariant::fromValue<SymbolId>(s);
    case kNameRole:
        return QString::fromStdString(sym.name);
    default:
        return {};
    }
}

} // namespace chitra::app
