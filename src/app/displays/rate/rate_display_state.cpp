#include "displays/rate/rate_display_state.hpp"

#include "displays/min_visit_state.hpp"
#include "displays/rate/rate_display.hpp"
#include "document/view_document.hpp"
#include "displays/traceview_display_type.hpp"

#include <QObject>

#include <optional>

namespace chitra::app {

namespace {

// The view's rate display, in its own window (TraceviewWindow).
class RateDisplayType final : public TraceviewDisplayType {
public:
    RateDisplayType()
        : TraceviewDisplayType(TraceviewWindow::Kind::Rate, "rate", "rate chart", DisplayKind::rate,
                               {QObject::tr("&Rate display"),
                                {},
                                QObject::tr("Open a rate chart of the current view in its own window")})
    {
    }

    void capture(const DisplayHost& host, ViewDocument* view, DisplayState& state) const override
    {
        TraceviewWindow* w = windowOf(host, view);
        if (w && w->rate())
            captureRateState(*w->rate(), state);
    }

    void restore(const DisplayRestore& r, const DisplayState& state) const override
    {
        if (TraceviewWindow* w = windowToRestore(r, state); w && w->rate())
            restoreRateState(*w->rate(), state, r.where, r.problems);
    }
};

} // namespace

std::unique_ptr<DisplayType> makeRateDisplayType() { return std::make_unique<RateDisplayType>(); }

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
