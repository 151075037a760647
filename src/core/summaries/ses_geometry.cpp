#include "chitra/summaries/ses_geometry.hpp"

#include <algorithm>
#include <cmath>

namespace chitra {

double elementX(const Ses& ses, XAxis axis, std::size_t i)
{
    return axis == XAxis::Event ? static_cast<double>(i) : static_cast<double>(ses.bounds[i]);
}

std::pair<double, double> fullXRange(const Ses& ses, XAxis axis)
{
    return {elementX(ses, axis, 0), elementX(ses, axis, ses.size())};
}

std::pair<std::size_t, std::size_t> elementsInX(const Ses& ses, XAxis axis, double x0, double x1)
{
    const std::size_t m = ses.size();
    if (m == 0 || x1 <= x0)
        return {0, 0};
    if (axis == XAxis::Event) {
        const double lo = std::clamp(std::floor(x0), 0.0, static_cast<double>(m));
        const double hi = std::clamp(std::ceil(x1), 0.0, static_cast<double>(m));
        return {static_cast<std::size_t>(lo), std::max(static_cast<std::size_t>(lo), static_cast<std::size_t>(hi))};
    }
    // First element whose exit is after x0; first element entered at or after x1.
    const auto& b = ses.bounds;
    const auto a = static_cast<std::size_t>(
        std::upper_bound(b.begin() + 1, b.end(), x0, [](double x, Time t) { return x < static_cast<double>(t); }) -
        (b.begin() + 1));
    const auto e = static_cast<std::size_t>(
        std::lower_bound(b.begin(), b.end() - 1, x1, [](Time t, double x) { return static_cast<double>(t) < x; }) -
        b.begin());
    return {std::min(a, m), std::max(std::min(a, m), std::min(e, m))};
}

template <class Pred> std::size_t ColumnElements::firstTrue(std::size_t lo, Pred pred) const
{
    const std::size_t m = ses_.size();
    std::size_t hi = lo, step = 1;
    while (hi < m && !pred(hi)) {
        lo = hi + 1;
        hi += step;
        step <<= 1;
    }
    hi = std::min(hi, m);
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (pred(mid))
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

// Boundary k * step_ is before x, so no element before it is the answer of a search for x.
std::size_t ColumnElements::sampledStart(std::size_t lo, double x)
{
    if (axis_ != XAxis::Time)
        return lo;
    while (sampleAt_ + 1 < sample_.size() && static_cast<double>(sample_[sampleAt_ + 1]) < x)
        ++sampleAt_;
    return std::max(lo, std::min(sampleAt_ * step_, ses_.size()));
}

std::pair<std::size_t, std::size_t> ColumnElements::next(double x0, double x1)
{
    // a: the first element whose exit is after x0; b: the first entered at or after x1.
    a_ = firstTrue(sampledStart(a_, x0), [&](std::size_t i) { return elementX(ses_, axis_, i + 1) > x0; });
    b_ = firstTrue(std::max({a_, b_, sampledStart(b_, x1)}),
                   [&](std::size_t i) { return elementX(ses_, axis_, i) >= x1; });
    return {a_, b_};
}

std::pair<std::size_t, std::size_t> elementsCentredIn(const Ses& ses, XAxis axis, double x0, double x1)
{
    auto [a, b] = elementsInX(ses, axis, x0, x1 + 1e-9);
    auto mid = [&](std::size_t i) { return 0.5 * (elementX(ses, axis, i) + elementX(ses, axis, i + 1)); };
    while (a < b && mid(a) < x0)
        ++a;
    while (b > a && mid(b - 1) > x1)
        --b;
    return {a, b};
}

std::size_t elementAt(const Ses& ses, XAxis axis, double x)
{
    auto [a, b] = elementsInX(ses, axis, x, std::nextafter(x, INFINITY));
    return a < b ? a : ses.size();
}

double timeAtX(const Ses& ses, XAxis axis, double x)
{
    const std::size_t m = ses.size();
    if (axis == XAxis::Time || m == 0)
        return x;
    const double xc = std::clamp(x, 0.0, static_cast<double>(m));
    const std::size_t i = std::min(static_cast<std::size_t>(xc), m - 1);
    const double a = static_cast<double>(ses.bounds[i]), b = static_cast<double>(ses.bounds[i + 1]);
    return a + (xc - static_cast<double>(i)) * (b - a);
}

double xAtTime(const Ses& ses, XAxis axis, double t)
{
    const std::size_t m = ses.size();
    if (axis == XAxis::Time || m == 0)
        return t;
    const auto& b = ses.bounds;
    const double tc = std::clamp(t, static_cast<double>(b[0]), static_cast<double>(b[m]));
    // The last element entered at or before t.
    const auto after = std::upper_bound(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(m), tc,
                                        [](double x, Time e) { return x < static_cast<double>(e); });
    const std::size_t i = after == b.begin() ? 0 : static_cast<std::size_t>(after - b.begin()) - 1;
    const double d = static_cast<double>(b[i + 1] - b[i]);
    return static_cast<double>(i) + (d > 0 ? (tc - static_cast<double>(b[i])) / d : 0.0);
}

std::pair<std::size_t, std::size_t> elementsOfRecords(const Ses& ses, RecordIndex r0, RecordIndex r1)
{
    const auto& r = ses.records;
    const std::size_t m = ses.size();
    if (m == 0 || r1 <= r0)
        return {0, 0};
    const auto a = static_cast<std::size_t>(std::upper_bound(r.begin() + 1, r.end(), r0) - (r.begin() + 1));
    const auto e = static_cast<std::size_t>(std::lower_bound(r.begin(), r.end() - 1, r1) - r.begin());
    return {std::min(a, m), std::max(std::min(a, m), std::min(e, m))};
}

} // namespace chitra
