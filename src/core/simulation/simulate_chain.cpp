// Drawing trajectories from a fitted chain (docs/validation.md "Simulation").
#include "chitra/simulation/simulation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <random>

namespace chitra {

namespace {

// Integers and reals from the 64-bit generator by fixed formulas, so that a seed gives
// the same trajectory with any standard library (gamma draws excepted: they use
// std::gamma_distribution).
std::uint64_t draw_below(std::mt19937_64& rng, std::uint64_t n)
{
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>(rng()) * n) >> 64);
}

double draw_unit(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

// One state's occupancy law.
class OccupancySampler {
public:
    OccupancySampler(const ChainState& state, OccupancyLaw law) : histogram_(state.histogram)
    {
        std::uint64_t running = 0;
        for (std::uint64_t c : histogram_.counts)
            cumulative_.push_back(running += c);
        if (law == OccupancyLaw::parametric)
            law_ = fit_parametric_law(histogram_);
    }

    Time draw(std::mt19937_64& rng) const
    {
        if (law_)
            return draw_parametric(rng);
        if (cumulative_.empty() || cumulative_.back() == 0)
            return 0;
        const std::uint64_t u = draw_below(rng, cumulative_.back());
        const auto bin =
            static_cast<std::size_t>(std::upper_bound(cumulative_.begin(), cumulative_.end(), u) - cumulative_.begin());
        const Time low = histogram_.origin + static_cast<Time>(bin) * histogram_.width;
        if (histogram_.width == 1)
            return low;
        return low + static_cast<Time>(draw_below(rng, static_cast<std::uint64_t>(histogram_.width)));
    }

private:
    Time draw_parametric(std::mt19937_64& rng) const
    {
        double x = 0.0;
        if (law_->family == "exponential")
            x = -std::log1p(-draw_unit(rng)) / law_->a;
        else if (law_->family == "gamma")
            x = std::gamma_distribution<double>(law_->a, law_->b)(rng);
        else
            x = std::exp(law_->a + law_->b * standard_normal(rng));
        // A law fitted to odd histograms can draw beyond any time: clamped, and a
        // trajectory that runs past the largest time is refused by the caller.
        constexpr double kLargest = 0x1.0p62;
        return static_cast<Time>(std::llround(std::isfinite(x) ? std::clamp(x, 0.0, kLargest) : kLargest));
    }

    // Box-Muller on the fixed unit draws.
    static double standard_normal(std::mt19937_64& rng)
    {
        const double u1 = 1.0 - draw_unit(rng); // (0, 1]
        const double u2 = draw_unit(rng);
        return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
    }

    const OccupancyHistogram& histogram_;
    std::vector<std::uint64_t> cumulative_;
    std::optional<ParametricLaw> law_;
};

// The successors of one state without OTHER, as a cumulative distribution.
struct Successors {
    std::vector<std::size_t> to;
    std::vector<double> cumulative;

    std::size_t draw(std::mt19937_64& rng) const
    {
        const double u = draw_unit(rng) * cumulative.back();
        const auto k =
            static_cast<std::size_t>(std::upper_bound(cumulative.begin(), cumulative.end(), u) - cumulative.begin());
        return to[std::min(k, to.size() - 1)];
    }
};

} // namespace

Simulation simulate_chain(const ModelDocument& doc, const SimulationOptions& options)
{
    const SemiMarkovModel& model = doc.model;
    const std::size_t other = model.other();
    Successors first;
    for (const auto& [state, p] : doc.initial)
        if (state != other && p > 0.0) {
            first.to.push_back(state);
            first.cumulative.push_back((first.cumulative.empty() ? 0.0 : first.cumulative.back()) + p);
        }
    if (first.to.empty())
        throw InputError("the model has no initial state to start from (was it fitted to an empty trace?)");

    std::vector<Successors> next(model.states.size());
    for (const ChainTransition& t : model.transitions)
        if (t.to != other && t.probability > 0.0) {
            Successors& s = next[t.from];
            s.to.push_back(t.to);
            s.cumulative.push_back((s.cumulative.empty() ? 0.0 : s.cumulative.back()) + t.probability);
        }
    std::vector<OccupancySampler> occupancy;
    occupancy.reserve(model.states.size());
    for (const ChainState& s : model.states)
        occupancy.emplace_back(s, options.law);

    // The trajectory's symbols: the model's states in model order, OTHER left out.
    auto table = std::make_shared<SymbolTable>();
    std::vector<SymbolId> symbol_of(model.states.size(), kNoSymbol);
    for (std::size_t i = 0; i < model.states.size(); ++i)
        if (i != other)
            symbol_of[i] =
                table->add(Symbol{model.states[i].name, SymbolKind::program, {model.states[i].name}, {}, {}});

    Simulation out;
    Ses& ses = out.ses;
    ses.symbols = table;
    ses.symbol.reserve(options.length);
    ses.bounds.reserve(options.length + 1);
    ses.records.reserve(options.length + 1);
    ses.bounds.push_back(0);
    ses.records.push_back(0);
    std::mt19937_64 rng(options.seed);
    std::size_t state = first.draw(rng);
    for (std::uint64_t i = 0; i < options.length; ++i) {
        const Time drawn = occupancy[state].draw(rng);
        if (drawn > std::numeric_limits<Time>::max() - ses.bounds.back())
            throw InputError("the trajectory's time passes the largest time after " + std::to_string(i) +
                             " elements; draw fewer");
        ses.symbol.push_back(symbol_of[state]);
        ses.bounds.push_back(ses.bounds.back() + drawn);
        ses.records.push_back(i + 1);
        if (i + 1 == options.length)
            break;
        if (next[state].to.empty()) {
            out.stopped_at = model.states[state].name;
            break;
        }
        state = next[state].draw(rng);
    }
    return out;
}

Trace simulation_trace(const Simulation& simulation, TimeBase timebase)
{
    const Ses& ses = simulation.ses;
    Trace trace;
    trace.source = "simulation";
    trace.header.timebase = timebase;
    trace.header.components = 1;
    trace.header.end = ses.bounds.back();
    trace.times = Column<Time>(std::vector<Time>(ses.bounds.begin(), ses.bounds.end() - 1));
    trace.states = Column<SymbolId>(std::vector<SymbolId>(ses.symbol.begin(), ses.symbol.end()));
    trace.symbols = ses.symbols;
    return trace;
}

} // namespace chitra
