// Where the time goes over the time shown, under the lanes view (docs/gui.md "The lanes
// view"): the exclusive time of each region in bins of the visible range, stacked, summed
// over the lanes shown (Pipit's time_profile), on the lanes view's time axis. The regions
// that take most time are in their own colours, the rest as "other"; hover names them.
// It follows the view's range and lanes once they settle, not every frame of a drag, and
// replays the lanes on a worker thread.
#pragma once

#include "chitra/profile/profile.hpp"

#include <QWidget>

#include <memory>
#include <vector>

class QCustomPlot;
class QTimer;

namespace chitra::app {

class LaneRows;
class ViewDocument;

class LanesOverTime : public QWidget {
    Q_OBJECT
public:
    static constexpr std::size_t kNamedRegions = 8;
    static constexpr int kPixelsPerBin = 4;

    LanesOverTime(ViewDocument* doc, const LaneRows* rows, QWidget* parent = nullptr);

    QCustomPlot* plot() const { return plot_; }
    // The view's range (its time units) or lanes changed: drawn anew shortly.
    void follow(double t0, double t1);
    void rowsChanged();
    // Computes anew now, not waiting for follow() to settle; drawn (and `updated`) when
    // the replay on a worker thread ends.
    void update();
    const TimeProfile& timeProfile() const { return profile_; }
    std::size_t lanesCounted() const { return lanes_; } // the lanes the drawn profile sums
    QStringList stackNames() const;
    // The region and its share of the lanes under a point of the plot; empty if none.
    QString describeAt(const QPoint& plotPos) const;

signals:
    void updated(); // drawn anew

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    const ProfileSource& source(); // the trace's lanes, made on first use
    void draw(TimeProfile profile, std::size_t lanes, double perUnit);

    ViewDocument* doc_;
    const LaneRows* rows_;
    QCustomPlot* plot_;
    QTimer* settle_;
    double t0_ = 0, t1_ = 0;
    std::unique_ptr<ProfileSource> source_;
    TimeProfile profile_;
    std::size_t lanes_ = 0;
    int asked_ = 0; // replays asked for: a result of an earlier one is not drawn
};

} // namespace chitra::app
