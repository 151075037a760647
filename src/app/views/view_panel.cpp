#include "views/view_panel.hpp"

#include "displays/messages/messages_display_state.hpp"
#include "displays/profile/profile_display_state.hpp"
#include "views/frequency/frequency_display_state.hpp"

#include "document/view_document.hpp"
#include "plotting/left_axis_aligner.hpp"
#include "views/frequency/frequency_plot.hpp"
#include "views/lanes/lanes_link.hpp"
#include "views/lanes/lanes_over_time.hpp"
#include "views/lanes/lanes_view.hpp"
#include "views/trace/trace_plot.hpp"

#include <QEvent>
#include <QSplitter>
#include <QTimer>
#include <qcustomplot.h>
#include <QVBoxLayout>

#include <algorithm>

namespace chitra::app {

ViewPanel::ViewPanel(ViewDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc)
{
    splitter_ = new QSplitter(Qt::Vertical, this);
    trace_ = new TracePlot(doc, splitter_);
    frequency_ = new FrequencyPlot(doc, trace_, splitter_);
    splitter_->addWidget(trace_);
    splitter_->addWidget(frequency_);
    splitter_->setStretchFactor(0, 3);
    splitter_->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter_);
    connect(&doc_->presentation(), &ViewPresentation::displaysChanged, this, &ViewPanel::followDisplays);
    followDisplays();
}

bool ViewPanel::lanesShown() const { return doc_->presentation().displayOpen(kLanesDisplay); }

void ViewPanel::followDisplays()
{
    const bool frequency = doc_->presentation().displayOpen(kFrequencyDisplay);
    const bool lanes = lanesShown();
    if (lanes && !lanes_)
        makeLanesView();
    // With the lanes view among them, the panes get their default shares again whenever
    // one comes or goes: the same heights however the view got to this set of displays.
    if (lanes && (frequency != frequency_->isVisibleTo(this) || !lanes_->isVisibleTo(this)))
        shareHeight_ = true;
    frequency_->setVisible(frequency);
    if (lanes_)
        lanes_->setVisible(lanes);
    if (isVisible())
        shareHeightWithLanes();
}

void ViewPanel::makeLanesView()
{
    lanes_ = new LanesView(doc_, splitter_);
    splitter_->insertWidget(0, lanes_);
    // The lanes view leads where it is open: a trace of many threads reads best there.
    // Stretch as the shares below, so a resize keeps their proportions.
    splitter_->setStretchFactor(0, 8);
    splitter_->setStretchFactor(1, 7);
    splitter_->setStretchFactor(2, 5);
    shareHeight_ = true; // given once laid out
    splitter_->installEventFilter(this);
    link_ = new LanesLink(lanes_, trace_, this);
    new LeftAxisAligner({lanes_->plot(), lanes_->overTime()->plot(), qobject_cast<QCustomPlot*>(trace_->canvas())},
                        this);
    connect(lanes_, &LanesView::projectOntoLaneRequested, this, &ViewPanel::projectOntoLaneRequested);
    // A band over the lanes view profiles its lanes and time in the profile display.
    connect(lanes_, &LanesView::profileAreaRequested, this,
            [this](const std::vector<std::size_t>& lanes, double t0, double t1) {
                askProfileArea(*doc_, lanes, t0, t1);
                emit displayRequested(kProfileDisplay);
            });
    // One over lanes with messages asks the messages display for theirs.
    connect(lanes_, &LanesView::messagesAreaRequested, this,
            [this](const std::vector<std::size_t>& lanes, double t0, double t1) {
                askMessagesArea(*doc_, lanes, t0, t1);
                emit displayRequested(kMessagesDisplay);
            });
    connect(lanes_, &LanesView::splitIntoLanesRequested, this, &ViewPanel::splitIntoLanesRequested);
    connect(lanes_, &LanesView::analyseLanesRequested, this, &ViewPanel::analyseLanesRequested);
    connect(lanes_, &LanesView::compareLanesRequested, this, &ViewPanel::compareLanesRequested);
    connect(lanes_, &LanesView::laneModelRequested, this, &ViewPanel::laneModelRequested);
    connect(lanes_, &LanesView::optionsChanged, this, &ViewPanel::lanesStateChanged);
    connect(lanes_, &LanesView::interactionFinished, this, &ViewPanel::lanesStateChanged);
    // A pan or zoom that ends in the lanes view ends one in the trace view too (the
    // frequency view recomputes what is visible).
    connect(lanes_, &LanesView::interactionFinished, trace_, &TracePlot::interactionFinished);
}

void ViewPanel::shareHeightWithLanes()
{
    const int h = splitter_->height();
    // A hidden panel's splitter has no laid-out height yet (a restored view's is 30 px).
    if (!shareHeight_ || !isVisible() || h <= 0 || !lanes_ || !lanes_->isVisibleTo(this))
        return;
    shareHeight_ = false;
    // Lanes 8 : trace 7 : frequency 5 among the panes shown.
    const bool frequency = frequency_->isVisibleTo(this);
    const int total = 8 + 7 + (frequency ? 5 : 0);
    splitter_->setSizes({h * 8 / total, h * 7 / total, frequency ? h * 5 / total : 0});
}

void ViewPanel::showEvent(QShowEvent* e)
{
    QWidget::showEvent(e);
    // After the layout requests of the show have run: the splitter has its height then.
    QTimer::singleShot(0, this, &ViewPanel::shareHeightWithLanes);
}

bool ViewPanel::eventFilter(QObject* watched, QEvent* e)
{
    if (watched == splitter_ && e->type() == QEvent::Resize && shareHeight_)
        QTimer::singleShot(0, this, &ViewPanel::shareHeightWithLanes); // after its own resize
    return QWidget::eventFilter(watched, e);
}

void ViewPanel::setFrequencyVisible(bool on) { doc_->presentation().setDisplayOpen(kFrequencyDisplay, on); }

} // namespace chitra::app
