// What a view shows apart from its pipeline's result: the window of each display on its
// x axis with the zoom history behind it, each display's options, the trace display's
// axis and connectors, the linked selection, the brushed patterns, the order of the
// state lanes, the lanes view's rows, the picked state and which displays are open. The
// displays draw it and change it; sessions capture and restore it here, never through a
// widget. It knows no SES: what depends on the pipeline's result (lanes, pattern
// matches, symbol ids) is the ViewDocument's.
#pragma once

#include "chitra/session/session.hpp"
#include "chitra/summaries/ses_geometry.hpp"
#include "chitra/trace/types.hpp"

#include <QColor>
#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace chitra::app {

// Raw records [begin, end).
struct RecordRange {
    RecordIndex begin = 0, end = 0;
    bool empty() const { return end <= begin; }
    bool operator==(const RecordRange&) const = default;
};

// A window [x0, x1] on a display's x axis; empty until the display has shown one.
struct XWindow {
    double x0 = 0, x1 = 0;
    bool empty() const { return !(x1 > x0); }
    bool operator==(const XWindow&) const = default;
};

struct BrushedPattern {
    std::vector<std::string> names; // the symbol sequence
    QColor colour;
    // Its matches in the view's current SES (written by the ViewDocument).
    std::vector<std::size_t> starts; // match starts
    double elementShare = 0;         // matched elements / all elements
    double timeShare = 0;            // matched time / total time
    QString label() const;
};

enum class YOrder { FirstAppearance, Name, TimeShare, Custom };

// The lanes view's rows as the user chose them; lanes by their index in the trace's lanes.
struct LaneChoices {
    std::vector<std::size_t> order; // top to bottom; empty: the trace's order
    std::set<std::size_t> hidden, unfolded;
    std::string filter;    // as typed: text, or /REGEX/
    bool overTime = false; // the regions over time shown under the rows
    bool messages = false; // the messages between lanes drawn
    bool operator==(const LaneChoices&) const = default;
};

// The name of the display that is the view itself (its time and event views), in the
// display registry and in ViewPresentation::window.
inline const QString kTraceDisplay = QStringLiteral("trace");
// The lanes view's name (its window is on the time axis).
inline const QString kLanesDisplay = QStringLiteral("lanes");

class ViewPresentation : public QObject {
    Q_OBJECT
public:
    // `listed`: the displays listed for every view from the start (open).
    explicit ViewPresentation(std::vector<QString> listed, QObject* parent = nullptr);

    // The window of display `display` on its x axis (empty when it never showed one) and
    // the windows it left by zooming, oldest first (at most kZoomHistoryLength).
    XWindow window(const QString& display) const;
    void setWindow(const QString& display, XWindow window);
    const std::vector<XWindow>& zoomHistory(const QString& display) const;
    void setZoomHistory(const QString& display, std::vector<XWindow> history);
    // Remembers the current window (unless it is the last remembered one) before a zoom.
    void rememberWindow(const QString& display);
    // The last remembered window, taken off the history; nullopt when there is none.
    std::optional<XWindow> takeLastWindow(const QString& display);
    static constexpr std::size_t kZoomHistoryLength = 200;

    // Each display's own options as a session saves them (DisplayOptions), by display
    // name: the display writes them whenever one changes and follows them when they are
    // set from outside (a session's restore). Default options for a display never shown.
    const DisplayOptions& displayOptions(const QString& display) const;
    void setDisplayOptions(const QString& display, DisplayOptions options);

    // The trace display's x axis (time view or event view) and its connector lines.
    XAxis traceAxis() const { return traceAxis_; }
    void setTraceAxis(XAxis axis);
    bool connectors() const { return connectors_; }
    void setConnectors(bool on);

    // Linked selection (raw records): shared by every view of the same trace, so each
    // highlights the records that survive its own pipeline.
    RecordRange selection() const { return selection_; }
    void setSelection(RecordRange range);

    // Brushed patterns, in the order they were brushed.
    const std::vector<BrushedPattern>& patterns() const { return patterns_; }
    // Appends `pattern` (coloured with the next pattern colour when it has none); returns its index.
    int addPattern(BrushedPattern pattern);
    void removePattern(int index);
    void setPatternColour(int index, const QColor& colour);
    // The patterns' matches in a new SES, one entry per pattern (names and colours kept).
    // Emits nothing: the document announces its new SES, then patternsChanged.
    void setPatternMatches(std::vector<BrushedPattern> matched);

    // The order of the state lanes: a mode, or a user's list (bottom lane first, by name;
    // states it does not name keep their first-appearance order above the named ones).
    YOrder yOrder() const { return order_; }
    const std::vector<std::string>& customOrder() const { return customOrder_; }
    void setYOrder(YOrder order);
    void setCustomOrder(std::vector<std::string> names); // switches to YOrder::Custom

    // The lanes view's rows.
    const LaneChoices& laneChoices() const { return laneChoices_; }
    void setLaneChoices(LaneChoices choices);

    // The state picked for details, by name so that it survives transforms while it
    // exists; empty when none.
    const std::string& pickedState() const { return picked_; }
    void setPickedState(const std::string& name);

    // The view's displays by their registry names (displays/display_registry.hpp): those
    // listed for every view, then the others in the order they were first opened. The
    // display that is the view itself is always open.
    const std::vector<QString>& displays() const { return displays_; }
    bool displayOpen(const QString& display) const;
    void setDisplayOpen(const QString& display, bool open);

signals:
    void windowChanged(const QString& display);
    void displayOptionsChanged(const QString& display);
    void traceAxisChanged();
    void connectorsChanged();
    void selectionChanged();
    void patternsChanged();
    void yOrderChanged();
    void laneChoicesChanged();
    void pickedStateChanged();
    void displaysChanged();

private:
    struct DisplayWindow {
        XWindow window;
        std::vector<XWindow> history;
    };
    QHash<QString, DisplayWindow> windows_;
    QHash<QString, DisplayOptions> options_;
    XAxis traceAxis_ = XAxis::Time;
    bool connectors_ = true;
    RecordRange selection_;
    std::vector<BrushedPattern> patterns_;
    int patternsMade_ = 0; // colours go on from the last brushed pattern's
    YOrder order_ = YOrder::FirstAppearance;
    std::vector<std::string> customOrder_;
    LaneChoices laneChoices_;
    std::string picked_;
    std::vector<QString> displays_;
    QSet<QString> closedDisplays_;
};

} // namespace chitra::app
