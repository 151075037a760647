// The lanes view (ui.md "The lanes view"): the timeline every trace tool has, one row per
// lane (thread, rank, container) named as the trace names it, regions coloured by state
// with a legend, a lane unfolding into one row per nesting depth. Same time axis, wheel
// zoom, drag pan and Shift-drag rubber band (zoom, select, or profile the lanes and time it
// covers) as the time view, linked to
// it; hover shows region, depth, start and duration; a click picks the state in State
// details. Lanes are reordered, hidden and filtered by name; the context menu projects
// the view onto one lane or splits the trace into one trace per lane. Its rows and time
// window are the view's ViewPresentation (lane choices, kLanesDisplay's window).
#pragma once

#include "views/lanes/lane_rows.hpp"

#include <QWidget>

#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

class QCustomPlot;
class QLabel;
class QLineEdit;
class QMenu;
class QRubberBand;
class QTimer;
class QToolButton;

namespace chitra::app {

class ViewDocument;
class LanesOverTime;
class LanesPlottable;

class LanesView : public QWidget {
    Q_OBJECT
public:
    // What a Shift-drag band does, chosen from a menu where it ends.
    enum class BandAction { Zoom, Select, Profile, Messages };
    // Chooses instead of the menu (tests); nullopt: nothing.
    using BandChooser = std::function<std::optional<BandAction>(const QPoint& globalPos)>;

    explicit LanesView(ViewDocument* doc, QWidget* parent = nullptr);
    ~LanesView() override;

    ViewDocument* document() const { return doc_; }
    LaneRows& rows() { return *rows_; }
    const LaneRows& rows() const { return *rows_; }
    QCustomPlot* plot() const { return plot_; }
    QLineEdit* filterEdit() const { return filter_; }
    QLabel* legend() const { return legend_; }
    // The regions over time under the rows (Pipit's time_profile of the range and lanes
    // shown), toggled by its button; saved with the view's lane choices.
    LanesOverTime* overTime() const { return overTime_; }
    QToolButton* overTimeButton() const { return overTimeButton_; }
    void setOverTimeShown(bool shown);
    // The messages between lanes drawn over the rows (a trace that has some); saved too.
    QToolButton* messagesButton() const { return messagesButton_; }
    // What the views analyse; its menu chooses (the joint states, a lane, a group pooled).
    QToolButton* analyseButton() const { return analyseButton_; }
    // The choices of that menu, for `lane`'s name when given, into `menu`.
    void fillAnalyseMenu(QMenu* menu, std::optional<std::size_t> lane);
    void setMessagesShown(bool shown);
    // The messages from one lane to another (indices into the trace's lanes) drawn
    // picked out, the others faded; the messages shown when some are picked. nullopt: none.
    void showMessagesBetween(std::optional<std::pair<std::size_t, std::size_t>> lanes);
    LanesPlottable* plottable() const { return plottable_; }
    // The lane comparison's groups (per trace lane, 1-based) and outliers: each lane's
    // rows marked at the left in its group's colour (outliers in red), its name prefixed
    // with its group's number (an outlier's with a warning sign), both named in the
    // tooltip. Empty: none.
    void setLaneGroups(std::vector<std::size_t> groups, std::vector<bool> outliers);

    std::pair<double, double> visibleRange() const;
    // The state colours anew (the palette preference changed), then a redraw.
    void recolour();
    void setVisibleRange(double t0, double t1);
    void fitAll();
    // Redraws now; milliseconds spent (benchmarks).
    double replotNow();

    // Where time t of row `row` (0: the top row; fractions within it) is on the plot.
    QPoint pixelOf(double t, double row) const;
    // What is under a point of the plot: the row and its visit (tests, tooltips).
    std::optional<std::size_t> rowAt(const QPoint& plotPos) const;
    // The row at a height of the plot, wherever across (a lane's name at the left).
    std::optional<std::size_t> rowAtHeight(int plotY) const;
    // On a message's line: its lanes, times, latency, bytes and tag.
    QString describeAt(const QPoint& plotPos) const;
    QString describeMessage(std::size_t index) const; // an index into the trace's messages
    // On a message's line, picks that message (drawn picked out, a dot at each end);
    // else picks in State details the state under the point: the view's state of that
    // name, else the view's state at that time (whose components include it).
    void pickAt(const QPoint& plotPos);

    // Rows changed (order, hidden, filter, folding): refresh labels, legend and drawing,
    // and tell the view's ViewPresentation (its lane choices), which sessions save.
    void rowsChanged();

