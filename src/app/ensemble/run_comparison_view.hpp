// The Compare tab: the members side by side as `chitra-cli compare` lists them (the core's
// compare_models), one row per state and per transition and one column per fitted member,
// the rows among the core's differences in bold on a soft background. The thresholds,
// a "differences only" switch, a grouping of each state's transitions under it and a filter by state names or globs (a group of states and
// the transitions touching it) narrow the table; double-clicking a state row names it.
#pragma once

#include "chitra/ensemble/compare.hpp"
#include "ensemble/ensemble_run.hpp"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>

#include <set>
#include <string>
#include <utility>
#include <vector>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QTableWidget;

namespace chitra::app {

class RunComparisonView : public QWidget {
    Q_OBJECT
public:
    explicit RunComparisonView(QWidget* parent = nullptr);

    // The runs to compare (kept by reference: the window owns them); recomputes.
    void setRuns(const std::vector<EnsembleRun>* runs);
    // Recomputes after the runs changed (fits finished).
    void refresh();
    // True while a comparison runs on a worker (the table shows the previous one).
    bool computing() const { return computing_; }

    const Comparison& comparison() const { return comparison_; }

    QDoubleSpinBox* absoluteBox() const { return abs_; }
    QDoubleSpinBox* relativeBox() const { return rel_; }
    QCheckBox* differencesOnlyBox() const { return differencesOnly_; }
    QCheckBox* groupedBox() const { return grouped_; }
    QLineEdit* filterEdit() const { return filter_; }
    QTableWidget* table() const { return table_; }
    QLabel* summaryLabel() const { return summary_; }

    // The fixed columns, then one per compared member.
    static constexpr int kindColumn = 0;
    static constexpr int nameColumn = 1;
    static constexpr int firstRunColumn = 2;
    // The row of a state or of a transition "from → to", or -1.
    int stateRow(const QString& name) const;
    int transitionRow(const QString& from, const QString& to) const;
    // Whether a row is among the differences (drawn in bold on a soft background).
    bool rowHighlighted(int row) const;
    // The member (index into the runs) shown in a run column, or -1.

signals:
    // A comparison is shown (after the fits, or after a threshold changed).
    void comparisonShown();
    // A state row was double-clicked: the member of the clicked column (or the first
    // member that has the state) and the state's name.
    void stateChosen(int member, const QString& state);

private:
    void recompute();
    struct Result {
        std::vector<int> members; // the member of each compared run
        Comparison comparison;
    };
    void showComparison(const Result& result);
    void fillTable();
    void applyFilter();
    void chooseRow(int row, int column);

    const std::vector<EnsembleRun>* runs_ = nullptr;
    // The members to compare (those the pipeline refused are left out), and those shown.
    std::vector<int> requested_, members_;
    Comparison comparison_;
    std::set<std::string> differingStates_;
    std::set<std::pair<std::string, std::string>> differingTransitions_;
    QDoubleSpinBox* abs_;
    QDoubleSpinBox* rel_;
    QCheckBox* differencesOnly_;
    QCheckBox* grouped_;
    QLineEdit* filter_;
    QLabel* summary_;
    QTableWidget* table_;
    // Matching every state and transition by name over the runs grows with their square:
    // large models are compared on a worker; a newer request supersedes an older one.
    QFutureWatcher<std::shared_ptr<Result>> watcher_;
    bool computing_ = false; // until the watcher reports (the future itself ends earlier)
};

} // namespace chitra::app
