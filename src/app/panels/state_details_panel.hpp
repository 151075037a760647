// Dock contents: a searchable list of the states of a view's SES; the picked state's
// occupancy histogram, statistics and (for composites) definition.
//
// Public interface:
//   StateDetailsPanel(QWidget* parent = nullptr)
//   setSes(ses, timebase[, totals[, colours]])   shows the states of `ses` (call again after every
//                           pipeline change; the picked state stays picked, by name, while
//                           it exists; otherwise stateChosen(kNoSymbol) is emitted).
//                           `totals` of `ses` spare a scan of it (ViewDocument::totals());
//                           `colours`: the view's (ViewDocument::colours()), else dealt here
//   chooseState(symbol)     picks a state (e.g. clicked in a view); emits stateChosen
//                           when the choice changes; kNoSymbol clears it
//   chosenState()           kNoSymbol when none
//   stats()                 the numbers shown for the chosen state; on a SES longer than
//                           backgroundThreshold() elements they are gathered on a worker
//                           (computing() until they are shown)
//   searchBox(), stateList(), histogram(), titleLabel(), statsLabel(), definitionLabel()   (tests)
// signals: stateChosen(SymbolId) so that the views can draw a horizontal line.
// The statistics follow semantics.md section 4 (sample variance, count - 1) and the
// histogram uses the core's binning rule (chitra::make_histogram).
#pragma once

#include "chitra/trace/ses.hpp"
#include "chitra/summaries/state_summary.hpp"

#include <QWidget>

#include <memory>

class QLabel;
template <typename T> class QFutureWatcher;
class QLineEdit;
class QListView;

namespace chitra::app {

class HistogramWidget;
class StateColours;
class StateListModel;

struct StateStats {
    std::uint64_t count = 0;
    double total = 0, share = 0, mean = 0, variance = 0;
    Time min = 0, max = 0;
};
struct StateFigures; // stats and occupancy histogram of one state

class StateDetailsPanel : public QWidget {
    Q_OBJECT
public:
    explicit StateDetailsPanel(QWidget* parent = nullptr);
    ~StateDetailsPanel() override;

    void setSes(std::shared_ptr<const Ses> ses, TimeBase timebase, std::shared_ptr<const SymbolTotals> totals = nullptr,
                std::shared_ptr<const StateColours> colours = nullptr);
    void chooseState(SymbolId symbol);
    SymbolId chosenState() const { return chosen_; }
    const StateStats& stats() const { return stats_; }
    bool computing() const { return computing_; }
    static std::size_t backgroundThreshold();
    static void setBackgroundThreshold(std::size_t elements);

    QLineEdit* searchBox() const { return search_; }
    QListView* stateList() const { return list_; }
    HistogramWidget* histogram() const { return histogram_; }
    QLabel* titleLabel() const { return title_; }
    QLabel* statsLabel() const { return stats_label_; }
    QLabel* definitionLabel() const { return definition_; }

    QSize sizeHint() const override { return {320, 560}; }

signals:
    void stateChosen(SymbolId symbol);

private:
    void selectChosenRow();
    void showChosen();
    void showFigures(const StateFigures& figures);

    std::shared_ptr<const Ses> ses_;
    TimeBase timebase_ = TimeBase::us;
    SymbolId chosen_ = kNoSymbol;
    std::string chosen_name_;
    StateStats stats_;
    QFutureWatcher<std::shared_ptr<const StateFigures>>* watcher_ = nullptr;
    int generation_ = 0; // of the request whose figures may be shown
    bool computing_ = false;
    QLineEdit* search_ = nullptr;
    QListView* list_ = nullptr;
    StateListModel* model_ = nullptr;
    HistogramWidget* histogram_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* stats_label_ = nullptr;
    QLabel* definition_ = nullptr;
};

} // namespace chitra::app
