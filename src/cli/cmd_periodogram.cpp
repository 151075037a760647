// chitra-cli periodogram FILE [--pipeline P.json] [--domain event|time] [--interval DT]
//   [--range A:B] [--symbol NAME] [--segment L] [--hz] [--strict] [--format csv|json] [-o OUT]
// The frequency view's numbers (semantics.md section 6, docs/spectra.md, docs/cli.md).
#include "commands.hpp"
#include "range_option.hpp"
#include "trace_input.hpp"

#include "chitra/io/io.hpp"
#include "chitra/pipeline/pipeline_json.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"
#include "chitra/spectra/spectrum.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <future>
#include <iostream>
#include <limits>
#include <optional>

namespace chitra::cli {
namespace {

struct PeriodogramOptions {
    std::string file;
    TraceInput input;
    std::string pipeline;
    std::string domain = "time";
    std::optional<double> interval;
    std::string range;
    std::string symbol;
    bool hz = false;
    bool strict = false;
    std::string format = "csv";
    std::string out;
    std::size_t segment = 0; // 0: the whole signal
};

// A whole number is written without ".0" (an interval of 10 time units reads "10").
nlohmann::json json_number(double v)
{
    if (std::floor(v) == v && std::abs(v) < 9.0e15)
        return static_cast<std::int64_t>(v);
    return v;
}

int usage(const std::string& message)
{
    std::cerr << "chitra-cli periodogram: " << message << '\n';
    return 2;
}

// A periodogram of 10^8 samples has 5 x 10^7 rows (2.4 GB of CSV): rows are formatted a
// block at a time, two blocks at once on two cores, and written as they are done, so
// that the text is never held whole.
constexpr std::size_t kRowsPerBlock = std::size_t{1} << 16;

// Writes rows [0, rows) a pair of blocks at a time: `format(a, b, out)` formats rows
// [a, b) into `out`, the second block of each pair on another thread.
template <class Format> void write_blocks(std::ostream& os, std::size_t rows, Format&& format)
{
    std::string here, there;
    for (std::size_t first = 0; first < rows; first += 2 * kRowsPerBlock) {
        const std::size_t middle = std::min(rows, first + kRowsPerBlock), last = std::min(rows, middle + kRowsPerBlock);
        std::future<void> other;
        if (middle < last)
            other = std::async(std::launch::async, [&] {
                there.clear();
                format(middle, last, there);
            });
        here.clear();
        format(first, middle, here);
        if (other.valid())
            other.get();
        os.write(here.data(), static_cast<std::streamsize>(here.size()));
        os.write(there.data(), static_cast<std::streamsize>(middle < last ? there.size() : 0));
    }
}

void append_number(std::string& out, double v)
{
    char buf[32];
    auto [p, ec] = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, p);
}

void write_csv(std::ostream& os, const Periodogram& pg)
{
    os << "frequency,power,period\n";
    write_blocks(os, pg.power.size(), [&pg](std::size_t a, std::size_t b, std::string& out) {
        out.reserve(64 * (b - a));
        for (std::size_t k = a; k < b; ++k) {
            append_number(out, pg.frequency[k]);
            out += ',';
            append_number(out, pg.power[k]);
            out += ',';
            if (k > 0)
                append_number(out, 1.0 / pg.frequency[k]);
            out += '\n';
        }
    });
}

// `head` is the document with empty "frequency" and "power" arrays (nlohmann's compact
// dump, keys in order); their values are streamed in place, each block of numbers
// formatted by nlohmann itself so that the text is what a whole dump would give.
void write_json(std::ostream& os, const std::string& head, const Periodogram& pg)
{
    const std::string frequency_key = "\"frequency\":[", power_key = "\"power\":[";
    const std::size_t f = head.find(frequency_key + "]") + frequency_key.size();
    const std::size_t p = head.find(power_key + "]") + power_key.size();
    auto values = [&os](const std::vector<double>& v) {
        write_blocks(os, v.size(), [&v](std::size_t a, std::size_t b, std::string& out) {
            const nlohmann::json block(std::vector<double>(v.begin() + static_cast<std::ptrdiff_t>(a),
                                                           v.begin() + static_cast<std::ptrdiff_t>(b)));
            const std::string text = block.dump();
            if (a > 0)
                out += ',';
            out.append(text, 1, text.size() - 2); // without the brackets
        });
    };
    os.write(head.data(), static_cast<std::streamsize>(f));
    values(pg.frequency);
    os.write(head.data() + f, static_cast<std::streamsize>(p - f));
    values(pg.power);
    os << std::string_view(head).substr(p) << '\n';
}

int run_periodogram(const PeriodogramOptions& o)
{
    const bool time_domain = o.domain == "time";
    if (!time_domain && o.interval)
        return usage("--interval applies to --domain time only");
    if (!time_domain && o.hz)
        return usage("--hz applies to --domain time only");
    std::optional<Range> range = Range{};
    if (!o.range.empty() && !(range = parse_range(o.range)))
        return usage("--range must be A:B with integers A <= B (either may be left out), got '" + o.range + "'");

    TimeBase base;
    Ses ses;
    { // the trace's own columns are not needed past its SES (1.2 GB at 10^8 records)
        const Trace trace = load_input(o.file, o.input);
        base = trace.header.timebase;
        ses = base_ses(trace);
    }
    if (!o.pipeline.empty()) {
        RunResult result = run_pipeline(std::move(ses), load_pipeline_file(o.pipeline), o.strict);
        for (const auto& w : result.warnings)
            std::cerr << o.pipeline << ": warning: " << w << '\n';
        ses = std::move(result.ses);
    }
    std::optional<double> hz_per_unit;
    if (o.hz) {
        hz_per_unit = to_hertz(1.0, base);
        if (!hz_per_unit)
            throw InputError(o.file + ": time base '" + std::string(to_string(base)) + "' cannot be converted to Hz");
    }

    SymbolId symbol = kNoSymbol;
    if (!o.symbol.empty()) {
        symbol = ses.symbols->find(o.symbol);
        if (symbol == kNoSymbol) {
            const std::string message = "symbol '" + o.symbol + "' names no symbol of this trace";
            if (o.strict)
                throw InputError(o.file + ": " + message);
            std::cerr << o.file << ": warning: " << message << "; its indicator is 0 everywhere\n";
        }
    }

    // The periodogram over the requested range, clamped to the SES.
    Periodogram pg;
    double interval = 1.0;
    std::int64_t lo = 0, hi = 0;
    if (time_domain) {
        const Time first = ses.bounds.front(), last = ses.bounds.back();
        lo = std::clamp(range->begin.value_or(first), first, last);
        hi = std::max(lo, std::min(range->end.value_or(last), last));
        interval = o.interval ? *o.interval : static_cast<double>(default_sample_interval(hi - lo));
        pg = o.symbol.empty() ? time_periodogram(ses, lo, hi, interval, {}, o.segment)
                              : time_indicator_periodogram(ses, symbol, lo, hi, interval, o.segment);
    } else {
        const auto m = static_cast<std::int64_t>(ses.size());
        lo = std::clamp<std::int64_t>(range->begin.value_or(0), 0, m);
        hi = std::clamp<std::int64_t>(range->end.value_or(m), lo, m);
        const auto i0 = static_cast<std::size_t>(lo), i1 = static_cast<std::size_t>(hi);
        pg = o.symbol.empty() ? event_periodogram(ses, i0, i1, {}, o.segment)
                              : event_indicator_periodogram(ses, symbol, i0, i1, o.segment);
    }

    if (hz_per_unit)
        for (double& f : pg.frequency)
            f *= *hz_per_unit;
    const auto peak = strongest_period(pg);

    const std::string unit(to_string(base));
    const std::string frequency_unit = !time_domain ? "1/event" : hz_per_unit ? "Hz" : "1/" + unit;
    const std::string period_unit = !time_domain ? "event" : hz_per_unit ? "s" : unit;

    nlohmann::json j;
    if (o.format == "json") {
        j["file"] = o.file;
        j["timebase"] = unit;
        j["domain"] = o.domain;
        j["interval"] = json_number(interval);
        j["range"] = {lo, hi};
        j["symbol"] = o.symbol.empty() ? nlohmann::json(nullptr) : nlohmann::json(o.symbol);
        j["N"] = pg.samples;
        if (o.segment > 0)
            j["segments"] = pg.segments;
        j["frequency_unit"] = frequency_unit;
        j["period_unit"] = period_unit;
        j["frequency"] = nlohmann::json::array(); // streamed in place (write_json)
        j["power"] = nlohmann::json::array();
        if (peak)
            j["peak"] = {{"frequency", peak->frequency},
                         {"period", peak->period},
                         {"power", peak->power},
                         {"prominence", peak->prominence}};
        else
            j["peak"] = nullptr;
    }
    emit_streamed(o.out, [&](std::ostream& os) {
        if (o.format == "json")
            write_json(os, j.dump(), pg);
        else
            write_csv(os, pg);
    });
    return 0;
}

} // namespace

