// Field values as the Traceview displays show them, and their per-column summaries
// (docs/traceview.md "Values").
#include "chitra/traceview/traceview.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace chitra {

double rate_scale(TimeBase base)
{
    const auto spt = seconds_per_tick(base);
    return spt ? 1.0 / *spt : 1.0;
}

std::string rate_unit(TimeBase base) { return seconds_per_tick(base) ? "/s" : "/cycle"; }

ShortVisitRule ShortVisitRule::for_base(TimeBase base, double min_seconds)
{
    const auto spt = seconds_per_tick(base);
    ShortVisitRule r;
    if (spt && *spt > 0 && std::isfinite(min_seconds) && min_seconds > 0)
        r.min_length = min_seconds / *spt;
    return r;
}

namespace {
// Each element's rate from a counter's own samples: its cumulative value interpolated
// linearly between them, constant before the first and after the last, so that an
// increase is spread over the time between the two samples that bracket it.
std::vector<double> counter_rates(const std::vector<std::pair<Time, double>>& samples, const Ses& ses, double scale)
{
    std::size_t next = 0; // the first sample after t (times only grow along the SES)
    const auto cumulative = [&](Time t) {
        while (next < samples.size() && samples[next].first <= t)
            ++next;
        if (next == 0)
            return samples.front().second;
        if (next == samples.size())
            return samples.back().second;
        const auto& [t0, v0] = samples[next - 1];
        const auto& [t1, v1] = samples[next];
        return v0 + (v1 - v0) * (static_cast<double>(t - t0) / static_cast<double>(t1 - t0));
    };
    std::vector<double> out(ses.size());
    double before = cumulative(ses.bounds[0]);
    for (std::size_t i = 0; i < ses.size(); ++i) {
        const double after = cumulative(ses.bounds[i + 1]);
        const Time dt = ses.bounds[i + 1] - ses.bounds[i];
        out[i] = dt > 0 ? (after - before) / static_cast<double>(dt) * scale : 0.0;
        before = after;
    }
    return out;
}
} // namespace

std::vector<double> element_field_values(const Trace& trace, const Ses& ses, std::size_t field)
{
    if (field >= trace.fields.size())
        throw InputError("the trace has no field " + std::to_string(field + 1));
    const Column<double>& col = trace.fields[field];
    const std::size_t n = ses.size();
    std::vector<double> out(n);
    if (n == 0)
        return out;
    const std::size_t records = col.size();
    if (trace.header.fields[field].kind == FieldKind::gauge) {
        for (std::size_t i = 0; i < n; ++i)
            out[i] = col[ses.records[i]];
        return out;
    }
    const double scale = rate_scale(trace.header.timebase);
    if (field < trace.field_samples.size() && !trace.field_samples[field].empty())
        return counter_rates(trace.field_samples[field], ses, scale);
    // A counter holds its last recorded value until a declared end.
    auto at = [&](RecordIndex r) { return col[std::min<RecordIndex>(r, records - 1)]; };
    for (std::size_t i = 0; i < n; ++i) {
        const Time dt = ses.bounds[i + 1] - ses.bounds[i];
        out[i] = dt > 0 ? (at(ses.records[i + 1]) - at(ses.records[i])) / static_cast<double>(dt) * scale : 0.0;
    }
    return out;
}

SeriesIndex::SeriesIndex(std::vector<double> x, std::vector<double> y)
    : SeriesIndex(std::move(x), std::move(y), std::numeric_limits<double>::quiet_NaN())
{
}

SeriesIndex::SeriesIndex(std::vector<double> x, std::vector<double> y, double end) : x_(std::move(x)), y_(std::move(y))
{
    end_ = end;
    build(nullptr);
}

SeriesIndex::SeriesIndex(std::vector<double> x, std::vector<double> y, double end, const std::vector<double>& area)
    : x_(std::move(x)), y_(std::move(y))
{
    end_ = end;
    if (area.size() != y_.size())
        throw std::invalid_argument("SeriesIndex: area and y differ in size");
    build(&area);
}

