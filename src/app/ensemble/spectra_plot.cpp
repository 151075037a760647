#include "ensemble/spectra_plot.hpp"

#include "plotting/palette.hpp"
#include "plotting/plot_theme.hpp"

#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>

namespace chitra::app {

namespace {

// The centre of band b of kSpectrumBands over 0 .. 0.5 cycles per event.
double bandCentre(int b) { return (b + 0.5) * 0.5 / kSpectrumBands; }

// Points of the bands that have a value (log10 power given), as power.
void setLogData(QCPGraph* graph, const std::vector<double>& logPower)
{
    QVector<double> x, y;
    for (int b = 0; b < static_cast<int>(logPower.size()); ++b)
        if (!std::isnan(logPower[b])) {
            x << bandCentre(b);
            y << std::pow(10.0, logPower[b]);
        }
    graph->setData(x, y, true);
}

} // namespace

SpectraPlot::SpectraPlot(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(plot_);
    followPalette(plot_);
    plot_->setObjectName(QStringLiteral("ensembleSpectra"));
    plot_->xAxis->setLabel(tr("Frequency (cycles per event)"));
    plot_->yAxis->setLabel(tr("Power (mean per band)"));
    plot_->yAxis->setScaleType(QCPAxis::stLogarithmic);
    plot_->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    plot_->xAxis->setRange(0.0, 0.5);
    plot_->legend->setVisible(true);
    plot_->legend->setFont(font());
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
}

void SpectraPlot::showSpectra(const std::vector<EnsembleRun>& runs, const SpectraSummary& summary)
{
    plot_->clearGraphs();
    members_.clear();
    const QColor memberColour(150, 150, 150, 110);
    const QColor distinctColour = patternColour(1);
    const QColor meanColour = patternColour(0);
    bool memberInLegend = false;
    for (const EnsembleRun& run : runs) {
        if (!run.measured || run.measured->bandPower.empty())
            continue;
        std::vector<double> logs;
        for (double p : run.measured->bandPower)
            logs.push_back(p > 0.0 ? std::log10(p) : std::nan(""));
        QCPGraph* g = plot_->addGraph();
        setLogData(g, logs);
        g->setPen(QPen(run.distinct ? distinctColour : memberColour, run.distinct ? 1.5 : 1.0));
        g->setName(run.distinct ? tr("distinct: %1").arg(run.input.label) : tr("members"));
        // One legend entry for all ordinary members; one per distinct member.
        if (!run.distinct && memberInLegend)
            g->removeFromLegend();
        memberInLegend = memberInLegend || !run.distinct;
        members_.push_back(g);
    }
    low_ = plot_->addGraph();
    high_ = plot_->addGraph();
    setLogData(low_, summary.low);
    setLogData(high_, summary.high);
    QColor fill = meanColour;
    fill.setAlpha(60);
    low_->setPen(Qt::NoPen);
    high_->setPen(Qt::NoPen);
    high_->setBrush(fill);
    high_->setChannelFillGraph(low_);
    high_->setName(tr("95% confidence of the mean"));
    low_->removeFromLegend();
    mean_ = plot_->addGraph();
    setLogData(mean_, summary.mean);
    mean_->setPen(QPen(meanColour, 2.5));
    mean_->setName(tr("mean of %n member(s)", nullptr, static_cast<int>(members_.size())));
    plot_->yAxis->rescale();
    plot_->xAxis->setRange(0.0, 0.5);
    plot_->replot();
}

} // namespace chitra::app
