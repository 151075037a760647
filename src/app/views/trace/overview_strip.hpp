// A thin strip showing the whole SES (lanes summarised per pixel column) with the
// visible window marked; dragging it moves the window. The lanes are drawn once into an
// image, drawn again only when the SES, its lanes, their colours or the size change:
// moving the window (every scroll and zoom of the view) repaints the image and the mark.
// The image is drawn on a later turn of the event loop, not inside a paint (it would
// lengthen a new view's first paint); meanwhile the previous image is shown, stretched to
// the strip.
#pragma once

#include "jobs/turn_queue.hpp"
#include "chitra/summaries/ses_geometry.hpp"

#include <QImage>
#include <QWidget>

#include <cstdint>
#include <memory>
#include <vector>

namespace chitra::app {

class ViewDocument;

class OverviewStrip : public QWidget {
    Q_OBJECT
public:
    OverviewStrip(const ViewDocument* doc, XAxis axis, QWidget* parent = nullptr);
    void setAxis(XAxis axis);
    void setWindow(double x0, double x1);
    QSize sizeHint() const override { return {400, 34}; }
    // How many times the lanes' image was drawn (for tests and diagnostics).
    int lanesImageDrawn() const { return imagesDrawn_; }

signals:
    void windowCentreMoved(double centre);

protected:
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;

private:
    double xOfPixel(double px) const;
    double pixelOfX(double x) const;
    // What the lanes' image shows; the image is drawn again when it changes.
    // The SES and summary by weak pointer: compared by owner, never confused with a later
    // SES at the same address, and not kept alive by the strip.
    struct ImageKey {
        QSize size;
        XAxis axis = XAxis::Time;
        std::weak_ptr<const void> ses, summary;
        QRgb base = 0;
        int lanes = 0;
        std::vector<std::uint32_t> laneSymbols; // of the first 63 lanes
        std::vector<QRgb> laneColours;
        bool operator==(const ImageKey& o) const;
    };
    ImageKey imageKey() const;
    bool imageIsCurrent() const;
    void drawImageIfStale();
    void drawLanesImage();

    const ViewDocument* doc_;
    XAxis axis_;
    double w0_ = 0, w1_ = 0;
    ImageKey imageKey_;
    QImage image_;
    int imagesDrawn_ = 0;
    LaterTurnCall imageLater_{this, [this] { drawImageIfStale(); }};
};

} // namespace chitra::app
