// What the Gantt and rate displays share as display types: each lives in a window of its
// own (TraceviewWindow), found again among the host's children, drawn headless by
// traceview_headless.cpp.
#pragma once

#include "displays/display_registry.hpp"
#include "displays/traceview_window.hpp"

namespace chitra::app {

class TraceviewDisplayType : public DisplayType {
public:
    TraceviewDisplayType(TraceviewWindow::Kind kind, QString name, QString treeName, DisplayKind savedAs,
                         MenuEntry menu);

    void open(DisplayHost& host, ViewDocument* view) const override;
    void close(DisplayHost& host, ViewDocument* view) const override;
    std::optional<int> runHeadless(const HeadlessRequest& request) const override;

protected:
    // The window showing this display of `view`, or null.
    TraceviewWindow* windowOf(const DisplayHost& host, const ViewDocument* view) const;
    // The window to restore into; reports a display that could not be opened.
    TraceviewWindow* windowToRestore(const DisplayRestore& restore, const DisplayState& state) const;

private:
    TraceviewWindow::Kind windowKind_;
};

} // namespace chitra::app
