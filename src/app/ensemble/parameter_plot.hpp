// The Across parameters tab: a quantity of a set of states (names or globs) against a
// chosen parameter, per member as points and per parameter value as a mean with error
// bars (one standard deviation), with the best of the core's formulas through the means,
// its form and r2, and its value at a parameter value typed in.
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
    QLineEdit* statesEdit() const { return states_; }
    QToolButton* brushedButton() const { return brushed_; }
    QDoubleSpinBox* predictBox() const { return predictAt_; }
    QLabel* formulaLabel() const { return formula_; }
    QLabel* predictionLabel() const { return prediction_; }
    QCustomPlot* plot() const { return plot_; }
    QCPGraph* pointsGraph() const { return points_; }
    QCPGraph* meansGraph() const { return means_; }
    QCPGraph* formulaGraph() const { return curve_; }

signals:
    // "Brushed" was pressed: whoever knows the current view answers with setStateNames.
    void brushedStatesWanted();

private:
    void fillParameters();
    void redraw();
    void showPrediction();
    QString valueText(double value) const;

    const std::vector<EnsembleRun>* runs_ = nullptr;
    QComboBox* parameter_;
    QComboBox* quantity_;
    QLineEdit* states_;
    QToolButton* brushed_ = nullptr;
    QDoubleSpinBox* predictAt_;
    QLabel* formula_;
    QLabel* prediction_;
    QCustomPlot* plot_;
    QCPGraph* points_;
    QCPGraph* means_;
    QCPErrorBars* errors_;
    QCPGraph* curve_;
    std::optional<FormulaFit> best_;
    QString unit_;
};

} // namespace chitra::app
