#include "views/lanes/lanes_view.hpp"
#include "document/lane_pool.hpp"

#include "document/view_document.hpp"
#include "plotting/palette.hpp"
#include "plotting/plot_theme.hpp"
#include "plotting/queued_resize_plot.hpp"
#include "plotting/time_axis_ticker.hpp"
#include "text/name_filter.hpp"
#include "text/number_format.hpp"
#include "views/lanes/lanes_over_time.hpp"
#include "views/lanes/lanes_plottable.hpp"

#include <QElapsedTimer>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMouseEvent>
#include <QResizeEvent>
#include <QRegularExpression>
#include <QRubberBand>
#include <QShortcut>
#include <QGuiApplication>
#include <QTimer>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <numeric>

namespace chitra::app {

namespace {

constexpr int kMinLabelSpacing = 13; // px between two lane names on the axis
constexpr int kLegendLines = 2;      // the rows keep the height, however many states
constexpr int kLegendNameChars = 32; // longer names are shortened in the middle

} // namespace

LanesView::LanesView(ViewDocument* doc, QWidget* parent)
    : QWidget(parent), doc_(doc), rows_(std::make_unique<LaneRows>(doc->laneTracks()))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 0);
    filter_ = new QLineEdit(this);
    filter_->setPlaceholderText(tr("Filter lanes by name (text or /regex/)"));
    filter_->setClearButtonEnabled(true);
    showAll_ = new QToolButton(this);
    showAll_->setText(tr("Show hidden lanes"));
    count_ = new QLabel(this);
    overTimeButton_ = new QToolButton(this);
    overTimeButton_->setText(tr("Regions over time"));
    overTimeButton_->setToolTip(tr("Where the time goes over the range shown, summed over the lanes shown"));
    overTimeButton_->setCheckable(true);
    bar->addWidget(filter_, 1);
    bar->addWidget(showAll_);
    bar->addWidget(count_);
    bar->addWidget(overTimeButton_);
    messagesButton_ = new QToolButton(this);
    messagesButton_->setText(tr("Messages"));
    messagesButton_->setToolTip(tr("A line from each send to its receive; where many fall together, one wider line"));
    messagesButton_->setCheckable(true);
    messagesButton_->setVisible(!rows_->trace().messages.empty());
    bar->addWidget(messagesButton_);
    analyseButton_ = new QToolButton(this);
    analyseButton_->setPopupMode(QToolButton::InstantPopup);
    analyseButton_->setToolTip(tr("What the time, event and frequency views, the pipeline and the model analyse: "
                                  "the joint states of every lane, one lane alone, or a group of lanes pooled "
                                  "(also on a click on a lane's name)"));
    auto* analyseMenu = new QMenu(analyseButton_);
    connect(analyseMenu, &QMenu::aboutToShow, this, [this, analyseMenu] {
        analyseMenu->clear();
        fillAnalyseMenu(analyseMenu, std::nullopt);
    });
    analyseButton_->setMenu(analyseMenu);
    analyseButton_->setVisible(rows_->trace().lanes.size() > 1);
    bar->addWidget(analyseButton_);
    layout->addLayout(bar);

    findBar_ = new QWidget(this);
    auto* findRow = new QHBoxLayout(findBar_);
    findRow->setContentsMargins(4, 0, 4, 0);
    find_ = new QLineEdit(findBar_);
    find_->setPlaceholderText(tr("Find a region: text or /regex/ (Enter: next, Shift+Enter: previous)"));
    find_->setClearButtonEnabled(true);
    findCount_ = new QLabel(findBar_);
    auto* previous = new QToolButton(findBar_);
    previous->setText(tr("Previous"));
    auto* next = new QToolButton(findBar_);
    next->setText(tr("Next"));
    auto* close = new QToolButton(findBar_);
    close->setText(tr("Close"));
    findRow->addWidget(find_, 1);
    findRow->addWidget(findCount_);
    findRow->addWidget(previous);
    findRow->addWidget(next);
    findRow->addWidget(close);
    findBar_->hide();
    layout->addWidget(findBar_);
    connect(find_, &QLineEdit::textChanged, this, &LanesView::find);
    connect(find_, &QLineEdit::returnPressed, this,
            [this] { findNext(QGuiApplication::keyboardModifiers() & Qt::ShiftModifier ? -1 : 1); });
    connect(previous, &QToolButton::clicked, this, [this] { findNext(-1); });
    connect(next, &QToolButton::clicked, this, [this] { findNext(1); });
    connect(close, &QToolButton::clicked, this, [this] {
        find_->clear();
        find({}); // also what findCalls found
        findBar_->hide();
    });
    auto* findKey = new QShortcut(QKeySequence::Find, this);
    findKey->setContext(Qt::WidgetWithChildrenShortcut);
    connect(findKey, &QShortcut::activated, this, &LanesView::showFind);
    auto* escape = new QShortcut(QKeySequence(Qt::Key_Escape), find_);
    escape->setContext(Qt::WidgetShortcut);
    connect(escape, &QShortcut::activated, close, &QToolButton::click);

    plot_ = new QueuedResizePlot(this);
    followPalette(plot_);
    // Rows at least 40 pixels high beside the time axis in a small window; also never laid
    // out to no height (QCustomPlot then warns).
    plot_->setMinimumHeight(80);
    plot_->setMouseTracking(true);
    plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot_->axisRect()->setRangeDrag(Qt::Horizontal);
    plot_->axisRect()->setRangeZoom(Qt::Horizontal);
    plot_->xAxis->setTicker(makeTimeTicker(doc->trace().header.timebase, plot_->xAxis));
    plot_->yAxis->setRangeReversed(true);
    plot_->yAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
    plot_->yAxis->grid()->setVisible(false);
    plot_->yAxis->setTickLength(0, 0);
    plot_->yAxis->setSubTickLength(0, 0);
    plottable_ = new LanesPlottable(plot_->xAxis, plot_->yAxis, rows_.get(), doc_);
    plot_->installEventFilter(this);
    layout->addWidget(plot_, 1);
    overTime_ = new LanesOverTime(doc_, rows_.get(), this);
    overTime_->hide();
    layout->addWidget(overTime_);
    // Its time axis as wide as the rows' (the aligner of the view's plots gives the left).
    connect(plot_, &QCustomPlot::afterReplot, this, [this] {
        QCPAxisRect* strip = overTime_->plot()->axisRect();
        QMargins m = strip->minimumMargins();
        if (const int right = plot_->axisRect()->margins().right(); m.right() != right) {
            m.setRight(right);
            strip->setMinimumMargins(m);
            overTime_->plot()->replot(QCustomPlot::rpQueuedReplot);
        }
    });
    connect(overTimeButton_, &QToolButton::toggled, this, &LanesView::setOverTimeShown);
    connect(messagesButton_, &QToolButton::toggled, this, &LanesView::setMessagesShown);

    legend_ = new QLabel(this);
    legend_->setWordWrap(true);
    legend_->setTextFormat(Qt::RichText);
    legend_->setContentsMargins(6, 0, 6, 4);
    layout->addWidget(legend_);

    wheelSettle_ = new QTimer(this);
    wheelSettle_->setSingleShot(true);
    wheelSettle_->setInterval(300);
    connect(wheelSettle_, &QTimer::timeout, this, &LanesView::interactionFinished);

    buildColours();
    connect(plot_->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this](const QCPRange& r) {
        doc_->presentation().setWindow(kLanesDisplay, {r.lower, r.upper});
        overTime_->follow(r.lower, r.upper);
        emit visibleRangeChanged(r.lower, r.upper);
    });
    connect(&doc_->presentation(), &ViewPresentation::windowChanged, this, [this](const QString& display) {
        if (display == kLanesDisplay)
            followWindow();
    });
    connect(&doc_->presentation(), &ViewPresentation::laneChoicesChanged, this, &LanesView::followChoices);
    connect(filter_, &QLineEdit::textChanged, this, [this](const QString& text) {
        const bool ok = rows_->setFilter(text.toStdString());
        filter_->setStyleSheet(ok ? QString() : QStringLiteral("color: #b00020;"));
        filter_->setToolTip(ok ? QString() : tr("Not a valid regular expression"));
        rowsChanged();
    });
    connect(showAll_, &QToolButton::clicked, this, [this] {
        rows_->showAll();
        rowsChanged();
    });
    auto queued = [this] { queueReplot(plot_); };
    connect(&doc_->presentation(), &ViewPresentation::selectionChanged, this, queued);
    connect(&doc_->presentation(), &ViewPresentation::patternsChanged, this, queued);
    connect(doc_, &ViewDocument::sesChanged, this, [this] { // the states may be coloured anew
        buildColours();
        updateLegend();
        queueReplot(plot_);
    });
    followChoices();       // a view's lanes shown again keep its choices
    setLaneGroups({}, {}); // the groups the trace opened on, if it did
    rowsChanged();
    fitAll();
}

