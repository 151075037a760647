#include "displays/messages/messages_window.hpp"

#include "displays/messages/late_sender_chart.hpp"
#include "displays/messages/message_histogram.hpp"
#include "displays/messages/messages_display_state.hpp"
#include "displays/display_window.hpp"
#include "document/view_document.hpp"
#include "jobs/worker_pool.hpp"
#include "text/number_format.hpp"
#include "text/qt_strings.hpp"

#include "chitra/messages/messages.hpp"

#include <QComboBox>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace chitra::app {

MessagesWindow::MessagesWindow(ViewDocument* doc, QWidget* parent)
    : QMainWindow(parent), doc_(doc), colour_(new QComboBox), rangeLabel_(new QLabel), matrix_(new MessageMatrixPlot),
      sizes_(new MessageHistogram(MessageHistogram::Kind::Sizes)),
      latencies_(new MessageHistogram(MessageHistogram::Kind::Latencies)), lanesChart_(new LateSenderChart)
{
    setAttribute(Qt::WA_DeleteOnClose);
    colour_->addItem(tr("Messages"));
    colour_->addItem(tr("Bytes"));
    colour_->addItem(tr("Mean latency"));
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Colour by:")));
    bar->addWidget(colour_);
    bar->addSpacing(16);
    bar->addWidget(rangeLabel_, 1);
    auto* histograms = new QSplitter(Qt::Vertical);
    histograms->addWidget(sizes_);
    histograms->addWidget(latencies_);
    auto* top = new QSplitter(Qt::Horizontal);
    top->addWidget(matrix_);
    top->addWidget(histograms);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 2);
    auto* all = new QSplitter(Qt::Vertical);
    all->addWidget(top);
    all->addWidget(lanesChart_);
    all->setStretchFactor(0, 3);
    all->setStretchFactor(1, 2);
    auto* central = new QWidget;
    auto* layout = new QVBoxLayout(central);
    layout->addLayout(bar);
    layout->addWidget(all, 1);
    setCentralWidget(central);

    connect(colour_, &QComboBox::currentIndexChanged, this, [this] {
        matrix_->show(matrix_->matrix(), names_, colour());
        keepOptions();
    });
    connect(matrix_, &MessageMatrixPlot::cellClicked, this, [this](std::size_t from, std::size_t to) {
        if (from < shown_.size() && to < shown_.size())
            emit messagesPicked(shown_[from], shown_[to]);
    });
    connect(&doc_->presentation(), &ViewPresentation::windowChanged, this, &MessagesWindow::followWindow);
    connect(&doc_->presentation(), &ViewPresentation::laneChoicesChanged, this, [this] {
        if (areaLanes_.empty())
            recompute();
    });
    // Options set from outside (a session, an area brushed in the lanes view): followed.
    connect(&doc_->presentation(), &ViewPresentation::displayOptionsChanged, this, [this](const QString& display) {
        if (display != kMessagesDisplay || applying_)
            return;
        const DisplayOptions asked =
            doc_->presentation().displayOptions(kMessagesDisplay); // a copy: applying rewrites it
        if (asked != messagesOptions(*this)) {
            std::vector<QString> ignored;
            applyMessagesOptions(*this, asked, {}, ignored);
            raise();
        }
    });
    try {
        source_ = std::make_shared<const ProfileSource>(profile_source(doc_->lanesTrace()));
        index_ = std::make_unique<MessageIndex>(source_->lanes);
    } catch (const std::exception& e) {
        rangeLabel_->setText(tr("No messages: %1").arg(qs(e.what())));
    }
    std::vector<QString> ignored; // reported when the session was restored
    const DisplayOptions saved = doc_->presentation().displayOptions(kMessagesDisplay);
    applyMessagesOptions(*this, saved, {}, ignored);
    built_ = true; // the saved options applied: the matrix and its waits once, for all of them
    recompute();
    auto title = [this] { setWindowTitle(tr("Messages — %1").arg(doc_->name())); };
    title();
    connect(doc_, &ViewDocument::nameChanged, this, title);
    connect(doc_, &QObject::destroyed, this, &QWidget::close);
    QMenu* menu = menuBar()->addMenu(tr("&Messages"));
    menu->addAction(tr("&Whole run, every lane shown"), this, [this] {
        areaLanes_.clear();
        range_.reset();
        recompute();
        keepOptions();
    });
    menu->addSeparator();
    menu->addAction(tr("&Close"), QKeySequence::Close, this, &QWidget::close);
    resize(1100, 800);
}

MessagesWindow::~MessagesWindow() = default;

MatrixColour MessagesWindow::colour() const { return static_cast<MatrixColour>(colour_->currentIndex()); }

void MessagesWindow::setColour(MatrixColour colour) { colour_->setCurrentIndex(static_cast<int>(colour)); }

void MessagesWindow::setRange(std::optional<ProfileRange> range)
{
    if (range == range_)
        return;
    range_ = range;
    recompute();
    keepOptions();
}

