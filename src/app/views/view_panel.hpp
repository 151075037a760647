// The displays of one view stacked so their x axes align: the lanes view (when the view
// has it open) above the trace plot (time or event), which is above its frequency view.
#pragma once

#include <QWidget>

#include <cstddef>
#include <vector>

class QSplitter;

namespace chitra::app {

class ViewDocument;
class TracePlot;
class FrequencyPlot;
class LanesView;
class LanesLink;

class ViewPanel : public QWidget {
    Q_OBJECT
public:
    explicit ViewPanel(ViewDocument* doc, QWidget* parent = nullptr);
    ViewDocument* document() const { return doc_; }
    TracePlot* tracePlot() const { return trace_; }
    FrequencyPlot* frequencyPlot() const { return frequency_; }
    // Null until the view's lanes display is first opened; hidden while it is closed.
    LanesView* lanesView() const { return lanes_; }
    bool lanesShown() const;
    void setFrequencyVisible(bool on);

signals:
    // From the lanes view's context menu.
    void projectOntoLaneRequested(std::size_t lane);
    // The view's display of that name (display registry) should open.
    void displayRequested(const QString& display);
    void splitIntoLanesRequested();
    // The lanes view asked to analyse some lanes apart (LanesView::analyseLanesRequested)
    // or to compare some lanes as the members of an ensemble.
    void analyseLanesRequested(const std::vector<std::size_t>& lanes, std::size_t group);
    void compareLanesRequested(const std::vector<std::size_t>& lanes);
    void laneModelRequested(std::size_t lane);
    // Something the session saves changed in the lanes view (range, order, filter, ...).
    void lanesStateChanged();

protected:
    void showEvent(QShowEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    void followDisplays(); // shows the displays the view has open
    void makeLanesView();
    void shareHeightWithLanes(); // the lanes view's first share of the height

    ViewDocument* doc_;
    TracePlot* trace_;
    FrequencyPlot* frequency_;
    LanesView* lanes_ = nullptr;
    LanesLink* link_ = nullptr;
    bool shareHeight_ = false; // the lanes view is new: give it its share when laid out
    QSplitter* splitter_;
};

} // namespace chitra::app
