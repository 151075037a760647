#include "views/view_panel.hpp"

#include "views/frequency/frequency_plot.hpp"
#include "views/trace/trace_plot.hpp"
#include "document/view_document.hpp"

#include <QSplitter>
#include <QVBoxLayout>

namespace chitra::app {

ViewPanel::ViewPanel(ViewDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc)
{
    splitter_ = new QSplitter(Qt::Vertical, this);
    trace_ = new TracePlot(doc, XAxis::Time, splitter_);
    frequency_ = new FrequencyPlot(doc, trace_, splitter_);
    splitter_->addWidget(trace_);
    splitter_->addWidget(frequency_);
    splitter_->setStretchFactor(0, 3);
    splitter_->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter_);
    connect(doc_, &ViewDocument::displaysChanged, this, [this] { frequency_->setVisible(doc_->displayOpen(1)); });
    frequency_->setVisible(doc_->displayOpen(1));
}

void ViewPanel::setFrequencyVisible(bool on) { doc_->setDisplayOpen(1, on); }

} // namespace chitra::app
