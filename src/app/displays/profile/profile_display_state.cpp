#include "displays/profile/profile_display_state.hpp"

#include "displays/display_registry.hpp"
#include "displays/display_window.hpp"
#include "displays/profile/flame_graph.hpp"
#include "displays/profile/profile_table.hpp"
#include "displays/profile/profile_tree.hpp"
#include "displays/profile/profile_window.hpp"
#include "document/view_document.hpp"
#include "views/lanes/lanes_view.hpp"
#include "views/view_panel.hpp"

#include <QObject>
#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLineEdit>
#include <QRegularExpression>
#include <QTabWidget>

#include <array>
#include <charconv>
#include <cmath>
#include <iostream>

namespace chitra::app {

namespace {

// The columns by the names sessions save them under.
constexpr std::array<std::pair<ProfileTable::Column, const char*>, 9> kColumnNames{{
    {ProfileTable::Region, "region"},
    {ProfileTable::Lane, "lane"},
    {ProfileTable::Calls, "calls"},
    {ProfileTable::Inclusive, "inclusive"},
    {ProfileTable::Exclusive, "exclusive"},
    {ProfileTable::Share, "share"},
    {ProfileTable::MeanPerCall, "mean_per_call"},
    {ProfileTable::MaxLane, "max_lane"},
    {ProfileTable::Imbalance, "imbalance"},
}};

// The tree's unfolded paths as saved: a JSON array of paths, each an array of names.
std::string expandedText(const ProfileTree::Paths& paths)
{
    QJsonArray list;
    for (const std::vector<std::string>& path : paths) {
        QJsonArray frames;
        for (const std::string& frame : path)
            frames.append(QString::fromStdString(frame));
        list.append(frames);
    }
    return QJsonDocument(list).toJson(QJsonDocument::Compact).toStdString();
}

std::optional<ProfileTree::Paths> expandedFrom(const std::string& text)
{
    const QJsonDocument json = QJsonDocument::fromJson(QByteArray::fromStdString(text));
    if (!json.isArray())
        return std::nullopt;
    ProfileTree::Paths paths;
    for (const QJsonValue& path : json.array()) {
        if (!path.isArray())
            return std::nullopt;
        std::vector<std::string> frames;
        for (const QJsonValue& frame : path.toArray()) {
            if (!frame.isString())
                return std::nullopt;
            frames.push_back(frame.toString().toStdString());
        }
        paths.insert(std::move(frames));
    }
    return paths;
}

// The calls of a call path in the table's range and lanes, found in the lanes view.
void findPathInLanes(LanesView& lanes, const ProfileTable& table, const ViewDocument& doc,
                     const std::vector<std::string>& path)
{
    const auto source = table.source();
    if (!source || path.empty())
        return;
    const Time perUnit = std::max<Time>(1, ns_per_unit(doc.lanesTrace()));
    std::vector<LanesView::Found> found;
    std::vector<PathCall> calls;
    try {
        calls = path_calls(*source, path, table.range().value_or(ProfileRange{}));
    } catch (const InputError&) {
        return; // a range the table could not profile either
    }
    found.reserve(calls.size());
    for (const PathCall& c : calls)
        found.push_back(
            {c.lane, static_cast<std::uint32_t>(path.size()), c.start / perUnit, (c.end + perUnit - 1) / perUnit});
    QStringList names;
    for (const std::string& frame : path)
        names << QString::fromStdString(frame);
    lanes.findCalls(names.join(QStringLiteral(" \u203a ")), std::move(found), path.back());
}

class ProfileDisplayType final : public WindowDisplayType<ProfileWindow> {
public:
    ProfileDisplayType()
        : WindowDisplayType(kProfileDisplay, "profile", {kProfileKind}, false,
                            {QObject::tr("&Profile"), QKeySequence(QStringLiteral("Ctrl+Shift+P")),
                             QObject::tr("Where the time goes: calls and time per region and lane in the range shown")})
    {
    }

    void open(DisplayHost& host, ViewDocument* view) const override
    {
        ProfileWindow* window = ProfileWindow::open(view, host.hostWidget());
        // A region chosen in the table is found in the lanes view; a frame clicked in the
        // flame graph, the calls of its path.
        ViewPanel* panel = host.panelOf(view);
        if (panel && panel->lanesView() && !window->property("findsInLanes").toBool()) {
            window->setProperty("findsInLanes", true);
            LanesView* lanes = panel->lanesView();
            QObject::connect(window->table(), &ProfileTable::regionSelected, lanes, [lanes](const QString& region) {
                lanes->showFind();
                lanes->findEdit()->setText("/^" + QRegularExpression::escape(region) + "$/");
            });
            QObject::connect(window->flameGraph(), &FlameGraph::pathClicked, lanes,
                             [lanes, table = window->table(), doc = view](const std::vector<std::string>& path) {
                                 findPathInLanes(*lanes, *table, *doc, path);
                             });
        }
        markOpenWhileShown(view, name(), window);
    }

    void restore(const DisplayRestore& r, const DisplayState& state) const override
    {
        r.view->presentation().setDisplayOptions(kProfileDisplay, state.options);
        if (ProfileWindow* w = windowToRestore(r, state))
            applyProfileOptions(*w->table(), state.options, r.where, r.problems, w->tree());
    }

