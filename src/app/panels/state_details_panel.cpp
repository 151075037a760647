#include "panels/state_details_panel.hpp"

#include "jobs/worker_pool.hpp"
#include "text/definition_text.hpp"
#include "plotting/histogram_widget.hpp"
#include "text/number_format.hpp"
#include "panels/state_list_model.hpp"

#include "chitra/chain/chain.hpp"

#include <QFutureWatcher>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace chitra::app {

namespace {

QString unitName(TimeBase tb)
{
    return tb == TimeBase::us ? QStringLiteral("\u00B5s") : QString::fromStdString(std::string(to_string(tb)));
}

} // namespace

StateDetailsPanel::StateDetailsPanel(QWidget* parent) : QWidget(parent)
{
    search_ = new QLineEdit(this);
    search_->setPlaceholderText(tr("Search states…"));
    search_->setClearButtonEnabled(true);
    model_ = new StateListModel(this);
    list_ = new QListView(this);
    list_->setModel(model_);
    list_->setSelectionMode(QAbstractItemView::SingleSelection);
    list_->setUniformItemSizes(true); // rows are laid out without asking for each one

    title_ = new QLabel(tr("Pick a state from the list or click one in a view."), this);
    title_->setWordWrap(true);
    title_->setTextFormat(Qt::RichText);
    histogram_ = new HistogramWidget(this);
    histogram_->setAxisLabels(tr("occupancy"), tr("visits"));
    stats_label_ = new QLabel(this);
    stats_label_->setTextFormat(Qt::RichText);
    stats_label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    definition_ = new QLabel(this);
    definition_->setWordWrap(true);
    definition_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* top = new QWidget(this);
    auto* tl = new QVBoxLayout(top);
    tl->setContentsMargins(0, 0, 0, 0);
    tl->addWidget(search_);
    tl->addWidget(list_);
    auto* bottom = new QWidget(this);
    auto* bl = new QVBoxLayout(bottom);
    bl->setContentsMargins(0, 0, 0, 0);
    bl->addWidget(title_);
    bl->addWidget(histogram_, 1);
    bl->addWidget(stats_label_);
    bl->addWidget(definition_);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(top);
    split->addWidget(bottom);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);
    list_->setMinimumHeight(80);
    split->setSizes({200, 360});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);

    connect(search_, &QLineEdit::textChanged, this, [this](const QString& text) {
        QSignalBlocker block(list_->selectionModel());
        model_->setFilter(text);
        selectChosenRow();
    });
    connect(list_->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& index) {
        if (index.isValid())
            chooseState(model_->symbolAt(index.row()));
    });
    showChosen();
}

StateDetailsPanel::~StateDetailsPanel() = default;

void StateDetailsPanel::setSes(std::shared_ptr<const Ses> ses, TimeBase timebase,
                               std::shared_ptr<const SymbolTotals> totals, std::shared_ptr<const StateColours> colours)
{
    ses_ = std::move(ses);
    timebase_ = timebase;
    histogram_->setAxisLabels(tr("occupancy (%1)").arg(unitName(timebase)), tr("visits"));
    const std::size_t table = ses_ && ses_->symbols ? ses_->symbols->size() : 0;
    if (!totals || totals->count.size() != table)
        totals = std::make_shared<const SymbolTotals>(ses_ ? symbolTotals(*ses_) : SymbolTotals{});
    const double T = ses_ ? static_cast<double>(ses_->total()) : 0.0;
    const std::vector<std::uint64_t>& count = totals->count;
    {
        QSignalBlocker block(list_->selectionModel());
        model_->setStates(ses_ ? ses_->symbols : nullptr, totals, T, std::move(colours));
    }
    // Keep the choice by name: ids are only meaningful within one symbol table, and an
    // undo followed by a new step can give an old id to a different symbol.
    if (chosen_ != kNoSymbol) {
        const SymbolId now = ses_ && ses_->symbols ? ses_->symbols->find(chosen_name_) : kNoSymbol;
        const SymbolId next = now != kNoSymbol && now < table && count[now] > 0 ? now : kNoSymbol;
        if (next != chosen_) {
            chosen_ = next;
            if (next == kNoSymbol)
                chosen_name_.clear();
            emit stateChosen(next);
        }
    }
    {
        QSignalBlocker block(list_->selectionModel());
        selectChosenRow();
    }
    showChosen();
}

