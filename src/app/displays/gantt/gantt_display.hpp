// Traceview's Gantt display (semantics.md section 6, docs/traceview.md): a display shell
// stacking the state chart and one chart per data field on one time axis, with one
// vertical cursor line across all of them; per chart an optional density bar (point or
// value density, a colour map and its legend) and an average curve; rubber-band zoom in
// all charts together with stepwise and full zoom undo. Counters are drawn as rates.
// The widget, its tool row, options and zoom are in gantt_display.cpp; the stacked charts
// are built in gantt_layout.cpp from the state chart (views/trace/state_plottable.hpp),
// field charts (field_plottable.hpp) and density bars (density_plottable.hpp), drawn on
// a GanttCanvas (gantt_canvas.hpp).
#pragma once

#include "displays/min_visit_state.hpp"

#include "chitra/traceview/traceview.hpp"

#include <QStringList>
#include <QWidget>

#include <memory>
#include <utility>
#include <vector>

class QCustomPlot;
class QLabel;
class QSlider;
class QComboBox;
class QToolButton;

namespace chitra::app {

class DisplayOptionsLink;

// The Gantt display's name in the display registry and in ViewPresentation::window.
inline const QString kGanttDisplay = QStringLiteral("gantt");

class ViewDocument;
class GanttCanvas;
class MinVisitBox;
struct GanttData;

class GanttDisplay : public QWidget {
    Q_OBJECT
public:
    enum class Density { Off, Point, Value };
    enum class ColourMap { Viridis, Hot, Grey };

    explicit GanttDisplay(ViewDocument* doc, QWidget* parent = nullptr);
    ~GanttDisplay() override;

    ViewDocument* document() const { return doc_; }

    // Charts: 0 is the state chart, k > 0 the chart of field k - 1.
    int chartTotal() const; // all charts, shown or not
    QString chartName(int chart) const;
    bool chartShown(int chart) const;
    void setChartShown(int chart, bool on); // add / remove a chart
    int shownChartCount() const;

    Density density(int chart) const;
    void setDensity(int chart, Density density);
    ColourMap colourMap() const { return colourMap_; }
    void setColourMap(ColourMap map);
    bool average(int chart) const;
    void setAverage(int chart, bool on);
    double averageWindowPercent() const { return windowPercent_; }
    void setAverageWindowPercent(double percent);
    int densityBarCount() const;
    // Average curves and value density bars: time-weighted (default; a counter's increase
    // over the window divided by its length) or Traceview's plain mean of the visits' values.
    bool averageTimeWeighted() const { return timeWeighted_; }
    void setAverageTimeWeighted(bool on);

    // Visits shorter than this (seconds) are short for the counters' charts: drawn in
    // grey and left out of the y range (traceview.hpp ShortVisitRule). 0 turns it off.
    double minVisitSeconds() const { return minVisitSeconds_; }
    void setMinVisitSeconds(double seconds);
    // The y range of a shown chart, as drawn (lanes for the state chart, chart 0).
    std::pair<double, double> yRange(int chart) const;

    // Zoom (all charts together): the view's ViewPresentation window and zoom history of
    // kGanttDisplay, which the charts follow.
    std::pair<double, double> visibleRange() const;
    void zoomTo(double x0, double x1); // remembers the range it leaves
    void undoZoom();                   // one step back
    void fullZoom();                   // all at once
    int zoomDepth() const;
    // The x range of every shown chart (they must all be equal).
    std::vector<std::pair<double, double>> chartRanges() const;

    // The vertical cursor line across all charts, at time x.
    void setCursorX(double x);
    double cursorX() const { return cursorX_; }
    // Marks one element (a visit) in every chart; npos clears the mark.
    void markElement(std::size_t element);
    std::size_t markedElement() const { return marked_; }

    QCustomPlot* plot() const;
    QWidget* canvas() const;
    double replotNow(); // synchronous replot, milliseconds

signals:
    void cursorMoved(double x);
    void hoverText(const QString& text);

private:
    friend class GanttCanvas;
    void rebuildData();
    void rebuildLayout();
    void rebuildMenus();
    void refreshStateTicks();
    void updateDensityLegends();
    void applyRange(double x0, double x1);
    // Its options into the view's ViewPresentation after a change (optionsLink_).
    void publishOptions();
    void hoverAt(int px);
    void bandZoom(int px0, int px1);
    void wheelZoom(int px, double factor);
    double pixelToX(int px) const;

    ViewDocument* doc_;
    GanttCanvas* plot_;
    QLabel* status_;
    QToolButton* chartsButton_;
    QToolButton* densityButton_;
    QToolButton* averageButton_;
    QComboBox* mapBox_;
    QSlider* windowSlider_;
    QLabel* windowLabel_;
    MinVisitBox* minVisitBox_;
    std::unique_ptr<GanttData> data_;
    std::vector<char> shown_;
    std::vector<Density> density_;
    std::vector<char> average_;
    ColourMap colourMap_ = ColourMap::Viridis;
    double windowPercent_ = 5;
    bool timeWeighted_ = true;
    double minVisitSeconds_ = preferredMinVisitSeconds();
    std::pair<double, double> range_{0, 1}; // as drawn: the state's window once applied
    double cursorX_ = 0;
    DisplayOptionsLink* optionsLink_;
    std::size_t marked_ = static_cast<std::size_t>(-1);
};

} // namespace chitra::app
