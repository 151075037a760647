#include "displays/gantt/gantt_canvas.hpp"

#include "displays/gantt/gantt_display.hpp"
#include "plotting/plot_theme.hpp"

#include <QRubberBand>

#include <cmath>

namespace chitra::app {

GanttCanvas::GanttCanvas(GanttDisplay* owner) : QCustomPlot(owner), owner_(owner)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    followPalette(this);
}

void GanttCanvas::mousePressEvent(QMouseEvent* e)
{
    if (e->button() == Qt::LeftButton) {
        origin_ = e->pos();
        if (!band_)
            band_ = new QRubberBand(QRubberBand::Rectangle, this);
        band_->setGeometry(QRect(origin_.x(), 0, 0, height()));
        band_->show();
        banding_ = true;
    }
}

void GanttCanvas::mouseMoveEvent(QMouseEvent* e)
{
    if (banding_)
        band_->setGeometry(QRect(QPoint(origin_.x(), 0), QPoint(e->pos().x(), height())).normalized());
    owner_->hoverAt(e->pos().x());
}

void GanttCanvas::mouseReleaseEvent(QMouseEvent* e)
{
    if (!banding_)
        return;
    banding_ = false;
    band_->hide();
    if (std::abs(e->pos().x() - origin_.x()) >= 3)
        owner_->bandZoom(origin_.x(), e->pos().x());
}

void GanttCanvas::wheelEvent(QWheelEvent* e)
{
    owner_->wheelZoom(static_cast<int>(e->position().x()), e->angleDelta().y() > 0 ? 0.8 : 1.25);
}

void GanttCanvas::keyPressEvent(QKeyEvent* e)
{
    if (e->key() == Qt::Key_Escape && banding_) {
        banding_ = false;
        band_->hide();
    } else if (e->key() == Qt::Key_Backspace) {
        owner_->undoZoom();
    } else if (e->key() == Qt::Key_Home) {
        owner_->fullZoom();
    } else {
        QCustomPlot::keyPressEvent(e);
    }
}

} // namespace chitra::app
