#include "dialogs/filter_dialog.hpp"

#include "jobs/worker_pool.hpp"
#include "plotting/histogram_widget.hpp"
#include "text/number_format.hpp"

#include "chitra/transforms/transforms.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace chitra::app {

namespace {

struct PreviewResult {
    long long states = 0;
    long long composites = 0; // states of the result that the filter made
    long long elements = 0;
    QString error;
};

PreviewResult runPreview(const std::shared_ptr<const Ses>& ses, const Step& step)
{
    PreviewResult r;
    try {
        Warnings warnings;
        const Ses out = apply_step(*ses, step, warnings);
        std::vector<char> seen(out.symbols->size(), 0);
        for (SymbolId s : out.symbol)
            if (!seen[s]) {
                seen[s] = 1;
                ++r.states;
                if (s >= ses->symbols->size())
                    ++r.composites;
            }
        r.elements = static_cast<long long>(out.size());
    } catch (const std::exception& e) {
        r.error = QString::fromUtf8(e.what());
    }
    return r;
}

// Bin edges for positive values: geometric when they span decades, else linear from 0
// (unit-wide when the values are small integers).
std::vector<double> binEdges(double lo, double hi, std::size_t n, bool log, bool integers, double unit)
{
    std::vector<double> edges;
    if (log) {
        const double a = lo / 1.1, b = hi * 1.1;
        const std::size_t bins = std::clamp<std::size_t>(static_cast<std::size_t>(2 * std::sqrt(double(n))), 8, 40);
        for (std::size_t k = 0; k <= bins; ++k)
            edges.push_back(a * std::pow(b / a, double(k) / double(bins)));
        return edges;
    }
    if (integers && hi / unit <= 60) {
        for (double k = 0; k <= std::ceil(hi / unit) + 1; k += 1)
            edges.push_back(k * unit);
        return edges;
    }
    const std::size_t bins = std::clamp<std::size_t>(static_cast<std::size_t>(2 * std::sqrt(double(n))), 8, 40);
    const double b = hi > 0 ? hi * 1.02 : 1.0;
    for (std::size_t k = 0; k <= bins; ++k)
        edges.push_back(b * double(k) / double(bins));
    return edges;
}

} // namespace

FilterDialog::FilterDialog(std::shared_ptr<const Ses> ses, Domain domain, QWidget* parent)
    : QDialog(parent), ses_(std::move(ses)), domain_(domain)
{
    // Per-symbol totals and counts in one pass.
    const std::size_t table = ses_->symbols ? ses_->symbols->size() : 0;
    std::vector<double> total(table, 0.0);
    std::vector<std::uint64_t> count(table, 0);
    for (std::size_t i = 0; i < ses_->size(); ++i) {
        total[ses_->symbol[i]] += static_cast<double>(ses_->occupancy(i));
        ++count[ses_->symbol[i]];
    }
    for (SymbolId s = 0; s < table; ++s)
        if (count[s] > 0) {
            present_.push_back(s);
            total_.push_back(total[s]);
            count_.push_back(count[s]);
        }

    const bool time = domain_ == Domain::time;
    setWindowTitle(time ? tr("Time filter") : tr("Event filter"));
    auto* intro =
        new QLabel(time ? tr("States whose <b>share of the total time</b> is below the threshold are merged, "
                             "run by run, into filter composites T1, T2, … named by their neighbours.")
                        : tr("States that <b>occur fewer times</b> than the threshold are merged, run by run, "
                             "into filter composites T1, T2, … named by their neighbours."),
                   this);
    intro->setWordWrap(true);

    histogram_ = new HistogramWidget(this);
    histogram_->setThresholdEnabled(true);
    histogram_->setToolTip(tr("Drag the line to set the threshold; orange bins are merged."));

    spin_ = new QDoubleSpinBox(this);
    spin_->setRange(-1e12, 1e12); // out-of-range values are refused below, not clamped
    spin_->setKeyboardTracking(true);
    spin_->setMinimumWidth(160);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Merge states below:"), this));
    row->addWidget(spin_);
    if (!time) {
        mode_ = new QComboBox(this);
        mode_->addItem(tr("occurrences"));
        mode_->addItem(tr("% of elements"));
        row->addWidget(mode_);
    }
    row->addStretch(1);

    preview_ = new QLabel(this);
    preview_->setWordWrap(true);
    preview_->setTextFormat(Qt::RichText);
    selected_ = new QLabel(this);
    selected_->setWordWrap(true);
    selected_->setStyleSheet(QStringLiteral("color: #555555;"));
    refusal_label_ = new QLabel(this);
    refusal_label_->setWordWrap(true);
    refusal_label_->setStyleSheet(QStringLiteral("color: #C0392B; font-weight: bold;"));
    refusal_label_->setMinimumHeight(2 * refusal_label_->fontMetrics().lineSpacing() + 4);
    refusal_label_->setAlignment(Qt::AlignLeft | Qt::AlignTop);

    buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons_->button(QDialogButtonBox::Ok)->setText(tr("Apply filter"));
    connect(buttons_, &QDialogButtonBox::accepted, this, [this] {
        if (isValid())
            accept();
    });
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(histogram_, 1);
    layout->addLayout(row);
    layout->addWidget(preview_);
    layout->addWidget(selected_);
    layout->addWidget(refusal_label_);
    layout->addWidget(buttons_);

    debounce_ = new QTimer(this);
    debounce_->setSingleShot(true);
    debounce_->setInterval(ses_->size() > 200000 ? 120 : 0);
    connect(debounce_, &QTimer::timeout, this, &FilterDialog::startPreview);

    connect(spin_, &QDoubleSpinBox::valueChanged, this, &FilterDialog::onThresholdChanged);
    connect(histogram_, &HistogramWidget::thresholdChanged, this, [this](double x) {
        const bool counts = domain_ == Domain::event && eventMode() == EventMode::count;
        spin_->setValue(counts ? x : x * 100.0);
        // The spin box rounds; the line shows exactly what will be applied.
        QSignalBlocker block(histogram_);
        histogram_->setThreshold(counts ? spin_->value() : spin_->value() / 100.0);
    });
    if (mode_)
        connect(mode_, &QComboBox::currentIndexChanged, this, &FilterDialog::onModeChanged);

    onModeChanged();
    resize(560, 480);
}