    void setBandChooser(BandChooser chooser) { bandChooser_ = std::move(chooser); }

    // Find a region (Ctrl+F): the regions whose state name holds the text (ignoring case)
    // or matches /REGEX/, in every row shown (a folded lane's top of the stack, an unfolded
    // lane's every depth), in time order; the others are drawn faded, each found one
    // underlined, and next and previous centre the view on each in turn, framed.
    using Found = LaneSpan; // lane: index into the trace's lanes
    void showFind();
    void find(const QString& text);
    // Shows `calls` (the calls of one call path, say) as found, named `what` in the find
    // bar, with the states named `region` in full colour and the others faded.
    void findCalls(const QString& what, std::vector<Found> calls, const std::string& region);
    void findNext(int by = 1); // -1: the previous one
    const std::vector<Found>& found() const { return found_; }
    int currentFound() const { return current_; } // -1: none yet
    QLineEdit* findEdit() const { return find_; }
    QLabel* findCount() const { return findCount_; }
    // The lanes (indices into the trace's lanes, in lane order) of the rows between two
    // heights of the plot.
    std::vector<std::size_t> lanesBetween(int py0, int py1) const;

signals:
    void visibleRangeChanged(double t0, double t1);
    // A drag that moved the range ended, or a wheel zoom settled.
    void interactionFinished();
    void projectOntoLaneRequested(std::size_t lane);
    void splitIntoLanesRequested();
    // What the views analyse (Analyse menu, a click on a lane's name): `lanes` (indices into
    // the trace's lanes) apart, pooled as group `group` (0: one lane); none: the joint states.
    void analyseLanesRequested(const std::vector<std::size_t>& lanes, std::size_t group);
    // The model of one lane alone (analysed apart, fitted).
    void laneModelRequested(std::size_t lane);
    // The lanes of a group as the members of an ensemble, compared.
    void compareLanesRequested(const std::vector<std::size_t>& lanes);
    // A band asked for the profile of these lanes over [t0, t1] (the trace's time units).
    void profileAreaRequested(const std::vector<std::size_t>& lanes, double t0, double t1);
    // A band asked for the messages between these lanes sent over [t0, t1].
    void messagesAreaRequested(const std::vector<std::size_t>& lanes, double t0, double t1);
    // A click picked a message (an index into the trace's messages).
    void messagePicked(std::size_t message);
    // Order, hidden lanes, filter or folding changed (sessions save them).
    void optionsChanged();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void buildColours();
    // The view's ViewPresentation: its lane choices applied to the rows, its window followed.
    void followChoices();
    void followWindow();
    void updateAxisLabels();
    void updateLegend();
    void layoutLegend(); // the states of legendOrder_ that fit its lines at the current width
    void showContextMenu(const QPoint& plotPos);
    std::vector<std::size_t> lanesOfGroup(std::size_t group) const; // from laneGroups_
    std::size_t groupCount() const;
    void updateAnalyseButton();
    void rubberBandDone(const QPoint& from, const QPoint& to, const QPoint& globalPos);
    void showFound(); // the count, the marks

    ViewDocument* doc_;
    std::unique_ptr<LaneRows> rows_;
    QCustomPlot* plot_ = nullptr;
    LanesPlottable* plottable_ = nullptr;
    QLineEdit* filter_ = nullptr;
    QToolButton* showAll_ = nullptr;
    QToolButton* overTimeButton_ = nullptr;
    QToolButton* messagesButton_ = nullptr;
    QToolButton* analyseButton_ = nullptr;
    LanesOverTime* overTime_ = nullptr;
    QLabel* count_ = nullptr;
    QLabel* legend_ = nullptr;
    QWidget* findBar_ = nullptr;
    QLineEdit* find_ = nullptr;
    QLabel* findCount_ = nullptr;
    std::vector<Found> found_;
    int current_ = -1;
    std::vector<std::size_t> laneGroups_;
    std::vector<bool> laneOutliers_;
    QString foundWhat_;                    // what findCalls found; empty for a find by name
    std::vector<LaneStateId> legendOrder_; // states by time taken over the shown rows
    std::optional<QPoint> pressAt_;
    bool bandDrag_ = false;
    BandChooser bandChooser_;
    bool followingChoices_ = false; // applying the state's choices: rowsChanged leaves it be
    QRubberBand* band_ = nullptr;
    QTimer* wheelSettle_ = nullptr;
};

} // namespace chitra::app
