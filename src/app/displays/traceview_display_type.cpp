#include "displays/traceview_display_type.hpp"

#include "displays/display_host.hpp"
#include "displays/display_window.hpp"
#include "displays/traceview_headless.hpp"
#include "document/view_document.hpp"

#include <QCommandLineParser>

namespace chitra::app {

TraceviewDisplayType::TraceviewDisplayType(TraceviewWindow::Kind kind, QString name, QString treeName,
                                           DisplayKind savedAs, MenuEntry menu)
    : DisplayType(std::move(name), std::move(treeName), {std::move(savedAs)}, false, std::move(menu)), windowKind_(kind)
{
}

void TraceviewDisplayType::open(DisplayHost& host, ViewDocument* view) const
{
    auto makeView = [&host](ViewDocument* d) { return host.addViewOfSameTrace(d); };
    TraceviewWindow* window = TraceviewWindow::open(view, windowKind_, makeView, host.hostWidget());
    markOpenWhileShown(view, name(), window);
}

void TraceviewDisplayType::close(DisplayHost& host, ViewDocument* view) const
{
    view->presentation().setDisplayOpen(name(), false);
    if (TraceviewWindow* w = windowOf(host, view))
        w->close();
}

std::optional<int> TraceviewDisplayType::runHeadless(const HeadlessRequest& r) const
{
    return runTraceviewHeadless(r.view, name(), r.screenshot, r.size, r.benchmarkReplots,
                                {r.options.value("gantt-range"), r.options.value("rate-state")});
}

TraceviewWindow* TraceviewDisplayType::windowOf(const DisplayHost& host, const ViewDocument* view) const
{
    return TraceviewWindow::find(*host.hostWidget(), view, windowKind_);
}

TraceviewWindow* TraceviewDisplayType::windowToRestore(const DisplayRestore& r, const DisplayState& state) const
{
    TraceviewWindow* w = windowOf(r.host, r.view);
    if (!w)
        r.problems.push_back(
            QObject::tr("%1: display '%2' could not be opened").arg(r.where, QString::fromStdString(state.id)));
    return w;
}

} // namespace chitra::app