    std::optional<int> runHeadless(const HeadlessRequest& r) const override
    {
        if (r.benchmarkReplots > 0)
            return std::nullopt;
        ProfileWindow window(r.view); // with the view's options
        if (const QString tab = r.options.value("profile-tab"); !tab.isEmpty()) {
            const QStringList tabs{"regions", "tree", "flame", "time"};
            if (!tabs.contains(tab)) {
                std::cerr << "chitra: --profile-tab must be one of regions, tree, flame, time\n";
                return 2;
            }
            window.tabs()->setCurrentIndex(static_cast<int>(tabs.indexOf(tab)));
        }
        return saveDisplayPicture(window, r);
    }
};

} // namespace

std::unique_ptr<DisplayType> makeProfileDisplayType() { return std::make_unique<ProfileDisplayType>(); }

DisplayOptions profileOptions(const ProfileTable& table, const ProfileTree* tree)
{
    DisplayOptions o;
    o.extra["per_lane"] = table.perLane() ? "1" : "0";
    if (!table.filterText().isEmpty())
        o.extra["filter"] = table.filterText().toStdString();
    for (const auto& [column, name] : kColumnNames)
        if (column == table.sortColumn())
            o.extra["sort"] = name;
    o.extra["order"] = table.sortOrder() == Qt::AscendingOrder ? "ascending" : "descending";
    if (const auto range = table.range(); range && range->to)
        o.extra["range"] = rangeText(range->from, *range->to);
    if (!table.lanes().empty())
        o.extra["lanes"] = laneListText(table.lanes());
    if (tree && !tree->expandedPaths().empty())
        o.extra["expanded"] = expandedText(tree->expandedPaths());
    return o;
}

std::optional<ProfileRange> parseRange(const std::string& text)
{
    const auto colon = text.find(':');
    if (colon == std::string::npos)
        return std::nullopt;
    ProfileRange r;
    Time to = 0;
    const char* mid = text.data() + colon;
    const char* end = text.data() + text.size();
    auto [p, ec] = std::from_chars(text.data(), mid, r.from);
    auto [q, ec2] = std::from_chars(mid + 1, end, to);
    if (ec != std::errc() || p != mid || ec2 != std::errc() || q != end || to <= r.from)
        return std::nullopt;
    r.to = to;
    return r;
}

std::string rangeText(Time from, Time to) { return std::to_string(from) + ":" + std::to_string(to); }

std::string laneListText(const std::vector<std::size_t>& lanes)
{
    std::string list;
    for (std::size_t lane : lanes)
        list += (list.empty() ? "" : ",") + std::to_string(lane + 1);
    return list;
}

std::optional<std::vector<std::size_t>> parseLaneList(const std::string& text)
{
    std::vector<std::size_t> lanes;
    for (const QString& n : QString::fromStdString(text).split(',', Qt::SkipEmptyParts)) {
        bool read = false;
        const int lane = n.toInt(&read);
        if (!read || lane < 1)
            return std::nullopt;
        lanes.push_back(static_cast<std::size_t>(lane - 1));
    }
    return lanes;
}

void askArea(ViewDocument& view, const QString& display, const std::vector<std::size_t>& lanes, double t0, double t1)
{
    const auto scale = static_cast<double>(ns_per_unit(view.lanesTrace()));
    DisplayOptions o = view.presentation().displayOptions(display);
    o.extra["lanes"] = laneListText(lanes);
    const auto from = std::max<Time>(0, static_cast<Time>(std::floor(t0 * scale)));
    const auto to = std::max<Time>(from + 1, static_cast<Time>(std::ceil(t1 * scale)));
    o.extra["range"] = rangeText(from, to);
    view.presentation().setDisplayOptions(display, std::move(o));
}

void askProfileArea(ViewDocument& view, const std::vector<std::size_t>& lanes, double t0, double t1)
{
    askArea(view, kProfileDisplay, lanes, t0, t1);
}

void applyProfileOptions(ProfileTable& table, const DisplayOptions& o, const QString& where,
                         std::vector<QString>& problems, ProfileTree* tree)
{
    const auto value = [&o](const char* key) -> std::string {
        const auto it = o.extra.find(key);
        return it == o.extra.end() ? std::string() : it->second;
    };
    table.setPerLane(value("per_lane") == "1");
    table.setFilterText(QString::fromStdString(value("filter")));
    if (const std::string sort = value("sort"); !sort.empty()) {
        bool known = false;
        for (const auto& [column, name] : kColumnNames)
            if (sort == name) {
                table.sortBy(column, value("order") == "ascending" ? Qt::AscendingOrder : Qt::DescendingOrder);
                known = true;
            }
        if (!known)
            problems.push_back(QObject::tr("%1: the profile display's column '%2' is unknown; sorted by exclusive time")
                                   .arg(where, QString::fromStdString(sort)));
    }
    const auto lanes = parseLaneList(value("lanes"));
    if (!lanes || !table.setLanes(*lanes)) {
        problems.push_back(QObject::tr("%1: the profile display's lanes '%2' are not lanes of the trace; it shows "
                                       "every lane")
                               .arg(where, QString::fromStdString(value("lanes"))));
        table.setLanes({});
    }
    if (const std::string range = value("range"); range.empty()) {
        table.setRange(std::nullopt);
    } else {
        if (const auto r = parseRange(range))
            table.setRange(r);
        else
            problems.push_back(QObject::tr("%1: the profile display's range '%2' is not T0:T1; it shows the whole run")
                                   .arg(where, QString::fromStdString(range)));
    }
    if (const std::string expanded = value("expanded"); tree && !expanded.empty()) {
        if (const auto paths = expandedFrom(expanded))
            tree->setExpandedPaths(*paths);
        else
            problems.push_back(
                QObject::tr("%1: the profile display's unfolded call paths cannot be read; the top rows unfold")
                    .arg(where));
    }
}

} // namespace chitra::app
