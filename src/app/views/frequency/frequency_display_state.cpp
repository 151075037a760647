#include "views/frequency/frequency_display_state.hpp"

#include "displays/display_registry.hpp"
#include "views/frequency/frequency_plot.hpp"
#include "views/view_panel.hpp"
#include "displays/display_host.hpp"

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
        : DisplayType("frequency", "frequency", {DisplayKind::frequency}, true,
                      {QObject::tr("&Frequency view"), Qt::Key_F,
                       QObject::tr("Show or hide the frequency view (periodogram) under the time view"), true})
    {
    }

    void capture(const DisplayHost& host, ViewDocument* view, DisplayState& state) const override
    {
        if (const ViewPanel* panel = host.panelOf(view))
            captureFrequencyState(*panel->frequencyPlot(), state);
    }

    void restore(const DisplayRestore& r, const DisplayState& state) const override
    {
        if (ViewPanel* panel = r.host.panelOf(r.view))
            restoreFrequencyState(*panel->frequencyPlot(), state);
    }
};

} // namespace

std::unique_ptr<DisplayType> makeFrequencyDisplayType() { return std::make_unique<FrequencyDisplayType>(); }

void captureFrequencyState(const FrequencyPlot& plot, DisplayState& d)
{
    d.options.log_axis = plot.logPower();
    if (plot.samplingInterval() > 0)
        d.options.sampling_interval = plot.samplingInterval();
    // (Values assigned as std::string: GCC 12 at -O3 warns falsely, -Wrestrict, on a literal.)
    if (!plot.autoUpdate())
        d.options.extra[kAutoUpdateKey] = std::string("0");
    if (plot.logFrequency())
        d.options.extra[kLogFrequencyKey] = std::string("1");
    if (plot.zoomToPeak())
        d.options.extra[kPeakZoomKey] = std::string("1");
    if (const auto band = plot.band())
        d.options.extra[kBandKey] = number(band->first) + ":" + number(band->second);
    // Saved only when the user zoomed or panned: the automatic range is what "empty" means.
    // The power axis always fits the frequencies shown, so only x matters.
    if (const auto range = plot.userFrequencyRange())
        d.visible = {range->first, range->second, 0, 0};
}

void restoreFrequencyState(FrequencyPlot& plot, const DisplayState& d)
{
    plot.setLogPower(d.options.log_axis); // applied only on a change (re-lays the docks out)
    plot.setSamplingInterval(d.options.sampling_interval.value_or(0));
    const auto autoUpdate = d.options.extra.find(kAutoUpdateKey);
    plot.setAutoUpdate(autoUpdate == d.options.extra.end() || autoUpdate->second != "0");
    const auto flag = [&d](const char* key) {
        const auto it = d.options.extra.find(key);
        return it != d.options.extra.end() && it->second == "1";
    };
    plot.setLogFrequency(flag(kLogFrequencyKey));
    plot.setZoomToPeak(flag(kPeakZoomKey));
    if (const auto band = d.options.extra.find(kBandKey); band != d.options.extra.end())
        if (const auto fb = parseBand(band->second))
            plot.setBand(fb->first, fb->second);
    if (!d.visible.empty())
        plot.setUserFrequencyRange(d.visible.x0, d.visible.x1);
}

} // namespace chitra::app