void LanesView::followChoices()
{
    const LaneChoices& c = doc_->presentation().laneChoices();
    followingChoices_ = true;
    std::vector<std::size_t> order = c.order;
    if (order.empty()) { // the trace's order
        order.resize(rows_->laneCount());
        std::iota(order.begin(), order.end(), std::size_t{0});
    }
    rows_->setOrder(std::move(order));
    rows_->setHiddenLanes(c.hidden);
    rows_->setUnfoldedLanes(c.unfolded);
    filter_->setText(QString::fromStdString(c.filter)); // applies the filter
    setOverTimeShown(c.overTime);
    setMessagesShown(c.messages);
    followingChoices_ = false;
    rowsChanged();
}

void LanesView::setOverTimeShown(bool shown)
{
    if (overTime_->isVisibleTo(this) == shown)
        return;
    const QSignalBlocker quiet(overTimeButton_);
    overTimeButton_->setChecked(shown);
    overTime_->setVisible(shown);
    const auto [t0, t1] = visibleRange();
    overTime_->follow(t0, t1);
    rowsChanged(); // the lane choices say so
}

void LanesView::setLaneGroups(std::vector<std::size_t> groups, std::vector<bool> outliers)
{
    // Without a comparison shown, the groups the trace opened on.
    if (groups.empty() && doc_->openingGrouping()) {
        groups = doc_->openingGrouping()->group;
        outliers = doc_->openingGrouping()->outlier;
    }
    laneGroups_ = std::move(groups);
    laneOutliers_ = std::move(outliers);
    updateAnalyseButton();
    // Group colours that are not the outliers' red; the first group white (framed).
    static const QColor palette[] = {QColor(31, 119, 180),  QColor(44, 160, 44),   QColor(148, 103, 189),
                                     QColor(255, 127, 14),  QColor(23, 190, 207),  QColor(140, 86, 75),
                                     QColor(227, 119, 194), QColor(127, 127, 127), QColor(188, 189, 34)};
    std::vector<QColor> marks(laneGroups_.size());
    for (std::size_t l = 0; l < laneGroups_.size(); ++l)
        marks[l] = l < laneOutliers_.size() && laneOutliers_[l] ? QColor(214, 39, 40)
                                                                : palette[(laneGroups_[l] - 1) % std::size(palette)];
    plottable_->setLaneMarks(std::move(marks));
    updateAxisLabels();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void LanesView::showMessagesBetween(std::optional<std::pair<std::size_t, std::size_t>> lanes)
{
    plottable_->setPickedPair(lanes);
    if (lanes)
        setMessagesShown(true);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void LanesView::setMessagesShown(bool shown)
{
    shown = shown && !rows_->trace().messages.empty();
    if (plottable_->messagesShown() == shown)
        return;
    const QSignalBlocker quiet(messagesButton_);
    messagesButton_->setChecked(shown);
    plottable_->setMessagesShown(shown);
    rowsChanged(); // the lane choices say so; a new frame
}

void LanesView::followWindow()
{
    const XWindow w = doc_->presentation().window(kLanesDisplay);
    setVisibleRange(w.x0, w.x1); // an empty or unchanged one is left as it is
}

LanesView::~LanesView() = default;

void LanesView::recolour()
{
    buildColours();
    updateLegend();
    plot_->replot();
}

void LanesView::buildColours()
{
    // The lanes' states in the colours of the view's states of the same names.
    const std::shared_ptr<const StateColours> colours = doc_->laneColours();
    std::vector<QColor> out(rows_->trace().state_names.size());
    for (std::size_t s = 0; s < out.size(); ++s)
        out[s] = colours->colour(s);
    plottable_->setColours(std::move(out));
}

std::pair<double, double> LanesView::visibleRange() const
{
    return {plot_->xAxis->range().lower, plot_->xAxis->range().upper};
}

void LanesView::setVisibleRange(double t0, double t1)
{
    if (!(t1 > t0) ||
        (std::abs(plot_->xAxis->range().lower - t0) < 1e-9 && std::abs(plot_->xAxis->range().upper - t1) < 1e-9))
        return;
    plot_->xAxis->setRange(t0, t1);
    queueReplot(plot_);
}

void LanesView::fitAll()
{
    bool found = false;
    const QCPRange r = plottable_->getKeyRange(found);
    if (found)
        plot_->xAxis->setRange(r);
    queueReplot(plot_);
}

double LanesView::replotNow()
{
    QElapsedTimer timer;
    timer.start();
    plot_->replot(QCustomPlot::rpImmediateRefresh);
    return static_cast<double>(timer.nsecsElapsed()) / 1e6;
}

void LanesView::rowsChanged()
{
    const std::size_t shown = rows_->rows().size();
    plot_->yAxis->setRange(0, std::max<double>(1, static_cast<double>(shown)));
    count_->setText(tr("%1 of %2 lanes")
                        .arg(std::count_if(rows_->order().begin(), rows_->order().end(),
                                           [this](std::size_t l) {
                                               return std::any_of(rows_->rows().begin(), rows_->rows().end(),
                                                                  [l](const LaneRow& r) { return r.lane == l; });
                                           }))
                        .arg(rows_->laneCount()));
    showAll_->setEnabled(!rows_->hiddenLanes().empty());
    showAll_->setText(rows_->hiddenLanes().empty() ? tr("Show hidden lanes")
                                                   : tr("Show %1 hidden").arg(rows_->hiddenLanes().size()));
    updateAxisLabels();
    updateLegend();
    if (!find_->text().trimmed().isEmpty())
        find(find_->text()); // the regions of the rows now shown
    overTime_->rowsChanged();
    queueReplot(plot_);
    if (!followingChoices_)
        doc_->presentation().setLaneChoices({rows_->order(), rows_->hiddenLanes(), rows_->unfoldedLanes(),
                                             filter_->text().toStdString(), overTime_->isVisibleTo(this),
                                             plottable_->messagesShown()});
    emit optionsChanged();
}

void LanesView::updateAxisLabels()
{
    auto ticker = plot_->yAxis->ticker().dynamicCast<QCPAxisTickerText>();
    if (!ticker)
        return;
    ticker->clear();
    const auto& rows = rows_->rows();
    // The axis rect is laid out at the next replot; the widget less the time axis is close.
    const int height = std::max(plot_->axisRect()->height(), plot_->height() - 40);
    const double rowPx = rows.empty() ? 0 : height / static_cast<double>(rows.size());
    const std::size_t every =
        rowPx >= kMinLabelSpacing ? 1 : static_cast<std::size_t>(std::ceil(kMinLabelSpacing / std::max(rowPx, 0.01)));
    for (std::size_t r = 0; r < rows.size(); r += every) {
        QString label = QString::fromStdString(rows_->rowLabel(rows[r]));
        if (rows[r].depth == 0 && rows_->maxDepth(rows[r].lane) > 1)
            label = QStringLiteral("\u25b8 ") + label; // foldable: unfolds into depths
        else if (rows[r].depth == 1)
            label = QStringLiteral("\u25be ") + label;
        if (label.size() > 32)
            label = label.left(31) + QStringLiteral("\u2026");
        // The lane comparison's group of the lane, an outlier flagged.
        if (rows[r].depth == 0 && rows[r].lane < laneGroups_.size())
            label = (rows[r].lane < laneOutliers_.size() && laneOutliers_[rows[r].lane]
                         ? QStringLiteral("\u26a0 ")
                         : QStringLiteral("%1\u2502 ").arg(laneGroups_[rows[r].lane])) +
                    label;
        ticker->addTick(static_cast<double>(r) + 0.5, label);
    }
}

void LanesView::updateLegend()
{
    // The states that take the most time over the shown rows (totals kept per track, so
    // typing in the filter box does not rescan the trace).
    const LaneTrace& lanes = rows_->trace();
    std::vector<double> time(lanes.state_names.size(), 0.0);
    for (const LaneRow& row : rows_->rows())
        for (const auto& [state, t] : rows_->tracks().stateTimes(row.lane, row.depth))
            time[state] += t;
    std::vector<std::pair<double, LaneStateId>> order;
    for (LaneStateId s = 0; s < time.size(); ++s)
        if (time[s] > 0)
            order.emplace_back(-time[s], s);
    std::sort(order.begin(), order.end());
    legendOrder_.clear();
    for (const auto& entry : order)
        legendOrder_.push_back(entry.second);
    layoutLegend();
}

void LanesView::layoutLegend()
{
    // Entries are laid out as the label wraps them (whole entries, a space between), up
    // to kLegendLines lines with room left on the last for "and N more".
    const LaneTrace& lanes = rows_->trace();
    const QFontMetrics metrics(legend_->font());
    const int width = std::max(100, legend_->contentsRect().width());
    const QString more = tr("and %1 more").arg(legendOrder_.size());
    int line = 1, x = 0;
    std::size_t shown = 0;
    QString html;
    QStringList tip;
    for (; shown < legendOrder_.size(); ++shown) {
        const LaneStateId s = legendOrder_[shown];
        QString name = QString::fromStdString(lanes.state_names[s]);
        if (name.size() > kLegendNameChars)
            name =
                name.left(kLegendNameChars / 2 - 1) + QStringLiteral("\u2026") + name.right(kLegendNameChars / 2 - 1);
        const int w = metrics.horizontalAdvance(QStringLiteral("\u25a0 ") + name + QStringLiteral("    "));
        const bool last = line == kLegendLines;
        if (x + w + (last ? metrics.horizontalAdvance(more) : 0) > width) {
            if (last)
                break;
            ++line;
            x = 0;
        }
        x += w;
        html += QStringLiteral("<span style=\"color:%1\">\u25a0</span>&nbsp;%2&nbsp;&nbsp; ")
                    .arg(plottable_->colour(s).name(), name.toHtmlEscaped().replace(' ', "&nbsp;"));
    }
    if (shown < legendOrder_.size()) {
        html += tr("and %1 more").arg(legendOrder_.size() - shown);
        for (std::size_t i = shown; i < legendOrder_.size() && tip.size() < 40; ++i)
            tip << QString::fromStdString(lanes.state_names[legendOrder_[i]]);
    }
    legend_->setText(html);
    legend_->setToolTip(tip.join('\n'));
}

void LanesView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (!legendOrder_.empty())
        layoutLegend();
}

QPoint LanesView::pixelOf(double t, double row) const
{
    return {static_cast<int>(std::lround(plot_->xAxis->coordToPixel(t))),
            static_cast<int>(std::lround(plot_->yAxis->coordToPixel(row)))};
}

std::optional<std::size_t> LanesView::rowAt(const QPoint& plotPos) const
{
    if (!plot_->axisRect()->rect().contains(plotPos))
        return std::nullopt;
    return rowAtHeight(plotPos.y());
}

std::optional<std::size_t> LanesView::rowAtHeight(int py) const
{
    const QRect area = plot_->axisRect()->rect();
    const double y = plot_->yAxis->pixelToCoord(py);
    if (py < area.top() || py > area.bottom() || y < 0)
        return std::nullopt;
    const auto r = static_cast<std::size_t>(y);
    if (r >= rows_->rows().size())
        return std::nullopt;
    return r;
}

QString LanesView::describeMessage(std::size_t index) const
{
    const LaneTrace& lanes = rows_->trace();
    const Message& m = lanes.messages[index];
    const TimeBase base = doc_->trace().header.timebase;
    const auto origin = static_cast<double>(rows_->tracks().origin());
    return tr("%1 → %2\nsent %3, received %4\nlatency %5, %6, tag %7")
        .arg(QString::fromStdString(lanes.lanes[m.from].name), QString::fromStdString(lanes.lanes[m.to].name),
             formatTime(static_cast<double>(m.send) - origin, base),
             formatTime(static_cast<double>(m.recv) - origin, base),
             formatDurationSI(static_cast<double>(m.recv - m.send), base), formatBytes(static_cast<long long>(m.bytes)))
        .arg(m.tag);
}

QString LanesView::describeAt(const QPoint& plotPos) const
{
    if (const auto message = plottable_->messageAt(plotPos))
        return describeMessage(*message);
    const auto r = rowAt(plotPos);
    if (!r)
        return {};
    const LaneRow& row = rows_->rows()[*r];
    const auto t = static_cast<Time>(std::floor(plot_->xAxis->pixelToCoord(plotPos.x())));
    const auto visit = row.summary->visit_at(t);
    QString lane = QString::fromStdString(rows_->trace().lanes[row.lane].name);
    if (row.lane < laneGroups_.size())
        lane += row.lane < laneOutliers_.size() && laneOutliers_[row.lane]
                    ? tr(" (outlier, group %1)").arg(laneGroups_[row.lane])
                    : tr(" (group %1)").arg(laneGroups_[row.lane]);
    if (!visit)
        return lane;
    const TimeBase base = doc_->trace().header.timebase;
    return tr("%1, depth %2\n%3\nstart %4, duration %5")
        .arg(lane)
        .arg(visit->depth)
        .arg(QString::fromStdString(rows_->trace().state_names[visit->state]))
        .arg(formatTime(static_cast<double>(visit->start), base))
        .arg(formatDurationSI(static_cast<double>(visit->duration), base));
}

void LanesView::pickAt(const QPoint& plotPos)
{
    // A message's line: that message picked, its ends marked.
    const auto message = plottable_->messageAt(plotPos);
    if (message || plottable_->pickedMessage()) {
        plottable_->setPickedMessage(message);
        plot_->replot(QCustomPlot::rpQueuedReplot);
        if (message) {
            emit messagePicked(*message);
            return;
        }
    }
    const auto r = rowAt(plotPos);
    if (!r)
        return;
    const auto t = static_cast<Time>(std::floor(plot_->xAxis->pixelToCoord(plotPos.x())));
    const auto visit = rows_->rows()[*r].summary->visit_at(t);
    if (!visit || visit->state == kEmptyLaneState)
        return;
    const Ses& ses = doc_->ses();
    const SymbolId named = ses.symbols->find(rows_->trace().state_names[visit->state]);
    if (named != kNoSymbol && doc_->laneOf(named) >= 0) {
        doc_->setPickedState(named);
        return;
    }
    if (ses.empty())
        return;
    const auto it = std::upper_bound(ses.bounds.begin(), ses.bounds.end() - 1, t);
    if (it == ses.bounds.begin())
        return;
    doc_->setPickedState(ses.symbol[static_cast<std::size_t>(it - ses.bounds.begin()) - 1]);
}

std::vector<std::size_t> LanesView::lanesOfGroup(std::size_t group) const
{
    std::vector<std::size_t> lanes;
    for (std::size_t l = 0; l < laneGroups_.size(); ++l)
        if (laneGroups_[l] == group)
            lanes.push_back(l);
    return lanes;
}

std::size_t LanesView::groupCount() const
{
    return laneGroups_.empty() ? 0 : *std::max_element(laneGroups_.begin(), laneGroups_.end());
}

void LanesView::updateAnalyseButton()
{
    const LanePool* pool = doc_->lanePool();
    analyseButton_->setText(pool ? tr("Analyse: %1").arg(pool->describe(rows_->trace())) : tr("Analyse: joint states"));
}

void LanesView::fillAnalyseMenu(QMenu* menu, std::optional<std::size_t> lane)
{
    const LaneTrace& all = rows_->trace();
    const LanePool* pool = doc_->lanePool();
    auto choice = [&](const QString& text, std::vector<std::size_t> lanes, std::size_t group, QMenu* into) {
        QAction* a = into->addAction(text, this, [this, lanes, group] { emit analyseLanesRequested(lanes, group); });
        a->setCheckable(true);
        a->setChecked(pool ? pool->lanes == lanes : lanes.empty());
    };
    auto nameOf = [&](std::size_t l) { return QString::fromStdString(all.lanes[l].name); };
    choice(tr("The joint states of every lane"), {}, 0, menu);
    if (lane) {
        choice(tr("%1 alone").arg(nameOf(*lane)), {*lane}, 0, menu);
        if (*lane < laneGroups_.size()) {
            const std::size_t g = laneGroups_[*lane];
            const std::vector<std::size_t> group = lanesOfGroup(g);
            if (group.size() > 1) {
                choice(tr("Group %1 pooled (%2 lanes)").arg(g).arg(group.size()), group, g, menu);
                menu->addAction(tr("Compare the lanes of group %1…").arg(g), this,
                                [this, group] { emit compareLanesRequested(group); });
            }
        }
        return;
    }
    for (std::size_t g = 1; g <= groupCount(); ++g) {
        const std::vector<std::size_t> group = lanesOfGroup(g);
        if (group.size() > 1)
            choice(tr("Group %1 pooled (%2 lanes: %3…)").arg(g).arg(group.size()).arg(nameOf(group.front())), group, g,
                   menu);
    }
    QMenu* one = menu->addMenu(tr("One lane alone"));
    for (std::size_t l = 0; l < all.lanes.size(); ++l)
        choice(nameOf(l), {l}, 0, one);
    if (groupCount() == 0) {
        menu->addSeparator();
        menu->addAction(tr("Groups of lanes: Displays ▸ Lanes compared"))->setEnabled(false);
        return;
    }
    QMenu* compare = menu->addMenu(tr("Compare the lanes of a group"));
    for (std::size_t g = 1; g <= groupCount(); ++g) {
        const std::vector<std::size_t> group = lanesOfGroup(g);
        if (group.size() > 1)
            compare->addAction(tr("Group %1 (%2 lanes)…").arg(g).arg(group.size()), this,
                               [this, group] { emit compareLanesRequested(group); });
    }
}

void LanesView::showContextMenu(const QPoint& plotPos)
{
    QMenu menu(this);
    const auto r = rowAt(plotPos);
    if (r) {
        const std::size_t lane = rows_->rows()[*r].lane;
        const QString name = QString::fromStdString(rows_->trace().lanes[lane].name);
        if (rows_->maxDepth(lane) > 1) {
            const bool unfolded = rows_->unfolded(lane);
            menu.addAction(unfolded ? tr("Fold nesting of %1").arg(name) : tr("Unfold nesting of %1").arg(name), this,
                           [this, lane, unfolded] {
                               rows_->setUnfolded(lane, !unfolded);
                               rowsChanged();
                           });
        }
        menu.addAction(tr("Hide %1").arg(name), this, [this, lane] {
            rows_->setHidden(lane, true);
            rowsChanged();
        });
        menu.addAction(tr("Move up"), this, [this, lane] {
            rows_->moveLane(lane, -1);
            rowsChanged();
        });
        menu.addAction(tr("Move down"), this, [this, lane] {
            rows_->moveLane(lane, +1);
            rowsChanged();
        });
        menu.addSeparator();
        menu.addAction(tr("Project onto %1 (new view)").arg(name), this,
                       [this, lane] { emit projectOntoLaneRequested(lane); });
        fillAnalyseMenu(menu.addMenu(tr("Analyse")), lane);
    }
    if (!rows_->hiddenLanes().empty())
        menu.addAction(tr("Show hidden lanes"), this, [this] {
            rows_->showAll();
            rowsChanged();
        });
    menu.addAction(tr("Split into one trace per lane"), this, [this] { emit splitIntoLanesRequested(); });
    menu.addAction(tr("Fit all"), this, &LanesView::fitAll);
    menu.exec(plot_->mapToGlobal(plotPos));
}

void LanesView::showFind()
{
    findBar_->show();
    find_->setFocus();
    find_->selectAll();
}

void LanesView::find(const QString& text)
{
    const LaneTrace& lanes = rows_->trace();
    found_.clear();
    current_ = -1;
    foundWhat_.clear();
    std::vector<char> matching;
    const QString t = text.trimmed();
    if (!t.isEmpty()) {
        const QRegularExpression re = nameFilter(t);
        find_->setStyleSheet(re.isValid() ? QString() : QStringLiteral("color: #b00020;"));
        matching.assign(lanes.state_names.size(), 0);
        for (std::size_t s = 1; s < lanes.state_names.size() && re.isValid(); ++s)
            matching[s] = re.match(QString::fromStdString(lanes.state_names[s])).hasMatch();
        // Every row shown: a folded lane's top of the stack, an unfolded lane's depths.
        for (const LaneRow& row : rows_->rows()) {
            const LaneTrack& track = row.summary->track();
            for (std::size_t i = 0; i < track.states.size(); ++i)
                if (track.states[i] < matching.size() && matching[track.states[i]])
                    found_.push_back({row.lane, row.depth, track.times[i],
                                      i + 1 < track.times.size() ? track.times[i + 1] : track.end});
        }
        std::stable_sort(found_.begin(), found_.end(),
                         [](const Found& a, const Found& b) { return a.start < b.start; });
    } else {
        find_->setStyleSheet({});
    }
    plottable_->setHighlighted(std::move(matching));
    showFound();
}

void LanesView::findCalls(const QString& what, std::vector<Found> calls, const std::string& region)
{
    found_ = std::move(calls);
    std::stable_sort(found_.begin(), found_.end(), [](const Found& a, const Found& b) { return a.start < b.start; });
    current_ = -1;
    foundWhat_ = what;
    findBar_->show();
    {
        const QSignalBlocker quiet(find_); // the edit finds by name; these calls are no name
        find_->clear();
        find_->setStyleSheet({});
    }
    const std::vector<std::string>& names = rows_->trace().state_names;
    std::vector<char> highlighted(names.size(), 0);
    for (std::size_t s = 0; s < names.size(); ++s)
        highlighted[s] = names[s] == region;
    plottable_->setHighlighted(std::move(highlighted));
    showFound();
}

void LanesView::showFound()
{
    plottable_->setFound(&found_, current_);
    const auto n = static_cast<int>(found_.size());
    QString count;
    if (current_ >= 0)
        count = tr("%1 of %2").arg(current_ + 1).arg(n);
    else if (!find_->text().trimmed().isEmpty() || !foundWhat_.isEmpty())
        count = tr("%n found", nullptr, n);
    findCount_->setText(foundWhat_.isEmpty() ? count : foundWhat_ + ": " + count);
    queueReplot(plot_);
}

void LanesView::findNext(int by)
{
    if (found_.empty())
        return;
    const auto n = static_cast<int>(found_.size());
    current_ = current_ < 0 ? (by > 0 ? 0 : n - 1) : ((current_ + by) % n + n) % n;
    const Found& f = found_[static_cast<std::size_t>(current_)];
    // Centred, the window zoomed in when the region would be under 1% of it (a twentieth
    // of it then), out when it would not fit.
    const auto [t0, t1] = visibleRange();
    const auto length = static_cast<double>(f.end - f.start);
    double width = t1 - t0;
    if (length > 0 && length < width / 100)
        width = 20 * length;
    width = std::max(width, 1.2 * length);
    const double middle = (static_cast<double>(f.start) + static_cast<double>(f.end)) / 2;
    setVisibleRange(middle - width / 2, middle + width / 2);
    showFound();
}

std::vector<std::size_t> LanesView::lanesBetween(int py0, int py1) const
{
    const auto& rows = rows_->rows();
    std::vector<std::size_t> lanes;
    if (rows.empty())
        return lanes;
    double r0 = plot_->yAxis->pixelToCoord(py0), r1 = plot_->yAxis->pixelToCoord(py1);
    if (r0 > r1)
        std::swap(r0, r1);
    const auto last = static_cast<double>(rows.size() - 1);
    for (auto r = static_cast<std::size_t>(std::clamp(std::floor(r0), 0.0, last));
         r <= static_cast<std::size_t>(std::clamp(std::floor(r1), 0.0, last)); ++r)
        lanes.push_back(rows[r].lane);
    std::sort(lanes.begin(), lanes.end());
    lanes.erase(std::unique(lanes.begin(), lanes.end()), lanes.end());
    return lanes;
}

void LanesView::rubberBandDone(const QPoint& from, const QPoint& to, const QPoint& globalPos)
{
    if (std::abs(to.x() - from.x()) < 3)
        return;
    const double t0 = plot_->xAxis->pixelToCoord(std::min(from.x(), to.x()));
    const double t1 = plot_->xAxis->pixelToCoord(std::max(from.x(), to.x()));
    const std::vector<std::size_t> lanes = lanesBetween(from.y(), to.y());
    const auto run = [this, t0, t1, lanes](BandAction action) {
        switch (action) {
        case BandAction::Zoom:
            setVisibleRange(t0, t1);
            break;
        case BandAction::Select: {
            const Trace& trace = doc_->trace();
            auto record = [&](double t) {
                return static_cast<RecordIndex>(
                    std::lower_bound(trace.times.begin(), trace.times.end(), t,
                                     [](Time a, double b) { return static_cast<double>(a) < b; }) -
                    trace.times.begin());
            };
            doc_->presentation().setSelection(RecordRange{record(t0), record(t1)});
            break;
        }
        case BandAction::Profile:
            if (!lanes.empty())
                emit profileAreaRequested(lanes, t0, t1);
            break;
        case BandAction::Messages:
            if (!lanes.empty())
                emit messagesAreaRequested(lanes, t0, t1);
            break;
        }
    };
    if (bandChooser_) {
        if (const auto action = bandChooser_(globalPos))
            run(*action);
        return;
    }
    QMenu menu(this);
    menu.addAction(tr("Zoom"), this, [run] { run(BandAction::Zoom); });
    menu.addAction(tr("Select"), this, [run] { run(BandAction::Select); });
    menu.addAction(tr("Profile %n lane(s) over this time", nullptr, static_cast<int>(lanes.size())), this,
                   [run] { run(BandAction::Profile); })
        ->setEnabled(!lanes.empty());
    if (!rows_->trace().messages.empty())
        menu.addAction(tr("Messages between %n lane(s) over this time", nullptr, static_cast<int>(lanes.size())), this,
                       [run] { run(BandAction::Messages); })
            ->setEnabled(!lanes.empty());
    menu.exec(globalPos);
}

bool LanesView::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != plot_)
        return QWidget::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::MouseButtonPress: {
        auto* e = static_cast<QMouseEvent*>(event);
        if (e->button() != Qt::LeftButton)
            break;
        pressAt_ = e->position().toPoint();
        // A click on a lane's name: what the views analyse.
        if (pressAt_->x() < plot_->axisRect()->left() && !(e->modifiers() & Qt::ShiftModifier) &&
            rows_->trace().lanes.size() > 1) {
            if (const auto r = rowAtHeight(pressAt_->y())) {
                pressAt_.reset();
                QMenu menu(this);
                fillAnalyseMenu(&menu, rows_->rows()[*r].lane);
                menu.exec(e->globalPosition().toPoint());
                return true;
            }
        }
        if (e->modifiers() & Qt::ShiftModifier) {
            bandDrag_ = true;
            if (!band_)
                band_ = new QRubberBand(QRubberBand::Rectangle, plot_);
            band_->setGeometry(QRect(*pressAt_, QSize(1, 1)));
            band_->show();
            return true;
        }
        break;
    }
    case QEvent::MouseMove: {
        auto* e = static_cast<QMouseEvent*>(event);
        const QPoint p = e->position().toPoint();
        if (bandDrag_ && pressAt_) {
            band_->setGeometry(QRect(*pressAt_, p).normalized()); // the lanes and the time it covers
            return true;
        }
        if (!(e->buttons() & Qt::LeftButton)) {
            const QString text = describeAt(p);
            if (text.isEmpty())
                QToolTip::hideText();
            else
                QToolTip::showText(plot_->mapToGlobal(p), text, plot_);
        }
        break;
    }
    case QEvent::MouseButtonRelease: {
        auto* e = static_cast<QMouseEvent*>(event);
        if (e->button() != Qt::LeftButton || !pressAt_)
            break;
        const QPoint start = *pressAt_, end = e->position().toPoint();
        pressAt_.reset();
        if (bandDrag_) {
            bandDrag_ = false;
            band_->hide();
            rubberBandDone(start, end, plot_->mapToGlobal(end));
            return true;
        }
        if ((end - start).manhattanLength() <= 3)
            pickAt(end);
        else
            emit interactionFinished(); // a drag panned the view
        break;
    }
    case QEvent::Wheel:
        wheelSettle_->start();
        break;
    case QEvent::ContextMenu:
        showContextMenu(static_cast<QContextMenuEvent*>(event)->pos());
        return true;
    case QEvent::Resize:
        updateAxisLabels();
        break;
    default:
        break;
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace chitra::app