Action add_periodogram_command(CLI::App& app)
{
    auto opts = std::make_shared<PeriodogramOptions>();
    CLI::App* sub = app.add_subcommand("periodogram", "periodogram of the time or event view's signal");
    sub->add_option("FILE", opts->file, "trace file (any format Chitra reads)")->required();
    add_trace_input_options(sub, opts->input);
    sub->add_option("--pipeline", opts->pipeline, "pipeline file applied before the transform");
    sub->add_option("--domain", opts->domain,
                    "time: step signal sampled every DT time units; event: one sample per element")
        ->check(CLI::IsMember({"event", "time"}))
        ->capture_default_str();
    sub->add_option("--interval", opts->interval,
                    "time domain: sampling interval in time units (default: ceil(span / 2^20), at least 1)")
        ->check(CLI::Validator(
            [](std::string& text) {
                double v = 0;
                auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
                const bool ok = ec == std::errc() && p == text.data() + text.size() && v > 0 && std::isfinite(v);
                return ok ? std::string() : "must be a positive number of time units, got '" + text + "'";
            },
            "DT"));
    sub->add_option("--range", opts->range,
                    "A:B, the half-open range analysed: element indices (event) or times (time); "
                    "either side may be left out");
    sub->add_option("--symbol", opts->symbol, "periodogram of this symbol's indicator signal (1 in it, else 0)");
    sub->add_option("--segment", opts->segment,
                    "average the periodograms of consecutive segments of this many samples (Bartlett); "
                    "N becomes the segment length")
        ->check(CLI::PositiveNumber);
    sub->add_flag("--hz", opts->hz, "time domain: frequencies in Hz and periods in seconds");
    sub->add_flag("--strict", opts->strict, "treat warnings (unknown symbols) as errors");
    sub->add_option("--format", opts->format, "csv (frequency,power,period) or json")
        ->check(CLI::IsMember({"csv", "json"}))
        ->capture_default_str();
    sub->add_option("-o,--output", opts->out, "output file (default: stdout)");
    return [opts] { return run_periodogram(*opts); };
}

} // namespace chitra::cli
