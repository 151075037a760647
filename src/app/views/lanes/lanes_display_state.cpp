#include "views/lanes/lanes_display_state.hpp"

#include "displays/display_registry.hpp"
#include "document/view_document.hpp"
#include "views/lanes/lanes_view.hpp"
#include "views/view_panel.hpp"
#include "displays/display_host.hpp"

#include <QObject>
#include <QStringList>

#include <algorithm>
#include <numeric>
#include <optional>
#include <string>

namespace chitra::app {

namespace {

template <class Lanes> std::string indexList(const Lanes& lanes)
{
    std::string out;
    for (std::size_t l : lanes)
        out += (out.empty() ? "" : ",") + std::to_string(l);
    return out;
}

// The lane indices of `key` (nullopt when absent); a bad item is reported and skipped.
std::optional<std::vector<std::size_t>> savedLanes(const DisplayState& d, const char* key, std::size_t laneCount,
                                                   const QString& here, std::vector<QString>& problems)
{
    const auto it = d.options.extra.find(key);
    if (it == d.options.extra.end())
        return std::nullopt;
    std::vector<std::size_t> out;
    for (const QString& item : QString::fromStdString(it->second).split(',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const qulonglong lane = item.trimmed().toULongLong(&ok);
        if (!ok || lane >= laneCount) {
            problems.push_back(QObject::tr("%1: '%2' lists lane %3, which the trace has not (it has %4 lanes)")
                                   .arg(here, QString::fromLatin1(key), item.trimmed())
                                   .arg(laneCount));
            continue;
        }
        out.push_back(static_cast<std::size_t>(lane));
    }
    return out;
}

// The view's lanes view, above its trace display in the view's panel.
class LanesDisplayType final : public DisplayType {
public:
    LanesDisplayType()
        : DisplayType(kLanesDisplay, "lanes", {DisplayKind::lanes}, false,
                      {QObject::tr("&Lanes view"), Qt::Key_L,
                       QObject::tr("One row per thread, rank or component, linked with the time view"), true,
                       QObject::tr("Lanes"), QStringLiteral(":/icons/actions/lanes.svg")})
    {
    }

    void capture(const DisplayHost&, ViewDocument* view, DisplayState& state) const override
    {
        captureLanesState(view->presentation(), state);
    }

    void restore(const DisplayRestore& r, const DisplayState& state) const override
    {
        ViewPanel* panel = r.host.panelOf(r.view);
        if (!panel || !panel->lanesView()) {
            r.problems.push_back(
                QObject::tr("%1: display '%2' could not be opened").arg(r.where, QString::fromStdString(state.id)));
            return;
        }
        restoreLanesState(*r.view, state, r.where, r.problems);
    }
};

} // namespace

std::unique_ptr<DisplayType> makeLanesDisplayType() { return std::make_unique<LanesDisplayType>(); }

void captureLanesState(const ViewPresentation& state, DisplayState& d)
{
    if (const XWindow w = state.window(kLanesDisplay); !w.empty())
        d.visible = {w.x0, w.x1, 0, 0};
    const LaneChoices& c = state.laneChoices();
    std::vector<std::size_t> natural(c.order.size());
    std::iota(natural.begin(), natural.end(), std::size_t{0});
    if (c.order != natural)
        d.options.extra[kLaneOrderKey] = indexList(c.order);
    if (!c.hidden.empty())
        d.options.extra[kHiddenLanesKey] = indexList(c.hidden);
    if (!c.unfolded.empty())
        d.options.extra[kUnfoldedLanesKey] = indexList(c.unfolded);
    if (!c.filter.empty())
        d.options.extra[kLaneFilterKey] = c.filter;
    if (c.overTime)
        d.options.extra[kOverTimeKey] = "1";
    if (c.messages)
        d.options.extra[kMessagesKey] = "1";
}

void restoreLanesState(ViewDocument& view, const DisplayState& d, const QString& where, std::vector<QString>& problems)
{
    const QString here = QObject::tr("%1: display '%2'").arg(where, QString::fromStdString(d.id));
    const std::size_t n = view.laneTracks()->laneCount();
    LaneChoices c;
    if (const auto order = savedLanes(d, kLaneOrderKey, n, here, problems)) {
        std::vector<std::size_t> sorted = *order;
        std::sort(sorted.begin(), sorted.end());
        std::vector<std::size_t> natural(n);
        std::iota(natural.begin(), natural.end(), std::size_t{0});
        if (sorted == natural)
            c.order = *order;
        else
            problems.push_back(QObject::tr("%1: the saved lane order does not name each of the %2 lanes once; "
                                           "the trace's order is kept")
                                   .arg(here)
                                   .arg(n));
    }
    const auto hidden = savedLanes(d, kHiddenLanesKey, n, here, problems).value_or(std::vector<std::size_t>{});
    c.hidden = {hidden.begin(), hidden.end()};
    const auto unfolded = savedLanes(d, kUnfoldedLanesKey, n, here, problems).value_or(std::vector<std::size_t>{});
    c.unfolded = {unfolded.begin(), unfolded.end()};
    if (const auto filter = d.options.extra.find(kLaneFilterKey); filter != d.options.extra.end())
        c.filter = filter->second;
    if (const auto overTime = d.options.extra.find(kOverTimeKey); overTime != d.options.extra.end())
        c.overTime = overTime->second == "1";
    if (const auto messages = d.options.extra.find(kMessagesKey); messages != d.options.extra.end())
        c.messages = messages->second == "1";
    view.presentation().setLaneChoices(std::move(c));
    if (!d.visible.empty())
        view.presentation().setWindow(kLanesDisplay, {d.visible.x0, d.visible.x1});
}

} // namespace chitra::app
