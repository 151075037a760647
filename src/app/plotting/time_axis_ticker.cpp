#include "plotting/time_axis_ticker.hpp"

#include "text/number_format.hpp"

#include <qcustomplot.h>

#include <QPointer>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace chitra::app {

namespace {

// Digits of the integer part grouped by narrow no-break spaces ("1 500.5").
QString grouped(double v, int decimals)
{
    QString s = QString::number(std::fabs(v), 'f', decimals);
    const int dot = s.indexOf('.');
    const int intLen = dot < 0 ? static_cast<int>(s.size()) : dot;
    for (int i = intLen - 3; i > 0; i -= 3)
        s.insert(i, QChar(0x202F));
    return v < 0 ? QStringLiteral("-") + s : s;
}

struct Unit {
    double scale; // value of one unit in the natural unit (seconds, Hz or counts)
    const char16_t* name;
};

// A unit is used while the step is at least a tenth of it: a 0.5 s step reads "1.5 s",
// a 0.05 s step reads "50 ms". Labels then need at most one decimal for 1-2-5 steps.
constexpr Unit kSeconds[] = {{1.0, u"s"}, {1e-3, u"ms"}, {1e-6, u"\u00B5s"}, {1e-9, u"ns"}, {1e-12, u"ps"}};
constexpr Unit kCounts[] = {{1e12, u"T"}, {1e9, u"G"}, {1e6, u"M"}, {1e3, u"k"}};

// Labels such as "1.25 ms" or "12 500" need about this many pixels apart to stay apart.
constexpr int kPixelsPerTick = 80;

class TimeTicker final : public QCPAxisTicker {
public:
    TimeTicker(TimeBase base, const QCPAxis* axis) : base_(base), axis_(axis) { setTickCount(6); }

protected:
    double getTickStep(const QCPRange& range) override
    {
        // Fewer ticks on a narrow axis, so that labels never run into each other.
        int count = tickCount();
        if (axis_ && axis_->axisRect())
            count = std::clamp(axis_->axisRect()->width() / kPixelsPerTick, 2, count);
        step_ = niceStep125(range.size(), count);
        return step_;
    }
    QVector<QString> createLabelVector(const QVector<double>& ticks, const QLocale&, QChar, int) override
    {
        return timeTickLabels(ticks, step_, base_).toVector();
    }

private:
    TimeBase base_;
    QPointer<const QCPAxis> axis_;
    double step_ = 1.0;
};

} // namespace

double niceStep125(double span, int count)
{
    if (!(span > 0) || !std::isfinite(span))
        return 1.0;
    const double raw = span / std::max(1, count);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    const double m = raw / mag;
    // The closest of 1, 2, 5, 10 on a log scale.
    const double pick = m < std::sqrt(2.0) ? 1.0 : m < std::sqrt(10.0) ? 2.0 : m < std::sqrt(50.0) ? 5.0 : 10.0;
    return pick * mag;
}