// Marks the chosen state's row, if shown, without choosing anything (callers block the
// selection model's signals).
void StateDetailsPanel::selectChosenRow()
{
    const int row = chosen_ == kNoSymbol ? -1 : model_->rowOf(chosen_);
    if (row < 0) {
        list_->selectionModel()->clear();
        return;
    }
    const QModelIndex index = model_->index(row);
    list_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect);
    list_->scrollTo(index);
}

void StateDetailsPanel::chooseState(SymbolId symbol)
{
    if (symbol == chosen_)
        return;
    chosen_ = symbol;
    chosen_name_ =
        ses_ && ses_->symbols && symbol < ses_->symbols->size() ? (*ses_->symbols)[symbol].name : std::string();
    {
        QSignalBlocker block(list_->selectionModel());
        selectChosenRow();
    }
    showChosen();
    emit stateChosen(symbol);
}

struct StateFigures {
    StateStats stats;
    OccupancyHistogram histogram;
};

namespace {
// One pass over the SES for the visits of `symbol`: a scan of every element, so for a
// long SES it runs on a worker.
StateFigures gatherFigures(const Ses& ses, SymbolId symbol)
{
    std::vector<Time> occ;
    for (std::size_t i = 0; i < ses.size(); ++i)
        if (ses.symbol[i] == symbol)
            occ.push_back(ses.occupancy(i));
    StateFigures f;
    StateStats& st = f.stats;
    st.count = occ.size();
    if (!occ.empty()) {
        double sum = 0;
        for (Time t : occ)
            sum += static_cast<double>(t);
        st.total = sum;
        st.mean = sum / static_cast<double>(occ.size());
        double ss = 0;
        for (Time t : occ)
            ss += (static_cast<double>(t) - st.mean) * (static_cast<double>(t) - st.mean);
        st.variance = occ.size() > 1 ? ss / static_cast<double>(occ.size() - 1) : 0.0;
        st.min = *std::min_element(occ.begin(), occ.end());
        st.max = *std::max_element(occ.begin(), occ.end());
        const double T = static_cast<double>(ses.total());
        st.share = T > 0 ? st.total / T : 0.0;
    }
    f.histogram = make_histogram(occ);
    return f;
}

std::size_t& thresholdValue()
{
    static std::size_t elements = 500000; // a short scan for the GUI thread (docs/performance.md)
    return elements;
}
} // namespace

std::size_t StateDetailsPanel::backgroundThreshold() { return thresholdValue(); }
void StateDetailsPanel::setBackgroundThreshold(std::size_t elements) { thresholdValue() = elements; }

void StateDetailsPanel::showChosen()
{
    stats_ = {};
    ++generation_; // figures still being gathered for an earlier choice are stale
    computing_ = false;
    if (!ses_ || chosen_ == kNoSymbol || chosen_ >= ses_->symbols->size()) {
        title_->setText(tr("Pick a state from the list or click one in a view."));
        histogram_->setBins({}, {});
        histogram_->setVisible(false);
        stats_label_->clear();
        definition_->clear();
        return;
    }
    // The name at once, so that figures still being gathered are not taken for another state's.
    const Symbol& sym = (*ses_->symbols)[chosen_];
    title_->setText(QStringLiteral("<b>%1</b> &nbsp;<span style='color:gray'>%2</span>")
                        .arg(QString::fromStdString(sym.name).toHtmlEscaped(),
                             QString::fromStdString(std::string(to_string(sym.kind)))));
    if (ses_->size() < backgroundThreshold()) {
        showFigures(gatherFigures(*ses_, chosen_));
        return;
    }
    computing_ = true;
    stats_label_->setText(tr("computing…"));
    if (!watcher_) {
        watcher_ = new QFutureWatcher<std::shared_ptr<const StateFigures>>(this);
        connect(watcher_, &QFutureWatcherBase::finished, this, [this] {
            const auto figures = watcher_->result();
            if (figures && watcher_->property("generation").toInt() == generation_) {
                computing_ = false;
                showFigures(*figures);
            }
        });
    }
    watcher_->setProperty("generation", generation_);
    watcher_->setFuture(runInBackground(
        [ses = ses_, symbol = chosen_] { return std::make_shared<const StateFigures>(gatherFigures(*ses, symbol)); }));
}

