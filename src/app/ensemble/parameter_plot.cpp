#include "ensemble/parameter_plot.hpp"

#include "plotting/plot_theme.hpp"

#include "plotting/palette.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace chitra::app {

namespace {

QString formText(const FormulaFit& fit, const QString& p)
{
    const QString a = QString::number(fit.a, 'g', 4);
    // "a − 2 · x" rather than "a + -2 · x".
    const QString sign = fit.b < 0.0 ? QStringLiteral("−") : QStringLiteral("+");
    const QString magnitude = QString::number(std::abs(fit.b), 'g', 4);
    switch (fit.form) {
    case FormulaForm::linear:
        return QStringLiteral("y = %1 %2 %3 · %4").arg(a, sign, magnitude, p);
    case FormulaForm::power:
        return QStringLiteral("y = %1 · %2^%3").arg(a, p, QString::number(fit.b, 'g', 4));
    case FormulaForm::log:
        return QStringLiteral("y = %1 %2 %3 · ln %4").arg(a, sign, magnitude, p);
    }
    return {};
}

} // namespace

ParameterPlot::ParameterPlot(QWidget* parent)
    : QWidget(parent), parameter_(new QComboBox(this)), quantity_(new QComboBox(this)), states_(new QLineEdit(this)),
      predictAt_(new QDoubleSpinBox(this)), formula_(new QLabel(this)), prediction_(new QLabel(this)),
      plot_(new QCustomPlot(this))
{
    followPalette(plot_);
    parameter_->setObjectName(QStringLiteral("ensembleParameter"));
    parameter_->setToolTip(tr("The parameter on the x axis"));
    quantity_->addItem(tr("Mean occupancy"), static_cast<int>(Quantity::meanOccupancy));
    quantity_->addItem(tr("Share of time"), static_cast<int>(Quantity::shareOfTime));
    quantity_->addItem(tr("Visits per second"), static_cast<int>(Quantity::visitsPerSecond));
    quantity_->addItem(tr("Transition probability (FROM -> TO)"), static_cast<int>(Quantity::transitionProbability));
    quantity_->setToolTip(tr("What is measured on the chosen states of each member"));
    states_->setObjectName(QStringLiteral("ensembleStates"));
    states_->setText(QStringLiteral("*"));
    states_->setPlaceholderText(tr("names or globs, e.g. *A1* E; for a transition: FROM -> TO"));
    states_->setToolTip(tr("The states taken together, by name or glob (* any text, ? one character), "
                           "separated by spaces or commas"));
    predictAt_->setObjectName(QStringLiteral("ensemblePredictAt"));
    predictAt_->setRange(-1e12, 1e12);
    predictAt_->setDecimals(3);
    predictAt_->setToolTip(tr("A parameter value, measured or not, at which to evaluate the best formula"));
    formula_->setObjectName(QStringLiteral("ensembleFormula"));
    formula_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    prediction_->setObjectName(QStringLiteral("ensemblePrediction"));
    prediction_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* controls = new QHBoxLayout;
    auto* form = new QFormLayout;
    form->addRow(tr("&Parameter:"), parameter_);
    form->addRow(tr("&Quantity:"), quantity_);
    brushed_ = new QToolButton(this);
    brushed_->setObjectName(QStringLiteral("ensembleBrushedStates"));
    brushed_->setText(tr("&Brushed"));
    brushed_->setToolTip(tr("The states of the patterns brushed in the current view"));
    connect(brushed_, &QToolButton::clicked, this, &ParameterPlot::brushedStatesWanted);
    auto* statesRow = new QHBoxLayout;
    statesRow->addWidget(states_, 1);
    statesRow->addWidget(brushed_);
    auto* form2 = new QFormLayout;
    form2->addRow(tr("&States:"), statesRow);
    form2->addRow(tr("Predict &at:"), predictAt_);
    controls->addLayout(form);
    controls->addLayout(form2, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(formula_);
    layout->addWidget(prediction_);
    layout->addWidget(plot_, 1);

    means_ = plot_->addGraph();
    means_->setName(tr("mean per value (± 1 sd)"));
    means_->setLineStyle(QCPGraph::lsNone);
    means_->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(patternColour(1), 2), patternColour(1), 11));
    errors_ = new QCPErrorBars(plot_->xAxis, plot_->yAxis);
    errors_->setDataPlottable(means_);
    errors_->setPen(QPen(patternColour(1), 1.5));
    errors_->removeFromLegend();
    // The members after the means, so that a point on an error bar stays visible.
    points_ = plot_->addGraph();
    points_->setName(tr("members"));
    points_->setLineStyle(QCPGraph::lsNone);
    QColor pointFill = patternColour(0);
    pointFill.setAlpha(170);
    points_->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(patternColour(0).darker(130), 1.2), pointFill, 8));
    curve_ = plot_->addGraph();
    curve_->setName(tr("best formula"));
    curve_->setPen(QPen(patternColour(2), 2));
    plot_->legend->setVisible(true);
    plot_->legend->setFont(font());
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);

    connect(parameter_, &QComboBox::currentIndexChanged, this, &ParameterPlot::redraw);
    connect(quantity_, &QComboBox::currentIndexChanged, this, &ParameterPlot::redraw);
    connect(states_, &QLineEdit::textChanged, this, &ParameterPlot::redraw);
    connect(predictAt_, &QDoubleSpinBox::valueChanged, this, &ParameterPlot::showPrediction);
}