void SeriesIndex::build(const std::vector<double>* area)
{
    if (x_.size() != y_.size())
        throw std::invalid_argument("SeriesIndex: x and y differ in size");
    const std::size_t n = y_.size();
    end_ = n == 0 ? 0 : std::isnan(end_) ? x_.back() : std::max(end_, x_.back());
    prefix_.resize(n + 1);
    prefix_[0] = 0;
    for (std::size_t i = 0; i < n; ++i)
        prefix_[i + 1] = prefix_[i] + y_[i];
    step_.resize(n);
    area_.resize(n + 1);
    area_[0] = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double w = (i + 1 < n ? x_[i + 1] : end_) - x_[i];
        step_[i] = area ? (*area)[i] : w > 0 ? y_[i] * w : 0.0;
        area_[i + 1] = area_[i] + step_[i];
    }
    long_.build(y_, nullptr, 0);
    shortTree_ = {};
    short_.clear();
    rule_ = {};
}

void SeriesIndex::MinMaxTree::build(const std::vector<double>& y, const std::vector<char>* mask, char want)
{
    levels.clear();
    const std::size_t n = y.size();
    const double inf = std::numeric_limits<double>::infinity();
    std::vector<std::pair<double, double>> level;
    level.reserve(n / kLeaf + 1);
    for (std::size_t b = 0; b * kLeaf < n; ++b) {
        std::pair<double, double> m{inf, -inf};
        for (std::size_t i = b * kLeaf; i < std::min(n, (b + 1) * kLeaf); ++i)
            if (!mask || (*mask)[i] == want) {
                m.first = std::min(m.first, y[i]);
                m.second = std::max(m.second, y[i]);
            }
        level.push_back(m);
    }
    while (!level.empty()) {
        std::vector<std::pair<double, double>> next;
        if (level.size() > kFan)
            for (std::size_t b = 0; b * kFan < level.size(); ++b) {
                std::pair<double, double> m = level[b * kFan];
                for (std::size_t k = b * kFan + 1; k < std::min(level.size(), (b + 1) * kFan); ++k) {
                    m.first = std::min(m.first, level[k].first);
                    m.second = std::max(m.second, level[k].second);
                }
                next.push_back(m);
            }
        levels.push_back(std::move(level));
        level = std::move(next);
    }
}

void SeriesIndex::set_short_visits(ShortVisitRule rule)
{
    rule_ = rule.active() ? rule : ShortVisitRule{};
    short_.clear();
    shortTree_ = {};
    if (!rule_.active()) {
        long_.build(y_, nullptr, 0);
        return;
    }
    short_.resize(x_.size());
    for (std::size_t i = 0; i < x_.size(); ++i)
        short_[i] = rule_.is_short(length(i)) ? 1 : 0;
    long_.build(y_, &short_, 0);
    shortTree_.build(y_, &short_, 1);
}

std::size_t SeriesIndex::lower(double v) const
{
    return static_cast<std::size_t>(std::lower_bound(x_.begin(), x_.end(), v) - x_.begin());
}

std::pair<double, double> SeriesIndex::minmax(std::size_t a, std::size_t b, Visits which) const
{
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    const std::vector<char>* mask = short_.empty() ? nullptr : &short_;
    if (which != Visits::short_only)
        long_.query(y_, mask, 0, a, b, lo, hi);
    if (which != Visits::long_only && mask)
        shortTree_.query(y_, mask, 1, a, b, lo, hi);
    return {lo, hi};
}

