#include "chain/fit_quality_panel.hpp"

#include "jobs/worker_pool.hpp"
#include "plotting/palette.hpp"
#include "plotting/plot_theme.hpp"

#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace chitra::app {

namespace {

QString pText(double p) { return p > 0.0 && p < 1e-3 ? QString::number(p, 'e', 2) : QString::number(p, 'f', 4); }

struct Outcome {
    std::shared_ptr<const Validation> validation;
    QString error;
};

} // namespace

FitQualityPanel::FitQualityPanel(const SemiMarkovModel& model, std::shared_ptr<const Ses> ses, QWidget* parent)
    : QWidget(parent), model_(std::make_shared<ModelDocument>(model_document(model))), ses_(std::move(ses))
{
    button_ = new QPushButton(tr("Validate"), this);
    button_->setToolTip(tr("Test whether the model reproduces the sequence it was fitted to: occupancies "
                           "(Kolmogorov-Smirnov), transitions (chi-square) and the periodogram against 20 "
                           "simulated trajectories"));
    seed_ = new QSpinBox(this);
    seed_->setRange(1, 1000000);
    seed_->setValue(1);
    seed_->setPrefix(tr("seed "));
    seed_->setToolTip(tr("Seed of the simulated trajectories: the same seed gives the same report"));
    verdict_ = new QLabel(this);
    verdict_->setWordWrap(true);
    verdict_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    tests_ = new QTableWidget(0, 4, this);
    tests_->setHorizontalHeaderLabels({tr("Test"), tr("Statistic"), tr("p"), tr("Verdict")});
    tests_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    tests_->verticalHeader()->hide();
    tests_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    tests_->setSelectionBehavior(QAbstractItemView::SelectRows);

    plot_ = new QCustomPlot(this);
    followPalette(plot_);
    plot_->setMinimumSize(280, 140);
    plot_->xAxis->setLabel(tr("frequency (cycles per event)"));
    plot_->yAxis->setLabel(tr("power"));
    plot_->yAxis->setScaleType(QCPAxis::stLogarithmic);
    auto log = QSharedPointer<QCPAxisTickerLog>::create();
    log->setLogBase(10);
    plot_->yAxis->setTicker(log);
    plot_->yAxis->setNumberFormat("eb");
    plot_->yAxis->setNumberPrecision(0);
    plot_->legend->setVisible(true);
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);

    auto* bar = new QHBoxLayout;
    bar->addWidget(verdict_, 1);
    bar->addWidget(seed_);
    bar->addWidget(button_);
    // Tests and periodogram side by side: the tab shares the window's height with the graph.
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(tests_);
    split->addWidget(plot_);
    split->setChildrenCollapsible(false);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(split, 1);

    connect(button_, &QPushButton::clicked, this, &FitQualityPanel::validate);
    if (!ses_ || ses_->empty()) {
        button_->setEnabled(false);
        verdict_->setText(tr("No sequence to validate against: fit the model from a view."));
    } else {
        verdict_->setText(tr("Press Validate to test the model against the %n elements it was fitted to.", "",
                             static_cast<int>(std::min<std::size_t>(ses_->size(), INT_MAX))));
    }
}

void FitQualityPanel::validate()
{
    if (!ses_)
        return;
    const int generation = ++generation_;
    button_->setEnabled(false);
    verdict_->setText(tr("Validating…"));
    ValidationOptions options;
    options.seed = static_cast<std::uint64_t>(seed_->value());
    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != generation_)
            return;
        button_->setEnabled(true);
        const Outcome outcome = watcher->result();
        if (outcome.validation)
            show(outcome.validation);
        else
            verdict_->setText(tr("Cannot validate: %1").arg(outcome.error));
    });
    watcher->setFuture(runInBackground([model = model_, ses = ses_, options] {
        Outcome outcome;
        try {
            outcome.validation = std::make_shared<const Validation>(validate_model(*ses, *model, options));
        } catch (const std::exception& e) {
            outcome.error = QString::fromStdString(e.what());
        }
        return outcome;
    }));
}

