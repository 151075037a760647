// The filter steps, all of op "filter", told apart by "domain": time share ("below"),
// event count ("below" or "below_fraction") and frequency band ("band", "sampling",
// "interval").
#include "chitra/pipeline/step_text.hpp"
#include "chitra/transforms/transforms.hpp"
#include "transforms/registry/step_fields.hpp"
#include "transforms/registry/step_json.hpp"
#include "transforms/registry/step_record.hpp"

namespace chitra::step {

using namespace step_fields_text;

namespace {
Step read_filter(const StepJsonReader& r)
{
    std::string domain = r.string("domain");
    if (domain == "time") {
        FilterTime s{r.number("below")};
        if (s.below < 0)
            r.fail("\"below\" must not be negative");
        return s;
    }
    if (domain == "event") {
        FilterEvent s;
        if (r.has("below") == r.has("below_fraction"))
            r.fail("event filter needs exactly one of \"below\" and \"below_fraction\"");
        if (r.has("below"))
            s.below = r.number("below");
        else
            s.below_fraction = r.number("below_fraction");
        if (s.below.value_or(0) < 0 || s.below_fraction.value_or(0) < 0)
            r.fail("the threshold must not be negative");
        return s;
    }
    if (domain == "frequency") {
        FilterFrequency s;
        const nlohmann::json& band = r.get("band");
        if (!band.is_array() || band.size() != 2 || !band[0].is_number() || !band[1].is_number())
            r.fail("parameter \"band\" must be [f0, f1]");
        s.f0 = band[0].get<double>();
        s.f1 = band[1].get<double>();
        if (s.f0 > s.f1)
            r.fail("band has f0 > f1");
        if (r.has("sampling")) {
            std::string sampling = r.string("sampling");
            if (sampling != "time" && sampling != "event")
                r.fail("parameter \"sampling\" must be \"time\" or \"event\"");
            s.event_domain = sampling == "event";
        }
        if (r.has("interval")) {
            s.interval = r.number("interval");
            if (!(*s.interval > 0))
                r.fail("parameter \"interval\" must be positive");
        }
        return s;
    }
    r.fail("unknown filter domain \"" + domain + "\" (expected time, event or frequency)");
}

// A percentage field, 0 to 100, as a fraction.
bool set_share(const std::string& value, const std::string& label, const char* too_large, double& fraction,
               std::string& error)
{
    double percent = 0;
    if (!parse_real(value, label, percent, error))
        return false;
    if (percent > 100) {
        error = too_large;
        return false;
    }
    fraction = percent / 100;
    return true;
}
} // namespace

// ---- by share of time ----

Ses FilterTime::apply(const Ses& in, Warnings&) const { return filter_time(in, below); }
Ses FilterTime::apply(Ses&& in, Warnings&) const { return filter_time(std::move(in), below); }
Step FilterTime::read(const StepJsonReader& json) { return read_filter(json); }
void FilterTime::write(StepJsonWriter& json) const
{
    json["domain"] = "time";
    json["below"] = below;
}
void FilterTime::record(StepRecord& r) { r.real("below", below); }
std::string FilterTime::describe(const StepNumbers& numbers) const
{
    return "filter time share < " + numbers.share(below);
}
std::vector<StepField> FilterTime::fields() const { return {{"share of time below (%)", number(below * 100)}}; }
bool FilterTime::set_fields(const std::vector<std::string>& values, std::string& error)
{
    return set_share(values[0], fields()[0].label, "a share of time is at most 100%", below, error);
}

// ---- by count of events ----

namespace {
void check(const FilterEvent& s)
{
    if (s.below.has_value() == s.below_fraction.has_value())
        throw InputError("event filter needs exactly one of \"below\" and \"below_fraction\"");
}
} // namespace

Ses FilterEvent::apply(const Ses& in, Warnings&) const
{
    check(*this);
    return below ? filter_event(in, *below) : filter_event_fraction(in, *below_fraction);
}
Ses FilterEvent::apply(Ses&& in, Warnings&) const
{
    check(*this);
    return below ? filter_event(std::move(in), *below) : filter_event_fraction(std::move(in), *below_fraction);
}
Step FilterEvent::read(const StepJsonReader& json) { return read_filter(json); }
void FilterEvent::write(StepJsonWriter& json) const
{
    json["domain"] = "event";
    if (below)
        json["below"] = *below;
    if (below_fraction)
        json["below_fraction"] = *below_fraction;
}
void FilterEvent::record(StepRecord& r)
{
    r.optional_real("has_below", "below", below);
    r.optional_real("has_below_fraction", "below_fraction", below_fraction);
}
std::string FilterEvent::describe(const StepNumbers& numbers) const
{
    return below ? "filter count < " + numbers.number(*below)
                 : "filter count < " + numbers.share(below_fraction.value_or(0)) + " of elements";
}
std::vector<StepField> FilterEvent::fields() const
{
    if (below)
        return {{"count below", number(*below)}};
    return {{"count below (% of elements)", number(below_fraction.value_or(0) * 100)}};
}
bool FilterEvent::set_fields(const std::vector<std::string>& values, std::string& error)
{
    const std::string label = fields()[0].label;
    if (below) {
        double count = 0;
        if (!parse_real(values[0], label, count, error))
            return false;
        below = count;
        return true;
    }
    double fraction = 0;
    if (!set_share(values[0], label, "a share of elements is at most 100%", fraction, error))
        return false;
    below_fraction = fraction;
    return true;
}

// ---- by frequency band ----

Ses FilterFrequency::apply(const Ses& in, Warnings&) const
{
    return filter_frequency(in, f0, f1, event_domain, interval);
}
Step FilterFrequency::read(const StepJsonReader& json) { return read_filter(json); }
void FilterFrequency::write(StepJsonWriter& json) const
{
    json["domain"] = "frequency";
    json["band"] = {f0, f1};
    if (event_domain)
        json["sampling"] = "event";
    if (interval)
        json["interval"] = *interval;
}
void FilterFrequency::record(StepRecord& r)
{
    r.real("f0", f0);
    r.real("f1", f1);
    r.flag("event_domain", event_domain);
    r.optional_real("has_interval", "interval", interval);
}
std::string FilterFrequency::describe(const StepNumbers& numbers) const
{
    if (event_domain)
        return "filter band [" + short_number(f0) + ", " + short_number(f1) + "] per event";
    return "filter band [" + numbers.frequency(f0) + ", " + numbers.frequency(f1) + "]";
}
std::vector<StepField> FilterFrequency::fields() const
{
    return {{"band from (f0)", number(f0)}, {"band to (f1)", number(f1)}};
}
bool FilterFrequency::set_fields(const std::vector<std::string>& values, std::string& error)
{
    const auto labels = fields();
    if (!parse_real(values[0], labels[0].label, f0, error) || !parse_real(values[1], labels[1].label, f1, error))
        return false;
    if (f1 < f0) {
        error = "the band's upper end is below its lower end";
        return false;
    }
    return true;
}

} // namespace chitra::step
