#include "displays/lanecompare/lane_comparison_window.hpp"

#include "displays/display_window.hpp"
#include "displays/lanecompare/lane_comparison_display_state.hpp"
#include "document/view_document.hpp"
#include "jobs/worker_pool.hpp"
#include "text/qt_strings.hpp"

#include "chitra/lanes/lane_selection.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"

#include <QDoubleSpinBox>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QProgressBar>
#include <QMenu>
#include <QPushButton>
#include <QSplitter>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <numeric>

namespace chitra::app {

namespace {

enum ComparedColumn { LaneNumber, LaneName, LaneGroup, LaneNearest, LaneDistance, LaneOutlier };

// Each of the `lanes` of `trace` (lanes_of(trace)) alone, as `chitra-cli lanes` takes it
// without a pipeline: an imported trace's lane as `convert --per-component` writes it, a
// PES's component as projected. Stops early when `stop` is set; `done` counts the lanes reduced.
std::vector<LaneBehaviour> behavioursOf(const Trace& trace, const std::shared_ptr<const LaneTrace>& lanes,
                                        const std::atomic<bool>& stop, std::atomic<std::size_t>& done)
{
    std::vector<std::size_t> all(lanes->lanes.size());
    std::iota(all.begin(), all.end(), std::size_t{0});
    const bool imported = trace.lanes != nullptr;
    const std::optional<Time> origin = imported ? first_change(*lanes, all) : std::nullopt;
    std::vector<LaneBehaviour> out;
    for (std::size_t lane : all) {
        if (stop)
            return {};
        const Trace alone = imported ? to_trace(*lanes, {lane}, origin) : project_lanes(trace, {lane}, lanes);
        out.push_back(lane_behaviour(base_ses(alone)));
        ++done;
    }
    return out;
}

// Dark for near lanes, light for far ones.
QCPColorGradient distanceGradient()
{
    QCPColorGradient g;
    g.clearColorStops();
    g.setColorStopAt(0.0, QColor(8, 48, 107));
    g.setColorStopAt(0.2, QColor(66, 146, 198));
    g.setColorStopAt(0.5, QColor(198, 219, 239));
    g.setColorStopAt(1.0, QColor(255, 255, 255));
    return g;
}

} // namespace

LaneComparisonWindow::LaneComparisonWindow(ViewDocument* doc, QWidget* parent)
    : QMainWindow(parent), doc_(doc), distance_(new QDoubleSpinBox), status_(new QLabel), progress_(new QProgressBar),
      cancel_(new QPushButton(tr("Cancel"))), table_(new QTreeWidget), heatmap_(new QCustomPlot)
{
    setAttribute(Qt::WA_DeleteOnClose);
    distance_->setRange(0.01, 1.0);
    distance_->setSingleStep(0.05);
    distance_->setDecimals(2);
    distance_->setValue(0.2);
    distance_->setToolTip(tr("Lanes nearer than this to a lane of a group join it; a lane this far from every "
                             "other is an outlier"));
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Group distance:")));
    bar->addWidget(distance_);
    bar->addSpacing(16);
    bar->addWidget(status_, 1);
    bar->addWidget(progress_);
    bar->addWidget(cancel_);
    table_->setHeaderLabels({tr("Lane"), tr("Name"), tr("Group"), tr("Nearest"), tr("Distance"), tr("Outlier")});
    table_->setRootIsDecorated(false);
    table_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    heatmap_->setMinimumSize(520, 300);
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(table_);
    split->addWidget(heatmap_);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    auto* central = new QWidget;
    auto* layout = new QVBoxLayout(central);
    layout->addLayout(bar);
    layout->addWidget(split, 1);
    setCentralWidget(central);
    auto* map = new QCPColorMap(heatmap_->xAxis, heatmap_->yAxis);
    map->setInterpolate(false);
    auto* scale = new QCPColorScale(heatmap_);
    heatmap_->plotLayout()->addElement(0, 1, scale);
    scale->setBarWidth(12);
    map->setColorScale(scale);
    scale->setGradient(distanceGradient());
    scale->setDataRange(QCPRange(0, 1));
    scale->axis()->setLabel(tr("distance"));
    heatmap_->yAxis->setRangeReversed(true);
    heatmap_->xAxis->grid()->setVisible(false);
    heatmap_->yAxis->grid()->setVisible(false);

    std::vector<QString> ignored;
    applyLaneComparisonOptions(*this, doc_->presentation().displayOptions(kLaneComparisonDisplay), {}, ignored);
    connect(distance_, &QDoubleSpinBox::valueChanged, this, [this] {
        regroup();
        doc_->presentation().setDisplayOptions(kLaneComparisonDisplay, laneComparisonOptions(*this));
        emit optionsChanged();
    });
    connect(cancel_, &QPushButton::clicked, this, &LaneComparisonWindow::cancel);
    connect(table_, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item) {
        emit laneActivated(static_cast<std::size_t>(item->data(LaneNumber, Qt::UserRole).toULongLong()));
    });
    table_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(table_, &QWidget::customContextMenuRequested, this, &LaneComparisonWindow::showLaneMenu);
    auto title = [this] { setWindowTitle(tr("Lanes compared — %1").arg(doc_->name())); };
    title();
    connect(doc_, &ViewDocument::nameChanged, this, title);
    connect(doc_, &QObject::destroyed, this, &QWidget::close);
    QMenu* menu = menuBar()->addMenu(tr("&Lanes"));
    menu->addAction(tr("Compare &again"), this, &LaneComparisonWindow::compute);
    menu->addSeparator();
    menu->addAction(tr("&Close"), QKeySequence::Close, this, &QWidget::close);
    resize(1100, 700);
    compute();
}