bool MessagesWindow::setAreaLanes(std::vector<std::size_t> lanes)
{
    if (source_ &&
        std::any_of(lanes.begin(), lanes.end(), [this](std::size_t l) { return l >= source_->lanes->lanes.size(); }))
        return false;
    std::vector<std::size_t> once; // each lane once, in the order given
    for (std::size_t l : lanes)
        if (std::find(once.begin(), once.end(), l) == once.end())
            once.push_back(l);
    lanes = std::move(once);
    if (lanes == areaLanes_)
        return true;
    areaLanes_ = std::move(lanes);
    recompute();
    keepOptions();
    return true;
}

void MessagesWindow::keepOptions()
{
    applying_ = true;
    doc_->presentation().setDisplayOptions(kMessagesDisplay, messagesOptions(*this));
    applying_ = false;
    emit optionsChanged();
}

// The time and lanes views show time on x in the trace's units from its origin.
void MessagesWindow::followWindow(const QString& display)
{
    const ViewPresentation& p = doc_->presentation();
    if (!source_ || (display != kLanesDisplay && !(display == kTraceDisplay && p.traceAxis() == XAxis::Time)))
        return;
    const XWindow w = p.window(display);
    if (w.empty())
        return;
    const auto scale = static_cast<double>(source_->ns_per_unit);
    const Time from = std::max<Time>(0, static_cast<Time>(std::floor(w.x0 * scale)));
    const Time to = static_cast<Time>(std::ceil(w.x1 * scale));
    if (to <= from)
        return;
    const Time end = source_->end - source_->origin;
    setRange(from == 0 && to >= end ? std::nullopt : std::optional<ProfileRange>(ProfileRange{from, to}));
}

void MessagesWindow::recompute()
{
    if (!built_ || !source_ || !index_)
        return;
    const LaneTrace& lanes = *source_->lanes;
    // The lanes view's rows, in its order: hidden lanes left out, or those of the area.
    const LaneChoices& c = doc_->presentation().laneChoices();
    std::vector<std::size_t> order = c.order;
    if (order.size() != lanes.lanes.size()) {
        order.resize(lanes.lanes.size());
        std::iota(order.begin(), order.end(), std::size_t{0});
    }
    shown_.clear();
    for (std::size_t lane : order)
        if (areaLanes_.empty() ? !c.hidden.count(lane)
                               : std::find(areaLanes_.begin(), areaLanes_.end(), lane) != areaLanes_.end())
            shown_.push_back(lane);
    names_.clear();
    for (std::size_t lane : shown_)
        names_.push_back(qs(lanes.lanes[lane].name));
    const Time end = source_->end - source_->origin;
    const Time from = range_ ? range_->from : 0;
    const Time to = range_ && range_->to ? *range_->to : end + 1; // the whole run: its end included
    const MessageMatrix m = index_->matrix(shown_, source_->origin + from, source_->origin + to);
    matrix_->show(m, names_, colour());
    sizes_->show(m.size_bins);
    latencies_->show(m.latency_bins);
    lanesChart_->show(m, names_);
    const QString lanesText = areaLanes_.empty()
                                  ? tr("the lanes shown")
                                  : tr("%n lane(s) of an area", nullptr, static_cast<int>(shown_.size()));
    rangeLabel_->setText(
        range_ ? tr("%1 to %2 of %3, %4")
                     .arg(formatDuration(static_cast<double>(from), TimeBase::ns),
                          formatDuration(static_cast<double>(to), TimeBase::ns),
                          formatDuration(static_cast<double>(end), TimeBase::ns), lanesText)
               : tr("The whole run, %1, %2").arg(formatDuration(static_cast<double>(end), TimeBase::ns), lanesText));

    // The late-sender waits replay the receiving lanes: in the background, the newest asked for wins.
    auto source = std::make_shared<ProfileSource>(*source_);
    std::vector<std::size_t> chosen = shown_;
    std::sort(chosen.begin(), chosen.end()); // a source's lanes are in lane order
    source->chosen = chosen;
    const ProfileRange range = range_.value_or(ProfileRange{});
    const int generation = ++generation_;
    waitsPending_ = true;
    auto* watcher = new QFutureWatcher<std::vector<LaneWait>>(this);
    connect(watcher, &QFutureWatcher<std::vector<LaneWait>>::finished, this, [this, watcher, generation, chosen] {
        watcher->deleteLater();
        if (generation != generation_)
            return;
        std::vector<LaneWait> byRow;
        try {
            const std::vector<LaneWait> waits = watcher->result();
            // Back into the matrix's order.
            for (std::size_t lane : shown_) {
                const auto k =
                    static_cast<std::size_t>(std::lower_bound(chosen.begin(), chosen.end(), lane) - chosen.begin());
                byRow.push_back({byRow.size() + 1, waits[k].ns});
            }
        } catch (const std::exception&) {
            byRow.clear(); // a range the matrix could not show either
        }
        waitsPending_ = false;
        lanesChart_->showWaits(byRow);
        emit waitsShown();
    });
    watcher->setFuture(runInBackground([source, range] { return late_sender_waits(*source, range); }));
}

MessagesWindow* MessagesWindow::open(ViewDocument* doc, QWidget* parent)
{
    return openDisplayWindow<MessagesWindow>(doc, parent);
}

MessagesWindow* MessagesWindow::find(const QObject& owner, const ViewDocument* doc)
{
    return findDisplayWindow<MessagesWindow>(owner, doc);
}

} // namespace chitra::app
