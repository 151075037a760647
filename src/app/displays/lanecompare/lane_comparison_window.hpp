// The lane comparison display of a view in a window of its own (docs/gui.md "Lanes
// compared"): each lane of the trace alone reduced to its time and transition shares, in
// the background with progress and cancel; the lanes listed with their group, nearest
// lane and distance, outliers flagged; the distances as a heatmap, lanes ordered by
// group. The group distance is its option, saved with the session; double-clicking a
// lane asks for that lane alone as a trace of its own (its model is then one fit away).
// The figures are those of `chitra-cli lanes` without a pipeline.
#pragma once

#include "chitra/lanecompare/lane_comparison.hpp"

#include <QMainWindow>

#include <atomic>
#include <memory>
#include <vector>

class QCustomPlot;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTreeWidget;

namespace chitra::app {

class ViewDocument;

class LaneComparisonWindow : public QMainWindow {
    Q_OBJECT
public:
    LaneComparisonWindow(ViewDocument* doc, QWidget* parent = nullptr);
    ~LaneComparisonWindow() override;

    ViewDocument* document() const { return doc_; }
    double groupDistance() const;
    void setGroupDistance(double distance);
    // The lanes compared: done once the background work is; false while it runs or after
    // a cancel.
    bool computed() const { return computed_; }
    const LaneGrouping& grouping() const { return grouping_; }
    const std::vector<std::string>& laneNames() const { return names_; }
    // The lanes in the heatmap's order: by group, then lane.
    const std::vector<std::size_t>& heatmapOrder() const { return order_; }
    QTreeWidget* table() const { return table_; }
    QCustomPlot* heatmap() const { return heatmap_; }
    QPushButton* cancelButton() const { return cancel_; }
    QLabel* status() const { return status_; }

    // Starts the comparison again (after a cancel).
    void compute();
    void cancel();

    static LaneComparisonWindow* open(ViewDocument* doc, QWidget* parent);
    static LaneComparisonWindow* find(const QObject& owner, const ViewDocument* doc);

signals:
    void computedChanged();               // the lanes are compared (or the comparison was cancelled)
    void laneActivated(std::size_t lane); // a lane double-clicked (an index into the trace's lanes)
    // A lane's "Compare with its group": the lanes of its group, to compare as an ensemble.
    void groupComparisonRequested(const std::vector<std::size_t>& lanes);
    void optionsChanged();

private:
    void showLaneMenu(const QPoint& pos);
    void regroup();
    void fill();

    ViewDocument* doc_;
    std::vector<std::string> names_;
    std::vector<LaneBehaviour> behaviours_;
    LaneGrouping grouping_;
    std::vector<std::size_t> order_;
    bool computed_ = false;
    std::shared_ptr<std::atomic<bool>> stop_;
    std::shared_ptr<std::atomic<std::size_t>> done_;
    int generation_ = 0;
    QDoubleSpinBox* distance_;
    QLabel* status_;
    QProgressBar* progress_;
    QPushButton* cancel_;
    QTreeWidget* table_;
    QCustomPlot* heatmap_;
};

} // namespace chitra::app
