// The profile's call tree as a flame graph drawn top down (an icicle; docs/gui.md
// "Profile"): one row per stack depth, each call path as wide as its inclusive time in the
// range, children under their parent, widest first, in the colours the lanes view gives the
// regions. A click selects a path; a double click zooms to a frame, on the background out.
#pragma once

#include "chitra/profile/profile.hpp"

#include <QColor>
#include <QWidget>

#include <functional>
#include <string>
#include <vector>

namespace chitra::app {

class FlameGraph : public QWidget {
    Q_OBJECT
public:
    using Colour = std::function<QColor(const std::string& region)>;

    explicit FlameGraph(QWidget* parent = nullptr);

    void setColours(Colour colour) { colour_ = std::move(colour); }
    void show(const Profile& profile);
    void selectPath(const std::vector<std::string>& path); // empty: none
    const std::vector<std::string>& selectedPath() const { return selected_; }

    // A frame as drawn: its path, and where it lies in units of inclusive time.
    struct Frame {
        std::vector<std::string> path;
        double x0 = 0, x1 = 0;
        const CallPathProfile* figures = nullptr;
    };
    const std::vector<Frame>& frames() const { return frames_; }
    // Where frame `index` is drawn in widget coordinates (empty when out of view).
    QRectF frameRect(std::size_t index) const;

    QSize sizeHint() const override { return {800, 400}; }

signals:
    void pathClicked(const std::vector<std::string>& path);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override; // tool tips

private:
    static constexpr int kRowHeight = 20;
    int frameAt(const QPointF& pos) const; // -1: none

    Profile profile_;
    std::vector<Frame> frames_;
    double total_ = 0;             // the roots' inclusive time
    double zoom0_ = 0, zoom1_ = 0; // the x range shown, in the frames' units
    std::vector<std::string> selected_;
    Colour colour_;
};

} // namespace chitra::app