void SeriesIndex::MinMaxTree::query(const std::vector<double>& y, const std::vector<char>* mask, char want,
                                    std::size_t a, std::size_t b, double& lo, double& hi) const
{
    auto points = [&](std::size_t from, std::size_t to) {
        for (std::size_t i = from; i < to; ++i)
            if (!mask || (*mask)[i] == want) {
                lo = std::min(lo, y[i]);
                hi = std::max(hi, y[i]);
            }
    };
    const std::size_t la = (a + kLeaf - 1) / kLeaf, lb = b / kLeaf;
    if (la >= lb) {
        points(a, b);
        return;
    }
    points(a, la * kLeaf);
    points(lb * kLeaf, b);
    // Whole blocks [ba, bb) of level L: peel partial groups, then go up a level.
    std::size_t ba = la, bb = lb;
    for (std::size_t level = 0; ba < bb; ++level) {
        const auto& blocks = levels[level];
        const std::size_t ga = (ba + kFan - 1) / kFan, gb = bb / kFan;
        if (level + 1 >= levels.size() || ga >= gb) {
            for (std::size_t k = ba; k < bb; ++k) {
                lo = std::min(lo, blocks[k].first);
                hi = std::max(hi, blocks[k].second);
            }
            break;
        }
        for (std::size_t k = ba; k < ga * kFan; ++k) {
            lo = std::min(lo, blocks[k].first);
            hi = std::max(hi, blocks[k].second);
        }
        for (std::size_t k = gb * kFan; k < bb; ++k) {
            lo = std::min(lo, blocks[k].first);
            hi = std::max(hi, blocks[k].second);
        }
        ba = ga;
        bb = gb;
    }
}

double SeriesIndex::time_mean(double t0, double t1) const
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    if (x_.empty())
        return nan;
    const double a = std::max(t0, x_.front()), b = std::min(t1, end_);
    if (!(b > a))
        return nan;
    const std::size_t n = x_.size();
    auto right = [&](std::size_t k) { return k + 1 < n ? x_[k + 1] : end_; };
    // Steps entered in [a, b): whole, except that the last may run past b.
    const std::size_t ia = lower(a), jb = lower(b);
    // Part of step k inside [a, b) (k has positive width and is cut by the window).
    auto part = [&](std::size_t k) {
        const double lo = std::max(a, x_[k]), hi = std::min(b, right(k));
        return hi > lo ? step_[k] * ((hi - lo) / (right(k) - x_[k])) : 0.0;
    };
    double total = 0;
    if (ia > 0)
        total += part(ia - 1); // the step holding at a, entered before it
    if (jb > ia) {
        // Few steps: add them directly (no cancellation of large prefix sums when zoomed
        // deep into a long trace); many: by prefix sums.
        if (jb - 1 - ia <= 64)
            for (std::size_t k = ia; k + 1 < jb; ++k)
                total += step_[k];
        else
            total += area_[jb - 1] - area_[ia];
        const std::size_t k = jb - 1; // the last one may be cut at b
        total += right(k) > b ? part(k) : step_[k];
    }
    return total / (b - a);
}

SeriesIndex field_series(const Trace& trace, const Ses& ses, std::size_t field)
{
    std::vector<double> y = element_field_values(trace, ses, field);
    const std::size_t n = ses.size();
    std::vector<double> x(n);
    for (std::size_t i = 0; i < n; ++i)
        x[i] = static_cast<double>(ses.bounds[i]);
    const double end = n ? static_cast<double>(ses.bounds[n]) : 0.0;
    const bool own_samples = field < trace.field_samples.size() && !trace.field_samples[field].empty();
    // Rates spread between a counter's own samples are exact as they are: rate x length.
    if (trace.header.fields[field].kind == FieldKind::gauge || n == 0 || own_samples)
        return SeriesIndex(std::move(x), std::move(y), end);
    const Column<double>& col = trace.fields[field];
    const std::size_t records = col.size();
    auto at = [&](RecordIndex r) { return col[std::min<RecordIndex>(r, records - 1)]; };
    const double scale = rate_scale(trace.header.timebase);
    std::vector<double> area(n);
    for (std::size_t i = 0; i < n; ++i)
        area[i] = (at(ses.records[i + 1]) - at(ses.records[i])) * scale;
    return SeriesIndex(std::move(x), std::move(y), end, area);
}

