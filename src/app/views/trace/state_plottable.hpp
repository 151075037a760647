// The trace drawing of the time and event views as a QCustomPlot plottable: state
// lanes, brushed-pattern shading and the linked selection, with level of detail so a
// frame costs O(pixel columns). Include only from .cpp files of plotting classes.
#pragma once

#include "chitra/summaries/ses_geometry.hpp"

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
    void drawSummarised(QCPPainter* painter, const QRect& clip) const;
    double laneWidth() const;
    const QPen& lanePen(int lane, double width) const;
    void resetBuffers(std::size_t lanes) const;

    const ViewDocument* doc_;
    XAxis axis_;
    bool connectors_ = true;
    // Per-frame buffers kept between frames so a replot allocates nothing once warm,
    // and the lane pens (rebuilt only when a lane's colour or the width changes).
    mutable std::vector<std::vector<QLineF>> perLane_;
    mutable std::vector<QLineF> connectorLines_, crowdedLines_;
    // The summarised path makes pixel-aligned rectangles and writes them straight into an
    // image of the clip, drawn with one call: stroking wide pens cost most of a frame,
    // and the raster engine fills a one-pixel-wide connector as one span per scanline
    // (docs/performance.md, "Drawing").
    mutable std::vector<std::vector<QRect>> laneRects_;
    mutable std::vector<QRect> connectorRects_, crowdedRects_;
    mutable QImage frame_;
    mutable std::vector<int> runStart_;
    mutable std::vector<double> laneY_;
    mutable std::vector<QPen> pens_;
    mutable std::vector<SymbolId> penSymbol_;
    mutable std::vector<double> penWidth_;
    mutable int penGeneration_ = 0;            // paletteGeneration() the pens were made at
    mutable const void* penColours_ = nullptr; // the document's colours() they were made from
};

} // namespace chitra::app