void FitQualityPanel::show(std::shared_ptr<const Validation> v)
{
    result_ = std::move(v);
    const Validation& r = *result_;
    QString text = r.pass ? tr("<b>Passes</b> at the %1 level (Holm-corrected): the model reproduces this sequence.")
                          : tr("<b>Fails</b> at the %1 level (Holm-corrected).");
    text = text.arg(r.level);
    // The table lists every test; the verdict names the few worst.
    constexpr int kNamed = 4;
    QStringList offenders;
    int rejected = 0;
    for (const Offender& o : r.worst)
        if (o.rejected && ++rejected <= kNamed)
            offenders << QString::fromStdString(o.name.empty() ? o.test : o.test + " " + o.name);
    if (rejected > kNamed)
        offenders << tr("%n more", "", rejected - kNamed);
    if (!offenders.isEmpty())
        text += tr(" Worst: %1.").arg(offenders.join(QStringLiteral(", ")));
    verdict_->setText(text);
    fillTests(r);
    plotPeriodogram(r.periodogram);
    emit validated();
}

void FitQualityPanel::fillTests(const Validation& v)
{
    tests_->setRowCount(0);
    auto addRow = [this](const QString& test, const QString& statistic, double p, bool rejected) {
        const int row = tests_->rowCount();
        tests_->insertRow(row);
        tests_->setItem(row, 0, new QTableWidgetItem(test));
        tests_->setItem(row, 1, new QTableWidgetItem(statistic));
        tests_->setItem(row, 2, new QTableWidgetItem(pText(p)));
        auto* verdict = new QTableWidgetItem(rejected ? tr("rejected") : tr("ok"));
        if (rejected)
            verdict->setForeground(QColor(0xc0, 0x39, 0x2b));
        tests_->setItem(row, 3, verdict);
    };
    auto rejected = [&v](const std::string& test, const std::string& name) {
        for (const Offender& o : v.worst)
            if (o.test == test && o.name == name)
                return o.rejected;
        return false;
    };
    for (const auto& [name, visits] : v.unknown)
        addRow(tr("%1: not in the model (%2)")
                   .arg(QString::fromStdString(name), visits == 1 ? tr("1 visit") : tr("%1 visits").arg(visits)),
               QString(), 0.0, true);
    addRow(tr("Transitions (chi-square)"),
           tr("χ² = %1, %2 dof").arg(v.transitions.chi2, 0, 'g', 4).arg(v.transitions.dof), v.transitions.p,
           rejected("transitions", ""));
    for (const UnexpectedTransition& t : v.transitions.unexpected)
        addRow(tr("  %1 → %2 seen %3, never in the model")
                   .arg(QString::fromStdString(t.from), QString::fromStdString(t.to),
                        t.count == 1 ? tr("once") : tr("%1 times").arg(t.count)),
               QString(), 0.0, true);
    addRow(tr("Periodogram (%1 simulated)").arg(v.periodogram.trajectories),
           tr("distance %1, %2 farther").arg(v.periodogram.distance, 0, 'g', 3).arg(v.periodogram.p, 0, 'g', 2),
           v.periodogram.p_tail, rejected("periodogram", ""));
    for (const StateFit& s : v.states)
        addRow(tr("%1 occupancy (%2 visits)").arg(QString::fromStdString(s.name)).arg(s.visits),
               tr("D = %1").arg(s.ks, 0, 'g', 3), s.p, rejected("state", s.name));
    tests_->resizeColumnsToContents();
    tests_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
}

void FitQualityPanel::plotPeriodogram(const PeriodogramFit& pg)
{
    plot_->clearGraphs();
    auto data = [](const std::vector<double>& x, const std::vector<double>& y) {
        return std::make_pair(QVector<double>(x.begin(), x.end()), QVector<double>(y.begin(), y.end()));
    };
    const QColor simulated = patternColour(0), trace = patternColour(1);
    QCPGraph* low = plot_->addGraph();
    QCPGraph* high = plot_->addGraph();
    auto [x, lowY] = data(pg.frequency, pg.low);
    low->setData(x, lowY);
    high->setData(x, data(pg.frequency, pg.high).second);
    low->setPen(Qt::NoPen);
    high->setPen(Qt::NoPen);
    QColor band = simulated;
    band.setAlpha(90);
    high->setBrush(band);
    high->setChannelFillGraph(low);
    high->setName(tr("simulated: lowest to highest"));
    low->removeFromLegend();
    QCPGraph* mean = plot_->addGraph();
    mean->setData(x, data(pg.frequency, pg.mean).second);
    mean->setPen(QPen(simulated, 2));
    mean->setName(tr("simulated: mean"));
    QCPGraph* own = plot_->addGraph();
    own->setData(x, data(pg.frequency, pg.trace).second);
    own->setPen(QPen(trace, 2));
    own->setName(tr("this sequence"));
    plot_->rescaleAxes();
    plot_->replot();
}

} // namespace chitra::app