std::vector<double> column_time_means(const SeriesIndex& series, double x0, double x1, int columns)
{
    std::vector<double> out(static_cast<std::size_t>(std::max(columns, 0)), std::numeric_limits<double>::quiet_NaN());
    if (columns <= 0 || !(x1 > x0))
        return out;
    const double w = (x1 - x0) / columns;
    for (int c = 0; c < columns; ++c)
        out[static_cast<std::size_t>(c)] = series.time_mean(x0 + c * w, c + 1 == columns ? x1 : x0 + (c + 1) * w);
    return out;
}

std::vector<double> time_average_curve(const SeriesIndex& series, double x0, double x1, int columns,
                                       double window_fraction)
{
    std::vector<double> out(static_cast<std::size_t>(std::max(columns, 0)), std::numeric_limits<double>::quiet_NaN());
    if (columns <= 0 || !(x1 > x0))
        return out;
    const double w = (x1 - x0) / columns;
    const double half = window_fraction * (x1 - x0) / 2;
    for (int c = 0; c < columns; ++c) {
        const double p = x0 + (c + 0.5) * w;
        out[static_cast<std::size_t>(c)] = series.time_mean(p - half, p + half);
    }
    return out;
}

std::vector<ColumnStats> column_stats(const SeriesIndex& series, double x0, double x1, int columns)
{
    std::vector<ColumnStats> out(static_cast<std::size_t>(std::max(columns, 0)));
    if (columns <= 0 || !(x1 > x0))
        return out;
    const double w = (x1 - x0) / columns;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::size_t a = series.lower(x0);
    for (int c = 0; c < columns; ++c) {
        const std::size_t b = c + 1 == columns ? series.lower(x1) : series.lower(x0 + (c + 1) * w);
        ColumnStats& s = out[static_cast<std::size_t>(c)];
        s.count = b > a ? b - a : 0;
        s.first = a;
        s.mean = s.min = s.max = s.long_min = s.long_max = s.short_min = s.short_max = nan;
        if (s.count) {
            s.mean = series.sum(a, b) / static_cast<double>(s.count);
            const auto [llo, lhi] = series.minmax(a, b, SeriesIndex::Visits::long_only);
            const auto [slo, shi] =
                series.short_visits().active()
                    ? series.minmax(a, b, SeriesIndex::Visits::short_only)
                    : std::pair{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
            if (llo <= lhi)
                std::tie(s.long_min, s.long_max) = std::tie(llo, lhi);
            if (slo <= shi)
                std::tie(s.short_min, s.short_max) = std::tie(slo, shi);
            s.min = std::min(llo, slo);
            s.max = std::max(lhi, shi);
        }
        a = std::max(a, b);
    }
    return out;
}

std::vector<double> average_curve(const SeriesIndex& series, double x0, double x1, int columns, double window_fraction)
{
    std::vector<double> out(static_cast<std::size_t>(std::max(columns, 0)), std::numeric_limits<double>::quiet_NaN());
    if (columns <= 0 || !(x1 > x0))
        return out;
    const double w = (x1 - x0) / columns;
    const double half = window_fraction * (x1 - x0) / 2;
    double last = std::numeric_limits<double>::quiet_NaN();
    for (int c = 0; c < columns; ++c) {
        const double p = x0 + (c + 0.5) * w;
        const std::size_t a = series.lower(p - half), b = series.lower(p + half);
        if (b > a)
            last = series.sum(a, b) / static_cast<double>(b - a);
        out[static_cast<std::size_t>(c)] = last;
    }
    return out;
}

RateTable rate_values(const Trace& trace, const Ses& ses, SymbolId state)
{
    RateTable t;
    for (std::size_t i = 0; i < ses.size(); ++i)
        if (ses.symbol[i] == state)
            t.elements.push_back(i);
    t.sum.assign(t.elements.size(), 0.0);
    for (std::size_t f = 0; f < trace.fields.size(); ++f) {
        const std::vector<double> all = element_field_values(trace, ses, f);
        std::vector<double> mine(t.elements.size());
        for (std::size_t k = 0; k < mine.size(); ++k) {
            mine[k] = all[t.elements[k]];
            t.sum[k] += mine[k];
        }
        t.fields.push_back(std::move(mine));
    }
    return t;
}

} // namespace chitra
