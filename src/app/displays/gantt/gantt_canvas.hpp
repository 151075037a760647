// The canvas of the Gantt display: a QCustomPlot holding the stacked charts, with the
// display's mouse and keyboard zoom. Include only from .cpp files of plotting classes.
#pragma once

#include <qcustomplot.h>

#include <vector>

class QRubberBand;

namespace chitra::app {

class GanttDisplay;
class FieldPlottable;
class DensityPlottable;

// The canvas: rubber band (left drag) zooms all charts, wheel zooms around the cursor,
// moving shows the cursor line; Backspace undoes one zoom, Home shows everything.
class GanttCanvas : public QCustomPlot {
public:
    explicit GanttCanvas(GanttDisplay* owner);
    std::vector<FieldPlottable*> fields;
    std::vector<DensityPlottable*> densities;
    std::vector<QCPAxisRect*> charts; // the chart axis rects, top to bottom
    std::vector<QCPItemLine*> cursors;
    std::vector<QCPItemRect*> marks;
    QCPMarginGroup* margins = nullptr;

protected:
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;

private:
    GanttDisplay* owner_;
    QRubberBand* band_ = nullptr;
    QPoint origin_;
    bool banding_ = false;
};

} // namespace chitra::app
