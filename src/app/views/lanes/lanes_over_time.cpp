#include "views/lanes/lanes_over_time.hpp"

#include "document/view_document.hpp"
#include "jobs/worker_pool.hpp"
#include "plotting/plot_theme.hpp"
#include "plotting/time_profile_bars.hpp"
#include "text/number_format.hpp"
#include "views/lanes/lane_rows.hpp"

#include <QFutureWatcher>
#include <QHelpEvent>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace chitra::app {

LanesOverTime::LanesOverTime(ViewDocument* doc, const LaneRows* rows, QWidget* parent)
    : QWidget(parent), doc_(doc), rows_(rows), plot_(new QCustomPlot(this)), settle_(new QTimer(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(plot_);
    followPalette(plot_);
    plot_->setMinimumHeight(90);
    plot_->xAxis->setTickLabels(false); // the lanes view's axis above says the times
    plot_->yAxis->setLabel(tr("lanes"));
    auto whole = QSharedPointer<QCPAxisTickerFixed>::create(); // whole lanes
    whole->setTickStep(1);
    whole->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    whole->setTickCount(3);
    plot_->yAxis->setTicker(whole);
    plot_->axisRect()->setAutoMargins(QCP::msLeft | QCP::msRight);
    plot_->axisRect()->setMargins(QMargins(0, 4, 0, 4));
    plot_->installEventFilter(this);
    settle_->setSingleShot(true);
    settle_->setInterval(80); // a drag or a wheel zoom moves on meanwhile
    connect(settle_, &QTimer::timeout, this, &LanesOverTime::update);
}

void LanesOverTime::follow(double t0, double t1)
{
    t0_ = t0;
    t1_ = t1;
    plot_->xAxis->setRange(t0, t1); // the bars of the last range move along at once
    plot_->replot(QCustomPlot::rpQueuedReplot);
    if (isVisible())
        settle_->start();
}

void LanesOverTime::rowsChanged()
{
    if (isVisible())
        settle_->start();
}

void LanesOverTime::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    settle_->start();
}

const ProfileSource& LanesOverTime::source()
{
    if (!source_)
        source_ = std::make_unique<ProfileSource>(profile_source(doc_->lanesTrace()));
    return *source_;
}

void LanesOverTime::update()
{
    settle_->stop();
    ProfileSource s = source();
    // The lanes shown, in lane order.
    s.chosen.clear();
    for (const LaneRow& row : rows_->rows())
        s.chosen.push_back(row.lane);
    std::sort(s.chosen.begin(), s.chosen.end());
    s.chosen.erase(std::unique(s.chosen.begin(), s.chosen.end()), s.chosen.end());
    const auto perUnit = static_cast<double>(std::max<Time>(1, ns_per_unit(doc_->lanesTrace())));
    const Time end = s.end - s.origin;
    const Time from = std::clamp<Time>(static_cast<Time>(std::floor(t0_ * perUnit)), 0, end);
    const Time to = std::clamp<Time>(static_cast<Time>(std::ceil(t1_ * perUnit)), 0, end);
    const auto bins = static_cast<std::size_t>(std::max(10, plot_->axisRect()->width() / kPixelsPerBin));
    // Replayed on a worker thread (it takes ~0.1 s at 10^7 events); only the last asked is drawn.
    const int asked = ++asked_;
    const std::size_t lanes = s.chosen.size();
    auto* watcher = new QFutureWatcher<TimeProfile>(this);
    connect(watcher, &QFutureWatcher<TimeProfile>::finished, this, [this, watcher, asked, lanes, perUnit] {
        watcher->deleteLater();
        if (asked == asked_)
            draw(watcher->result(), lanes, perUnit);
    });
    watcher->setFuture(runInBackground([s = std::move(s), from, to, bins] {
        return to > from && !s.chosen.empty() ? time_profile(s, {from, to}, bins) : TimeProfile{};
    }));
}

void LanesOverTime::draw(TimeProfile profile, std::size_t lanes, double perUnit)
{
    profile_ = std::move(profile);
    lanes_ = lanes;
    const std::shared_ptr<const StateColours> colours = doc_->laneColours();
    stackTimeProfile(plot_, profile_, kNamedRegions, perUnit,
                     [&colours](const std::string& region) { return colours->colourOf(region); });
    plot_->xAxis->setRange(t0_, t1_);
    plot_->yAxis->setRange(0, static_cast<double>(std::max<std::size_t>(lanes, 1)) * 1.1);
    plot_->replot();
    emit updated();
}

QStringList LanesOverTime::stackNames() const { return chitra::app::stackNames(plot_); }

QString LanesOverTime::describeAt(const QPoint& plotPos) const
{
    if (profile_.edges.size() < 2)
        return {};
    const auto perUnit = static_cast<double>(std::max<Time>(1, ns_per_unit(doc_->lanesTrace())));
    const double ns = plot_->xAxis->pixelToCoord(plotPos.x()) * perUnit,
                 value = plot_->yAxis->pixelToCoord(plotPos.y());
    const auto after = std::upper_bound(profile_.edges.begin(), profile_.edges.end(), ns,
                                        [](double t, Time edge) { return t < static_cast<double>(edge); });
    if (after == profile_.edges.begin() || after == profile_.edges.end())
        return {};
    const int bin = static_cast<int>(after - profile_.edges.begin()) - 1;
    double below = 0;
    for (int i = 0; i < plot_->plottableCount(); ++i) { // bottom first, each with every bin
        const auto* bars = qobject_cast<QCPBars*>(plot_->plottable(i));
        if (!bars || bin >= bars->data()->size())
            continue;
        const double height = bars->data()->at(bin)->value;
        if (value >= below && value < below + height)
            return tr("%1\n%2 lanes on average in this bin").arg(bars->name(), formatDecimal(height, 2));
        below += height;
    }
    return {};
}

bool LanesOverTime::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == plot_ && event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const QString text = describeAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, plot_);
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace chitra::app
