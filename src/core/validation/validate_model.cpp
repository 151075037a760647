// Goodness of fit of a chain to a trace (docs/validation.md).
#include "chitra/validation/validation.hpp"

#include "chitra/simulation/simulation.hpp"
#include "chitra/spectra/spectrum.hpp"

#include <boost/math/distributions/students_t.hpp>
#include <boost/math/special_functions/gamma.hpp>

#include <algorithm>
#include <cmath>
#include <future>
#include <numeric>
#include <thread>

namespace chitra {

namespace {

// Per SES symbol: its model state, or kNoState.
std::vector<std::size_t> model_states_of(const Ses& ses, const SemiMarkovModel& model)
{
    std::vector<std::size_t> out(ses.symbols->size(), kNoState);
    const std::size_t other = model.other();
    for (SymbolId id = 0; id < ses.symbols->size(); ++id) {
        const std::size_t k = model.find((*ses.symbols)[id].name);
        out[id] = k == other ? kNoState : k;
    }
    return out;
}

// P(X <= t) for the model's occupancy law: a bin of width w spreads its mass evenly
// over the whole time units low .. low + w - 1 (how simulate_chain draws).
class HistogramCdf {
public:
    explicit HistogramCdf(const OccupancyHistogram& h) : h_(h)
    {
        double running = 0.0;
        for (double p : h.pmf) {
            below_.push_back(running);
            running += p;
        }
    }
    double operator()(Time t) const
    {
        if (t < h_.origin || h_.pmf.empty())
            return 0.0;
        const auto k = static_cast<std::size_t>((t - h_.origin) / h_.width);
        if (k >= h_.pmf.size())
            return 1.0;
        const Time low = h_.origin + static_cast<Time>(k) * h_.width;
        return below_[k] + h_.pmf[k] * static_cast<double>(t - low + 1) / static_cast<double>(h_.width);
    }

private:
    const OccupancyHistogram& h_;
    std::vector<double> below_;
};

// sup_t |F_n(t) - F(t)| over the integers: both are step functions on whole time units,
// so the extremes sit at each observed value and just before it.
double ks_statistic(std::vector<Time>& values, const HistogramCdf& cdf)
{
    std::sort(values.begin(), values.end());
    const double n = static_cast<double>(values.size());
    double d = 0.0;
    for (std::size_t i = 0; i < values.size();) {
        std::size_t j = i;
        while (j < values.size() && values[j] == values[i])
            ++j;
        const Time v = values[i];
        d = std::max(d, std::abs(static_cast<double>(i) / n - cdf(v - 1)));
        d = std::max(d, std::abs(static_cast<double>(j) / n - cdf(v)));
        i = j;
    }
    return d;
}

std::vector<StateFit> state_fits(const Ses& ses, const SemiMarkovModel& model, const std::vector<std::size_t>& state_of)
{
    std::vector<std::vector<Time>> occupancies(model.states.size());
    for (std::size_t i = 0; i < ses.size(); ++i)
        if (std::size_t k = state_of[ses.symbol[i]]; k != kNoState)
            occupancies[k].push_back(ses.occupancy(i));
    std::vector<StateFit> out;
    for (std::size_t k = 0; k < model.states.size(); ++k) {
        if (occupancies[k].empty())
            continue;
        StateFit fit;
        fit.name = model.states[k].name;
        fit.visits = occupancies[k].size();
        fit.ks = ks_statistic(occupancies[k], HistogramCdf(model.states[k].histogram));
        fit.p = kolmogorov_p(fit.ks, fit.visits);
        out.push_back(std::move(fit));
    }
    return out;
}

struct Cell {
    double observed = 0.0, expected = 0.0;
};

// Cells sorted by expected count, merged from the smallest up until each holds at least
// 5 expected (a short last group joins the one before it).
std::vector<Cell> pooled(std::vector<Cell> cells)
{
    std::sort(cells.begin(), cells.end(), [](const Cell& a, const Cell& b) { return a.expected < b.expected; });
    std::vector<Cell> out;
    Cell group;
    for (const Cell& c : cells) {
        group.observed += c.observed;
        group.expected += c.expected;
        if (group.expected >= 5.0) {
            out.push_back(group);
            group = Cell{};
        }
    }
    if (group.expected > 0.0) {
        if (out.empty()) {
            out.push_back(group);
        } else {
            out.back().observed += group.observed;
            out.back().expected += group.expected;
        }
    }
    return out;
}

TransitionFit transition_fit(const Ses& ses, const SemiMarkovModel& model, const std::vector<std::size_t>& state_of)
{
    const std::size_t n = model.states.size(), other = model.other();
    std::vector<std::uint64_t> observed(n * n, 0);
    for (std::size_t i = 0; i + 1 < ses.size(); ++i) {
        const std::size_t a = state_of[ses.symbol[i]], b = state_of[ses.symbol[i + 1]];
        if (a != kNoState && b != kNoState)
            ++observed[a * n + b];
    }
    std::vector<double> probability(n * n, 0.0);
    for (const ChainTransition& t : model.transitions)
        if (t.to != other)
            probability[t.from * n + t.to] = t.probability;

    TransitionFit fit;
    for (std::size_t a = 0; a < n; ++a) {
        double row_probability = 0.0, row_observed = 0.0;
        for (std::size_t b = 0; b < n; ++b) {
            row_probability += probability[a * n + b];
            if (probability[a * n + b] > 0.0)
                row_observed += static_cast<double>(observed[a * n + b]);
        }
        std::vector<Cell> cells;
        for (std::size_t b = 0; b < n; ++b) {
            const std::uint64_t o = observed[a * n + b];
            const double p = probability[a * n + b];
            if (p > 0.0)
                cells.push_back(Cell{static_cast<double>(o), row_observed * p / row_probability});
            else if (o > 0)
                fit.unexpected.push_back(UnexpectedTransition{model.states[a].name, model.states[b].name, o});
        }
        if (row_observed == 0.0)
            continue;
        const std::vector<Cell> groups = pooled(std::move(cells));
        for (const Cell& g : groups)
            fit.chi2 += (g.observed - g.expected) * (g.observed - g.expected) / g.expected;
        fit.dof += groups.size() - 1;
    }
    if (!fit.unexpected.empty())
        fit.p = 0.0;
    else if (fit.dof > 0)
        fit.p = boost::math::gamma_q(static_cast<double>(fit.dof) / 2.0, fit.chi2 / 2.0);
    return fit;
}

// Band powers of the event-domain periodogram of model-state indices.
constexpr std::size_t kBands = 64;

std::vector<double> band_power(const Ses& ses, const SemiMarkovModel& model)
{
    const std::vector<std::size_t> state_of = model_states_of(ses, model);
    std::vector<double> y(state_of.size());
    for (std::size_t id = 0; id < y.size(); ++id)
        y[id] = state_of[id] == kNoState ? static_cast<double>(model.states.size()) : static_cast<double>(state_of[id]);
    const Periodogram pg = event_periodogram(ses, 0, ses.size(), y);
    const std::size_t bins = pg.power.size() > 1 ? pg.power.size() - 1 : 0; // k >= 1
    const std::size_t bands = std::min(kBands, bins);
    std::vector<double> out(bands, 0.0);
    for (std::size_t b = 0; b < bands; ++b) {
        const std::size_t lo = 1 + b * bins / bands, hi = 1 + (b + 1) * bins / bands;
        for (std::size_t k = lo; k < hi; ++k)
            out[b] += pg.power[k];
        out[b] /= static_cast<double>(hi - lo);
    }
    return out;
}

double log_distance(const std::vector<double>& a, const std::vector<double>& mean, double floor)
{
    double sum = 0.0;
    for (std::size_t b = 0; b < a.size(); ++b) {
        const double d = std::log(a[b] + floor) - std::log(mean[b] + floor);
        sum += d * d;
    }
    return a.empty() ? 0.0 : std::sqrt(sum / static_cast<double>(a.size()));
}

std::uint64_t mix_seed(std::uint64_t seed, std::uint64_t k)
{
    // splitmix64 of (seed, k): the trajectories differ from any a user drew with `seed`.
    std::uint64_t z = seed * 0x9E3779B97F4A7C15ull + (k + 1) * 0xBF58476D1CE4E5B9ull + 0x5EEDull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

PeriodogramFit periodogram_fit(const Ses& ses, const ModelDocument& doc, const ValidationOptions& options)
{
    PeriodogramFit fit;
    const std::vector<double> trace = band_power(ses, doc.model);
    if (trace.size() < 2 || options.trajectories < 2)
        return fit;
    // The trajectories are independent: drawn and transformed on every core, a batch at a
    // time so that a cancel is seen between batches.
    std::vector<std::vector<double>> simulated(options.trajectories);
    const std::size_t workers = std::max(1u, std::thread::hardware_concurrency());
    for (std::size_t first = 0; first < simulated.size(); first += workers) {
        throw_if_cancelled();
        std::vector<std::future<void>> batch;
        for (std::size_t j = first; j < std::min(first + workers, simulated.size()); ++j)
            batch.push_back(std::async(std::launch::async, [&, j] {
                SimulationOptions sim;
                sim.length = ses.size();
                sim.seed = mix_seed(options.seed, j);
                simulated[j] = band_power(simulate_chain(doc, sim).ses, doc.model);
                simulated[j].resize(trace.size(), 0.0); // a trajectory that stopped early: too few bands
            }));
        for (auto& f : batch)
            f.get();
    }
    const std::size_t bands = trace.size();
    const double runs = static_cast<double>(simulated.size());
    fit.trajectories = simulated.size();
    fit.trace = trace;
    fit.mean.assign(bands, 0.0);
    fit.low.assign(bands, INFINITY);
    fit.high.assign(bands, 0.0);
    for (const auto& s : simulated)
        for (std::size_t b = 0; b < bands; ++b) {
            fit.mean[b] += s[b] / runs;
            fit.low[b] = std::min(fit.low[b], s[b]);
            fit.high[b] = std::max(fit.high[b], s[b]);
        }
    for (std::size_t b = 0; b < bands; ++b)
        fit.frequency.push_back(0.5 * (static_cast<double>(b) + 0.5) / static_cast<double>(bands));
    const double level = std::accumulate(fit.mean.begin(), fit.mean.end(), 0.0) / static_cast<double>(bands);
    const double floor = 1e-9 * level + 1e-300;

    fit.distance = log_distance(trace, fit.mean, floor);
    // Each trajectory against the mean of the others, so that it is not measured
    // against a mean it pulled towards itself.
    std::vector<double> log_distances;
    std::size_t farther = 0;
    for (const auto& s : simulated) {
        std::vector<double> others(bands);
        for (std::size_t b = 0; b < bands; ++b)
            others[b] = (fit.mean[b] * runs - s[b]) / (runs - 1.0);
        const double d = log_distance(s, others, floor);
        farther += d > fit.distance ? 1 : 0;
        log_distances.push_back(std::log(d + 1e-300));
    }
    fit.p = static_cast<double>(farther) / runs;
    const double m = std::accumulate(log_distances.begin(), log_distances.end(), 0.0) / runs;
    double squares = 0.0;
    for (double x : log_distances)
        squares += (x - m) * (x - m);
    const double sd = std::sqrt(squares / (runs - 1.0));
    const double x = std::log(fit.distance + 1e-300);
    if (sd > 0.0) {
        const double t = (x - m) / (sd * std::sqrt(1.0 + 1.0 / runs));
        fit.p_tail = boost::math::cdf(boost::math::complement(boost::math::students_t(runs - 1.0), t));
    } else {
        fit.p_tail = x <= m ? 1.0 : 0.0;
    }
    return fit;
}

// Holm's step-down procedure at `level`; returns which p-values are rejected.
std::vector<bool> holm(const std::vector<double>& p, double level)
{
    std::vector<std::size_t> order(p.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
    std::vector<bool> rejected(p.size(), false);
    for (std::size_t r = 0; r < order.size(); ++r) {
        if (p[order[r]] > level / static_cast<double>(order.size() - r))
            break;
        rejected[order[r]] = true;
    }
    return rejected;
}

} // namespace

double kolmogorov_p(double d, std::uint64_t n)
{
    if (n == 0 || d <= 0.0)
        return 1.0;
    const double root = std::sqrt(static_cast<double>(n));
    const double lambda = (root + 0.12 + 0.11 / root) * d;
    if (lambda < 0.2)
        return 1.0;
    double sum = 0.0;
    for (int j = 1; j <= 100; ++j) {
        const double term = std::exp(-2.0 * j * j * lambda * lambda);
        sum += (j % 2 ? 2.0 : -2.0) * term;
        if (term < 1e-16)
            break;
    }
    return std::clamp(sum, 0.0, 1.0);
}

Validation validate_model(const Ses& ses, const ModelDocument& doc, const ValidationOptions& options)
{
    const SemiMarkovModel& model = doc.model;
    const std::vector<std::size_t> state_of = model_states_of(ses, model);
    Validation v;
    v.level = options.level;

    std::vector<std::uint64_t> unknown_visits(ses.symbols->size(), 0);
    for (SymbolId s : ses.symbol)
        if (state_of[s] == kNoState)
            ++unknown_visits[s];
    for (SymbolId id = 0; id < unknown_visits.size(); ++id)
        if (unknown_visits[id] > 0)
            v.unknown.emplace_back((*ses.symbols)[id].name, unknown_visits[id]);

    v.states = state_fits(ses, model, state_of);
    v.transitions = transition_fit(ses, model, state_of);
    v.periodogram = periodogram_fit(ses, doc, options);

    // The tests of the verdict, one p-value each.
    std::vector<Offender> tests;
    for (const StateFit& s : v.states)
        tests.push_back(Offender{"state", s.name, s.p, false});
    tests.push_back(Offender{"transitions", "", v.transitions.p, false});
    if (v.periodogram.trajectories > 0)
        tests.push_back(Offender{"periodogram", "", v.periodogram.p_tail, false});
    std::vector<double> p;
    for (const Offender& t : tests)
        p.push_back(t.p);
    const std::vector<bool> rejected = holm(p, options.level);
    for (std::size_t i = 0; i < tests.size(); ++i)
        tests[i].rejected = rejected[i];
    v.pass = v.unknown.empty() && std::none_of(rejected.begin(), rejected.end(), [](bool r) { return r; });

    for (const auto& [name, visits] : v.unknown)
        v.worst.push_back(Offender{"unknown state", name, 0.0, true});
    std::stable_sort(tests.begin(), tests.end(), [](const Offender& a, const Offender& b) {
        return a.rejected != b.rejected ? a.rejected : a.p < b.p;
    });
    for (const Offender& t : tests)
        if (v.worst.size() < 5 || t.rejected)
            v.worst.push_back(t);
    return v;
}

} // namespace chitra
