// Gives the plots of one view's stack the same left margin, so that their time axes
// line up pixel for pixel (the lanes view above the trace view): each plot's margin is
// worked out from the y tick labels it drew last, and the widest is every plot's minimum.
#pragma once

#include <QObject>

#include <vector>

class QCustomPlot;

namespace chitra::app {

class LeftAxisAligner : public QObject {
    Q_OBJECT
public:
    LeftAxisAligner(std::vector<QCustomPlot*> plots, QObject* parent = nullptr);

private:
    void measure(); // after any of them replotted

    std::vector<QCustomPlot*> plots_;
    int margin_ = 0; // the minimum left margin every plot has now
};

} // namespace chitra::app