LaneComparisonWindow::~LaneComparisonWindow()
{
    if (stop_)
        *stop_ = true; // the job still running drops its result
}

double LaneComparisonWindow::groupDistance() const { return distance_->value(); }

void LaneComparisonWindow::setGroupDistance(double distance) { distance_->setValue(distance); }

void LaneComparisonWindow::compute()
{
    if (stop_)
        *stop_ = true;
    stop_ = std::make_shared<std::atomic<bool>>(false);
    done_ = std::make_shared<std::atomic<std::size_t>>(0);
    computed_ = false;
    // Made once: the names read here, the lanes compared in the background.
    const std::shared_ptr<const LaneTrace> all = lanes_of(doc_->lanesTrace());
    const std::size_t lanes = all->lanes.size();
    names_.clear();
    for (const chitra::Lane& l : all->lanes)
        names_.push_back(l.name);
    progress_->setRange(0, static_cast<int>(lanes));
    progress_->setValue(0);
    progress_->show();
    cancel_->show();
    status_->setText(tr("Comparing %n lane(s)…", nullptr, static_cast<int>(lanes)));
    auto* poll = new QTimer(this);
    connect(poll, &QTimer::timeout, this, [this, poll, done = done_] {
        progress_->setValue(static_cast<int>(done->load()));
        if (computed_ || *stop_)
            poll->deleteLater();
    });
    poll->start(100);
    const int generation = ++generation_;
    auto* watcher = new QFutureWatcher<std::vector<LaneBehaviour>>(this);
    connect(watcher, &QFutureWatcher<std::vector<LaneBehaviour>>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != generation_)
            return;
        progress_->hide();
        cancel_->hide();
        std::vector<LaneBehaviour> result;
        QString error;
        try {
            result = watcher->result();
        } catch (const std::exception& e) {
            error = qs(e.what());
        }
        if (!error.isEmpty() || result.size() != names_.size()) {
            status_->setText(error.isEmpty() ? tr("Cancelled: Lanes ▸ Compare again starts over")
                                             : tr("Cannot compare the lanes: %1").arg(error));
            emit computedChanged();
            return;
        }
        behaviours_ = std::move(result);
        computed_ = true;
        regroup();
        emit computedChanged();
    });
    std::shared_ptr<const Trace> trace = doc_->lanesTracePtr();
    watcher->setFuture(
        runInBackground([trace, all, stop = stop_, done = done_] { return behavioursOf(*trace, all, *stop, *done); }));
}

void LaneComparisonWindow::showLaneMenu(const QPoint& pos)
{
    QTreeWidgetItem* item = table_->itemAt(pos);
    if (!item || !computed_)
        return;
    const auto lane = static_cast<std::size_t>(item->data(LaneNumber, Qt::UserRole).toULongLong());
    const std::vector<std::size_t>& group = grouping_.groups.at(grouping_.group.at(lane) - 1);
    QMenu menu(this);
    menu.addAction(tr("Open its model"), this, [this, lane] { emit laneActivated(lane); });
    QAction* compare = menu.addAction(tr("Compare with its group (%1 lanes)…").arg(group.size()), this,
                                      [this, group] { emit groupComparisonRequested(group); });
    compare->setEnabled(group.size() > 1);
    menu.exec(table_->viewport()->mapToGlobal(pos));
}

