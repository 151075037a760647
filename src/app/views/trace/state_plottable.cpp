#include "views/trace/state_plottable.hpp"

#include "plotting/palette.hpp"
#include "document/view_document.hpp"

#include "chitra/trace/scattered_reads.hpp"

#include <algorithm>
#include <cmath>

namespace chitra::app {

StatePlottable::StatePlottable(QCPAxis* keyAxis, QCPAxis* valueAxis, const ViewDocument* doc, XAxis axis)
    : QCPAbstractPlottable(keyAxis, valueAxis), doc_(doc), axis_(axis)
{
    setSelectable(QCP::stNone);
    setAntialiased(false); // crisp one-pixel columns, and much cheaper
}

double StatePlottable::selectTest(const QPointF&, bool, QVariant*) const { return -1; }

QCPRange StatePlottable::getKeyRange(bool& found, QCP::SignDomain) const
{
    const auto [x0, x1] = fullXRange(doc_->ses(), axis_);
    found = x1 > x0;
    return QCPRange(x0, x1);
}

QCPRange StatePlottable::getValueRange(bool& found, QCP::SignDomain, const QCPRange&) const
{
    found = true;
    return QCPRange(-0.5, std::max(1, doc_->laneCount()) - 0.5);
}

void StatePlottable::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const
{
    painter->setPen(QPen(doc_->stateColour(0), 2));
    painter->drawLine(QLineF(rect.left(), rect.center().y(), rect.right(), rect.center().y()));
}

double StatePlottable::laneWidth() const
{
    const double spacing = std::fabs(mValueAxis->coordToPixel(1) - mValueAxis->coordToPixel(0));
    return std::clamp(spacing * 0.45, 1.0, 8.0);
}

const QPen& StatePlottable::lanePen(int lane, double width) const
{
    const auto l = static_cast<std::size_t>(lane);
    // Another palette, or the states coloured anew (a new SES): every pen anew.
    if (penGeneration_ != paletteGeneration() || penColours_ != doc_->colours().get()) {
        penSymbol_.assign(penSymbol_.size(), kNoSymbol);
        penGeneration_ = paletteGeneration();
        penColours_ = doc_->colours().get();
    }
    if (pens_.size() <= l) {
        pens_.resize(l + 1);
        penSymbol_.resize(l + 1, kNoSymbol);
        penWidth_.resize(l + 1, -1);
    }
    const SymbolId s = doc_->laneSymbol(lane);
    if (penSymbol_[l] != s || penWidth_[l] != width) {
        pens_[l] = QPen(doc_->stateColour(s), width, Qt::SolidLine, Qt::FlatCap);
        penSymbol_[l] = s;
        penWidth_[l] = width;
    }
    return pens_[l];
}

void StatePlottable::resetBuffers(std::size_t lanes) const
{
    if (perLane_.size() < lanes)
        perLane_.resize(lanes);
    for (auto& v : perLane_)
        v.clear(); // keeps the capacity
    connectorLines_.clear();
    crowdedLines_.clear();
}

void StatePlottable::draw(QCPPainter* painter)
{
    if (!mKeyAxis || !mValueAxis || doc_->ses().empty())
        return;
    const QRect clip = clipRect();
    const int left = clip.left();
    const int right = clip.right() + 1;
    const ScatteredReads reads(doc_->ses()); // a few pages per pixel column, not megabytes
    drawPatterns(painter, left, right, clip);
    drawSelection(painter, clip);
    const double x0 = mKeyAxis->pixelToCoord(left);
    const double x1 = mKeyAxis->pixelToCoord(right);
    const auto [a, b] = elementsInX(doc_->ses(), axis_, x0, x1);
    // Fewer elements than pixel columns: draw each; otherwise one summary per column.
    if (b - a <= static_cast<std::size_t>(right - left))
        drawExact(painter, a, b);
    else
        drawSummarised(painter, clip);
}

void StatePlottable::drawPatterns(QCPPainter* painter, int left, int right, const QRect& clip) const
{
    const Ses& ses = doc_->ses();
    for (const auto& p : doc_->presentation().patterns()) {
        if (p.starts.empty())
            continue;
        const std::size_t k = p.names.size();
        QColor fill = p.colour;
        fill.setAlpha(70);
        painter->setPen(Qt::NoPen);
        painter->setBrush(fill);
        // One rectangle per match, or per pixel column when matches are denser.
        int px = left;
        while (px < right) {
            const double t = mKeyAxis->pixelToCoord(px);
            const auto it = std::partition_point(p.starts.begin(), p.starts.end(),
                                                 [&](std::size_t s) { return elementX(ses, axis_, s + k) <= t; });
            if (it == p.starts.end())
                break;
            const double xs = std::max<double>(mKeyAxis->coordToPixel(elementX(ses, axis_, *it)), px);
            const double xe = mKeyAxis->coordToPixel(elementX(ses, axis_, *it + k));
            if (xs >= right)
                break;
            painter->drawRect(QRectF(xs, clip.top(), std::max(1.0, xe - xs), clip.height()));
            px = std::max(static_cast<int>(std::ceil(xe)), static_cast<int>(std::floor(xs)) + 1);
        }
    }
}

void StatePlottable::drawSelection(QCPPainter* painter, const QRect& clip) const
{
    const RecordRange sel = doc_->presentation().selection();
    if (sel.empty())
        return;
    const Ses& ses = doc_->ses();
    const auto [a, b] = elementsOfRecords(ses, sel.begin, sel.end);
    if (a >= b)
        return;
    const double xs = mKeyAxis->coordToPixel(elementX(ses, axis_, a));
    const double xe = mKeyAxis->coordToPixel(elementX(ses, axis_, b));
    painter->setPen(QPen(QColor(40, 90, 200, 160), 1, Qt::DashLine));
    painter->setBrush(QColor(40, 90, 200, 35));
    painter->drawRect(QRectF(xs, clip.top(), std::max(1.0, xe - xs), clip.height() - 1));
}

void StatePlottable::drawExact(QCPPainter* painter, std::size_t a, std::size_t b) const
{
    const Ses& ses = doc_->ses();
    const StateSummary& sum = doc_->summary();
    const int lanes = doc_->laneCount();
    resetBuffers(static_cast<std::size_t>(lanes));
    auto& perLane = perLane_;
    auto& connectors = connectorLines_;
    double prevY = 0;
    for (std::size_t i = a; i < b; ++i) {
        const double xs = mKeyAxis->coordToPixel(elementX(ses, axis_, i));
        const double xe = mKeyAxis->coordToPixel(elementX(ses, axis_, i + 1));
        const std::uint32_t lane = sum.lane(i);
        const double y = mValueAxis->coordToPixel(lane);
        perLane[lane].emplace_back(xs, y, std::max(xe, xs + 1), y);
        if (connectors_ && i > a)
            connectors.emplace_back(xs, prevY, xs, y);
        prevY = y;
    }
    static const QPen connectorPen(QColor(150, 150, 150), 1);
    painter->setPen(connectorPen);
    {
        const auto& v_ = connectors;
        painter->drawLines(v_.data(), static_cast<int>(v_.size()));
    }
    const double w = laneWidth();
    for (int l = 0; l < lanes; ++l) {
        if (perLane[static_cast<std::size_t>(l)].empty())
            continue;
        painter->setPen(lanePen(l, w));
        {
            const auto& v_ = perLane[static_cast<std::size_t>(l)];
            painter->drawLines(v_.data(), static_cast<int>(v_.size()));
        }
    }
}

namespace {
// Fills `rects` (widget pixels) with the opaque `colour` in `frame`, whose top left is at
// `origin`, clipped to the frame.
void fillRects(QImage& frame, QPoint origin, const std::vector<QRect>& rects, QRgb colour)
{
    const QRect bounds = frame.rect();
    uchar* bits = frame.bits();
    const qsizetype stride = frame.bytesPerLine();
    for (const QRect& rect : rects) {
        const QRect r = rect.translated(-origin).intersected(bounds);
        for (int y = r.top(); y <= r.bottom(); ++y) {
            auto* line = reinterpret_cast<QRgb*>(bits + y * stride);
            std::fill(line + r.left(), line + r.right() + 1, colour);
        }
    }
}
} // namespace

void StatePlottable::drawSummarised(QCPPainter* painter, const QRect& clip) const
{
    const int left = clip.left();
    const int right = clip.right() + 1;
    const Ses& ses = doc_->ses();
    const StateSummary& sum = doc_->summary();
    const int lanes = doc_->laneCount();
    const int bitLanes = std::min(lanes, 63);
    if (laneRects_.size() < static_cast<std::size_t>(bitLanes))
        laneRects_.resize(static_cast<std::size_t>(bitLanes));
    for (auto& v : laneRects_)
        v.clear(); // keeps the capacity
    connectorRects_.clear();
    crowdedRects_.clear();
    auto& perLane = laneRects_;
    auto& runStart = runStart_;
    runStart.assign(static_cast<std::size_t>(bitLanes), -1);
    auto& connectors = connectorRects_;
    auto& crowded = crowdedRects_;
    const double w = laneWidth();
    const int wi = std::max(1, static_cast<int>(std::lround(w)));
    auto& laneY = laneY_;
    laneY.resize(static_cast<std::size_t>(lanes));
    for (int l = 0; l < lanes; ++l)
        laneY[static_cast<std::size_t>(l)] = mValueAxis->coordToPixel(l);
    auto closeRun = [&](int l, int end) {
        auto& s = runStart[static_cast<std::size_t>(l)];
        if (s >= 0) {
            const int y = static_cast<int>(std::lround(laneY[static_cast<std::size_t>(l)])) - wi / 2;
            perLane[static_cast<std::size_t>(l)].emplace_back(s, y, end - s, wi);
            s = -1;
        }
    };
    // Per pixel column: which lanes occur there (a run of columns becomes one line).
    ColumnElements columns(ses, axis_, sum.boundSample(), StateSummary::kSampleStep);
    for (int px = left; px < right; ++px) {
        const auto [a, b] = columns.next(mKeyAxis->pixelToCoord(px), mKeyAxis->pixelToCoord(px + 1));
        const LaneSummary s = sum.query(a, b);
        for (int l = 0; l < bitLanes; ++l) {
            const bool on = (s.mask >> l) & 1u;
            if (on && runStart[static_cast<std::size_t>(l)] < 0)
                runStart[static_cast<std::size_t>(l)] = px;
            else if (!on)
                closeRun(l, px);
        }
        if (s.empty())
            continue;
        if (connectors_ && s.ymax > s.ymin)
            connectors.emplace_back(px, static_cast<int>(std::lround(laneY[s.ymax])), 1,
                                    static_cast<int>(std::lround(laneY[s.ymin] - laneY[s.ymax])) + 1);
        if (lanes > 63 && (s.mask >> 63) & 1u)
            crowded.emplace_back(
                px, static_cast<int>(std::lround(laneY[s.ymax])), 1,
                static_cast<int>(std::lround(laneY[std::max<std::uint32_t>(s.ymin, 63)] - laneY[s.ymax])) + 1);
    }
    for (int l = 0; l < bitLanes; ++l)
        closeRun(l, right);
    if (frame_.size() != clip.size())
        frame_ = QImage(clip.size(), QImage::Format_ARGB32_Premultiplied);
    frame_.fill(Qt::transparent);
    const QPoint origin = clip.topLeft();
    fillRects(frame_, origin, connectors, qRgb(170, 170, 170));
    fillRects(frame_, origin, crowded, qRgb(90, 90, 90));
    for (int l = 0; l < bitLanes; ++l) {
        const auto& v = perLane[static_cast<std::size_t>(l)];
        if (!v.empty()) // the lane's cached colour, opaque
            fillRects(frame_, origin, v, lanePen(l, w).color().rgb() | 0xff000000u);
    }
    painter->drawImage(origin, frame_);
}

} // namespace chitra::app
