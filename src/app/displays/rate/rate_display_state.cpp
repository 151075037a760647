#include "displays/rate/rate_display_state.hpp"

#include "displays/min_visit_state.hpp"
#include "displays/rate/rate_display.hpp"
#include "displays/traceview_window.hpp"
#include "document/view_document.hpp"
#include "displays/display_registry.hpp"
#include "session/session_model.hpp"
#include "workbench/main_window.hpp"

#include <QObject>

#include <optional>

namespace chitra::app {

namespace {

constexpr int kSlot = static_cast<int>(SessionModel::Display::Rate);

// The view's rate display, in its own window (TraceviewWindow).
class RateStateCodec final : public DisplayStateCodec {
public:
    RateStateCodec() : DisplayStateCodec(kSlot, "rate", {DisplayKind::rate}) {}

    void capture(const MainWindow& window, ViewDocument* view, DisplayState& state) const override
    {
        TraceviewWindow* w = TraceviewWindow::find(window, view, TraceviewWindow::Kind::Rate);
        if (w && w->rate())
            captureRateState(*w->rate(), state);
    }

    void open(const DisplayRestore& r) const override { r.window.openDisplay(r.view, kSlot); }

    void restore(const DisplayRestore& r, const DisplayState& state) const override
    {
        TraceviewWindow* w = TraceviewWindow::find(r.window, r.view, TraceviewWindow::Kind::Rate);
        if (!w) {
            r.problems.push_back(
                QObject::tr("%1: display '%2' could not be opened").arg(r.where, QString::fromStdString(state.id)));
            return;
        }
        if (RateDisplay* rate = w->rate())
            restoreRateState(*rate, state, r.where, r.problems);
    }
};

const DisplayStateRegistration registration{std::make_unique<RateStateCodec>()};

} // namespace

void captureRateState(const RateDisplay& rate, DisplayState& d)
{
    const Ses& ses = rate.document()->ses();
    if (rate.state() != kNoSymbol && rate.state() < ses.symbols->size())
        d.options.chosen_state = (*ses.symbols)[rate.state()].name;
    captureMinVisit(rate.minVisitSeconds(), d.options);
}

void restoreRateState(RateDisplay& rate, const DisplayState& d, const QString& where, std::vector<QString>& problems)
{
    if (const std::optional<double> minVisit = savedMinVisit(d, where, problems))
        rate.setMinVisitSeconds(*minVisit);
    if (d.options.chosen_state.empty())
        return;
    const SymbolId s = rate.document()->ses().symbols->find(d.options.chosen_state); // names are unique
    if (s == kNoSymbol)
        problems.push_back(QObject::tr("%1: the rate display's state '%2' no longer exists")
                               .arg(where, QString::fromStdString(d.options.chosen_state)));
    else
        rate.setState(s);
}

} // namespace chitra::app
