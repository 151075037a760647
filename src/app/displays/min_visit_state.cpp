#include "displays/min_visit_state.hpp"

#include "chitra/traceview/traceview.hpp"

#include <QObject>

#include <cmath>

namespace chitra::app {

void captureMinVisit(double seconds, DisplayOptions& options)
{
    if (seconds != kDefaultMinVisitSeconds)
        options.extra[kMinVisitKey] = QString::number(seconds, 'g', 17).toStdString();
}

std::optional<double> savedMinVisit(const DisplayState& d, const QString& where, std::vector<QString>& problems)
{
    const auto it = d.options.extra.find(kMinVisitKey);
    if (it == d.options.extra.end())
        return kDefaultMinVisitSeconds;
    bool ok = false;
    const double s = QString::fromStdString(it->second).toDouble(&ok);
    if (ok && std::isfinite(s) && s >= 0)
        return s;
    problems.push_back(QObject::tr("%1: display '%2': short-visit threshold '%3' is not a number of seconds; "
                                   "the display keeps its own")
                           .arg(where, QString::fromStdString(d.id), QString::fromStdString(it->second)));
    return std::nullopt;
}

namespace {
double g_preferredMinVisit = kDefaultMinVisitSeconds;
} // namespace

double preferredMinVisitSeconds() { return g_preferredMinVisit; }

void setPreferredMinVisitSeconds(double seconds)
{
    g_preferredMinVisit = std::isfinite(seconds) && seconds >= 0 ? seconds : kDefaultMinVisitSeconds;
}

} // namespace chitra::app
