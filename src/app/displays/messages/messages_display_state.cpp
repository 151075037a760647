#include "displays/messages/messages_display_state.hpp"

#include "displays/display_registry.hpp"
#include "displays/display_window.hpp"
#include "displays/messages/messages_window.hpp"
#include "displays/profile/profile_display_state.hpp"
#include "document/view_document.hpp"
#include "views/lanes/lanes_view.hpp"
#include "views/view_panel.hpp"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QObject>

#include <array>
#include <iostream>

namespace chitra::app {

namespace {

constexpr std::array<std::pair<MatrixColour, const char*>, 3> kColourNames{{
    {MatrixColour::Count, "count"},
    {MatrixColour::Bytes, "bytes"},
    {MatrixColour::Latency, "latency"},
}};

std::optional<MatrixColour> colourNamed(const std::string& name)
{
    for (const auto& [colour, n] : kColourNames)
        if (name == n)
            return colour;
    return std::nullopt;
}

class MessagesDisplayType final : public WindowDisplayType<MessagesWindow> {
public:
    MessagesDisplayType()
        : WindowDisplayType(kMessagesDisplay, "messages", {kMessagesKind}, false,
                            {QObject::tr("&Messages"), QKeySequence(QStringLiteral("Ctrl+Shift+M")),
                             QObject::tr("Who sends to whom: the communication matrix, message sizes, latencies and "
                                         "late-sender waits of the lanes shown")})
    {
    }

    void open(DisplayHost& host, ViewDocument* view) const override
    {
        MessagesWindow* window = MessagesWindow::open(view, host.hostWidget());
        // A cell clicked picks its messages in the lanes view.
        ViewPanel* panel = host.panelOf(view);
        if (panel && panel->lanesView() && !window->property("picksInLanes").toBool()) {
            window->setProperty("picksInLanes", true);
            LanesView* lanes = panel->lanesView();
            QObject::connect(window, &MessagesWindow::messagesPicked, lanes, [lanes](std::size_t from, std::size_t to) {
                lanes->showMessagesBetween(std::pair{from, to});
            });
            QObject::connect(window, &QObject::destroyed, lanes, [lanes] { lanes->showMessagesBetween(std::nullopt); });
        }
        markOpenWhileShown(view, name(), window);
    }

    void restore(const DisplayRestore& r, const DisplayState& state) const override
    {
        if (MessagesWindow* w = windowToRestore(r, state))
            applyMessagesOptions(*w, state.options, r.where, r.problems);
    }

    std::optional<int> runHeadless(const HeadlessRequest& r) const override
    {
        if (r.benchmarkReplots > 0)
            return std::nullopt;
        MessagesWindow window(r.view); // with the view's options
        if (const QString colour = r.options.value("messages-colour"); !colour.isEmpty()) {
            const auto c = colourNamed(colour.toStdString());
            if (!c) {
                std::cerr << "chitra: --messages-colour must be one of count, bytes, latency\n";
                return 2;
            }
            window.setColour(*c);
        }
        return saveDisplayPicture(window, r, [&window] {
            if (window.waitsPending()) {
                QEventLoop loop;
                QObject::connect(&window, &MessagesWindow::waitsShown, &loop, &QEventLoop::quit);
                loop.exec();
            }
        });
    }
};

} // namespace

std::unique_ptr<DisplayType> makeMessagesDisplayType() { return std::make_unique<MessagesDisplayType>(); }

DisplayOptions messagesOptions(const MessagesWindow& window)
{
    DisplayOptions o;
    for (const auto& [colour, name] : kColourNames)
        if (colour == window.colour())
            o.extra["colour"] = name;
    if (const auto range = window.range(); range && range->to)
        o.extra["range"] = rangeText(range->from, *range->to);
    if (!window.areaLanes().empty())
        o.extra["lanes"] = laneListText(window.areaLanes());
    return o;
}

void applyMessagesOptions(MessagesWindow& window, const DisplayOptions& o, const QString& where,
                          std::vector<QString>& problems)
{
    const auto value = [&o](const char* key) -> std::string {
        const auto it = o.extra.find(key);
        return it == o.extra.end() ? std::string() : it->second;
    };
    if (const std::string colour = value("colour"); !colour.empty()) {
        if (const auto c = colourNamed(colour))
            window.setColour(*c);
        else
            problems.push_back(QObject::tr("%1: the messages display's colour '%2' is unknown; it is coloured by count")
                                   .arg(where, QString::fromStdString(colour)));
    }
    const auto lanes = parseLaneList(value("lanes"));
    if (!lanes || !window.setAreaLanes(*lanes)) {
        problems.push_back(QObject::tr("%1: the messages display's lanes '%2' are not lanes of the trace; it shows "
                                       "the lanes shown in the lanes view")
                               .arg(where, QString::fromStdString(value("lanes"))));
        window.setAreaLanes({});
    }
    if (const std::string range = value("range"); range.empty()) {
        window.setRange(std::nullopt);
    } else if (const auto r = parseRange(range)) {
        window.setRange(r);
    } else {
        problems.push_back(QObject::tr("%1: the messages display's range '%2' is not T0:T1; it shows the whole run")
                               .arg(where, QString::fromStdString(range)));
    }
}

void askMessagesArea(ViewDocument& view, const std::vector<std::size_t>& lanes, double t0, double t1)
{
    askArea(view, kMessagesDisplay, lanes, t0, t1);
}

} // namespace chitra::app
