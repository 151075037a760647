#include "document/view_presentation.hpp"

#include "displays/display_registry.hpp"
#include "plotting/palette.hpp"

#include <QStringList>

#include <algorithm>

namespace chitra::app {

QString BrushedPattern::label() const
{
    QStringList l;
    for (const auto& n : names)
        l << QString::fromStdString(n);
    return l.join(", ");
}

ViewPresentation::ViewPresentation(std::vector<QString> listed, QObject* parent)
    : QObject(parent), displays_(std::move(listed))
{
}

XWindow ViewPresentation::window(const QString& display) const
{
    const auto it = windows_.constFind(display);
    return it == windows_.cend() ? XWindow{} : it->window;
}

void ViewPresentation::setWindow(const QString& display, XWindow window)
{
    DisplayWindow& w = windows_[display];
    if (w.window == window)
        return;
    w.window = window;
    emit windowChanged(display);
}

const std::vector<XWindow>& ViewPresentation::zoomHistory(const QString& display) const
{
    static const std::vector<XWindow> none;
    const auto it = windows_.constFind(display);
    return it == windows_.cend() ? none : it->history;
}

void ViewPresentation::setZoomHistory(const QString& display, std::vector<XWindow> history)
{
    if (history.size() > kZoomHistoryLength)
        history.erase(history.begin(), history.end() - static_cast<std::ptrdiff_t>(kZoomHistoryLength));
    windows_[display].history = std::move(history);
}

void ViewPresentation::rememberWindow(const QString& display)
{
    DisplayWindow& w = windows_[display];
    if (w.window.empty() || (!w.history.empty() && w.history.back() == w.window))
        return;
    w.history.push_back(w.window);
    if (w.history.size() > kZoomHistoryLength)
        w.history.erase(w.history.begin());
}

std::optional<XWindow> ViewPresentation::takeLastWindow(const QString& display)
{
    const auto it = windows_.find(display);
    if (it == windows_.end() || it->history.empty())
        return std::nullopt;
    const XWindow last = it->history.back();
    it->history.pop_back();
    return last;
}

const DisplayOptions& ViewPresentation::displayOptions(const QString& display) const
{
    static const DisplayOptions defaults;
    const auto it = options_.constFind(display);
    return it == options_.cend() ? defaults : *it;
}

void ViewPresentation::setDisplayOptions(const QString& display, DisplayOptions options)
{
    const auto it = options_.constFind(display);
    if (it != options_.cend() && *it == options)
        return;
    options_[display] = std::move(options);
    emit displayOptionsChanged(display);
}

void ViewPresentation::setTraceAxis(XAxis axis)
{
    if (axis == traceAxis_)
        return;
    traceAxis_ = axis;
    emit traceAxisChanged();
}

void ViewPresentation::setConnectors(bool on)
{
    if (on == connectors_)
        return;
    connectors_ = on;
    emit connectorsChanged();
}

void ViewPresentation::setSelection(RecordRange range)
{
    if (range == selection_)
        return;
    selection_ = range;
    emit selectionChanged();
}

int ViewPresentation::addPattern(BrushedPattern pattern)
{
    if (!pattern.colour.isValid())
        pattern.colour = patternColour(patternsMade_);
    ++patternsMade_;
    patterns_.push_back(std::move(pattern));
    emit patternsChanged();
    return static_cast<int>(patterns_.size()) - 1;
}

void ViewPresentation::removePattern(int index)
{
    if (index < 0 || index >= static_cast<int>(patterns_.size()))
        return;
    patterns_.erase(patterns_.begin() + index);
    emit patternsChanged();
}

void ViewPresentation::setPatternColour(int index, const QColor& colour)
{
    if (index < 0 || index >= static_cast<int>(patterns_.size()) ||
        patterns_[static_cast<std::size_t>(index)].colour == colour)
        return;
    patterns_[static_cast<std::size_t>(index)].colour = colour;
    emit patternsChanged();
}

void ViewPresentation::setPatternMatches(std::vector<BrushedPattern> matched)
{
    for (std::size_t i = 0; i < matched.size() && i < patterns_.size(); ++i) {
        BrushedPattern& p = patterns_[i];
        p.starts = std::move(matched[i].starts);
        p.elementShare = matched[i].elementShare;
        p.timeShare = matched[i].timeShare;
    }
}

void ViewPresentation::setYOrder(YOrder order)
{
    if (order == order_)
        return;
    order_ = order;
    emit yOrderChanged();
}

void ViewPresentation::setCustomOrder(std::vector<std::string> names)
{
    customOrder_ = std::move(names);
    order_ = YOrder::Custom;
    emit yOrderChanged();
}

void ViewPresentation::setLaneChoices(LaneChoices choices)
{
    if (choices == laneChoices_)
        return;
    laneChoices_ = std::move(choices);
    emit laneChoicesChanged();
}

void ViewPresentation::setPickedState(const std::string& name)
{
    if (name == picked_)
        return;
    picked_ = name;
    emit pickedStateChanged();
}

bool ViewPresentation::displayOpen(const QString& display) const
{
    return display == DisplayRegistry::viewsOwn().name() ||
           (std::find(displays_.begin(), displays_.end(), display) != displays_.end() &&
            !closedDisplays_.contains(display));
}

void ViewPresentation::setDisplayOpen(const QString& display, bool open)
{
    if (std::find(displays_.begin(), displays_.end(), display) == displays_.end()) {
        if (!open)
            return;
        displays_.push_back(display); // listed from its first opening on
        closedDisplays_.remove(display);
        emit displaysChanged();
        return;
    }
    if (display == DisplayRegistry::viewsOwn().name() || open == displayOpen(display))
        return;
    if (open)
        closedDisplays_.remove(display);
    else
        closedDisplays_.insert(display);
    emit displaysChanged();
}

} // namespace chitra::app
