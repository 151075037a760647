// Exponential, gamma and lognormal occupancy laws fitted to a state's histogram and
// compared by their likelihood of the binned counts (docs/validation.md "Simulation").
#include "chitra/simulation/simulation.hpp"

#include <boost/math/special_functions/digamma.hpp>
#include <boost/math/special_functions/gamma.hpp>
#include <boost/math/special_functions/trigamma.hpp>

#include <cmath>
#include <functional>

namespace chitra {

namespace {

// A bin of width w from `low` holds the whole time units low .. low + w - 1, which a
// continuous law rounded to the nearest unit puts in [low - 0.5, low + w - 0.5).
struct Bin {
    double from = 0.0, to = 0.0; // from >= 0
    double count = 0.0;
    double mid() const { return 0.5 * (from + to); }
    // E[ln x] for x uniform on the bin: the midpoint's log is biased where the bin
    // starts near 0.
    double mean_log() const
    {
        auto integral = [](double x) { return x > 0.0 ? x * std::log(x) - x : 0.0; };
        return (integral(to) - integral(from)) / (to - from);
    }
};

struct Bins {
    std::vector<Bin> bins;
    double n = 0.0, mean = 0.0, mean_log = 0.0;
};

Bins bins_of(const OccupancyHistogram& h)
{
    Bins b;
    double sum = 0.0, sum_log = 0.0;
    for (std::size_t k = 0; k < h.counts.size(); ++k) {
        if (h.counts[k] == 0)
            continue;
        const double low = static_cast<double>(h.origin + static_cast<Time>(k) * h.width);
        Bin bin{std::max(0.0, low - 0.5), low + static_cast<double>(h.width) - 0.5, static_cast<double>(h.counts[k])};
        b.n += bin.count;
        sum += bin.count * bin.mid();
        sum_log += bin.count * bin.mean_log();
        b.bins.push_back(bin);
    }
    if (b.n > 0.0) {
        b.mean = sum / b.n;
        b.mean_log = sum_log / b.n;
    }
    return b;
}

// Sum over bins of count * ln P(bin) under the law with distribution function `cdf`.
double binned_log_likelihood(const Bins& b, const std::function<double(double)>& cdf)
{
    double ll = 0.0;
    for (const Bin& bin : b.bins)
        ll += bin.count * std::log(std::max(cdf(bin.to) - cdf(bin.from), 1e-300));
    return ll;
}

std::optional<ParametricLaw> exponential(const Bins& b)
{
    if (!(b.mean > 0.0))
        return std::nullopt;
    const double rate = 1.0 / b.mean;
    return ParametricLaw{"exponential", rate, 0.0,
                         binned_log_likelihood(b, [rate](double x) { return -std::expm1(-rate * x); })};
}

std::optional<ParametricLaw> gamma(const Bins& b)
{
    const double gap = std::log(b.mean) - b.mean_log; // > 0 unless every occupancy is equal
    if (!(gap > 1e-12))
        return std::nullopt;
    // Minka's starting point, then Newton on the shape's likelihood equation.
    double shape = (3.0 - gap + std::sqrt((gap - 3.0) * (gap - 3.0) + 24.0 * gap)) / (12.0 * gap);
    for (int i = 0; i < 50; ++i) {
        const double f = std::log(shape) - boost::math::digamma(shape) - gap;
        const double df = 1.0 / shape - boost::math::trigamma(shape);
        const double step = f / df;
        shape = std::max(shape - step, shape / 10.0);
        if (std::abs(step) < 1e-12 * shape)
            break;
    }
    const double scale = b.mean / shape;
    return ParametricLaw{"gamma", shape, scale, binned_log_likelihood(b, [shape, scale](double x) {
                             return x > 0.0 ? boost::math::gamma_p(shape, x / scale) : 0.0;
                         })};
}

std::optional<ParametricLaw> lognormal(const Bins& b)
{
    double squares = 0.0;
    for (const Bin& bin : b.bins) {
        const double d = bin.mean_log() - b.mean_log;
        squares += bin.count * d * d;
    }
    const double mu = b.mean_log, sigma = std::sqrt(squares / b.n);
    if (!(sigma > 0.0))
        return std::nullopt;
    return ParametricLaw{"lognormal", mu, sigma, binned_log_likelihood(b, [mu, sigma](double x) {
                             return x > 0.0 ? 0.5 * std::erfc(-(std::log(x) - mu) / (sigma * std::sqrt(2.0))) : 0.0;
                         })};
}

} // namespace

std::optional<ParametricLaw> fit_parametric_law(const OccupancyHistogram& histogram)
{
    const Bins b = bins_of(histogram);
    if (b.bins.size() < 2)
        return std::nullopt; // no visits, or one value: the histogram says it exactly
    // Gamma and lognormal have a parameter more than the exponential (which is the
    // gamma of shape 1): Schwarz's criterion charges half the log of the visits for it,
    // so that exponential data keeps the exponential unless the gain is significant.
    const double charge = 0.5 * std::log(b.n);
    auto score = [charge](const ParametricLaw& law) {
        return law.log_likelihood - (law.family == "exponential" ? 0.0 : charge);
    };
    std::optional<ParametricLaw> best = exponential(b);
    for (auto candidate : {gamma(b), lognormal(b)})
        if (candidate && (!best || score(*candidate) > score(*best)))
            best = candidate;
    return best;
}

} // namespace chitra
