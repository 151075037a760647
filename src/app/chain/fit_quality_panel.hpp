// The model window's "Fit quality" tab: validates the model against the sequence it was
// fitted to (docs/validation.md) on a worker thread and shows the verdict, every test
// with its p-value, and the trace's periodogram against the simulated band.
//
// Public interface:
//   FitQualityPanel(model, ses, parent)   ses may be null: the tab then says why it is idle
//   validate()           starts a validation with the seed in seedBox() (also the button)
//   verdictLabel(), testsTable(), plot(), validateButton(), seedBox()   parts, for tests
//   result()             the last validation, or null
// signals: validated() when a result is shown.
#pragma once

#include "chitra/chain/chain.hpp"
#include "chitra/trace/ses.hpp"
#include "chitra/validation/validation.hpp"

#include <QWidget>

#include <memory>

class QCustomPlot;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace chitra::app {

class FitQualityPanel : public QWidget {
    Q_OBJECT
public:
    FitQualityPanel(const SemiMarkovModel& model, std::shared_ptr<const Ses> ses, QWidget* parent = nullptr);

    void validate();
    const Validation* result() const { return result_.get(); }

    QLabel* verdictLabel() const { return verdict_; }
    QTableWidget* testsTable() const { return tests_; }
    QCustomPlot* plot() const { return plot_; }
    QPushButton* validateButton() const { return button_; }
    QSpinBox* seedBox() const { return seed_; }

signals:
    void validated();

private:
    void show(std::shared_ptr<const Validation> v);
    void fillTests(const Validation& v);
    void plotPeriodogram(const PeriodogramFit& pg);

    std::shared_ptr<const ModelDocument> model_;
    std::shared_ptr<const Ses> ses_;
    std::shared_ptr<const Validation> result_;
    int generation_ = 0;
    QLabel* verdict_ = nullptr;
    QTableWidget* tests_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QPushButton* button_ = nullptr;
    QSpinBox* seed_ = nullptr;
};

} // namespace chitra::app