FilterDialog::~FilterDialog() = default;

QPushButton* FilterDialog::okButton() const { return buttons_->button(QDialogButtonBox::Ok); }

FilterDialog::EventMode FilterDialog::eventMode() const
{
    return mode_ && mode_->currentIndex() == 1 ? EventMode::fraction : EventMode::count;
}

double FilterDialog::xOf(std::size_t k) const
{
    if (domain_ == Domain::time) {
        const double T = static_cast<double>(ses_->total());
        return T > 0 ? total_[k] / T : 0.0;
    }
    const double c = static_cast<double>(count_[k]);
    return eventMode() == EventMode::count ? c : c / static_cast<double>(std::max<std::size_t>(ses_->size(), 1));
}

void FilterDialog::fillHistogram()
{
    const bool counts = domain_ == Domain::event && eventMode() == EventMode::count;
    std::vector<double> xs;
    for (std::size_t k = 0; k < present_.size(); ++k)
        xs.push_back(xOf(k));
    double lo = 0, hi = 1;
    bool log = false;
    const auto positive = std::count_if(xs.begin(), xs.end(), [](double x) { return x > 0; });
    if (positive > 0) {
        lo = 1e300;
        hi = 0;
        for (double x : xs)
            if (x > 0) {
                lo = std::min(lo, x);
                hi = std::max(hi, x);
            }
        log = hi / lo >= 30;
    }
    const double unit = domain_ == Domain::event
                            ? (counts ? 1.0 : 1.0 / static_cast<double>(std::max<std::size_t>(ses_->size(), 1)))
                            : 0.0;
    const std::vector<double> edges = binEdges(lo, hi, xs.size(), log, domain_ == Domain::event, unit);
    std::vector<double> heights(edges.size() - 1, 0.0);
    for (double x : xs) {
        auto it = std::upper_bound(edges.begin(), edges.end(), x);
        std::size_t b = it == edges.begin() ? 0 : static_cast<std::size_t>(it - edges.begin()) - 1;
        heights[std::min(b, heights.size() - 1)] += 1;
    }
    histogram_->setLogX(log);
    histogram_->setXTickPercent(!counts);
    histogram_->setBins(edges, heights);
    const double valid_max = counts ? static_cast<double>(ses_->size()) : 1.0;
    histogram_->setThresholdRange(edges.front(), std::min(edges.back(), valid_max));
    QString xlabel;
    if (domain_ == Domain::time)
        xlabel = tr("share of the total time h(s)/T");
    else if (counts)
        xlabel = tr("occurrences of the state");
    else
        xlabel = tr("occurrences as a share of all elements");
    histogram_->setAxisLabels(xlabel + (log ? tr(" (log scale)") : QString()), tr("states"));
}