void ParameterPlot::setRuns(const std::vector<EnsembleRun>* runs)
{
    runs_ = runs;
    refresh();
}

void ParameterPlot::refresh()
{
    fillParameters();
    redraw();
}

void ParameterPlot::fillParameters()
{
    const QString current = parameter_->currentText();
    QStringList names;
    if (runs_)
        for (const std::string& name : parameterNames(*runs_))
            names << QString::fromStdString(name);
    const QSignalBlocker block(parameter_);
    parameter_->clear();
    parameter_->addItems(names);
    if (names.contains(current))
        parameter_->setCurrentText(current);
}

QString ParameterPlot::valueText(double value) const
{
    return unit_.isEmpty() ? QString::number(value, 'g', 5) : QString::number(value, 'g', 5) + " " + unit_;
}

void ParameterPlot::redraw()
{
    const auto quantity = static_cast<Quantity>(quantity_->currentData().toInt());
    const std::string parameter = parameter_->currentText().toStdString();
    const std::vector<std::string> patterns = statePatterns(states_->text().toStdString());
    std::vector<ParameterPoint> points;
    unit_.clear();
    if (runs_)
        for (std::size_t m = 0; m < runs_->size(); ++m) {
            const EnsembleRun& run = (*runs_)[m];
            const auto found = run.params.find(parameter);
            if (found == run.params.end() || !run.measured || !run.measured->error.isEmpty())
                continue;
            const std::optional<double> p = numeric_value(found->second);
            const std::optional<double> y = quantityOf(run.measured->model, patterns, quantity);
            if (!p || !y)
                continue;
            points.push_back({*p, *y, m});
            if (quantity == Quantity::meanOccupancy)
                unit_ = QString::fromStdString(std::string(to_string(run.measured->model.timebase)));
        }
    QVector<double> px, py;
    for (const ParameterPoint& p : points) {
        px << p.parameter;
        py << p.value;
    }
    points_->setData(px, py);
    const std::vector<ParameterGroup> groups = groupByParameter(points);
    QVector<double> gx, gy, ge;
    for (const ParameterGroup& g : groups) {
        gx << g.parameter;
        gy << g.mean;
        ge << g.stddev;
    }
    means_->setData(gx, gy, true);
    errors_->setData(ge);

    // A logarithmic x axis when the values span two decades or more (as 100, 1000, 10000).
    const bool logX = !groups.empty() && groups.front().parameter > 0.0 &&
                      groups.back().parameter / groups.front().parameter >= 100.0;
    plot_->xAxis->setScaleType(logX ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (logX)
        plot_->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    else
        plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());

    best_ = bestFormula(groups);
    QVector<double> cx, cy;
    if (best_) {
        const double lo = groups.front().parameter, hi = groups.back().parameter;
        for (int i = 0; i <= 200; ++i) {
            const double t = i / 200.0;
            const double p = logX ? lo * std::pow(hi / lo, t) : lo + (hi - lo) * t;
            const double y = evaluate(best_->form, best_->a, best_->b, p);
            if (std::isfinite(y)) {
                cx << p;
                cy << y;
            }
        }
        formula_->setText(tr("Best formula: %1 (%2), r² = %3")
                              .arg(formText(*best_, QString::fromStdString(parameter)),
                                   QString::fromUtf8(to_string(best_->form)), QString::number(best_->r2, 'f', 4)));
    } else if (points.empty()) {
        formula_->setText(tr("No member has a numeric %1 and a state matching the patterns")
                              .arg(parameter.empty() ? tr("parameter") : QString::fromStdString(parameter)));
    } else {
        formula_->setText(tr("No formula: it needs three or more values of %1").arg(QString::fromStdString(parameter)));
    }
    curve_->setData(cx, cy, true);

    const QString quantityName = quantity_->currentText();
    plot_->xAxis->setLabel(QString::fromStdString(parameter));
    plot_->yAxis->setLabel(unit_.isEmpty() ? quantityName : tr("%1 (%2)").arg(quantityName, unit_));
    plot_->rescaleAxes();
    // Some room around the points (multiplicative on a logarithmic axis).
    if (logX)
        plot_->xAxis->setRange(plot_->xAxis->range().lower / 1.5, plot_->xAxis->range().upper * 1.5);
    else
        plot_->xAxis->scaleRange(1.1);
    plot_->yAxis->scaleRange(1.15);
    plot_->replot();
    showPrediction();
}

void ParameterPlot::showPrediction()
{
    if (!best_) {
        prediction_->clear();
        return;
    }
    const double p = predictAt_->value();
    const double y = evaluate(best_->form, best_->a, best_->b, p);
    const QString name = parameter_->currentText();
    if (!std::isfinite(y) || (best_->form != FormulaForm::linear && p <= 0.0))
        prediction_->setText(tr("At %1 = %2: the %3 form takes no value there")
                                 .arg(name, QString::number(p, 'g', 6), QString::fromUtf8(to_string(best_->form))));
    else
        prediction_->setText(tr("At %1 = %2: %3").arg(name, QString::number(p, 'g', 6), valueText(y)));
}

void ParameterPlot::setStateNames(const std::vector<std::string>& names)
{
    // Whitespace separates the patterns: a space inside a name matches as '?'.
    QStringList words;
    for (const std::string& name : names)
        words << QString::fromStdString(name).replace(QLatin1Char(' '), QLatin1Char('?'));
    states_->setText(words.join(QLatin1Char(' ')));
}

} // namespace chitra::app
