#include "ensemble/parameter_plot.hpp"

#include "plotting/palette.hpp"
#include "plotting/plot_theme.hpp"

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
#include <map>
#include <tuple>
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

    forEach_ = new QComboBox(this);
    forEach_->setObjectName(QStringLiteral("ensembleForEach"));
    forEach_->setToolTip(tr("One series and formula per value of this parameter (as ensemble fit's given groups)"));

    auto* controls = new QHBoxLayout;
    auto* form = new QFormLayout;
    form->addRow(tr("&Parameter:"), parameter_);
    form->addRow(tr("For &each:"), forEach_);
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
    auto* statesLabel = new QLabel(tr("&States:"), this);
    statesLabel->setBuddy(states_);
    form2->addRow(statesLabel, statesRow);
    form2->addRow(tr("Predict &at:"), predictAt_);
    controls->addLayout(form);
    controls->addLayout(form2, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(formula_);
    layout->addWidget(prediction_);
    layout->addWidget(plot_, 1);

    series(0);
    plot_->legend->setVisible(true);
    plot_->legend->setFont(font());
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);

    connect(parameter_, &QComboBox::currentIndexChanged, this, &ParameterPlot::redraw);
    connect(quantity_, &QComboBox::currentIndexChanged, this, &ParameterPlot::redraw);
    connect(forEach_, &QComboBox::currentIndexChanged, this, &ParameterPlot::redraw);
    connect(states_, &QLineEdit::textChanged, this, &ParameterPlot::redraw);
    connect(predictAt_, &QDoubleSpinBox::valueChanged, this, &ParameterPlot::showPrediction);
}

ParameterPlot::Series& ParameterPlot::series(std::size_t k)
{
    while (series_.size() <= k) {
        Series s;
        s.means = plot_->addGraph();
        s.means->setLineStyle(QCPGraph::lsNone);
        s.errors = new QCPErrorBars(plot_->xAxis, plot_->yAxis);
        s.errors->setDataPlottable(s.means);
        s.errors->removeFromLegend();
        // The members after the means, so that a point on an error bar stays visible.
        s.points = plot_->addGraph();
        s.points->setLineStyle(QCPGraph::lsNone);
        s.curve = plot_->addGraph();
        colour(s, -1);
        series_.push_back(s);
    }
    return series_[k];
}

void ParameterPlot::colour(Series& s, int group)
{
    // All members as one series: members, means and formula each in a colour of their
    // own. Group k of "For each": every mark of it in colour k.
    const QColor member = patternColour(group < 0 ? 0 : group), mean = patternColour(group < 0 ? 1 : group),
                 curve = patternColour(group < 0 ? 2 : group);
    s.means->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(mean, 2), mean, 11));
    s.errors->setPen(QPen(mean, 1.5));
    QColor pointFill = member;
    pointFill.setAlpha(group < 0 ? 170 : 90);
    s.points->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(member.darker(130), 1.2), pointFill, 8));
    s.curve->setPen(QPen(curve, 2));
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
    const QString current = parameter_->currentText(), given = forEach_->currentText();
    QStringList names;
    if (runs_)
        for (const std::string& name : parameterNames(*runs_))
            names << QString::fromStdString(name);
    const QSignalBlocker block(parameter_), blockGiven(forEach_);
    parameter_->clear();
    parameter_->addItems(names);
    if (names.contains(current))
        parameter_->setCurrentText(current);
    forEach_->clear();
    forEach_->addItem(tr("(all members together)"));
    forEach_->addItems(names);
    if (names.contains(given))
        forEach_->setCurrentText(given);
}

QString ParameterPlot::valueText(double value) const
{
    return unit_.isEmpty() ? QString::number(value, 'g', 5) : QString::number(value, 'g', 5) + " " + unit_;
}

