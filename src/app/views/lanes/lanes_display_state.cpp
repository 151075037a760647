#include "views/lanes/lanes_display_state.hpp"

#include "displays/display_registry.hpp"
#include "views/lanes/lanes_view.hpp"
#include "views/view_panel.hpp"
#include "displays/display_host.hpp"

#include <QLineEdit>
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
        : DisplayType("lanes", "lanes", {DisplayKind::lanes}, false,
                      {QObject::tr("&Lanes view"), Qt::Key_L,
                       QObject::tr("One row per thread, rank or component, linked with the time view"), true,
                       QObject::tr("Lanes"), QStringLiteral(":/icons/actions/lanes.svg")})
    {
    }

    void capture(const DisplayHost& host, ViewDocument* view, DisplayState& state) const override
    {
        if (const ViewPanel* panel = host.panelOf(view); panel && panel->lanesView())
            captureLanesState(*panel->lanesView(), state);
    }

    void restore(const DisplayRestore& r, const DisplayState& state) const override
    {
        ViewPanel* panel = r.host.panelOf(r.view);
        if (!panel || !panel->lanesView()) {
            r.problems.push_back(
                QObject::tr("%1: display '%2' could not be opened").arg(r.where, QString::fromStdString(state.id)));
            return;
        }
        restoreLanesState(*panel->lanesView(), state, r.where, r.problems);
    }
};

} // namespace

std::unique_ptr<DisplayType> makeLanesDisplayType() { return std::make_unique<LanesDisplayType>(); }

void captureLanesState(const LanesView& view, DisplayState& d)
{
    const auto [t0, t1] = view.visibleRange();
    d.visible = {t0, t1, 0, 0};
    const LaneRows& rows = view.rows();
    std::vector<std::size_t> natural(rows.laneCount());
    std::iota(natural.begin(), natural.end(), std::size_t{0});
    if (rows.order() != natural)
        d.options.extra[kLaneOrderKey] = indexList(rows.order());
    if (!rows.hiddenLanes().empty())
        d.options.extra[kHiddenLanesKey] = indexList(rows.hiddenLanes());
    if (!rows.unfoldedLanes().empty())
        d.options.extra[kUnfoldedLanesKey] = indexList(rows.unfoldedLanes());
    if (const QString filter = view.filterEdit()->text(); !filter.isEmpty())
        d.options.extra[kLaneFilterKey] = filter.toStdString();
}

void restoreLanesState(LanesView& view, const DisplayState& d, const QString& where, std::vector<QString>& problems)
{
    const QString here = QObject::tr("%1: display '%2'").arg(where, QString::fromStdString(d.id));
    LaneRows& rows = view.rows();
    const std::size_t n = rows.laneCount();
    if (const auto order = savedLanes(d, kLaneOrderKey, n, here, problems)) {
        std::vector<std::size_t> sorted = *order;
        std::sort(sorted.begin(), sorted.end());
        std::vector<std::size_t> natural(n);
        std::iota(natural.begin(), natural.end(), std::size_t{0});
        if (sorted == natural)
            rows.setOrder(*order);
        else
            problems.push_back(QObject::tr("%1: the saved lane order does not name each of the %2 lanes once; "
                                           "the trace's order is kept")
                                   .arg(here)
                                   .arg(n));
    }
    const auto hidden = savedLanes(d, kHiddenLanesKey, n, here, problems).value_or(std::vector<std::size_t>{});
    rows.setHiddenLanes({hidden.begin(), hidden.end()});
    const auto unfolded = savedLanes(d, kUnfoldedLanesKey, n, here, problems).value_or(std::vector<std::size_t>{});
    rows.setUnfoldedLanes({unfolded.begin(), unfolded.end()});
    const auto filter = d.options.extra.find(kLaneFilterKey);
    view.filterEdit()->setText(filter == d.options.extra.end() ? QString() : QString::fromStdString(filter->second));
    view.rowsChanged();
    if (!d.visible.empty())
        view.setVisibleRange(d.visible.x0, d.visible.x1);
}

} // namespace chitra::app
