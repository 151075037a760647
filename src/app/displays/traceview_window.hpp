// A window holding one Traceview display (Gantt or rate) of a view, with Traceview's
// display-shell menu: export, the two dumps, the view definition dialog, and the other
// display. Rate displays are linked to the Gantt display of the same view: hovering a
// visit marks it there.
#pragma once

#include <QMainWindow>

#include <functional>

namespace chitra::app {

class ViewDocument;
class GanttDisplay;
class RateDisplay;

class TraceviewWindow : public QMainWindow {
    Q_OBJECT
public:
    enum class Kind { Gantt, Rate };
    // Makes a new view of the same trace (for "Apply as new view"); may be empty.
    using ViewMaker = std::function<ViewDocument*(ViewDocument*)>;

    TraceviewWindow(ViewDocument* doc, Kind kind, ViewMaker makeView, QWidget* parent = nullptr);
    ~TraceviewWindow() override;

    Kind kind() const { return kind_; }
    ViewDocument* document() const { return doc_; }
    QWidget* display() const;
    GanttDisplay* gantt() const { return gantt_; }
    RateDisplay* rate() const { return rate_; }

    // Opens (or raises) the display of `kind` for `doc` and links it to its partner.
    static TraceviewWindow* open(ViewDocument* doc, Kind kind, ViewMaker makeView, QWidget* parent);
    // The window of `kind` showing `doc` among the children of `owner` (the workbench's
    // main window; the newest one), or null.
    static TraceviewWindow* find(const QObject& owner, const ViewDocument* doc, Kind kind);

    void dumpView() { dumpView(doc_, this); }
    void dumpDerivation() { dumpDerivation(doc_, this); }
    // The same for any view, asking for the file over `parent` (no display needed).
    static void dumpView(ViewDocument* doc, QWidget* parent);
    static void dumpDerivation(ViewDocument* doc, QWidget* parent);
    void defineView();

private:
    void link();

    ViewDocument* doc_;
    Kind kind_;
    ViewMaker makeView_;
    GanttDisplay* gantt_ = nullptr;
    RateDisplay* rate_ = nullptr;
};

} // namespace chitra::app