void LaneComparisonWindow::cancel()
{
    if (stop_ && !computed_)
        *stop_ = true;
}

void LaneComparisonWindow::regroup()
{
    if (!computed_)
        return;
    grouping_ = group_lanes(behaviours_, distance_->value());
    order_.clear();
    for (const std::vector<std::size_t>& group : grouping_.groups)
        order_.insert(order_.end(), group.begin(), group.end());
    std::size_t outliers = 0;
    for (bool o : grouping_.outlier)
        outliers += o ? 1 : 0;
    status_->setText(tr("%1 lanes, %2 groups, %3 outliers (distance < %4 joins a group)")
                         .arg(names_.size())
                         .arg(grouping_.groups.size())
                         .arg(outliers)
                         .arg(distance_->value(), 0, 'f', 2));
    fill();
}

void LaneComparisonWindow::fill()
{
    table_->clear();
    const std::size_t n = names_.size();
    for (std::size_t lane : order_) {
        auto* item = new QTreeWidgetItem(table_);
        item->setText(LaneNumber, QString::number(lane + 1));
        item->setData(LaneNumber, Qt::UserRole, static_cast<qulonglong>(lane));
        item->setText(LaneName, qs(names_[lane]));
        item->setText(LaneGroup, QString::number(grouping_.group[lane]));
        item->setText(LaneNearest, grouping_.nearest[lane] ? QString::number(*grouping_.nearest[lane] + 1) : "–");
        item->setText(LaneDistance, grouping_.nearest_distance[lane]
                                        ? QString::number(*grouping_.nearest_distance[lane], 'f', 4)
                                        : "–");
        item->setText(LaneOutlier, grouping_.outlier[lane] ? tr("outlier") : QString());
        for (int c : {LaneNumber, LaneGroup, LaneNearest, LaneDistance})
            item->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
        if (grouping_.outlier[lane])
            for (int c = 0; c <= LaneOutlier; ++c)
                item->setForeground(c, QColor(180, 30, 30));
    }
    // The heatmap, rows and columns in the table's order, group boundaries drawn.
    auto* map = qobject_cast<QCPColorMap*>(heatmap_->plottable(0));
    const int cells = static_cast<int>(std::max<std::size_t>(n, 1));
    map->data()->setSize(cells, cells);
    map->data()->setRange(QCPRange(0, cells - 1), QCPRange(0, cells - 1));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
            map->data()->setCell(static_cast<int>(j), static_cast<int>(i), grouping_.distance[order_[i]][order_[j]]);
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    const std::size_t step = std::max<std::size_t>(1, (n + 29) / 30);
    for (std::size_t i = 0; i < n; i += step)
        ticker->addTick(static_cast<double>(i), qs(names_[order_[i]]));
    heatmap_->xAxis->setTicker(ticker);
    heatmap_->yAxis->setTicker(ticker);
    heatmap_->xAxis->setTickLabelRotation(n > 4 ? 90 : 0);
    heatmap_->xAxis->setRange(-0.5, static_cast<double>(cells) - 0.5);
    heatmap_->yAxis->setRange(-0.5, static_cast<double>(cells) - 0.5);
    heatmap_->clearItems();
    double edge = -0.5;
    for (const std::vector<std::size_t>& group : grouping_.groups) {
        edge += static_cast<double>(group.size());
        if (edge >= static_cast<double>(n) - 0.5)
            break;
        for (const bool vertical : {true, false}) {
            auto* line = new QCPItemLine(heatmap_);
            line->setPen(QPen(QColor(230, 85, 13), 1.5));
            line->start->setCoords(vertical ? edge : -0.5, vertical ? -0.5 : edge);
            line->end->setCoords(vertical ? edge : static_cast<double>(n) - 0.5,
                                 vertical ? static_cast<double>(n) - 0.5 : edge);
        }
    }
    heatmap_->replot(QCustomPlot::rpQueuedReplot);
}

LaneComparisonWindow* LaneComparisonWindow::open(ViewDocument* doc, QWidget* parent)
{
    return openDisplayWindow<LaneComparisonWindow>(doc, parent);
}

LaneComparisonWindow* LaneComparisonWindow::find(const QObject& owner, const ViewDocument* doc)
{
    return findDisplayWindow<LaneComparisonWindow>(owner, doc);
}

} // namespace chitra::app
