#include "views/trace/trace_display_state.hpp"

#include "document/view_document.hpp"
#include "displays/display_registry.hpp"
#include "views/trace/trace_plot.hpp"
#include "views/view_panel.hpp"
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
    TraceDisplayType() : DisplayType("trace", "time / event", {DisplayKind::time, DisplayKind::event}, true) {}

    void capture(const DisplayHost& host, ViewDocument* view, DisplayState& state) const override
    {
        const ViewPanel* panel = host.panelOf(view);
        captureTraceState(panel ? panel->tracePlot() : nullptr, *view, state);
    }

    void restoreViewOptions(const DisplayRestore& r, const DisplayState* state) const override
    {
        restoreYOrder(*r.view, state, r.saved.y_order);
    }

    void open(DisplayHost&, ViewDocument*) const override {}  // the view itself
    void close(DisplayHost&, ViewDocument*) const override {} // the view itself

    void restore(const DisplayRestore& r, const DisplayState& state) const override
    {
        if (ViewPanel* panel = r.host.panelOf(r.view))
            restoreTraceState(*panel->tracePlot(), state, r.where, r.problems);
    }
};

} // namespace

std::unique_ptr<DisplayType> makeTraceDisplayType() { return std::make_unique<TraceDisplayType>(); }

void captureTraceState(const TracePlot* plot, const ViewDocument& view, DisplayState& d)
{
    if (plot) {
        d.kind = plot->axis() == XAxis::Event ? DisplayKind::event : DisplayKind::time;
        const auto [x0, x1] = plot->visibleRange();
        d.visible = {x0, x1, 0, 0};
        for (const auto& [h0, h1] : plot->zoomHistory())
            d.zoom_history.push_back({h0, h1, 0, 0});
        d.options.connectors = plot->connectors();
    }
    const SymbolId picked = view.pickedState();
    if (picked != kNoSymbol)
        d.options.chosen_state = (*view.ses().symbols)[picked].name;
    d.options.extra[kYOrderKey] = orderName(view.yOrder());
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
        view.setCustomOrder(yOrder);
    else
        view.setYOrder(parseOrder(mode));
}

void restoreTraceState(TracePlot& plot, const DisplayState& d, const QString& where, std::vector<QString>& problems)
{
    ViewDocument* view = plot.document();
    plot.setAxis(d.kind == DisplayKind::event ? XAxis::Event : XAxis::Time);
    plot.setConnectors(d.options.connectors);
    if (!d.visible.empty())
        plot.setVisibleRange(d.visible.x0, d.visible.x1, false);
    std::vector<std::pair<double, double>> history;
    for (const VisibleRange& r : d.zoom_history)
        history.emplace_back(r.x0, r.x1);
    plot.setZoomHistory(std::move(history));
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
