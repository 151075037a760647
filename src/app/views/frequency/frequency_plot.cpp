#include "views/frequency/frequency_plot.hpp"
#include "views/frequency/frequency_display_state.hpp"

#include "jobs/worker_pool.hpp"
#include "chitra/spectra/spectrum.hpp"
#include "document/display_options_link.hpp"
#include "document/view_document.hpp"
#include "plotting/plot_theme.hpp"
#include "plotting/queued_resize_plot.hpp"
#include "plotting/time_axis_ticker.hpp"
#include "text/number_format.hpp"
#include "views/trace/trace_plot.hpp"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFutureWatcher>
#include <QToolBar>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace chitra::app {

namespace {
// QCustomPlot does not expose its mouse events without a subclass; this one forwards
// hover positions, and Shift-drags (a frequency band) instead of panning.
class HoverPlot : public QueuedResizePlot {
public:
    std::function<void(const QPoint&)> onHover, onBandPress, onBandMove, onBandRelease, onClick;
    explicit HoverPlot(QWidget* parent) : QueuedResizePlot(parent) { setMouseTracking(true); }

protected:
    void mousePressEvent(QMouseEvent* e) override
    {
        if (e->button() == Qt::LeftButton && (e->modifiers() & Qt::ShiftModifier)) {
            banding_ = true;
            onBandPress(e->pos());
            return;
        }
        pressed_ = e->button() == Qt::LeftButton ? e->pos() : QPoint(-1000, -1000);
        QCustomPlot::mousePressEvent(e);
    }
    void mouseMoveEvent(QMouseEvent* e) override
    {
        if (banding_) {
            onBandMove(e->pos());
            return;
        }
        if (onHover)
            onHover(e->pos());
        QCustomPlot::mouseMoveEvent(e);
    }
    void mouseReleaseEvent(QMouseEvent* e) override
    {
        if (banding_) {
            banding_ = false;
            onBandRelease(e->pos());
            return;
        }
        // A click, not the end of a pan: the peak under the cursor was chosen.
        const bool click = e->button() == Qt::LeftButton && (e->pos() - pressed_).manhattanLength() < 4;
        QCustomPlot::mouseReleaseEvent(e);
        if (click && onClick)
            onClick(e->pos());
    }

private:
    bool banding_ = false;
    QPoint pressed_{-1000, -1000};
};
} // namespace