namespace {
// Labels for ticks `step` apart, each value times `factor` in the natural unit (seconds,
// Hz or counts) and written in the largest unit of `units` (largest first) that is at
// most ten times the step and reached by some tick (0..500 Hz reads "100 Hz", not
// "0.1 kHz"); no unit while the step is below `minScaled`.
QStringList labelsInUnit(const QVector<double>& ticks, double step, double factor, const Unit* units, std::size_t n,
                         double minScaled)
{
    const double stepN = step * factor;
    double scale = 1.0;
    QString suffix;
    double largest = 0;
    for (double t : ticks)
        largest = std::max(largest, std::fabs(t * factor));
    if (stepN >= minScaled * (1 - 1e-9)) {
        for (std::size_t i = 0; i < n; ++i)
            if ((stepN >= 0.1 * units[i].scale * (1 - 1e-9) && largest >= units[i].scale * (1 - 1e-9)) || i + 1 == n) {
                scale = units[i].scale;
                suffix = QStringLiteral(" ") + QString::fromUtf16(units[i].name);
                break;
            }
    }
    // Decimals that the step needs in the chosen unit (0.5 -> 1, 0.25 -> 2).
    const double stepU = stepN / scale;
    int decimals = 0;
    for (double p = 1.0; decimals < 12 && std::fabs(stepU * p - std::round(stepU * p)) > 1e-6 * stepU * p; p *= 10)
        ++decimals;
    QStringList out;
    for (double t : ticks) {
        if (std::fabs(t) < step * 1e-6)
            out << QStringLiteral("0");
        else
            out << grouped(t * factor / scale, decimals) + suffix;
    }
    return out;
}

constexpr Unit kHertz[] = {{1e9, u"GHz"}, {1e6, u"MHz"},  {1e3, u"kHz"},
                           {1.0, u"Hz"},  {1e-3, u"mHz"}, {1e-6, u"\u00B5Hz"}};

class FrequencyTicker final : public QCPAxisTicker {
public:
    explicit FrequencyTicker(std::optional<double> secondsPerTick) : spt_(secondsPerTick) { setTickCount(6); }

protected:
    double getTickStep(const QCPRange& range) override
    {
        step_ = niceStep125(range.size(), tickCount());
        return step_;
    }
    QVector<QString> createLabelVector(const QVector<double>& ticks, const QLocale&, QChar, int) override
    {
        return frequencyTickLabels(ticks, step_, spt_).toVector();
    }

private:
    std::optional<double> spt_;
    double step_ = 1.0;
};

class LogFrequencyTicker final : public QCPAxisTickerLog {
public:
    explicit LogFrequencyTicker(std::optional<double> secondsPerTick) : spt_(secondsPerTick)
    {
        setLogBase(10);
        setSubTickCount(8);
    }

protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return logFrequencyTickLabel(tick, spt_); }

private:
    std::optional<double> spt_;
};
} // namespace

QString logFrequencyTickLabel(double tick, std::optional<double> secondsPerTick)
{
    if (secondsPerTick)
        return formatSI(tick / *secondsPerTick, QStringLiteral("Hz"), 3);
    return QString::number(tick, 'g', 3);
}

QStringList timeTickLabels(const QVector<double>& ticks, double step, TimeBase base)
{
    if (const auto spt = seconds_per_tick(base)) {
        if (const std::optional<int> power = fixedSecondsPrefix()) { // the unit the user chose
            const Unit& unit = kSeconds[std::clamp(-*power, 0, static_cast<int>(std::size(kSeconds)) - 1)];
            return labelsInUnit(ticks, step, *spt, &unit, 1, 0.0);
        }
        return labelsInUnit(ticks, step, *spt, kSeconds, std::size(kSeconds), 0.0);
    }
    // Below 10 000 per step plain grouped numbers read best ("12 500").
    return labelsInUnit(ticks, step, 1.0, kCounts, std::size(kCounts), 1e4);
}

QStringList frequencyTickLabels(const QVector<double>& ticks, double step, std::optional<double> secondsPerTick)
{
    if (secondsPerTick)
        return labelsInUnit(ticks, step, 1.0 / *secondsPerTick, kHertz, std::size(kHertz), 0.0);
    return labelsInUnit(ticks, step, 1.0, nullptr, 0, std::numeric_limits<double>::infinity());
}

QSharedPointer<QCPAxisTicker> makeFrequencyTicker(std::optional<double> secondsPerTick)
{
    return QSharedPointer<QCPAxisTicker>(new FrequencyTicker(secondsPerTick));
}

QSharedPointer<QCPAxisTicker> makeLogFrequencyTicker(std::optional<double> secondsPerTick)
{
    return QSharedPointer<QCPAxisTicker>(new LogFrequencyTicker(secondsPerTick));
}

QSharedPointer<QCPAxisTicker> makeTimeTicker(TimeBase base, const QCPAxis* axis)
{
    return QSharedPointer<QCPAxisTicker>(new TimeTicker(base, axis));
}

QSharedPointer<QCPAxisTicker> makeCountTicker(const QCPAxis* axis) { return makeTimeTicker(TimeBase::cycles, axis); }

} // namespace chitra::app
