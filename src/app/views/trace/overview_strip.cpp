#include "views/trace/overview_strip.hpp"

#include "plotting/palette.hpp"
#include "document/view_document.hpp"

#include "chitra/trace/scattered_reads.hpp"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <bit>
#include <cmath>

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

bool OverviewStrip::ImageKey::operator==(const ImageKey& o) const
{
    const auto same = [](const std::weak_ptr<const void>& a, const std::weak_ptr<const void>& b) {
        return !a.owner_before(b) && !b.owner_before(a);
    };
    return size == o.size && axis == o.axis && same(ses, o.ses) && same(summary, o.summary) && base == o.base &&
           lanes == o.lanes && laneSymbols == o.laneSymbols && laneColours == o.laneColours;
}

OverviewStrip::ImageKey OverviewStrip::imageKey() const
{
    ImageKey key;
    key.size = size();
    key.axis = axis_;
    key.ses = doc_->sesPtr();
    key.summary = doc_->summaryPtr();
    key.base = palette().base().color().rgb();
    key.lanes = doc_->laneCount();
    for (int l = 0; l < std::min(key.lanes, 63); ++l) { // the lanes the summary tells apart
        key.laneSymbols.push_back(doc_->laneSymbol(l));
        key.laneColours.push_back(doc_->stateColour(doc_->laneSymbol(l)).rgb());
    }
    return key;
}

bool OverviewStrip::imageIsCurrent() const { return !image_.isNull() && imageKey() == imageKey_; }

void OverviewStrip::drawImageIfStale()
{
    if (!imageIsCurrent()) {
        drawLanesImage();
        update();
    }
}

// Each pixel column: its lanes as ticks three pixels tall, in the main view's colours,
// written straight into the image (a painter call per tick is too slow; docs/performance.md).
void OverviewStrip::drawLanesImage()
{
    imageKey_ = imageKey();
    ++imagesDrawn_;
    image_ = QImage(std::max(1, width()), std::max(1, height()), QImage::Format_RGB32);
    image_.fill(imageKey_.base);
    const Ses& ses = doc_->ses();
    if (ses.empty())
        return;
    const int lanes = std::max(1, doc_->laneCount());
    const int shown = static_cast<int>(imageKey_.laneColours.size());
    const double h = height() - 4;
    const StateSummary& summary = doc_->summary();
    const ScatteredReads reads(ses);
    ColumnElements columns(ses, axis_, summary.boundSample(), StateSummary::kSampleStep);
    for (int px = 0; px < image_.width(); ++px) {
        const auto [a, b] = columns.next(xOfPixel(px), xOfPixel(px + 1));
        for (std::uint64_t mask = summary.query(a, b).mask; mask != 0; mask &= mask - 1) {
            const int l = std::countr_zero(mask);
            if (l >= shown)
                break;
            const double y = 2 + h - (l + 0.5) * h / lanes;
            const int top = std::max(0, static_cast<int>(std::lround(y - 1)));
            const int bottom = std::min(image_.height() - 1, static_cast<int>(std::lround(y + 1)));
            for (int row = top; row <= bottom; ++row)
                reinterpret_cast<QRgb*>(image_.scanLine(row))[px] = imageKey_.laneColours[static_cast<std::size_t>(l)];
        }
    }
}

void OverviewStrip::paintEvent(QPaintEvent*)
{
    if (!imageIsCurrent())
        imageLater_.request();
    QPainter p(this);
    if (image_.isNull())
        p.fillRect(rect(), palette().base());
    else
        p.drawImage(rect(), image_);
    const double x0 = pixelOfX(w0_), x1 = pixelOfX(w1_);
    QColor shade = palette().text().color();
    shade.setAlpha(40);
    p.fillRect(QRectF(0, 0, x0, height()), shade);
    p.fillRect(QRectF(x1, 0, width() - x1, height()), shade);
    p.setPen(QPen(palette().highlight().color(), 2));
    p.setBrush(Qt::NoBrush);
    p.drawRect(QRectF(x0, 1, std::max(2.0, x1 - x0), height() - 2));
}

void OverviewStrip::mousePressEvent(QMouseEvent* e) { emit windowCentreMoved(xOfPixel(e->position().x())); }

void OverviewStrip::mouseMoveEvent(QMouseEvent* e)
{
    if (e->buttons() & Qt::LeftButton)
        emit windowCentreMoved(xOfPixel(e->position().x()));
}

} // namespace chitra::app
