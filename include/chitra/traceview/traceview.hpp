// Traceview displays, core part (semantics.md sections 1 and 6, docs/traceview.md):
// data-field values as the Gantt and rate displays show them, per-pixel-column
// density and average curves in O(columns * log n), view definitions as pipelines,
// and dumps of a view and of its derivation. No Qt.
#pragma once

#include "chitra/pipeline/pipeline.hpp"
#include "chitra/trace/ses.hpp"
#include "chitra/trace/trace.hpp"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace chitra {

// Counter rates are per second when the time base is a unit of seconds, else per tick
// (cycle): the factor that turns `delta / delta_time_in_ticks` into that unit.
double rate_scale(TimeBase base);
// "/s" or "/cycle": the unit suffix of counter rates.
std::string rate_unit(TimeBase base);

// The value of field `field` for every element of `ses` (which derives from `trace`):
// - gauge: the field's value at the element's first record (what the program
//   recorded on entering the state);
// - counter: (C(r1) - C(r0)) / occupancy * rate_scale, where [r0, r1) are the element's
//   records and C(r) is the counter at record r (C(N) = the last record's value, when
//   the element ends at a declared end). For an unmerged element this is the rate over
//   the interval that starts at its record; for a merged one, the delta over the
//   element's whole interval divided by its occupancy. Zero occupancy gives 0. When the
//   trace keeps the counter's own samples (Trace::field_samples, a foreign trace), C is
//   instead its value interpolated linearly between them (constant before the first and
//   after the last) at the element's entry and exit: an increase is spread over the time
//   between the samples that bracket it, whatever other lanes record meanwhile.
std::vector<double> element_field_values(const Trace& trace, const Ses& ses, std::size_t field);

// Short visits (docs/traceview.md "Rates over short visits"). A counter's rate over a
// visit much shorter than the counter's own resolution is mostly measurement jitter: the
// process CPU clock of the fields sample takes in other processors' time only at 1 ms
// scheduler ticks, so below half a tick one tick of lag exceeds all that two processors
// can run in the visit. Both Traceview displays apply this one rule to counters: short
// visits are drawn apart (grey) and do not set y ranges; time-weighted means need no rule.
inline constexpr double kDefaultMinVisitSeconds = 5e-4;

struct ShortVisitRule {
    double min_length = 0; // in the trace's ticks; visits shorter than this are short
    // `min_seconds` in ticks of `base`. No rule (every visit long) when the base is not a
    // unit of seconds (cycles) or min_seconds is not a positive number.
    static ShortVisitRule for_base(TimeBase base, double min_seconds);
    bool active() const { return min_length > 0; }
    bool is_short(double length) const { return length < min_length; }
};

// Points (x non-decreasing) with prefix sums and a multi-resolution min/max tree, so
// that sums, means, minima and maxima over any x range cost O(log n).
class SeriesIndex {
public:
    SeriesIndex() = default;
    // Points only: as a step function the last point holds for no time (end() = last x).
    SeriesIndex(std::vector<double> x, std::vector<double> y);
    // The points as a step function of time: point i holds y[i] from x[i] until x[i + 1],
    // the last one until `end` (an SES: entry times, field values, last exit).
    SeriesIndex(std::vector<double> x, std::vector<double> y, double end);
    // The same with the area (integral) of each step given: a counter's increment over
    // the visit, exact, and kept even for a visit of zero length (a point mass at x[i]).
    SeriesIndex(std::vector<double> x, std::vector<double> y, double end, const std::vector<double>& area);

    std::size_t size() const { return x_.size(); }
    const std::vector<double>& x() const { return x_; }
    const std::vector<double>& y() const { return y_; }
    // First point with x >= v (size() when none).
    std::size_t lower(double v) const;
    double sum(std::size_t a, std::size_t b) const { return prefix_[b] - prefix_[a]; }

    // Marks each point's visit (x[i] to x[i + 1], the last one to end()) short or long by
    // `rule`, for minmax(..., Visits) and column_stats; O(n). Without a rule (the
    // default, or an inactive one) every visit is long.
    void set_short_visits(ShortVisitRule rule);
    const ShortVisitRule& short_visits() const { return rule_; }
    bool is_short(std::size_t i) const { return !short_.empty() && short_[i]; }
    double length(std::size_t i) const { return (i + 1 < x_.size() ? x_[i + 1] : end_) - x_[i]; }

    enum class Visits { all, long_only, short_only };
    // Minimum and maximum of y over the points [a, b) (a < b) of the given kind;
    // (+inf, -inf) when there is none of that kind.
    std::pair<double, double> minmax(std::size_t a, std::size_t b, Visits which = Visits::all) const;

    // The step function's end (>= the last x; the first x when empty).
    double end() const { return end_; }
    // Time-weighted mean of the step function over [t0, t1) clipped to [x.front(), end()):
    // its integral (the areas of the steps, the part inside for the steps cut by the
    // window, point masses at x in [t0, t1)) divided by the covered length. NaN when
    // nothing is covered. For a counter's series (field_series) this is
    // (C(t1) - C(t0)) / (t1 - t0) per unit of rate, with the counter C taken as rising
    // linearly over each visit (docs/traceview.md "Average curves").
    double time_mean(double t0, double t1) const;