void FilterDialog::onModeChanged()
{
    const bool counts = domain_ == Domain::event && eventMode() == EventMode::count;
    const double m = static_cast<double>(ses_->size());
    QSignalBlocker block(spin_);
    if (counts) {
        spin_->setDecimals(0);
        spin_->setSingleStep(1);
        spin_->setSuffix(QString());
        spin_->setValue(std::max(2.0, std::round(0.01 * m)));
    } else {
        spin_->setDecimals(4);
        spin_->setSingleStep(0.5);
        spin_->setSuffix(QStringLiteral(" %"));
        spin_->setValue(1.0);
    }
    fillHistogram();
    block.unblock();
    onThresholdChanged();
}

void FilterDialog::setThreshold(double shown) { spin_->setValue(shown); }

Step FilterDialog::step() const
{
    const double v = spin_->value();
    if (domain_ == Domain::time)
        return step::FilterTime{v / 100.0};
    step::FilterEvent f;
    if (eventMode() == EventMode::count)
        f.below = v;
    else
        f.below_fraction = v / 100.0;
    return f;
}

void FilterDialog::onThresholdChanged()
{
    const double v = spin_->value();
    const bool counts = domain_ == Domain::event && eventMode() == EventMode::count;
    const double x = counts ? v : v / 100.0; // in histogram units
    {
        QSignalBlocker block(histogram_);
        histogram_->setThreshold(x);
    }

    // Refuse impossible values inline.
    const long long m = static_cast<long long>(ses_->size());
    refusal_.clear();
    if (ses_->empty())
        refusal_ = tr("The sequence is empty: there is nothing to filter.");
    else if (domain_ == Domain::time && ses_->total() <= 0)
        refusal_ = tr("The total time is 0: a time filter selects nothing. Use the event filter.");
    else if (v <= 0)
        refusal_ = tr("The threshold must be above 0 (at 0 nothing is below it).");
    else if (counts && v > static_cast<double>(m))
        refusal_ =
            tr("Out of range: there are only %1 elements, so the threshold can be at most %1.").arg(formatCount(m));
    else if (!counts && v > 100.0)
        refusal_ = tr("Out of range: the threshold is a share and can be at most 100%.");
    refusal_label_->setText(refusal_);
    refusal_label_->setVisible(!refusal_.isEmpty());
    okButton()->setEnabled(refusal_.isEmpty());

    // Which states the filter selects (the same rule as the core: x < threshold).
    if (refusal_.isEmpty()) {
        std::vector<std::pair<double, std::size_t>> sel;
        for (std::size_t k = 0; k < present_.size(); ++k) {
            const double xk = counts ? static_cast<double>(count_[k])
                                     : (domain_ == Domain::time ? xOf(k) : static_cast<double>(count_[k]) / double(m));
            if (xk < x)
                sel.emplace_back(xk, k);
        }
        std::sort(sel.begin(), sel.end());
        QStringList names;
        for (std::size_t i = 0; i < sel.size() && i < 12; ++i)
            names << QString::fromStdString((*ses_->symbols)[present_[sel[i].second]].name);
        if (sel.size() > 12)
            names << QStringLiteral("…");
        selected_->setText(sel.empty() ? tr("No state is below the threshold: the filter changes nothing.")
                                       : tr("%1 state(s) selected: %2").arg(sel.size()).arg(names.join(", ")));
    } else {
        selected_->clear();
    }

    preview_states_ = preview_elements_ = -1;
    ++generation_;
    if (!refusal_.isEmpty()) {
        preview_->setText(tr("Preview: —"));
        return;
    }
    preview_->setText(tr("Preview: computing…"));
    debounce_->start();
}

void FilterDialog::startPreview()
{
    if (!refusal_.isEmpty())
        return;
    const int generation = generation_;
    auto* watcher = new QFutureWatcher<PreviewResult>(this);
    connect(watcher, &QFutureWatcher<PreviewResult>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != generation_)
            return; // a newer threshold is on its way
        const PreviewResult r = watcher->result();
        if (!r.error.isEmpty()) {
            refusal_ = r.error;
            refusal_label_->setText(r.error);
            refusal_label_->setVisible(true);
            okButton()->setEnabled(false);
            preview_->setText(tr("Preview: —"));
            return;
        }
        preview_states_ = r.states;
        preview_elements_ = r.elements;
        preview_->setText(tr("<b>%1</b> of %2 states and <b>%3</b> of %4 elements remain")
                              .arg(formatCount(r.states), formatCount(static_cast<long long>(present_.size())),
                                   formatCount(r.elements), formatCount(static_cast<long long>(ses_->size()))) +
                          (r.composites ? tr(", including %1 new filter composite(s)").arg(r.composites) : QString()));
        emit previewUpdated();
    });
    watcher->setFuture(runInBackground(runPreview, ses_, step()));
}

} // namespace chitra::app
