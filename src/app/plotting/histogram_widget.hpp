// A reusable histogram (QCustomPlot) with an optional draggable vertical threshold line.
//
// Public interface:
//   HistogramWidget(QWidget* parent = nullptr)
//   setBins(edges, heights)      bin i spans [edges[i], edges[i+1]) with height heights[i]
//   setAxisLabels(x, y), setLogX(bool), setXTickFormat(percent)
//   setThresholdEnabled(bool)    shows the line; a press or drag in the plot moves it
//   setThreshold(x) / threshold()  (setThreshold emits thresholdChanged only on a change)
//   setThresholdRange(lo, hi)    dragging is clamped to [lo, hi]
//   pixelForValue(x)             x pixel in plot() coordinates (for tests)
//   plot(), binEdges(), binHeights()   what is shown (for tests and screenshots)
// signals: thresholdChanged(double) while the user drags and on programmatic changes.
// The part of the histogram left of the threshold is drawn in a second colour: in the
// filter dialog, that is what the filter removes.
#pragma once

#include <QWidget>

#include <vector>

class QCustomPlot;
class QCPGraph;
class QCPItemStraightLine;
class QMouseEvent;

namespace chitra::app {

class HistogramWidget : public QWidget {
    Q_OBJECT
public:
    explicit HistogramWidget(QWidget* parent = nullptr);
    ~HistogramWidget() override;

    void setBins(std::vector<double> edges, std::vector<double> heights);
    void setAxisLabels(const QString& x, const QString& y);
    void setLogX(bool on);
    void setXTickPercent(bool on); // x values are fractions, ticks read as percentages
    void setThresholdEnabled(bool on);
    void setThreshold(double x);
    double threshold() const { return threshold_; }
    void setThresholdRange(double lo, double hi);
    int pixelForValue(double x) const;
    QCustomPlot* plot() const { return plot_; }
    const std::vector<double>& binEdges() const { return edges_; }
    const std::vector<double>& binHeights() const { return heights_; }

    QSize sizeHint() const override { return {420, 240}; }

signals:
    void thresholdChanged(double x);

private:
    void onPress(QMouseEvent* event);
    void onMove(QMouseEvent* event);
    void onRelease(QMouseEvent* event);
    void moveTo(double x);
    void redraw();
    void applyTicker();

    QCustomPlot* plot_ = nullptr;
    QCPGraph* below_ = nullptr; // bins left of the threshold
    QCPGraph* above_ = nullptr; // the rest
    QCPItemStraightLine* line_ = nullptr;
    std::vector<double> edges_;
    std::vector<double> heights_;
    double threshold_ = 0.0;
    double lo_ = 0.0, hi_ = 1.0;
    bool threshold_enabled_ = false;
    bool dragging_ = false;
    bool log_x_ = false;
    bool percent_ = false;
};

} // namespace chitra::app
