// What a display implements to be saved in a session and reopened from it. Each display
// keeps its own options: a DisplayStateCodec beside its code (e.g.
// displays/gantt/gantt_display_state.cpp) captures them into the core DisplayState
// (include/chitra/session/session.hpp), defines the keys it uses there, restores them,
// and registers itself for the view's display it fills. The session code
// (session_capture.cpp, session_restore.cpp) stores, orders and reports display states
// through DisplayStateCodecs only and knows no display's options.
#pragma once

#include "chitra/session/session.hpp"

#include <QString>

#include <memory>
#include <vector>

namespace chitra::app {

class MainWindow;
class ViewDocument;

// A view being restored, and where problems with it are reported.
struct DisplayRestore {
    MainWindow& window;
    ViewDocument* view;
    const ViewState& saved;         // the whole saved view (its y order list, ...)
    QString where;                  // names the view in messages: "FILE: view 'NAME'"
    std::vector<QString>& problems; // one complete sentence each, naming the display
};

class DisplayStateCodec {
public:
    // `slot`: the view's display this codec saves (ViewDocument::displays(); 0 is the
    // view's own trace display). `idName`: how its display ids end ("f0v1-gantt").
    // `kinds`: the kinds it is saved as (the first one unless capture says otherwise).
    DisplayStateCodec(int slot, const char* idName, std::vector<DisplayKind> kinds);
    virtual ~DisplayStateCodec();

    int slot() const { return slot_; }
    const char* idName() const { return idName_; }
    const std::vector<DisplayKind>& kinds() const { return kinds_; }
    bool savesAs(DisplayKind kind) const;

    // Fills `state` (id and kind preset) from the display of `view` in `window`; called
    // while the display is open. A display not shown yet leaves its defaults.
    virtual void capture(const MainWindow& window, ViewDocument* view, DisplayState& state) const = 0;

    // Restoring a view: first, right after its pipeline was replayed and before its
    // patterns, selection and displays, the options this display keeps in the view
    // itself (the trace display's y order); `state` is the view's first state of this
    // display, or null when it has none. Default: none.
    virtual void restoreViewOptions(const DisplayRestore& restore, const DisplayState* state) const;
    // Then, for a display the view has: opens it (default: marks it open in the view)...
    virtual void open(const DisplayRestore& restore) const;
    // ... and gives it `state`. A display the view has not is closed instead.
    virtual void restore(const DisplayRestore& restore, const DisplayState& state) const = 0;

private:
    int slot_;
    const char* idName_;
    std::vector<DisplayKind> kinds_;
};

// The registered codecs: one per display slot, one per kind.
class DisplayStateCodecs {
public:
    // Registers `codec`; throws std::logic_error when its slot or a kind is taken.
    static void add(std::unique_ptr<DisplayStateCodec> codec);
    static const DisplayStateCodec* forSlot(int slot);       // null when none
    static const DisplayStateCodec* forKind(DisplayKind kind); // null when none
    static std::vector<const DisplayStateCodec*> all();        // by slot
};

// A display registers its codec from its own file, at start-up:
//     const DisplayStateRegistration registration{std::make_unique<GanttStateCodec>()};
// (chitra_app is an object library, so such a file is linked although nothing calls it.)
struct DisplayStateRegistration {
    explicit DisplayStateRegistration(std::unique_ptr<DisplayStateCodec> codec);
};

} // namespace chitra::app
