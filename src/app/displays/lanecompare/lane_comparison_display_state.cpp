#include "displays/lanecompare/lane_comparison_display_state.hpp"

#include "displays/display_registry.hpp"
#include "displays/display_window.hpp"
#include "displays/lanecompare/lane_comparison_window.hpp"
#include "document/view_document.hpp"
#include "views/lanes/lanes_view.hpp"
#include "views/view_panel.hpp"

#include <QEventLoop>
#include <QObject>

#include <string>

namespace chitra::app {

namespace {

class LaneComparisonDisplayType final : public WindowDisplayType<LaneComparisonWindow> {
public:
    LaneComparisonDisplayType()
        : WindowDisplayType(
              kLaneComparisonDisplay, "lanes compared", {kLaneComparisonKind}, false,
              {QObject::tr("Lanes &compared"), QKeySequence(QStringLiteral("Ctrl+Shift+L")),
               QObject::tr("Which lanes behave alike, in groups, and which stand apart: the distance between "
                           "each lane's behaviour")})
    {
    }

    void open(DisplayHost& host, ViewDocument* view) const override
    {
        LaneComparisonWindow* window = LaneComparisonWindow::open(view, host.hostWidget());
        // A lane double-clicked opens its model (the lane analysed alone, fitted).
        ViewPanel* panel = host.panelOf(view);
        if (panel && panel->lanesView() && !window->property("opensLanes").toBool()) {
            window->setProperty("opensLanes", true);
            LanesView* lanes = panel->lanesView();
            QObject::connect(window, &LaneComparisonWindow::laneActivated, lanes,
                             [lanes](std::size_t lane) { emit lanes->laneModelRequested(lane); });
            QObject::connect(
                window, &LaneComparisonWindow::groupComparisonRequested, lanes,
                [lanes](const std::vector<std::size_t>& group) { emit lanes->compareLanesRequested(group); });
            // The lanes view marks each lane's group while the comparison is shown.
            const auto markGroups = [lanes, window] {
                if (window->computed())
                    lanes->setLaneGroups(window->grouping().group, window->grouping().outlier);
            };
            QObject::connect(window, &LaneComparisonWindow::computedChanged, lanes, markGroups);
            QObject::connect(window, &LaneComparisonWindow::optionsChanged, lanes, markGroups);
            QObject::connect(window, &QObject::destroyed, lanes, [lanes] { lanes->setLaneGroups({}, {}); });
        }
        markOpenWhileShown(view, name(), window);
    }

    void restore(const DisplayRestore& r, const DisplayState& state) const override
    {
        if (LaneComparisonWindow* w = windowToRestore(r, state))
            applyLaneComparisonOptions(*w, state.options, r.where, r.problems);
    }

    std::optional<int> runHeadless(const HeadlessRequest& r) const override
    {
        if (r.benchmarkReplots > 0)
            return std::nullopt;
        LaneComparisonWindow window(r.view);
        return saveDisplayPicture(window, r, [&window] {
            if (!window.computed()) {
                QEventLoop loop;
                QObject::connect(&window, &LaneComparisonWindow::computedChanged, &loop, &QEventLoop::quit);
                loop.exec();
            }
        });
    }
};

} // namespace

std::unique_ptr<DisplayType> makeLaneComparisonDisplayType() { return std::make_unique<LaneComparisonDisplayType>(); }

DisplayOptions laneComparisonOptions(const LaneComparisonWindow& window)
{
    DisplayOptions o;
    o.extra["group_distance"] = QString::number(window.groupDistance(), 'g', 6).toStdString();
    return o;
}

void applyLaneComparisonOptions(LaneComparisonWindow& window, const DisplayOptions& o, const QString& where,
                                std::vector<QString>& problems)
{
    const auto it = o.extra.find("group_distance");
    if (it == o.extra.end())
        return;
    bool read = false;
    const double distance = QString::fromStdString(it->second).toDouble(&read);
    if (!read || !(distance > 0 && distance <= 1)) {
        problems.push_back(QObject::tr("%1: the lane comparison's group distance '%2' is not in (0, 1]; it is 0.2")
                               .arg(where, QString::fromStdString(it->second)));
        return;
    }
    window.setGroupDistance(distance);
}

} // namespace chitra::app
