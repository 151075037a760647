// The trace drawing of the time and event views as a QCustomPlot plottable: state
// lanes, brushed-pattern shading and the linked selection, with level of detail so a
// frame costs O(pixel columns). Include only from .cpp files of plotting classes.
#pragma once

#include "ses_geometry.hpp"

#include <qcustomplot.h>

namespace chitra::app {

class ViewDocument;

class StatePlottable : public QCPAbstractPlottable {
public:
    StatePlottable(QCPAxis* keyAxis, QCPAxis* valueAxis, const ViewDocument* doc, XAxis axis);

    void setXAxisKind(XAxis axis) { axis_ = axis; }
    void setConnectors(bool on) { connectors_ = on; }
    bool connectors() const { return connectors_; }

    double selectTest(const QPointF& pos, bool onlySelectable, QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

private:
    void drawPatterns(QCPPainter* painter, int left, int right, const QRect& clip) const;
    void drawSelection(QCPPainter* painter, const QRect& clip) const;
    void drawExact(QCPPainter* painter, std::size_t a, std::size_t b) const;
    void drawSummarised(QCPPainter* painter, int left, int right) const;
    double laneWidth() const;

    const ViewDocument* doc_;
    XAxis axis_;
    bool connectors_ = true;
};

} // namespace chitra::app
