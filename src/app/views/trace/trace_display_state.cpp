#include "views/trace/trace_display_state.hpp"

#include "document/view_document.hpp"
#include "displays/display_registry.hpp"
#include "displays/display_host.hpp"

#include <QObject>

#include <string>
#include <utility>

namespace chitra::app {

namespace {

const char* orderName(YOrder order)
{
    switch (order) {
    case YOrder::FirstAppearance:
        return "first";
    case YOrder::Name:
        return "name";
    case YOrder::TimeShare:
        return "time";
    case YOrder::Custom:
        return "custom";
    }
    return "first";
}

YOrder parseOrder(const std::string& s)
{
    if (s == "name")
        return YOrder::Name;
    if (s == "time")
        return YOrder::TimeShare;
    if (s == "custom")
        return YOrder::Custom;
    return YOrder::FirstAppearance;
}

// The view's own display: always open, in the view's panel; its y order mode is the view's.
class TraceDisplayType final : public DisplayType {
public:
    TraceDisplayType() : DisplayType(kTraceDisplay, "time / event", {DisplayKind::time, DisplayKind::event}, true) {}

    void capture(const DisplayHost&, ViewDocument* view, DisplayState& state) const override
    {
        captureTraceState(*view, state);
    }

    void restoreViewOptions(const DisplayRestore& r, const DisplayState* state) const override
    {
        restoreYOrder(*r.view, state, r.saved.y_order);
    }

    void open(DisplayHost&, ViewDocument*) const override {}  // the view itself
    void close(DisplayHost&, ViewDocument*) const override {} // the view itself

    void restore(const DisplayRestore& r, const DisplayState& state) const override
    {
        restoreTraceState(*r.view, state, r.where, r.problems);
    }
};

} // namespace

std::unique_ptr<DisplayType> makeTraceDisplayType() { return std::make_unique<TraceDisplayType>(); }

void captureTraceState(const ViewDocument& view, DisplayState& d)
{
    const ViewPresentation& state = view.presentation();
    d.kind = state.traceAxis() == XAxis::Event ? DisplayKind::event : DisplayKind::time;
    if (const XWindow w = state.window(kTraceDisplay); !w.empty())
        d.visible = {w.x0, w.x1, 0, 0};
    for (const XWindow& h : state.zoomHistory(kTraceDisplay))
        d.zoom_history.push_back({h.x0, h.x1, 0, 0});
    d.options.connectors = state.connectors();
    const SymbolId picked = view.pickedState();
    if (picked != kNoSymbol)
        d.options.chosen_state = (*view.ses().symbols)[picked].name;
    d.options.extra[kYOrderKey] = orderName(view.presentation().yOrder());
}

void restoreYOrder(ViewDocument& view, const DisplayState* state, const std::vector<std::string>& yOrder)
{
    // The mode when the workbench wrote it; else a saved list is a custom order.
    std::string mode;
    if (state)
        if (const auto it = state->options.extra.find(kYOrderKey); it != state->options.extra.end())
            mode = it->second;
    if (mode.empty() && !yOrder.empty())
        mode = "custom";
    if (parseOrder(mode) == YOrder::Custom)
        view.presentation().setCustomOrder(yOrder);
    else
        view.presentation().setYOrder(parseOrder(mode));
}

void restoreTraceState(ViewDocument& doc, const DisplayState& d, const QString& where, std::vector<QString>& problems)
{
    ViewDocument* view = &doc;
    ViewPresentation& state = doc.presentation();
    state.setTraceAxis(d.kind == DisplayKind::event ? XAxis::Event : XAxis::Time);
    state.setConnectors(d.options.connectors);
    if (!d.visible.empty())
        state.setWindow(kTraceDisplay, {d.visible.x0, d.visible.x1});
    std::vector<XWindow> history;
    for (const VisibleRange& r : d.zoom_history)
        history.push_back({r.x0, r.x1});
    state.setZoomHistory(kTraceDisplay, std::move(history));
    if (!d.options.chosen_state.empty()) {
        const SymbolId s = view->ses().symbols->find(d.options.chosen_state); // names are unique
        if (s == kNoSymbol)
            problems.push_back(QObject::tr("%1: the picked state '%2' no longer exists")
                                   .arg(where, QString::fromStdString(d.options.chosen_state)));
        else
            view->setPickedState(s);
    }
}

} // namespace chitra::app
