#include "displays/lanecompare/lane_comparison_display_state.hpp"

#include "displays/display_host.hpp"
#include "displays/display_registry.hpp"
#include "displays/display_window.hpp"
#include "displays/headless_settle.hpp"
#include "displays/lanecompare/lane_comparison_window.hpp"
#include "document/view_document.hpp"
#include "views/lanes/lanes_view.hpp"
#include "views/view_panel.hpp"

#include <QEventLoop>
#include <QObject>

#include <iostream>
#include <string>

namespace chitra::app {

namespace {

class LaneComparisonDisplayType final : public DisplayType {
public:
    LaneComparisonDisplayType()
        : DisplayType(kLaneComparisonDisplay, "lanes compared", {kLaneComparisonKind}, false,
                      {QObject::tr("Lanes &compared"), QKeySequence(QStringLiteral("Ctrl+Shift+L")),
                       QObject::tr("Which lanes behave alike, in groups, and which stand apart: the distance between "
                                   "each lane's behaviour")})
    {
    }

    void open(DisplayHost& host, ViewDocument* view) const override
    {
        LaneComparisonWindow* window = LaneComparisonWindow::open(view, host.hostWidget());
        // A lane double-clicked becomes a trace of its own, as the lanes view's "project
        // onto this lane" makes it.
        ViewPanel* panel = host.panelOf(view);
        if (panel && panel->lanesView() && !window->property("opensLanes").toBool()) {
            window->setProperty("opensLanes", true);
            LanesView* lanes = panel->lanesView();
            QObject::connect(window, &LaneComparisonWindow::laneActivated, lanes,
                             [lanes](std::size_t lane) { emit lanes->projectOntoLaneRequested(lane); });
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

    void close(DisplayHost& host, ViewDocument* view) const override
    {
        view->presentation().setDisplayOpen(name(), false);
        if (auto* w = host.hostWidget() ? LaneComparisonWindow::find(*host.hostWidget(), view) : nullptr)
            w->close();
    }

    void capture(const DisplayHost&, ViewDocument* view, DisplayState& state) const override
    {
        state.options = view->presentation().displayOptions(kLaneComparisonDisplay);
    }

    void restore(const DisplayRestore& r, const DisplayState& state) const override
    {
        auto* w = r.host.hostWidget() ? LaneComparisonWindow::find(*r.host.hostWidget(), r.view) : nullptr;
        if (!w) {
            r.problems.push_back(
                QObject::tr("%1: display '%2' could not be opened").arg(r.where, QString::fromStdString(state.id)));
            return;
        }
        applyLaneComparisonOptions(*w, state.options, r.where, r.problems);
    }

    std::optional<int> runHeadless(const HeadlessRequest& r) const override
    {
        if (r.benchmarkReplots > 0)
            return std::nullopt;
        LaneComparisonWindow window(r.view);
        window.resize(r.size);
        window.show();
        if (!window.computed()) {
            QEventLoop loop;
            QObject::connect(&window, &LaneComparisonWindow::computedChanged, &loop, &QEventLoop::quit);
            loop.exec();
        }
        settleFor(100);
        if (!window.grab().save(r.screenshot)) {
            std::cerr << "chitra: cannot write " << r.screenshot.toStdString() << '\n';
            return 3;
        }
        return 0;
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