void ParameterPlot::redraw()
{
    const auto quantity = static_cast<Quantity>(quantity_->currentData().toInt());
    const std::string parameter = parameter_->currentText().toStdString();
    const std::string given = forEach_->currentIndex() > 0 ? forEach_->currentText().toStdString() : std::string();
    const std::vector<std::string> patterns = statePatterns(states_->text().toStdString());
    // The members' points, by the value of the "for each" parameter (one group without it).
    std::map<std::string, std::vector<ParameterPoint>> byGroup;
    unit_.clear();
    if (runs_)
        for (std::size_t m = 0; m < runs_->size(); ++m) {
            const EnsembleRun& run = (*runs_)[m];
            const auto found = run.params.find(parameter);
            if (found == run.params.end() || !run.measured || !run.measured->error.isEmpty())
                continue;
            std::string key;
            if (!given.empty()) {
                const auto g = run.params.find(given);
                if (g == run.params.end())
                    continue;
                key = g->second;
            }
            const std::optional<double> p = numeric_value(found->second);
            const std::optional<double> y = quantityOf(run.measured->model, patterns, quantity);
            if (!p || !y)
                continue;
            byGroup[key].push_back({*p, *y, m});
            if (quantity == Quantity::meanOccupancy)
                unit_ = QString::fromStdString(std::string(to_string(run.measured->model.timebase)));
        }
    // Groups by number where the value is one ("N = 2" before "N = 10"), then by text.
    std::vector<std::pair<std::string, std::vector<ParameterPoint>>> groups(byGroup.begin(), byGroup.end());
    auto rank = [](const std::string& key) {
        const std::optional<double> v = numeric_value(key);
        return std::make_tuple(v ? 0 : 1, v.value_or(0.0), key);
    };
    std::sort(groups.begin(), groups.end(),
              [&](const auto& a, const auto& b) { return rank(a.first) < rank(b.first); });
    if (groups.empty())
        groups.emplace_back();

    double lo = 0, hi = 0;
    bool any = false;
    for (const auto& [key, points] : groups)
        for (const ParameterPoint& p : points) {
            lo = any ? std::min(lo, p.parameter) : p.parameter;
            hi = any ? std::max(hi, p.parameter) : p.parameter;
            any = true;
        }
    // A logarithmic x axis when the values span two decades or more (as 100, 1000, 10000).
    const bool logX = any && lo > 0.0 && hi / lo >= 100.0;
    plot_->xAxis->setScaleType(logX ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (logX)
        plot_->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    else
        plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());

    QStringList formulas;
    const QString xName = QString::fromStdString(parameter);
    shown_ = groups.size();
    for (std::size_t k = 0; k < series_.size() || k < groups.size(); ++k) {
        Series& s = series(k);
        const bool used = k < groups.size();
        for (QCPAbstractPlottable* p :
             {static_cast<QCPAbstractPlottable*>(s.points), static_cast<QCPAbstractPlottable*>(s.means),
              static_cast<QCPAbstractPlottable*>(s.errors), static_cast<QCPAbstractPlottable*>(s.curve)})
            p->setVisible(used);
        if (!used) {
            s.points->data()->clear();
            s.means->data()->clear();
            s.curve->data()->clear();
            s.points->removeFromLegend();
            s.means->removeFromLegend();
            s.curve->removeFromLegend();
            continue;
        }
        const auto& [key, points] = groups[k];
        s.label = given.empty()
                      ? QString()
                      : QStringLiteral("%1 = %2").arg(QString::fromStdString(given), QString::fromStdString(key));
        colour(s, given.empty() ? -1 : static_cast<int>(k));
        // One legend entry per group (its formula's line, in its colour), or the three
        // kinds of mark when all members are one series.
        if (given.empty()) {
            s.points->setName(tr("members"));
            s.means->setName(tr("mean per value (± 1 sd)"));
            s.curve->setName(tr("best formula"));
            s.points->addToLegend();
            s.means->addToLegend();
        } else {
            s.curve->setName(s.label);
            s.points->removeFromLegend();
            s.means->removeFromLegend();
        }
        s.curve->addToLegend();
        QVector<double> px, py;
        for (const ParameterPoint& p : points) {
            px << p.parameter;
            py << p.value;
        }
        s.points->setData(px, py);
        const std::vector<ParameterGroup> means = groupByParameter(points);
        QVector<double> gx, gy, ge;
        for (const ParameterGroup& g : means) {
            gx << g.parameter;
            gy << g.mean;
            ge << g.stddev;
        }
        s.means->setData(gx, gy, true);
        s.errors->setData(ge);
        s.best = bestFormula(means);
        QVector<double> cx, cy;
        if (s.best) {
            const double a = means.front().parameter, b = means.back().parameter;
            for (int i = 0; i <= 200; ++i) {
                const double t = i / 200.0;
                const double p = logX ? a * std::pow(b / a, t) : a + (b - a) * t;
                const double y = evaluate(s.best->form, s.best->a, s.best->b, p);
                if (std::isfinite(y)) {
                    cx << p;
                    cy << y;
                }
            }
            formulas << (s.label.isEmpty() ? QString() : s.label + QStringLiteral(": ")) +
                            tr("%1 (%2), r² = %3")
                                .arg(formText(*s.best, xName), QString::fromUtf8(to_string(s.best->form)),
                                     QString::number(s.best->r2, 'f', 4));
        } else if (!points.empty()) {
            formulas << (s.label.isEmpty() ? QString() : s.label + QStringLiteral(": ")) +
                            tr("no formula: it needs three or more values of %1").arg(xName);
        }
        s.curve->setData(cx, cy, true);
    }
    if (!any)
        formula_->setText(tr("No member has a numeric %1 and a state matching the patterns")
                              .arg(parameter.empty() ? tr("parameter") : xName));
    else if (given.empty())
        formula_->setText(series_.front().best ? tr("Best formula: %1").arg(formulas.front())
                                               : tr("No formula: it needs three or more values of %1").arg(xName));
    else
        formula_->setText(tr("Best formulas for each %1:\n%2").arg(QString::fromStdString(given), formulas.join('\n')));

    const QString quantityName = quantity_->currentText();
    plot_->xAxis->setLabel(xName);
    plot_->yAxis->setLabel(unit_.isEmpty() ? quantityName : tr("%1 (%2)").arg(quantityName, unit_));
    plot_->rescaleAxes(true);
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
    const double p = predictAt_->value();
    const QString name = parameter_->currentText();
    QStringList lines;
    for (std::size_t k = 0; k < shown_ && k < series_.size(); ++k) {
        const Series& s = series_[k];
        if (!s.best)
            continue;
        const double y = evaluate(s.best->form, s.best->a, s.best->b, p);
        const QString where = tr("At %1 = %2").arg(name, QString::number(p, 'g', 6)) +
                              (s.label.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(s.label));
        if (!std::isfinite(y) || (s.best->form != FormulaForm::linear && p <= 0.0))
            lines << tr("%1: the %2 form takes no value there").arg(where, QString::fromUtf8(to_string(s.best->form)));
        else
            lines << tr("%1: %2").arg(where, valueText(y));
    }
    prediction_->setText(lines.join('\n'));
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
