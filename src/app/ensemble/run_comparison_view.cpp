#include "ensemble/run_comparison_view.hpp"

#include "jobs/worker_pool.hpp"
#include "chitra/transforms/transforms.hpp"
#include "ensemble/parameter_series.hpp"
#include "plotting/palette.hpp"
#include "text/number_format.hpp"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace chitra::app {

namespace {

enum Role { kindRole = Qt::UserRole, nameRole, toRole, indexRole };
enum Kind { stateKind = 0, transitionKind = 1 };

const QString kPresent = QStringLiteral("✓");

QTableWidgetItem* readOnly(const QString& text)
{
    auto* item = new QTableWidgetItem(text);
    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
    return item;
}

QString percentOf(double value) { return QString::number(100.0 * value, 'f', 1) + QStringLiteral(" %"); }

} // namespace

RunComparisonView::RunComparisonView(QWidget* parent)
    : QWidget(parent), abs_(new QDoubleSpinBox(this)), rel_(new QDoubleSpinBox(this)),
      differencesOnly_(new QCheckBox(tr("&Differences only"), this)),
      grouped_(new QCheckBox(tr("&Group by state"), this)), filter_(new QLineEdit(this)), summary_(new QLabel(this)),
      table_(new QTableWidget(this))
{
    abs_->setObjectName(QStringLiteral("compareAbsolute"));
    abs_->setRange(0.0, 1e12);
    abs_->setDecimals(4);
    abs_->setSingleStep(0.01);
    abs_->setValue(CompareThresholds{}.abs);
    abs_->setToolTip(tr("A statistic differs when its largest and smallest values are further apart than "
                        "this (share and probability as fractions, mean in the trace's time unit): --abs"));
    rel_->setObjectName(QStringLiteral("compareRelative"));
    rel_->setRange(0.0, 100.0);
    rel_->setDecimals(3);
    rel_->setSingleStep(0.05);
    rel_->setValue(CompareThresholds{}.rel);
    rel_->setToolTip(tr("... and further apart than this fraction of the largest value: --rel"));
    differencesOnly_->setObjectName(QStringLiteral("compareDifferencesOnly"));
    differencesOnly_->setToolTip(tr("Hide the states and transitions that do not differ"));
    grouped_->setObjectName(QStringLiteral("compareGrouped"));
    grouped_->setToolTip(tr("List each state's transitions under it instead of all transitions after the states"));
    filter_->setObjectName(QStringLiteral("compareFilter"));
    filter_->setPlaceholderText(tr("every state; or names or globs, e.g. *A1* E"));
    filter_->setToolTip(tr("A group of states by name or glob (* any text, ? one character), separated by "
                           "spaces or commas: those states and the transitions touching them"));
    filter_->setClearButtonEnabled(true);
    summary_->setObjectName(QStringLiteral("compareSummary"));
    table_->setObjectName(QStringLiteral("compareTable"));
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(false);

    auto* absLabel = new QLabel(tr("Abs&olute above:"), this);
    absLabel->setBuddy(abs_);
    auto* relLabel = new QLabel(tr("Re&lative above:"), this);
    relLabel->setBuddy(rel_);
    auto* filterLabel = new QLabel(tr("&States:"), this);
    filterLabel->setBuddy(filter_);
    // The spin boxes' range would make them as wide as its largest value.
    const int spinWidth = fontMetrics().horizontalAdvance(QStringLiteral("0000.0000")) + 40;
    abs_->setMaximumWidth(spinWidth);
    rel_->setMaximumWidth(spinWidth);
    auto* thresholds = new QHBoxLayout;
    thresholds->addWidget(absLabel);
    thresholds->addWidget(abs_);
    thresholds->addSpacing(8);
    thresholds->addWidget(relLabel);
    thresholds->addWidget(rel_);
    thresholds->addSpacing(16);
    thresholds->addWidget(differencesOnly_);
    thresholds->addWidget(grouped_);
    thresholds->addStretch(1);
    auto* states = new QHBoxLayout;
    states->addWidget(filterLabel);
    states->addWidget(filter_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(thresholds);
    layout->addLayout(states);
    layout->addWidget(summary_);
    layout->addWidget(table_, 1);

    connect(abs_, &QDoubleSpinBox::valueChanged, this, &RunComparisonView::recompute);
    connect(rel_, &QDoubleSpinBox::valueChanged, this, &RunComparisonView::recompute);
    connect(differencesOnly_, &QCheckBox::toggled, this, &RunComparisonView::applyFilter);
    connect(grouped_, &QCheckBox::toggled, this, &RunComparisonView::fillTable);
    connect(filter_, &QLineEdit::textChanged, this, &RunComparisonView::applyFilter);
    connect(table_, &QTableWidget::cellDoubleClicked, this, &RunComparisonView::chooseRow);
    connect(&watcher_, &QFutureWatcherBase::finished, this, [this] {
        computing_ = false;
        if (watcher_.future().resultCount() > 0 && watcher_.result())
            showComparison(*watcher_.result());
    });
    summary_->setText(tr("Fitting the members…"));
}

void RunComparisonView::setRuns(const std::vector<EnsembleRun>* runs)
{
    runs_ = runs;
    refresh();
}

void RunComparisonView::refresh()
{
    requested_.clear();
    if (runs_)
        for (std::size_t m = 0; m < runs_->size(); ++m)
            if ((*runs_)[m].measured && (*runs_)[m].measured->error.isEmpty())
                requested_.push_back(static_cast<int>(m));
    recompute();
}

void RunComparisonView::recompute()
{
    std::vector<std::string> names;
    std::vector<SemiMarkovModel> models;
    for (int m : requested_) {
        names.push_back((*runs_)[m].input.label.toStdString());
        models.push_back((*runs_)[m].measured->model);
    }
    const CompareThresholds thresholds{abs_->value(), rel_->value()};
    computing_ = true;
    watcher_.setFuture(
        runInBackground([members = requested_, names = std::move(names), models = std::move(models), thresholds] {
            return std::make_shared<Result>(Result{members, compare_models(names, models, thresholds)});
        }));
}

void RunComparisonView::showComparison(const Result& result)
{
    members_ = result.members;
    comparison_ = result.comparison;
    differingStates_.clear();
    differingTransitions_.clear();
    for (const Difference& d : comparison_.differences) {
        if (d.transition)
            differingTransitions_.emplace(d.from, d.to);
        else
            differingStates_.insert(d.name);
    }
    fillTable();
    emit comparisonShown();
}

void RunComparisonView::fillTable()
{
    const int runs = static_cast<int>(members_.size());
    const int states = static_cast<int>(comparison_.states.size());
    const int transitions = static_cast<int>(comparison_.transitions.size());
    table_->setSortingEnabled(false);
    table_->clear();
    table_->setColumnCount(firstRunColumn + runs);
    table_->setRowCount(states + transitions);
    QStringList headers{tr("Kind"), tr("State / transition")};
    for (int m : members_)
        headers << (*runs_)[m].input.label;
    table_->setHorizontalHeaderLabels(headers);
    for (int r = 0; r < runs; ++r)
        table_->horizontalHeaderItem(firstRunColumn + r)->setToolTip((*runs_)[members_[r]].input.path);

    QColor soft = patternColour(0);
    soft.setAlpha(70);
    auto describe = [&](const std::string& name, const std::string& to, bool transition) {
        QStringList lines;
        for (const Difference& d : comparison_.differences)
            if (d.transition == transition && (transition ? d.from == name && d.to == to : d.name == name))
                lines << tr("%1 differs by %2 (%3 of the largest)")
                             .arg(QString::fromStdString(d.statistic), QString::number(d.abs, 'g', 4),
                                  percentOf(d.rel));
        return lines.join('\n');
    };
    auto finishRow = [&](int row, bool differs, const QString& why) {
        for (int c = 0; c < table_->columnCount(); ++c) {
            QTableWidgetItem* item = table_->item(row, c);
            if (!item)
                table_->setItem(row, c, item = readOnly({}));
            if (differs) {
                QFont font = item->font();
                font.setBold(true);
                item->setFont(font);
                item->setBackground(soft);
                item->setToolTip(why);
            }
        }
    };

    auto addStateRow = [&](int row, int index) {
        const ComparedState& state = comparison_.states[index];
        auto* name = readOnly(QString::fromStdString(state.name));
        name->setData(kindRole, stateKind);
        name->setData(nameRole, name->text());
        name->setData(indexRole, index);
        table_->setItem(row, kindColumn, readOnly(tr("state")));
        table_->setItem(row, nameColumn, name);
        for (int r = 0; r < runs; ++r) {
            if (!state.present[r])
                continue;
            const TimeBase base = (*runs_)[members_[r]].input.trace->header.timebase;
            const QString mean = state.mean[r] ? formatDuration(*state.mean[r], base) : QStringLiteral("–");
            auto* item = readOnly(QStringLiteral("%1  %2 · %3").arg(kPresent, percentOf(state.share[r]), mean));
            table_->setItem(row, firstRunColumn + r, item);
        }
        const bool differs = differingStates_.count(state.name) > 0;
        finishRow(row, differs, describe(state.name, {}, false));
    };

    auto addTransitionRow = [&](int row, int index) {
        const ComparedTransition& transition = comparison_.transitions[index];
        auto* name = readOnly(QStringLiteral("%1 → %2").arg(QString::fromStdString(transition.from),
                                                            QString::fromStdString(transition.to)));
        name->setData(kindRole, transitionKind);
        name->setData(nameRole, QString::fromStdString(transition.from));
        name->setData(toRole, QString::fromStdString(transition.to));
        name->setData(indexRole, index);
        table_->setItem(row, kindColumn, readOnly(tr("transition")));
        table_->setItem(row, nameColumn, name);
        for (int r = 0; r < runs; ++r) {
            if (!transition.present[r])
                continue;
            auto* item =
                readOnly(QStringLiteral("%1  p %2").arg(kPresent, QString::number(transition.probability[r], 'f', 3)));
            table_->setItem(row, firstRunColumn + r, item);
        }
        const bool differs = differingTransitions_.count({transition.from, transition.to}) > 0;
        finishRow(row, differs, describe(transition.from, transition.to, true));
    };

    // Row order: the states, then the transitions; grouped, each state then the
    // transitions leaving it.
    std::vector<std::pair<bool, int>> order; // (transition, index into the comparison)
    std::vector<bool> placed(transitions, false);
    for (int s = 0; s < states; ++s) {
        order.emplace_back(false, s);
        if (!grouped_->isChecked())
            continue;
        for (int t = 0; t < transitions; ++t)
            if (!placed[t] && comparison_.transitions[t].from == comparison_.states[s].name) {
                order.emplace_back(true, t);
                placed[t] = true;
            }
    }
    for (int t = 0; t < transitions; ++t)
        if (!placed[t])
            order.emplace_back(true, t);

    for (int row = 0; row < static_cast<int>(order.size()); ++row) {
        const auto [isTransition, index] = order[row];
        if (isTransition)
            addTransitionRow(row, index);
        else
            addStateRow(row, index);
    }
    table_->resizeColumnsToContents();
    for (int c = 0; c < table_->columnCount(); ++c) // room to read the bold rows
        table_->setColumnWidth(c, table_->columnWidth(c) + 12);

    const bool fitting = runs_ && std::any_of(runs_->begin(), runs_->end(),
                                              [](const EnsembleRun& r) { return !r.measured.has_value(); });
    if (fitting) {
        summary_->setText(tr("Fitting the members…"));
        applyFilter();
        return;
    }
    QString text = tr("%1 and %2 over %3; %4")
                       .arg(tr("%n state(s)", nullptr, states), tr("%n transition(s)", nullptr, transitions),
                            tr("%n run(s)", nullptr, runs),
                            tr("%n difference(s) in bold", nullptr, static_cast<int>(comparison_.differences.size())));
    if (runs_ && members_.size() < runs_->size())
        text += tr("; %n member(s) the pipeline refused left out", nullptr,
                   static_cast<int>(runs_->size() - members_.size()));
    summary_->setText(text);
    applyFilter();
}

void RunComparisonView::applyFilter()
{
    const std::vector<std::string> patterns = statePatterns(filter_->text().toStdString());
    for (int row = 0; row < table_->rowCount(); ++row) {
        const QTableWidgetItem* name = table_->item(row, nameColumn);
        bool shown = !differencesOnly_->isChecked() || rowHighlighted(row);
        if (shown && !patterns.empty()) {
            shown = glob_match_any(patterns, name->data(nameRole).toString().toStdString());
            if (!shown && name->data(kindRole).toInt() == transitionKind)
                shown = glob_match_any(patterns, name->data(toRole).toString().toStdString());
        }
        table_->setRowHidden(row, !shown);
    }
}

int RunComparisonView::stateRow(const QString& name) const
{
    for (int row = 0; row < table_->rowCount(); ++row) {
        const QTableWidgetItem* item = table_->item(row, nameColumn);
        if (item->data(kindRole).toInt() == stateKind && item->data(nameRole).toString() == name)
            return row;
    }
    return -1;
}

int RunComparisonView::transitionRow(const QString& from, const QString& to) const
{
    for (int row = 0; row < table_->rowCount(); ++row) {
        const QTableWidgetItem* item = table_->item(row, nameColumn);
        if (item->data(kindRole).toInt() == transitionKind && item->data(nameRole).toString() == from &&
            item->data(toRole).toString() == to)
            return row;
    }
    return -1;
}

bool RunComparisonView::rowHighlighted(int row) const
{
    const QTableWidgetItem* item = table_->item(row, nameColumn);
    return item && item->font().bold();
}

void RunComparisonView::chooseRow(int row, int column)
{
    const QTableWidgetItem* name = table_->item(row, nameColumn);
    if (!name || name->data(kindRole).toInt() != stateKind)
        return;
    const QString state = name->data(nameRole).toString();
    // The clicked run when it has the state, else the first that has it.
    int run = column - firstRunColumn;
    const ComparedState& compared = comparison_.states.at(name->data(indexRole).toUInt());
    if (run < 0 || run >= static_cast<int>(members_.size()) || !compared.present[run]) {
        run = -1;
        for (std::size_t r = 0; r < compared.present.size() && run < 0; ++r)
            if (compared.present[r])
                run = static_cast<int>(r);
    }
    if (run >= 0)
        emit stateChosen(members_[run], state);
}

} // namespace chitra::app