void StateDetailsPanel::showFigures(const StateFigures& figures)
{
    stats_ = figures.stats;
    const Symbol& sym = (*ses_->symbols)[chosen_];
    const TimeBase tb = timebase_;
    const StateStats& st = stats_;

    const OccupancyHistogram& h = figures.histogram;
    // Show the x axis in a unit where the longest visit is a readable number.
    double scale = 1.0;
    QString axis_unit = unitName(tb);
    if (const auto spt = seconds_per_tick(tb)) {
        const double longest = static_cast<double>(st.max) * *spt;
        const struct {
            double seconds;
            const char* name;
        } units[] = {{1.0, "s"}, {1e-3, "ms"}, {1e-6, "\u00B5s"}, {1e-9, "ns"}};
        for (const auto& u : units)
            if (longest >= u.seconds * 10 || u.seconds <= *spt) {
                if (u.seconds > *spt) {
                    scale = *spt / u.seconds;
                    axis_unit = QString::fromUtf8(u.name);
                }
                break;
            }
    }
    histogram_->setAxisLabels(tr("occupancy (%1)").arg(axis_unit), tr("visits"));
    std::vector<double> edges, heights;
    for (std::size_t k = 0; k <= h.counts.size(); ++k)
        edges.push_back(static_cast<double>(h.origin + static_cast<Time>(k) * h.width) * scale);
    for (std::uint64_t c : h.counts)
        heights.push_back(static_cast<double>(c));
    histogram_->setVisible(true);
    histogram_->setBins(edges, heights);
    histogram_->setToolTip(tr("Occupancy histogram: %1 bins of width %2 (%3 binning)")
                               .arg(h.counts.size())
                               .arg(formatDurationSI(static_cast<double>(h.width), tb))
                               .arg(QString::fromStdString(h.binning)));

    // Two pairs per row: the dock is narrow but short of height too.
    auto row = [](const QString& k1, const QString& v1, const QString& k2, const QString& v2) {
        return QStringLiteral("<tr><td style='color:gray'>%1</td><td align='right'>%2</td>"
                              "<td width='14'></td><td style='color:gray'>%3</td><td align='right'>%4</td></tr>")
            .arg(k1, v1, k2, v2);
    };
    auto t = [tb](double v) { return formatDurationSI(v, tb); };
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='1'>");
    html += row(tr("Visits"), formatCount(static_cast<long long>(st.count)), tr("Share"), formatShare(st.share));
    html += row(tr("Total"), t(st.total), tr("Mean"), t(st.mean));
    html += row(tr("Min"), t(static_cast<double>(st.min)), tr("Max"), t(static_cast<double>(st.max)));
    html += row(tr("Std dev"), t(std::sqrt(st.variance)), tr("Variance"), formatVariance(st.variance, tb));
    html += QStringLiteral("</table>");
    stats_label_->setText(html);

    if (sym.kind == SymbolKind::program) {
        QStringList comps;
        for (const auto& c : sym.components)
            comps << QString::fromStdString(c);
        definition_->setText(comps.size() > 1 ? tr("Program state; components: %1").arg(comps.join(", "))
                                              : tr("Program state"));
    } else if (auto def = describe_symbol(*ses_->symbols, chosen_)) {
        definition_->setText(definitionText(sym.kind, *def, tb));
    } else {
        definition_->setText(QString::fromStdString(std::string(to_string(sym.kind))));
    }
}

} // namespace chitra::app
