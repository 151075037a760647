// Traceview's rate display (semantics.md section 6, docs/traceview.md): for one chosen
// state, x = the ordinal of each entry into it, one chart per data field (counters as
// rates over the visit) with the points joined, and a chart of the sum of all fields.
// Hovering a point emits the visit's element so a Gantt display can mark it.
#pragma once

#include "displays/min_visit_state.hpp"

#include "chitra/traceview/traceview.hpp"
#include "chitra/trace/types.hpp"

#include <QWidget>

#include <utility>
#include <vector>

class QComboBox;
class QCustomPlot;
class QLabel;

namespace chitra::app {

class DisplayOptionsLink;

class ViewDocument;
class RateCanvas;
class MinVisitBox;

class RateDisplay : public QWidget {
    Q_OBJECT
public:
    explicit RateDisplay(ViewDocument* doc, QWidget* parent = nullptr);

    ViewDocument* document() const { return doc_; }
    // The state whose entries are shown (default: the one entered most often).
    SymbolId state() const { return state_; }
    void setState(SymbolId state);
    bool setStateName(const QString& name);

    int pointCount() const { return static_cast<int>(elements_.size()); }
    int chartCount() const; // fields + the sum chart
    // Element index of entry k (0-based ordinal), and the values shown for it.
    std::size_t elementOf(int k) const { return elements_.at(static_cast<std::size_t>(k)); }
    double value(int chart, int k) const;

    // Visits shorter than this (seconds; default kDefaultMinVisitSeconds, the rule of
    // traceview.hpp that the Gantt display applies too) are short: in the charts of
    // counters (and the sum, when it holds a counter) their points are hollow and grey,
    // not joined, and left out of the y range. 0 turns the rule off; traces in cycles
    // have none.
    void setMinVisitSeconds(double s);
    double minVisitSeconds() const { return minVisitSeconds_; }
    bool isShortVisit(int k) const { return short_.at(static_cast<std::size_t>(k)) != 0; }
    bool chartMarksShortVisits(int chart) const { return marksShort_.at(static_cast<std::size_t>(chart)) != 0; }
    std::pair<double, double> yRange(int chart) const;

    // Hovering entry k (as the mouse does); -1 clears.
    void hoverEntry(int k);
    int hoveredEntry() const { return hovered_; }
    // Where entry k of chart `chart` is drawn, in canvas coordinates.
    QPoint pixelOf(int chart, int k) const;

    QCustomPlot* plot() const;
    QWidget* canvas() const;

signals:
    // The element of the hovered visit (npos when none).
    void visitHovered(std::size_t element);

private:
    friend class RateCanvas;
    void fillStates();
    void rebuild();
    void hoverAt(const QPoint& pos);
    void applyRange(double x0, double x1);
    // Its options into the view's ViewPresentation after a change (optionsLink_).
    void publishOptions();

    ViewDocument* doc_;
    QComboBox* stateBox_;
    QLabel* info_;
    MinVisitBox* minVisitBox_;
    RateCanvas* plot_;
    SymbolId state_ = kNoSymbol;
    std::vector<std::size_t> elements_;
    std::vector<std::vector<double>> values_; // per chart (fields, then the sum)
    int hovered_ = -1;
    double minVisitSeconds_ = preferredMinVisitSeconds();
    std::vector<char> short_;      // per entry: shorter than the minimum visit
    std::vector<char> marksShort_; // per chart: the rule applies (a counter's rate)
    DisplayOptionsLink* optionsLink_;
};

} // namespace chitra::app
