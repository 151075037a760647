// A thin strip showing the whole SES (lanes summarised per pixel column) with the
// visible window marked; dragging it moves the window.
#pragma once

#include "plotting/ses_geometry.hpp"

#include <QWidget>

namespace chitra::app {

class ViewDocument;

class OverviewStrip : public QWidget {
    Q_OBJECT
public:
    OverviewStrip(const ViewDocument* doc, XAxis axis, QWidget* parent = nullptr);
    void setAxis(XAxis axis);
    void setWindow(double x0, double x1);
    QSize sizeHint() const override { return {400, 34}; }

signals:
    void windowCentreMoved(double centre);

protected:
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;

private:
    double xOfPixel(double px) const;
    double pixelOfX(double x) const;

    const ViewDocument* doc_;
    XAxis axis_;
    double w0_ = 0, w1_ = 0;
};

} // namespace chitra::app
