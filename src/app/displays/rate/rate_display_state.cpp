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
        : TraceviewDisplayType(TraceviewWindow::Kind::Rate, kRateDisplay, "rate chart", DisplayKind::rate,
                               {QObject::tr("&Rate display"),
                                {},
                                QObject::tr("Open a rate chart of the current view in its own window")})
    {
    }

    void capture(const DisplayHost&, ViewDocument* view, DisplayState& state) const override
    {
        captureRateState(view->presentation(), state);
    }

    void restore(const DisplayRestore& r, const DisplayState& state) const override
    {
        if (TraceviewWindow* w = windowToRestore(r, state); w && w->rate())
            restoreRateState(*r.view, state, r.where, r.problems);
    }
};

} // namespace

std::unique_ptr<DisplayType> makeRateDisplayType() { return std::make_unique<RateDisplayType>(); }

DisplayOptions rateOptions(const RateDisplay& rate)
{
    DisplayOptions o;
    const Ses& ses = rate.document()->ses();
    if (rate.state() != kNoSymbol && rate.state() < ses.symbols->size())
        o.chosen_state = (*ses.symbols)[rate.state()].name;
    captureMinVisit(rate.minVisitSeconds(), o);
    return o;
}

void applyRateOptions(RateDisplay& rate, const DisplayOptions& o)
{
    std::vector<QString> ignored; // restoreRateState reported them
    if (const auto minVisit = savedMinVisit(DisplayState{{}, DisplayKind::rate, {}, {}, o}, {}, ignored))
        rate.setMinVisitSeconds(*minVisit);
    if (!o.chosen_state.empty())
        rate.setStateName(QString::fromStdString(o.chosen_state));
}

void captureRateState(const ViewPresentation& state, DisplayState& d)
{
    d.options = state.displayOptions(kRateDisplay);
}

void restoreRateState(ViewDocument& view, const DisplayState& d, const QString& where, std::vector<QString>& problems)
{
    const DisplayOptions& own = view.presentation().displayOptions(kRateDisplay);
    DisplayOptions options = d.options;
    if (!savedMinVisit(d, where, problems)) { // the display keeps its own
        if (const auto it = own.extra.find(kMinVisitKey); it != own.extra.end())
            options.extra[kMinVisitKey] = it->second;
        else
            options.extra.erase(kMinVisitKey);
    }
    if (!options.chosen_state.empty() && view.ses().symbols->find(options.chosen_state) == kNoSymbol) {
        problems.push_back(QObject::tr("%1: the rate display's state '%2' no longer exists")
                               .arg(where, QString::fromStdString(options.chosen_state)));
        options.chosen_state = own.chosen_state;
    }
    view.presentation().setDisplayOptions(kRateDisplay, std::move(options));
}

} // namespace chitra::app
