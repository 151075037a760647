#include "views/trace/overview_strip.hpp"

#include "plotting/palette.hpp"
#include "document/view_document.hpp"

#include <QMouseEvent>
#include <QPainter>

namespace chitra::app {

OverviewStrip::OverviewStrip(const ViewDocument* doc, XAxis axis, QWidget* parent)
    : QWidget(parent), doc_(doc), axis_(axis)
{
    setMinimumHeight(28);
    setMaximumHeight(40);
    setToolTip(tr("Whole trace; drag to move the visible window"));
}

void OverviewStrip::setAxis(XAxis axis)
{
    axis_ = axis;
    update();
}

void OverviewStrip::setWindow(double x0, double x1)
{
    w0_ = x0;
    w1_ = x1;
    update();
}

double OverviewStrip::xOfPixel(double px) const
{
    const auto [a, b] = fullXRange(doc_->ses(), axis_);
    return a + (b - a) * px / std::max(1, width());
}

double OverviewStrip::pixelOfX(double x) const
{
    const auto [a, b] = fullXRange(doc_->ses(), axis_);
    return b > a ? (x - a) / (b - a) * width() : 0.0;
}

void OverviewStrip::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const Ses& ses = doc_->ses();
    const int lanes = std::max(1, doc_->laneCount());
    const double h = height() - 4;
    if (!ses.empty()) {
        // Each column: its lanes as short ticks, same colours as the main view.
        for (int px = 0; px < width(); ++px) {
            const auto [a, b] = elementsInX(ses, axis_, xOfPixel(px), xOfPixel(px + 1));
            const LaneSummary s = doc_->summary().query(a, b);
            for (int l = 0; l < std::min(lanes, 63); ++l) {
                if (!((s.mask >> l) & 1u))
                    continue;
                const double y = 2 + h - (l + 0.5) * h / lanes;
                p.setPen(stateColour(doc_->laneSymbol(l)));
                p.drawLine(QPointF(px + 0.5, y - 1), QPointF(px + 0.5, y + 1));
            }
        }
    }
    const double x0 = pixelOfX(w0_), x1 = pixelOfX(w1_);
    QColor shade = palette().text().color();
    shade.setAlpha(40);
    p.fillRect(QRectF(0, 0, x0, height()), shade);
    p.fillRect(QRectF(x1, 0, width() - x1, height()), shade);
    p.setPen(QPen(palette().highlight().color(), 2));
    p.setBrush(Qt::NoBrush);
    p.drawRect(QRectF(x0, 1, std::max(2.0, x1 - x0), height() - 2));
}

void OverviewStrip::mousePressEvent(QMouseEvent* e)
{
    emit windowCentreMoved(xOfPixel(e->position().x()));
}

void OverviewStrip::mouseMoveEvent(QMouseEvent* e)
{
    if (e->buttons() & Qt::LeftButton)
        emit windowCentreMoved(xOfPixel(e->position().x()));
}

} // namespace chitra::app
