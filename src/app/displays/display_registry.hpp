// Every display a view can have, in one list: its name, the kinds it is saved as in a
// session, its View menu entry and shortcut, how it opens and closes, how it saves and
// restores its options, and what headless `chitra --display NAME` shows of it. The View
// menu, the session tree, the display opener, sessions and the headless command line all
// read this registry and know no display by name.
//
// Adding a display: a folder with the display and a DisplayType subclass for it, and one
// line in builtInDisplayTypes() (display_registry.cpp). A test or a plug-in may add one
// at run time with DisplayRegistry::add().
#pragma once

#include "chitra/session/session.hpp"

#include <QKeySequence>
#include <QSize>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

class QCommandLineParser;

namespace chitra::app {

class DisplayHost;
class ViewDocument;

// A view being restored, and where problems with it are reported.
struct DisplayRestore {
    DisplayHost& host;
    ViewDocument* view;
    const ViewState& saved;         // the whole saved view (its y order list, ...)
    QString where;                  // names the view in messages: "FILE: view 'NAME'"
    std::vector<QString>& problems; // one complete sentence each, naming the display
};

// A headless run of `chitra --display NAME --screenshot OUT` (workbench/headless.cpp),
// for a display that draws itself rather than as part of the main window.
struct HeadlessRequest {
    DisplayHost& host;
    ViewDocument* view;
    const QCommandLineParser& options; // the display's own options (--gantt-range, ...)
    QString screenshot;                // where the picture goes; empty: benchmark only
    QSize size;
    int benchmarkReplots = 0; // 0: no benchmark
};

// A display's entry in the View menu (none when `text` is empty).
struct DisplayMenuEntry {
    QString text;
    QKeySequence shortcut;
    QString statusTip;
    bool toggles = false; // checked while open; unchecking closes it (else: opens or raises)
    QString iconText;     // non-empty: in the tool bar too, with this text
    QString icon;         // a resource path (":/icons/actions/NAME.svg") or nothing
};

class DisplayType {
public:
    using MenuEntry = DisplayMenuEntry;

    // `name`: what the registry, the view's list of displays, display ids in sessions
    // ("f0v1-gantt") and headless `--display` call it. `treeName`: its row in the session
    // tree. `kinds`: what its states are saved as (the first one unless capture says
    // otherwise). `listedFromStart`: a row of every view; other displays get their row
    // once opened.
    DisplayType(QString name, QString treeName, std::vector<DisplayKind> kinds, bool listedFromStart,
                MenuEntry menu = {});
    virtual ~DisplayType();

    const QString& name() const { return name_; }
    const QString& treeName() const { return treeName_; }
    const std::vector<DisplayKind>& kinds() const { return kinds_; }
    bool savesAs(const DisplayKind& kind) const;
    bool listedFromStart() const { return listedFromStart_; }
    const MenuEntry& menu() const { return menu_; }
    // The names headless `--display` takes for it: its kinds' names.
    std::vector<QString> headlessNames() const;

    // Shows the display of `view` (default: marks it open in the view, whose panel follows).
    virtual void open(DisplayHost& host, ViewDocument* view) const;
    // Closes it (default: marks it closed in the view).
    virtual void close(DisplayHost& host, ViewDocument* view) const;

    // Sessions. Fills `state` (id and kind preset) from the display of `view`; called
    // while the display is open. A display not shown yet leaves its defaults.
    virtual void capture(const DisplayHost& host, ViewDocument* view, DisplayState& state) const = 0;
    // Restoring a view: first, right after its pipeline was replayed and before its
    // patterns, selection and displays, the options this display keeps in the view
    // itself (the trace display's y order); `state` is the view's first state of this
    // display, or null when it has none. Default: none.
    virtual void restoreViewOptions(const DisplayRestore& restore, const DisplayState* state) const;
    // Then, for a display the view had, open() and this; a display it had not is closed.
    virtual void restore(const DisplayRestore& restore, const DisplayState& state) const = 0;

    // Headless: a display that is not part of the main window draws and saves its own
    // picture (or benchmark) and returns the exit status; nullopt (default): the main
    // window, with this display open, is the picture.
    virtual std::optional<int> runHeadless(const HeadlessRequest& request) const;

private:
    QString name_;
    QString treeName_;
    std::vector<DisplayKind> kinds_;
    bool listedFromStart_;
    MenuEntry menu_;
};

// The display types: the built-in ones in the order of the session tree and the View
// menu, then those added at run time.
class DisplayRegistry {
public:
    // Adds `type` after the others; throws std::logic_error when its name or a kind is taken.
    static void add(std::unique_ptr<DisplayType> type);
    static const std::vector<const DisplayType*>& all();
    static const DisplayType* find(const QString& name);        // null when none
    static const DisplayType* forKind(const DisplayKind& kind); // null when none
    // The display that is the view itself (its time and event views): always open.
    static const DisplayType& viewsOwn();
};

// Each built-in display's type, made by a function in the display's own folder.
std::unique_ptr<DisplayType> makeTraceDisplayType();          // views/trace/
std::unique_ptr<DisplayType> makeFrequencyDisplayType();      // views/frequency/
std::unique_ptr<DisplayType> makeModelDisplayType();          // chain/
std::unique_ptr<DisplayType> makeGanttDisplayType();          // displays/gantt/
std::unique_ptr<DisplayType> makeRateDisplayType();           // displays/rate/
std::unique_ptr<DisplayType> makeLanesDisplayType();          // views/lanes/
std::unique_ptr<DisplayType> makeProfileDisplayType();        // displays/profile/
std::unique_ptr<DisplayType> makeMessagesDisplayType();       // displays/messages/
std::unique_ptr<DisplayType> makeLaneComparisonDisplayType(); // displays/lanecompare/

} // namespace chitra::app
