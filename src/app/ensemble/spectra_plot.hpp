// The Spectra tab: every member's banded event-domain periodogram in a light line, their
// mean in a strong line with its 95% confidence band, on a logarithmic power axis;
// members of a distinct mode drawn in a colour of their own.
#pragma once

#include "ensemble/ensemble_run.hpp"
#include "ensemble/spectra_summary.hpp"

#include <QWidget>

class QCustomPlot;
class QCPGraph;

namespace chitra::app {

class SpectraPlot : public QWidget {
    Q_OBJECT
public:
    explicit SpectraPlot(QWidget* parent = nullptr);

    void showSpectra(const std::vector<EnsembleRun>& runs, const SpectraSummary& summary);

    QCustomPlot* plot() const { return plot_; }
    // The graphs drawn: one per measured member, then the mean and the band's two edges.
    const std::vector<QCPGraph*>& memberGraphs() const { return members_; }
    QCPGraph* meanGraph() const { return mean_; }
    QCPGraph* bandLowGraph() const { return low_; }
    QCPGraph* bandHighGraph() const { return high_; }

private:
    QCustomPlot* plot_;
    std::vector<QCPGraph*> members_;
    QCPGraph* mean_ = nullptr;
    QCPGraph* low_ = nullptr;
    QCPGraph* high_ = nullptr;
};

} // namespace chitra::app
