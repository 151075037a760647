#include "displays/profile/imbalance_chart.hpp"

#include "displays/profile/profile_items.hpp"
#include "text/number_format.hpp"
#include "text/qt_strings.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <numeric>

namespace chitra::app {

namespace {

// A unit for the axis: the largest power of 1000 of ns below `largest`.
std::pair<double, QString> axisUnit(double largest, const std::string& base)
{
    if (base != "ns")
        return {1, QString::fromStdString(base)};
    if (largest >= 1e9)
        return {1e9, QStringLiteral("s")};
    if (largest >= 1e6)
        return {1e6, QStringLiteral("ms")};
    if (largest >= 1e3)
        return {1e3, QStringLiteral("µs")};
    return {1, QStringLiteral("ns")};
}

} // namespace

ImbalanceChart::ImbalanceChart(QWidget* parent)
    : QWidget(parent), summary_(new QLabel(this)), order_(new QComboBox(this)), plot_(new QCustomPlot(this))
{
    order_->addItem(tr("Lanes in order"));
    order_->addItem(tr("By time in the region"));
    order_->addItem(tr("By busy time"));
    summary_->setWordWrap(true);
    auto* bar = new QHBoxLayout;
    bar->addWidget(summary_, 1);
    bar->addWidget(order_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(plot_, 1);
    plot_->setMinimumHeight(160);
    legendBesideThePlot(plot_);
    connect(order_, &QComboBox::currentIndexChanged, this, &ImbalanceChart::redraw);
    redraw();
}

void ImbalanceChart::show(const Profile& profile, std::vector<LaneWait> waits)
{
    profile_ = profile;
    waits_ = waits.size() == profile_.lanes.size() ? std::move(waits) : std::vector<LaneWait>{};
    redraw();
}

void ImbalanceChart::setRegion(const QString& region)
{
    region_ = region;
    redraw();
}

ImbalanceChart::Order ImbalanceChart::order() const { return static_cast<Order>(order_->currentIndex()); }

void ImbalanceChart::setOrder(Order order) { order_->setCurrentIndex(static_cast<int>(order)); }

QString ImbalanceChart::summary() const { return summary_->text(); }

void ImbalanceChart::redraw()
{
    plot_->clearPlottables();
    plot_->clearItems();
    barLanes_.clear();
    const std::size_t lanes = profile_.lanes.size();
    const RegionProfile* region = nullptr;
    for (const RegionProfile& r : profile_.regions)
        if (qs(r.region) == region_)
            region = &r;
    std::vector<double> inside(lanes, 0);
    if (region)
        for (const RegionOnLane& l : region->per_lane)
            inside[l.lane - 1] = static_cast<double>(l.inclusive_ns);
    barLanes_.resize(lanes);
    std::iota(barLanes_.begin(), barLanes_.end(), std::size_t{1});
    const auto busy = [&](std::size_t lane) { return static_cast<double>(profile_.lanes[lane - 1].busy_ns); };
    if (order() == Order::RegionTime)
        std::stable_sort(barLanes_.begin(), barLanes_.end(),
                         [&](std::size_t a, std::size_t b) { return inside[a - 1] > inside[b - 1]; });
    else if (order() == Order::BusyTime)
        std::stable_sort(barLanes_.begin(), barLanes_.end(),
                         [&](std::size_t a, std::size_t b) { return busy(a) > busy(b); });

    const TimeBase base = profile_.time_base == "cycles" ? TimeBase::cycles : TimeBase::ns;
    const auto [divisor, unit] = axisUnit(static_cast<double>(profile_.to - profile_.from), profile_.time_base);
    QVector<double> keys, regionTime, otherBusy, idle;
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (std::size_t i = 0; i < barLanes_.size(); ++i) {
        const std::size_t lane = barLanes_[i];
        keys << static_cast<double>(i + 1);
        regionTime << inside[lane - 1] / divisor;
        otherBusy << (busy(lane) - inside[lane - 1]) / divisor;
        idle << static_cast<double>(profile_.lanes[lane - 1].idle_ns) / divisor;
        ticker->addTick(static_cast<double>(i + 1), qs(profile_.lanes[lane - 1].name));
    }
    const QColor regionColour = region && colour_ ? colour_(region->region) : palette().color(QPalette::Highlight);
    auto* inRegion = new QCPBars(plot_->xAxis, plot_->yAxis);
    inRegion->setName(region ? tr("in %1").arg(region_) : tr("in the region"));
    inRegion->setBrush(regionColour);
    inRegion->setPen(Qt::NoPen);
    inRegion->setData(keys, regionTime);
    auto* rest = new QCPBars(plot_->xAxis, plot_->yAxis);
    rest->setName(tr("busy elsewhere"));
    rest->setBrush(QColor(0x9e, 0x9e, 0x9e));
    rest->setPen(Qt::NoPen);
    rest->setData(keys, otherBusy);
    rest->moveAbove(inRegion);
    auto* idleBars = new QCPBars(plot_->xAxis, plot_->yAxis);
    idleBars->setName(tr("idle"));
    idleBars->setBrush(QColor(0xe0, 0xe0, 0xe0));
    idleBars->setPen(Qt::NoPen);
    idleBars->setData(keys, idle);
    idleBars->moveAbove(rest);
    for (QCPBars* b : {inRegion, rest, idleBars}) {
        b->setWidthType(QCPBars::wtPlotCoords);
        b->setWidth(waits_.empty() ? 0.7 : 0.6);
    }
    if (!waits_.empty()) {
        // The late-sender wait beside each lane's bar: part of its busy time, in its MPI receives.
        QVector<double> waitKeys, waited;
        for (std::size_t i = 0; i < barLanes_.size(); ++i) {
            waitKeys << static_cast<double>(i + 1) + 0.45;
            waited << static_cast<double>(waits_[barLanes_[i] - 1].ns) / divisor;
        }
        auto* waitBars = new QCPBars(plot_->xAxis, plot_->yAxis);
        waitBars->setName(tr("late-sender wait"));
        waitBars->setBrush(QColor(203, 24, 29));
        waitBars->setPen(Qt::NoPen);
        waitBars->setWidthType(QCPBars::wtPlotCoords);
        waitBars->setWidth(0.16);
        waitBars->setData(waitKeys, waited);
    }
    plot_->xAxis->setTicker(ticker);
    plot_->xAxis->setTickLabelRotation(lanes > 8 ? 60 : 0);
    plot_->xAxis->setRange(0.4, static_cast<double>(lanes) + (waits_.empty() ? 0.6 : 0.7));
    plot_->yAxis->setLabel(tr("time (%1)").arg(unit));
    plot_->yAxis->setRange(0, static_cast<double>(profile_.to - profile_.from) / divisor * 1.05);
    if (region) {
        auto* mean = new QCPItemStraightLine(plot_);
        mean->point1->setCoords(0, region->mean_ns / divisor);
        mean->point2->setCoords(1, region->mean_ns / divisor);
        mean->setPen(QPen(palette().color(QPalette::Text), 1.5, Qt::DashLine));
        summary_->setText(tr("%1: mean %2 per lane, largest %3 on %4; imbalance %5")
                              .arg(region_, formatDuration(region->mean_ns, base),
                                   formatDuration(static_cast<double>(region->max_ns), base),
                                   qs(profile_.lanes[region->max_lane - 1].name), formatDecimal(region->imbalance, 2)));
    } else {
        summary_->setText(tr("Select a region to see how the lanes share its time"));
    }
    plot_->replot();
}

} // namespace chitra::app