    static constexpr std::size_t kLeaf = 16;
    static constexpr std::size_t kFan = 4;

private:
    // Minima and maxima of the points of one kind (all when `mask` is null, else those
    // with mask[i] == want) in blocks: level 0 blocks of kLeaf points, each further
    // level groups kFan blocks.
    struct MinMaxTree {
        std::vector<std::vector<std::pair<double, double>>> levels;
        void build(const std::vector<double>& y, const std::vector<char>* mask, char want);
        void query(const std::vector<double>& y, const std::vector<char>* mask, char want, std::size_t a, std::size_t b,
                   double& lo, double& hi) const;
    };
    void build(const std::vector<double>* area);
    std::vector<double> x_, y_, prefix_;
    std::vector<double> step_; // area of each step
    std::vector<double> area_; // prefix sums of step_
    double end_ = 0;
    ShortVisitRule rule_;
    std::vector<char> short_; // per point, when rule_ is active
    MinMaxTree long_;         // the long visits (all when no rule)
    MinMaxTree shortTree_;    // the short visits (empty when no rule)
};

// One pixel column of a chart over [x0, x1) split into `columns` equal columns; column
// c holds the points with x in [x0 + c*w, x0 + (c+1)*w), w = (x1 - x0) / columns.
struct ColumnStats {
    std::uint64_t count = 0; // point density
    double mean = 0;         // value density (NaN when count == 0)
    double min = 0, max = 0; // NaN when count == 0
    std::size_t first = 0;   // index of the column's first point (valid when count > 0)
    // The same over the column's long and its short visits (SeriesIndex::set_short_visits;
    // without a rule every visit is long). NaN when the column has none of the kind.
    double long_min = 0, long_max = 0, short_min = 0, short_max = 0;
};
std::vector<ColumnStats> column_stats(const SeriesIndex& series, double x0, double x1, int columns);

// Traceview's average curve (the plain mean of the points, kept for comparison; the Gantt
// display draws time_average_curve): for the centre p of each column, the mean of the points
// with x in [p - W/2, p + W/2), W = window_fraction * (x1 - x0). A column whose window
// holds no point repeats the value of the column before it (NaN before the first).
std::vector<double> average_curve(const SeriesIndex& series, double x0, double x1, int columns, double window_fraction);

// A data field of `ses` as the Gantt display draws it: x = entry times, y =
// element_field_values, end = the last exit, and for counters the exact increments
// (times rate_scale) as the steps' areas.
SeriesIndex field_series(const Trace& trace, const Ses& ses, std::size_t field);

// The time-weighted counterparts of the two above, which the Gantt display draws: a
// visit weighs in proportion to its length, so a visit of 1 ns whose counter rose by one
// (a rate of 10^9/s) moves a curve over 1 ms by 1000/s, not by 10^9/s.
// Value density: column c's time mean, series.time_mean(x0 + c*w, x0 + (c+1)*w).
std::vector<double> column_time_means(const SeriesIndex& series, double x0, double x1, int columns);
// Average curve: for the centre p of each column, series.time_mean(p - W/2, p + W/2),
// W = window_fraction * (x1 - x0); NaN where the window lies outside the series.
std::vector<double> time_average_curve(const SeriesIndex& series, double x0, double x1, int columns,
                                       double window_fraction);

// Rate display: every entry into `state` (every element with that symbol), in order.
struct RateTable {
    std::vector<std::size_t> elements;       // element index of entry k (ordinal k + 1)
    std::vector<std::vector<double>> fields; // fields[f][k]: field f over visit k
    std::vector<double> sum;                 // sum over fields of visit k
};
RateTable rate_values(const Trace& trace, const Ses& ses, SymbolId state);

// Traceview's view definition: a time range and an exclusion list of names or globs.
struct ViewDefinition {
    std::optional<Time> t0, t1;       // [t0, t1); unset = open
    std::vector<std::string> exclude; // names or globs
};

// The pipeline of a view definition applied to `input`: a time clip (omitted when the
// range keeps every element) followed by an exclude step (omitted when the list is empty).
Pipeline view_pipeline(const ViewDefinition& def, const Ses& input);

// Entry time of the next element after `from` (forward: entry > from) or the last one
// before it (backward: entry < from) whose state name matches `glob`.
std::optional<Time> find_state_entry(const Ses& ses, std::string_view glob, Time from, bool forward);

// The Include / Exclude buttons: every name in `names` that matches `glob` leaves
// (include) or joins (exclude) the exclusion list; the result keeps `names`' order.
enum class PatternEffect { Include, Exclude };
std::vector<std::string> apply_pattern(const std::vector<std::string>& names, const std::vector<std::string>& excluded,
                                       std::string_view glob, PatternEffect effect);

// Dump of a view, one line per element: index, entry time, occupancy, state, raw
// records [r0, r1), field values as shown (tab separated, with a header).
void write_view_dump(std::ostream& out, const Trace& trace, const Ses& ses);

// How the view was derived from the raw trace: the pipeline, and per step the elements
// before/after, elements dropped, merges (output elements standing for several input
// elements), composites created and states that disappeared.
void write_derivation(std::ostream& out, const Trace& trace, const Pipeline& pipeline);

} // namespace chitra
