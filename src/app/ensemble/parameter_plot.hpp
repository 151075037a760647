// The Across parameters tab: a quantity of a set of states (names or globs) against a
// chosen parameter, per member as points and per parameter value as a mean with error
// bars (one standard deviation), with the best of the core's formulas through the means,
// its form and r2, and its value at a parameter value typed in. "For each" another
// parameter draws one such series per value of it, each with its own formula (as
// `chitra-cli ensemble fit` fits per `given` group).
#pragma once

#include "ensemble/ensemble_run.hpp"
#include "ensemble/parameter_series.hpp"

#include <QWidget>

#include <optional>

class QComboBox;
class QCPErrorBars;
class QCPGraph;
class QCustomPlot;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QToolButton;

namespace chitra::app {

class ParameterPlot : public QWidget {
    Q_OBJECT
public:
    explicit ParameterPlot(QWidget* parent = nullptr);

    // The runs to plot (kept by reference: the window owns them); redraws.
    void setRuns(const std::vector<EnsembleRun>* runs);
    // Redraws after the runs changed (parameters typed, fits finished).
    void refresh();
    // The set of states becomes these names (a brushed selection's states).
    void setStateNames(const std::vector<std::string>& names);

    QComboBox* parameterBox() const { return parameter_; }
    QComboBox* quantityBox() const { return quantity_; }
    QComboBox* forEachBox() const { return forEach_; } // item 0: all members together
    QLineEdit* statesEdit() const { return states_; }
    QToolButton* brushedButton() const { return brushed_; }
    QDoubleSpinBox* predictBox() const { return predictAt_; }
    QLabel* formulaLabel() const { return formula_; }
    QLabel* predictionLabel() const { return prediction_; }
    QCustomPlot* plot() const { return plot_; }
    // The first series' graphs (the only one without "For each").
    QCPGraph* pointsGraph() const { return series_.front().points; }
    QCPGraph* meansGraph() const { return series_.front().means; }
    QCPGraph* formulaGraph() const { return series_.front().curve; }
    int seriesCount() const { return static_cast<int>(shown_); }

signals:
    // "Brushed" was pressed: whoever knows the current view answers with setStateNames.
    void brushedStatesWanted();

private:
    // One group's drawing: its members, means with error bars and best formula.
    struct Series {
        QCPGraph* points = nullptr;
        QCPGraph* means = nullptr;
        QCPErrorBars* errors = nullptr;
        QCPGraph* curve = nullptr;
        QString label; // "N = 3", empty without "For each"
        std::optional<FormulaFit> best;
    };
    Series& series(std::size_t k);            // made on first use
    static void colour(Series& s, int group); // group -1: all members as one series
    void fillParameters();
    void redraw();
    void showPrediction();
    QString valueText(double value) const;

    const std::vector<EnsembleRun>* runs_ = nullptr;
    QComboBox* parameter_;
    QComboBox* quantity_;
    QComboBox* forEach_ = nullptr;
    QLineEdit* states_;
    QToolButton* brushed_ = nullptr;
    QDoubleSpinBox* predictAt_;
    QLabel* formula_;
    QLabel* prediction_;
    QCustomPlot* plot_;
    std::vector<Series> series_;
    std::size_t shown_ = 0; // series in use
    QString unit_;
};

} // namespace chitra::app