FrequencyPlot::FrequencyPlot(ViewDocument* doc, TracePlot* source, QWidget* parent)
    : QWidget(parent), doc_(doc), source_(source)
{
    optionsLink_ = new DisplayOptionsLink(
        doc_->presentation(), kFrequencyDisplay, [this] { return frequencyOptions(*this); },
        [this](const DisplayOptions& options) { applyFrequencyOptions(*this, options); }, this);
    auto* hp = new HoverPlot(this);
    followPalette(hp);
    hp->onHover = [this](const QPoint& p) { hover(p); };
    hp->onBandPress = [this](const QPoint& p) { bandPress(p); };
    hp->onClick = [this](const QPoint& p) {
        if (const auto f = peakNear(p))
            emit peakClicked(*f, domain_ == XAxis::Event);
    };
    hp->onBandMove = [this](const QPoint& p) { bandMove(p); };
    hp->onBandRelease = [this](const QPoint& p) { bandRelease(p); };
    plot_ = hp;
    plot_->addGraph();
    plot_->graph(0)->setPen(QPen(QColor(0x4E79A7), 1.2));
    plot_->graph(0)->setBrush(QColor(0x4E, 0x79, 0xA7, 50));
    plot_->graph(0)->setAdaptiveSampling(true);
    plot_->yAxis->setLabel(tr("power"));
    plot_->setMinimumHeight(110);
    plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot_->axisRect()->setRangeDrag(Qt::Horizontal);
    plot_->axisRect()->setRangeZoom(Qt::Horizontal);
    peakLabel_ = new QCPItemText(plot_);
    peakLabel_->setPositionAlignment(Qt::AlignTop | Qt::AlignRight);
    peakLabel_->position->setType(QCPItemPosition::ptAxisRectRatio);
    peakLabel_->position->setCoords(0.99, 0.02);
    peakLabel_->setText(QString());
    peakLabel_->setPadding(QMargins(4, 2, 4, 2));
    peakLabel_->setBrush(QColor(255, 255, 255, 220));
    bandItem_ = new QCPItemRect(plot_);
    bandItem_->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
    bandItem_->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
    bandItem_->setPen(QPen(QColor(0xE1, 0x57, 0x59), 1, Qt::DashLine));
    bandItem_->setBrush(QColor(0xE1, 0x57, 0x59, 45));
    bandItem_->setVisible(false);

    log_ = new QCheckBox(tr("log power"), this);
    logFrequency_ = new QCheckBox(tr("log frequency"), this);
    logFrequency_->setToolTip(
        tr("Logarithmic frequency axis: low frequencies (long periods) and high ones side by side"));
    peakZoom_ = new QCheckBox(tr("zoom to peak"), this);
    peakZoom_->setToolTip(tr("Show the strongest peak and its first harmonics instead of every frequency "
                             "(after a zoom with the wheel or a drag, that range is kept)"));
    auto_ = new QCheckBox(tr("auto update"), this);
    auto_->setChecked(true);
    interval_ = new QDoubleSpinBox(this);
    interval_->setDecimals(0);
    interval_->setRange(0, 1e15);
    interval_->setSpecialValueText(tr("auto"));
    interval_->setToolTip(tr("Sampling interval of the time-domain signal (0: at most 2^20 samples)"));
    segments_ = new QComboBox(this);
    segments_->addItem(tr("auto"), QVariant::fromValue<qlonglong>(kAutoSegments));
    segments_->addItem(tr("whole signal"), QVariant::fromValue<qlonglong>(0));
    for (int power : {16, 18, 20, 22})
        segments_->addItem(tr("%1 samples").arg(formatCount(1LL << power)),
                           QVariant::fromValue<qlonglong>(1LL << power));
    segments_->setToolTip(tr("Average the periodograms of segments of this many samples (Bartlett's method): a coarser "
                             "frequency grid, far less noise and time. Auto: segments of %1 above %2 samples")
                              .arg(formatCount(static_cast<long long>(kAutoSegmentLength)),
                                   formatCount(static_cast<long long>(kSegmentsAbove))));
    auto* update = new QPushButton(tr("Update"), this);
    status_ = new QLabel(this);
    filterBand_ = new QPushButton(tr("Filter band"), this);
    filterBand_->setToolTip(tr("Shift-drag on the periodogram to choose a band; this merges the states whose "
                               "strongest frequency lies in it (undoable)"));
    filterBand_->setEnabled(false);

    // A tool bar, not a row layout: when the pane is narrow its controls fold into the
    // extension menu instead of imposing their total width on the window (which would
    // push the docks aside and stop a saved dock layout from restoring exactly).
    auto* controls = new QToolBar(this);
    controls->setIconSize(QSize(16, 16));
    interval_->setMaximumWidth(interval_->fontMetrics().horizontalAdvance(QStringLiteral("0000000000")) + 30);
    // Most used first: what folds away on a narrow pane is the least needed.
    controls->addWidget(update);
    controls->addWidget(auto_);
    controls->addWidget(peakZoom_);
    controls->addWidget(log_);
    controls->addWidget(logFrequency_);
    controls->addWidget(filterBand_);
    // Label and box as one item, so that they fold away together.
    const auto addLabelled = [&](const QString& label, QWidget* box) {
        auto* item = new QWidget(this);
        auto* row = new QHBoxLayout(item);
        row->setContentsMargins(4, 0, 0, 0);
        row->addWidget(new QLabel(label, item));
        row->addWidget(box);
        controls->addWidget(item);
    };
    addLabelled(tr("interval:"), interval_);
    addLabelled(tr("segments:"), segments_);
    auto* spacer = new QWidget(this);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    controls->addWidget(spacer);
    controls->addWidget(status_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(controls);
    layout->addWidget(plot_, 1);

    watcher_ = new QFutureWatcher<std::shared_ptr<Periodogram>>(this);
    connect(watcher_, &QFutureWatcherBase::finished, this, [this] {
        const bool dropped = !cancel_ || cancel_->load();
        cancel_.reset();
        if (pending_) { // superseded: its result would be replaced at once
            pending_ = false;
            recompute();
            return;
        }
        if (!dropped) {
            result_ = watcher_->result();
            showResult();
        }
        setBusy(false);
    });
    connect(update, &QPushButton::clicked, this, &FrequencyPlot::recompute);
    connect(filterBand_, &QPushButton::clicked, this, [this] {
        if (auto refused = applyBandFilter())
            emit message(tr("Frequency filter refused: %1").arg(*refused));
    });
    connect(doc_, &ViewDocument::sesChanged, this, &FrequencyPlot::clearBand);
    connect(log_, &QCheckBox::toggled, this, &FrequencyPlot::applyLogPower);
    connect(logFrequency_, &QCheckBox::toggled, this, &FrequencyPlot::applyLogFrequency);
    connect(peakZoom_, &QCheckBox::toggled, this, &FrequencyPlot::applyZoomToPeak);
    // The power axis cannot be zoomed by hand: it follows what the frequency axis shows.
    connect(plot_->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, &FrequencyPlot::fitPowerRange);
    connect(plot_, &QCustomPlot::beforeReplot, this, &FrequencyPlot::fitPowerTicks);
    // Log power by default: periodograms of state traces span many decades.
    setLogPower(true);
    connect(source_, &TracePlot::interactionFinished, this, [this] {
        if (auto_->isChecked())
            recompute();
    });
    connect(&doc_->presentation(), &ViewPresentation::selectionChanged, this, [this] {
        if (auto_->isChecked())
            recompute();
    });
    connect(doc_, &ViewDocument::lanesChanged, this, [this] {
        if (auto_->isChecked())
            recompute();
    });
    // The options and the zoomed range live in the view's ViewPresentation.
    for (QCheckBox* box : {auto_, log_, logFrequency_, peakZoom_})
        connect(box, &QCheckBox::toggled, this, &FrequencyPlot::publishOptions);
    connect(interval_, &QDoubleSpinBox::valueChanged, this, &FrequencyPlot::publishOptions);
    connect(segments_, &QComboBox::currentIndexChanged, this, [this] {
        publishOptions();
        if (auto_->isChecked())
            recompute();
    });
    connect(plot_->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, &FrequencyPlot::publishWindow);
    connect(&doc_->presentation(), &ViewPresentation::windowChanged, this, [this](const QString& display) {
        if (display == kFrequencyDisplay)
            followWindow();
    });
    publishOptions();
}

void FrequencyPlot::publishOptions() { optionsLink_->publish(); }

void FrequencyPlot::publishWindow()
{
    const auto user = userFrequencyRange();
    doc_->presentation().setWindow(kFrequencyDisplay, user ? XWindow{user->first, user->second} : XWindow{});
}

void FrequencyPlot::followWindow()
{
    const XWindow w = doc_->presentation().window(kFrequencyDisplay);
    if (w.empty() || userFrequencyRange() == std::make_pair(w.x0, w.x1))
        return;
    setUserFrequencyRange(w.x0, w.x1);
}

FrequencyPlot::~FrequencyPlot()
{
    watcher_->waitForFinished(); // the job holds only shared data, but let it end first
}

QWidget* FrequencyPlot::canvas() const { return plot_; }
bool FrequencyPlot::busy() const { return busy_; }
std::size_t FrequencyPlot::binCount() const { return result_ ? result_->frequency.size() : 0; }

void FrequencyPlot::setAutoUpdate(bool on) { auto_->setChecked(on); }
bool FrequencyPlot::logPower() const { return log_->isChecked(); }
bool FrequencyPlot::logFrequency() const { return logFrequency_->isChecked(); }
bool FrequencyPlot::zoomToPeak() const { return peakZoom_->isChecked(); }
bool FrequencyPlot::autoUpdate() const { return auto_->isChecked(); }
double FrequencyPlot::samplingInterval() const { return interval_->value(); }
void FrequencyPlot::setSamplingInterval(double interval) { interval_->setValue(interval); }

std::int64_t FrequencyPlot::segmentChoice() const { return segments_->currentData().toLongLong(); }

void FrequencyPlot::setSegmentChoice(std::int64_t choice)
{
    int index = segments_->findData(QVariant::fromValue<qlonglong>(choice));
    if (index < 0 && choice > 1) { // a length of a saved session that the list lacks
        segments_->addItem(tr("%1 samples").arg(formatCount(choice)), QVariant::fromValue<qlonglong>(choice));
        index = segments_->count() - 1;
    }
    segments_->setCurrentIndex(std::max(index, 0));
}

std::size_t FrequencyPlot::segmentLength(std::int64_t choice, std::size_t samples)
{
    if (choice == kAutoSegments)
        return samples > kSegmentsAbove ? kAutoSegmentLength : 0;
    return choice > 0 ? static_cast<std::size_t>(choice) : 0;
}

QString FrequencyPlot::segmentsText() const
{
    if (!result_ || result_->samples == 0)
        return {};
    const QString length = formatCount(static_cast<long long>(result_->samples));
    if (result_->segments > 1)
        return tr("%1 segments of %2 samples averaged")
            .arg(formatCount(static_cast<long long>(result_->segments)), length);
    return tr("1 periodogram of %1 samples").arg(length);
}

// The setters tick the boxes; their toggled signals apply the change, once, whether a
// person clicked or code asked.
void FrequencyPlot::setLogPower(bool on) { log_->setChecked(on); }
void FrequencyPlot::setLogFrequency(bool on) { logFrequency_->setChecked(on); }
void FrequencyPlot::setZoomToPeak(bool on) { peakZoom_->setChecked(on); }

void FrequencyPlot::applyLogPower(bool on)
{
    plot_->yAxis->setScaleType(on ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (on) {
        // Powers of ten only ("10^-3"), every n-th decade so that labels never overlap;
        // the count follows the pane's height (see fitPowerTicks).
        auto log = QSharedPointer<QCPAxisTickerLog>::create();
        log->setLogBase(10);
        log->setSubTickCount(8);
        plot_->yAxis->setTicker(log);
        plot_->yAxis->setNumberFormat("eb");
        plot_->yAxis->setNumberPrecision(0);
    } else {
        plot_->yAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
        plot_->yAxis->setNumberFormat("gb");
        plot_->yAxis->setNumberPrecision(3);
    }
    fitPowerTicks();
    showResult();
}

void FrequencyPlot::applyLogFrequency(bool on)
{
    plot_->xAxis->setScaleType(on ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    automaticRange_.reset(); // a linear range makes no sense on a log axis and back
    showResult();
}

void FrequencyPlot::applyZoomToPeak()
{
    automaticRange_.reset(); // asking for the automatic range again drops a user zoom
    showResult();
}

std::optional<std::pair<double, double>> FrequencyPlot::userFrequencyRange() const
{
    if (pendingUserRange_)
        return pendingUserRange_;
    if (!result_ || !automaticRange_)
        return std::nullopt;
    const QCPRange x = plot_->xAxis->range();
    if (x.lower == automaticRange_->first && x.upper == automaticRange_->second)
        return std::nullopt;
    return std::make_pair(x.lower, x.upper);
}

void FrequencyPlot::setUserFrequencyRange(double f0, double f1)
{
    if (!(f1 > f0))
        return;
    if (!result_) {
        pendingUserRange_ = std::make_pair(f0, f1);
        return;
    }
    plot_->xAxis->setRange(f0, f1);
    queueReplot(plot_);
}

void FrequencyPlot::setBusy(bool on)
{
    if (busy_ == on)
        return;
    busy_ = on;
    emit busyChanged(on);
}

void FrequencyPlot::cancel()
{
    if (!busy_)
        return;
    if (cancel_)
        *cancel_ = true; // the worker skips the transform if it has not begun it
    pending_ = false;
    status_->setText(tr("cancelled"));
    setBusy(false);
}

void FrequencyPlot::fitPowerTicks()
{
    // A label needs about two text lines of axis height; short panes get fewer ticks.
    const int rectHeight = plot_->axisRect() ? plot_->axisRect()->height() : 0;
    const int height = rectHeight > 0 ? rectHeight : std::max(40, plot_->height() - 45);
    const int line = QFontMetrics(plot_->yAxis->tickLabelFont()).height();
    const int count = std::clamp(height / std::max(1, 2 * line), 1, 6);
    if (auto t = plot_->yAxis->ticker(); t && t->tickCount() != count)
        t->setTickCount(count);
}

void FrequencyPlot::recompute()
{
    if (watcher_->isRunning()) {
        pending_ = true;
        setBusy(true);
        return;
    }
    auto ses = doc_->sesPtr();
    if (ses->empty()) {
        setBusy(false);
        return;
    }
    // The y coordinate of every symbol, as the trace view draws it.
    std::vector<double> y(ses->symbols->size(), 0.0);
    for (SymbolId s = 0; s < y.size(); ++s)
        y[s] = std::max(0, doc_->laneOf(s));
    if (domain_ != source_->axis())
        automaticRange_.reset(); // cycles per event and Hz do not mix: drop a user zoom
    domain_ = source_->axis();
    std::size_t a = 0, b = 0;
    const RecordRange sel = doc_->presentation().selection();
    if (!sel.empty()) {
        std::tie(a, b) = elementsOfRecords(*ses, sel.begin, sel.end);
    } else {
        const auto [x0, x1] = source_->visibleRange();
        std::tie(a, b) = elementsInX(*ses, domain_, x0, x1);
    }
    if (b <= a + 1) {
        setBusy(false);
        return;
    }
    const XAxis domain = domain_;
    const double chosen = interval_->value();
    const std::int64_t segments = segmentChoice();
    status_->setText(tr("computing…"));
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    setBusy(true);
    watcher_->setFuture(runInBackground([ses, y = std::move(y), a, b, domain, chosen, segments, cancel = cancel_]() {
        auto pg = std::make_shared<Periodogram>();
        try {
            // Sampled straight into the transform's buffer, segment by segment: no copy of
            // the signal. FFTW cannot be interrupted: a cancel is honoured before it starts.
            if (cancel->load())
                return pg;
            if (domain == XAxis::Event) {
                *pg = event_periodogram(*ses, a, b, y, segmentLength(segments, b - a));
            } else {
                const Time t0 = ses->bounds[a], t1 = ses->bounds[b];
                const double dt = chosen > 0 ? chosen : static_cast<double>(default_sample_interval(t1 - t0));
                *pg = time_periodogram(*ses, t0, t1, dt, y, segmentLength(segments, sample_count(t0, t1, dt)));
            }
        } catch (const std::exception&) {
            pg->frequency.clear();
            pg->power.clear();
        }
        return pg;
    }));
}

void FrequencyPlot::showResult()
{
    status_->setText(segmentsText());
    if (!result_)
        return;
    const bool logScale = log_->isChecked();
    QVector<double> f, p;
    for (std::size_t k = 1; k < result_->frequency.size(); ++k) { // bin 0 is the removed mean
        const double v = result_->power[k];
        if (logScale && v <= 0)
            continue;
        f.push_back(result_->frequency[k]);
        p.push_back(v);
    }
    plot_->graph(0)->setData(f, p, true);
    // Internally cycles per tick (the band filter wants them); shown in Hz when the
    // time base is a unit of seconds.
    const auto spt = domain_ == XAxis::Time ? seconds_per_tick(doc_->trace().header.timebase) : std::nullopt;
    plot_->xAxis->setTicker(logFrequency_->isChecked() ? makeLogFrequencyTicker(spt) : makeFrequencyTicker(spt));
    plot_->xAxis->setLabel(domain_ == XAxis::Event ? tr("frequency (cycles per event)")
                           : spt                   ? tr("frequency")
                                                   : tr("frequency (cycles per cycle)"));
    if (const auto peak = strongest_period(*result_))
        peakLabel_->setText(tr("strongest: %1 (prominence %2)")
                                .arg(describeFrequency(peak->frequency))
                                .arg(peak->prominence, 0, 'f', 0));
    else
        peakLabel_->setText(tr("no clear period (no peak %1 times above its neighbours)").arg(kPeriodProminence));
    const auto& fr = result_->frequency;
    const auto user = userFrequencyRange();
    if (pendingUserRange_) {
        // The automatic range first, so that the restored one is told from it afterwards.
        const auto restored = *pendingUserRange_;
        applyAutomaticRange();
        pendingUserRange_.reset();
        plot_->xAxis->setRange(restored.first, restored.second);
    } else if (fr.size() >= 2 && (!user || user->second <= fr[1] || user->first >= fr.back())) {
        applyAutomaticRange(); // nothing zoomed, or the zoomed range holds none of the new bins
    }
    fitPowerRange();
    plot_->replot();
    publishWindow(); // the automatic range is known now
    emit computed();
}

void FrequencyPlot::applyAutomaticRange()
{
    if (!result_ || result_->frequency.size() < 2)
        return;
    const auto& fr = result_->frequency;
    double lo = fr[1], hi = fr.back();
    if (!logFrequency_->isChecked())
        lo = 0;
    if (peakZoom_->isChecked())
        if (const auto peak = strongest_period(*result_)) {
            // The peak and its first harmonics (linear), or two decades either side (log).
            const double fp = peak->frequency;
            if (logFrequency_->isChecked())
                lo = std::max(lo, fp / 100), hi = std::min(hi, fp * 100);
            else
                hi = std::min(hi, fp * 6.5);
        }
    if (!(hi > lo))
        hi = lo + 1;
    plot_->xAxis->setRange(lo, hi);
    automaticRange_ = std::make_pair(plot_->xAxis->range().lower, plot_->xAxis->range().upper);
}

void FrequencyPlot::fitPowerRange()
{
    if (!result_)
        return;
    // The extremes of the power over the bins in view (bin 0, the removed mean, excluded).
    const QCPRange x = plot_->xAxis->range();
    const auto& fr = result_->frequency;
    const auto first = std::lower_bound(fr.begin() + std::min<std::ptrdiff_t>(1, fr.size()), fr.end(), x.lower);
    const auto last = std::upper_bound(first, fr.end(), x.upper);
    const bool logScale = log_->isChecked();
    double mn = 0, mx = 0;
    bool any = false;
    for (auto it = first; it != last; ++it) {
        const double v = result_->power[static_cast<std::size_t>(it - fr.begin())];
        if (logScale && v <= 0)
            continue;
        mn = any ? std::min(mn, v) : v;
        mx = any ? std::max(mx, v) : v;
        any = true;
    }
    if (!any || !(mx > 0))
        return;
    if (logScale)
        plot_->yAxis->setRange(std::max(mn, mx * 1e-12), mx * 2);
    else
        plot_->yAxis->setRange(0, mx * 1.08);
}

QString FrequencyPlot::frequencyText(double cyclesPerTick) const
{
    if (domain_ == XAxis::Event)
        return tr("%1 cycles per event").arg(cyclesPerTick, 0, 'g', 4);
    return formatFrequency(cyclesPerTick, doc_->trace().header.timebase);
}

QString FrequencyPlot::peakText() const { return peakLabel_->text(); }

QString FrequencyPlot::describeFrequency(double cyclesPerTick) const
{
    const double period = cyclesPerTick > 0 ? 1.0 / cyclesPerTick : 0.0;
    const QString p = domain_ == XAxis::Event ? tr("%1 events").arg(period, 0, 'g', 4)
                                              : formatDurationSI(period, doc_->trace().header.timebase, 4);
    return tr("f = %1, period = %2").arg(frequencyText(cyclesPerTick), p);
}

void FrequencyPlot::setBand(double f0, double f1)
{
    if (f1 < f0)
        std::swap(f0, f1);
    band_ = std::make_pair(std::max(0.0, f0), f1);
    bandItem_->topLeft->setCoords(band_->first, 0);
    bandItem_->bottomRight->setCoords(band_->second, 1);
    bandItem_->setVisible(true);
    filterBand_->setEnabled(true);
    peakLabel_->setText(tr("band [%1, %2]: Filter band merges the states whose strongest frequency lies in it")
                            .arg(frequencyText(band_->first), frequencyText(band_->second)));
    queueReplot(plot_);
    publishOptions();
}

void FrequencyPlot::clearBand()
{
    band_.reset();
    bandItem_->setVisible(false);
    filterBand_->setEnabled(false);
    queueReplot(plot_);
    publishOptions();
}

std::optional<Step> FrequencyPlot::bandFilterStep() const
{
    if (!band_)
        return std::nullopt;
    step::FilterFrequency f;
    f.f0 = band_->first;
    f.f1 = band_->second;
    f.event_domain = domain_ == XAxis::Event;
    if (!f.event_domain && interval_->value() > 0)
        f.interval = interval_->value();
    return Step{f};
}

std::optional<QString> FrequencyPlot::applyBandFilter()
{
    const auto step = bandFilterStep();
    if (!step)
        return tr("choose a band first: Shift-drag on the periodogram");
    return doc_->pushStep(*step);
}

void FrequencyPlot::bandPress(const QPoint& pos)
{
    bandOrigin_ = plot_->xAxis->pixelToCoord(pos.x());
    setBand(*bandOrigin_, *bandOrigin_);
}

void FrequencyPlot::bandMove(const QPoint& pos)
{
    if (bandOrigin_)
        setBand(*bandOrigin_, plot_->xAxis->pixelToCoord(pos.x()));
}

void FrequencyPlot::bandRelease(const QPoint& pos)
{
    if (!bandOrigin_)
        return;
    const double x = plot_->xAxis->pixelToCoord(pos.x());
    if (std::abs(plot_->xAxis->coordToPixel(*bandOrigin_) - pos.x()) < 3)
        clearBand(); // a click, not a band
    else
        setBand(*bandOrigin_, x);
    bandOrigin_.reset();
}

std::size_t FrequencyPlot::peakBinNear(const QPoint& pos) const
{
    if (!result_ || result_->frequency.size() < 3)
        return 0;
    // The strongest bin within a few pixels of the cursor.
    const double f0 = plot_->xAxis->pixelToCoord(pos.x() - 6);
    const double f1 = plot_->xAxis->pixelToCoord(pos.x() + 6);
    const auto& fr = result_->frequency;
    const auto lo = static_cast<std::size_t>(std::lower_bound(fr.begin() + 1, fr.end(), f0) - fr.begin());
    const auto hi = static_cast<std::size_t>(std::upper_bound(fr.begin() + 1, fr.end(), f1) - fr.begin());
    std::size_t best = 0;
    for (std::size_t k = lo; k < hi && k < fr.size(); ++k)
        if (best == 0 || result_->power[k] > result_->power[best])
            best = k;
    return best;
}

std::optional<double> FrequencyPlot::peakNear(const QPoint& pos) const
{
    const std::size_t bin = peakBinNear(pos);
    return bin == 0 ? std::nullopt : std::optional<double>(result_->frequency[bin]);
}

void FrequencyPlot::hover(const QPoint& pos)
{
    const std::size_t best = peakBinNear(pos);
    if (best == 0)
        return;
    peakLabel_->setText(tr("peak: %1, power %2 (click: find the sequence of this period)")
                            .arg(describeFrequency(result_->frequency[best]))
                            .arg(result_->power[best], 0, 'g', 3));
    queueReplot(plot_);
}

} // namespace chitra::app
