// The time view and the event view of one ViewDocument (same widget, two x axes):
// state lanes with names, wheel zoom around the cursor, drag to pan, Shift-drag (or
// band mode) for a rubber band offering Zoom / Clip / Brush pattern / Select, zoom undo
// (Backspace) and fit all (Home), a scrollbar, a zoom slider and an overview strip.
// Its axis, window, zoom history and connectors are the view's ViewPresentation: it draws them
// and writes what the user does to them.
#pragma once

#include "chitra/summaries/ses_geometry.hpp"

#include <QWidget>

#include <functional>
#include <optional>
#include <vector>

class QCustomPlot;
class QCPAbstractItem;
class QCPItemStraightLine;
class QScrollBar;
class QSlider;
class QTimer;

namespace chitra::app {

class ViewDocument;
class StatePlottable;
class OverviewStrip;
class PlotCanvas;

enum class BandAction { None, Zoom, Clip, Brush, Select };

class TracePlot : public QWidget {
    Q_OBJECT
public:
    TracePlot(ViewDocument* doc, QWidget* parent = nullptr);

    ViewDocument* document() const { return doc_; }
    XAxis axis() const { return axis_; } // the state's trace axis, once followed

    std::pair<double, double> visibleRange() const;
    void setVisibleRange(double x0, double x1, bool remember = true);
    void fitAll();
    void undoZoom();
    int zoomDepth() const;
    // The x under the mouse when it last moved over the plot (nullopt: never).
    std::optional<double> lastHoverX() const { return lastHoverX_; }
    // Where the view's bookmarks are drawn (x in this display's axis), for tests.
    std::vector<double> bookmarkMarkerXs() const;

    void setShowNames(bool on);
    bool showNames() const { return showNames_; }
    void setBandMode(bool on) { bandMode_ = on; }
    bool bandMode() const { return bandMode_; }

    // How the action after a rubber band is chosen: a popup menu by default; tests and
    // scripts replace it to avoid a blocking menu.
    using BandChooser = std::function<BandAction(QPoint globalPos)>;
    void setBandChooser(BandChooser chooser) { chooser_ = std::move(chooser); }
    void applyBand(BandAction action, double x0, double x1);

    // The drawing canvas (for tests that send mouse events) and coordinate helpers.
    QWidget* canvas() const;
    QPoint pixelOf(double x, double lane) const;
    double replotNow(); // synchronous replot, returns milliseconds

    // A plain click picks the state of the lane under the cursor (the view's picked
    // state, shown in State details); the picked state is drawn as a horizontal line.
    void pickAt(const QPoint& canvasPos);
    bool pickLineVisible() const;
    double pickLineLane() const; // -1 when hidden

signals:
    void hoverText(const QString& text);
    void visibleRangeChanged(double x0, double x1);
    void interactionFinished();
    void message(const QString& text);

private:
    friend class PlotCanvas;
    void followAxis(); // the state's trace axis, keeping the same elements in view
    void followWindow();
    void rebuildAxes();
    void refreshTicks();
    void onRangeChanged();
    void syncScrollAndSlider();
    void rememberRange();
    void hover(const QPoint& pos);
    void bandFinished(const QRect& rect, const QPoint& globalPos);
    void updatePickLine();
    void updateBookmarkMarkers();

    ViewDocument* doc_;
    XAxis axis_;
    PlotCanvas* plot_;
    StatePlottable* states_;
    QCPItemStraightLine* pickLine_;
    OverviewStrip* overview_;
    QScrollBar* scroll_;
    QSlider* zoomSlider_;
    QTimer* settle_;
    BandChooser chooser_;
    qint64 lastWheelMs_ = 0;
    bool showNames_ = true;
    bool bandMode_ = false;
    bool syncing_ = false;
    std::optional<double> lastHoverX_;
    std::vector<QCPAbstractItem*> bookmarkItems_;
};

} // namespace chitra::app
