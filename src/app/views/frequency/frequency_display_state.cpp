#include "views/frequency/frequency_display_state.hpp"

#include "displays/display_registry.hpp"
#include "views/frequency/frequency_plot.hpp"
#include "document/view_document.hpp"

#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <utility>

namespace chitra::app {

namespace {

std::string number(double x) { return QString::number(x, 'g', 17).toStdString(); }

std::optional<std::pair<double, double>> parseBand(const std::string& text)
{
    const QStringList parts = QString::fromStdString(text).split(':');
    bool ok0 = false, ok1 = false;
    if (parts.size() != 2)
        return std::nullopt;
    const double f0 = parts[0].toDouble(&ok0), f1 = parts[1].toDouble(&ok1);
    if (!ok0 || !ok1)
        return std::nullopt;
    return std::make_pair(f0, f1);
}

// The frequency view below the trace display, in the view's panel.
class FrequencyDisplayType final : public DisplayType {
public:
    FrequencyDisplayType()
        : DisplayType(kFrequencyDisplay, "frequency", {DisplayKind::frequency}, true,
                      {QObject::tr("&Frequency view"), Qt::Key_F,
                       QObject::tr("Show or hide the frequency view (periodogram) under the time view"), true})
    {
    }

    void capture(const DisplayHost&, ViewDocument* view, DisplayState& state) const override
    {
        captureFrequencyState(view->presentation(), state);
    }

    void restore(const DisplayRestore& r, const DisplayState& state) const override
    {
        restoreFrequencyState(r.view->presentation(), state);
    }
};

} // namespace

std::unique_ptr<DisplayType> makeFrequencyDisplayType() { return std::make_unique<FrequencyDisplayType>(); }

DisplayOptions frequencyOptions(const FrequencyPlot& plot)
{
    DisplayOptions o;
    o.log_axis = plot.logPower();
    if (plot.samplingInterval() > 0)
        o.sampling_interval = plot.samplingInterval();
    // (Values assigned as std::string: GCC 12 at -O3 warns falsely, -Wrestrict, on a literal.)
    if (!plot.autoUpdate())
        o.extra[kAutoUpdateKey] = std::string("0");
    if (plot.logFrequency())
        o.extra[kLogFrequencyKey] = std::string("1");
    if (plot.zoomToPeak())
        o.extra[kPeakZoomKey] = std::string("1");
    if (plot.segmentChoice() != FrequencyPlot::kAutoSegments)
        o.extra[kSegmentsKey] = std::to_string(plot.segmentChoice());
    if (const auto band = plot.band())
        o.extra[kBandKey] = number(band->first) + ":" + number(band->second);
    return o;
}

void applyFrequencyOptions(FrequencyPlot& plot, const DisplayOptions& o)
{
    plot.setLogPower(o.log_axis); // applied only on a change (re-lays the docks out)
    plot.setSamplingInterval(o.sampling_interval.value_or(0));
    const auto autoUpdate = o.extra.find(kAutoUpdateKey);
    plot.setAutoUpdate(autoUpdate == o.extra.end() || autoUpdate->second != "0");
    const auto flag = [&o](const char* key) {
        const auto it = o.extra.find(key);
        return it != o.extra.end() && it->second == "1";
    };
    plot.setLogFrequency(flag(kLogFrequencyKey));
    plot.setZoomToPeak(flag(kPeakZoomKey));
    const auto segments = o.extra.find(kSegmentsKey);
    bool ok = false;
    const qlonglong length = segments == o.extra.end() ? -1 : QString::fromStdString(segments->second).toLongLong(&ok);
    plot.setSegmentChoice(ok && length >= 0 ? length : FrequencyPlot::kAutoSegments);
    if (const auto band = o.extra.find(kBandKey); band != o.extra.end())
        if (const auto fb = parseBand(band->second))
            plot.setBand(fb->first, fb->second);
}

void captureFrequencyState(const ViewPresentation& state, DisplayState& d)
{
    d.options = state.displayOptions(kFrequencyDisplay);
    // Saved only when the user zoomed or panned: the automatic range is what "empty" means.
    // The power axis always fits the frequencies shown, so only x matters.
    if (const XWindow w = state.window(kFrequencyDisplay); !w.empty())
        d.visible = {w.x0, w.x1, 0, 0};
}

void restoreFrequencyState(ViewPresentation& state, const DisplayState& d)
{
    state.setDisplayOptions(kFrequencyDisplay, d.options);
    if (!d.visible.empty())
        state.setWindow(kFrequencyDisplay, {d.visible.x0, d.visible.x1});
}

} // namespace chitra::app
