// The displays of one view stacked so their x axes align: the trace plot (time or
// event) above its frequency view.
#pragma once

#include <QWidget>

class QSplitter;

namespace chitra::app {

class ViewDocument;
class TracePlot;
class FrequencyPlot;

class ViewPanel : public QWidget {
    Q_OBJECT
public:
    explicit ViewPanel(ViewDocument* doc, QWidget* parent = nullptr);
    ViewDocument* document() const { return doc_; }
    TracePlot* tracePlot() const { return trace_; }
    FrequencyPlot* frequencyPlot() const { return frequency_; }
    void setFrequencyVisible(bool on);

private:
    ViewDocument* doc_;
    TracePlot* trace_;
    FrequencyPlot* frequency_;
    QSplitter* splitter_;
};

} // namespace chitra::app
