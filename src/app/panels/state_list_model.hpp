// The rows of the state details panel's list: the states present in a SES, most time
// first, narrowed by a search text. Rows are formed when the view asks for them, so that a
// trace with a million distinct states (lanes that change independently) lists at once.
//
// Public interface:
//   setStates(symbols, totals)  the states with a visit in `totals`, most time first
//   setFilter(text)             shows only states whose name contains `text` (any case)
//   rowOf(symbol)               the row showing `symbol`, -1 when none
//   symbolAt(row)               the state a row shows
// Roles: Qt::DisplayRole "NAME    SHARE · COUNT×", Qt::DecorationRole the state's colour,
// Qt::ToolTipRole its kind, kSymbolRole its SymbolId, kNameRole its name.
#pragma once

#include "chitra/trace/symbols.hpp"
#include "chitra/summaries/state_summary.hpp"
#include "plotting/state_colours.hpp"

#include <QAbstractListModel>
#include <QHash>
#include <QIcon>

#include <memory>
#include <vector>

namespace chitra::app {

class StateListModel : public QAbstractListModel {
    Q_OBJECT
public:
    static constexpr int kSymbolRole = Qt::UserRole;
    static constexpr int kNameRole = Qt::UserRole + 1;

    using QAbstractListModel::QAbstractListModel;

    void setStates(std::shared_ptr<const SymbolTable> symbols, std::shared_ptr<const SymbolTotals> totals,
                   double total_time, std::shared_ptr<const StateColours> colours = nullptr);
    void setFilter(const QString& text);
    int rowOf(SymbolId symbol) const;
    SymbolId symbolAt(int row) const { return ranked_[shown_[static_cast<std::size_t>(row)]]; }

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    void applyFilter();
    const QIcon& swatchFor(SymbolId symbol) const;

    std::shared_ptr<const SymbolTable> symbols_;
    std::shared_ptr<const StateColours> colours_;
    std::shared_ptr<const SymbolTotals> totals_;
    double total_time_ = 0;
    std::vector<SymbolId> ranked_;     // states with a visit, most time first
    std::vector<std::uint32_t> shown_; // positions in ranked_ that pass the filter, in order
    QString filter_;
    mutable QHash<QRgb, QIcon> swatches_;
};

} // namespace chitra::app
