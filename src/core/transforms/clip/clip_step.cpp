// The clip steps: by count ("head"/"tail"), by time window ("t0"/"t1") and by event
// window ("i0"/"i1"), all of op "clip".
#include "chitra/pipeline/step_text.hpp"
#include "chitra/transforms/transforms.hpp"
#include "transforms/registry/step_fields.hpp"
#include "transforms/registry/step_json.hpp"
#include "transforms/registry/step_record.hpp"

namespace chitra::step {

using namespace step_fields_text;

namespace {
// The form of a "clip" object decides its kind.
Step read_clip(const StepJsonReader& r)
{
    bool count = r.has("head") || r.has("tail");
    bool time = r.has("t0") || r.has("t1");
    bool event = r.has("i0") || r.has("i1");
    if (int(count) + int(time) + int(event) != 1)
        r.fail("clip takes either \"head\"/\"tail\", \"t0\"/\"t1\" or \"i0\"/\"i1\"");
    if (count) {
        ClipCount s;
        s.head = r.has("head") ? r.count("head") : 0;
        s.tail = r.has("tail") ? r.count("tail") : 0;
        return s;
    }
    if (time) {
        ClipTime s{r.integer("t0"), r.integer("t1")};
        if (s.t0 > s.t1)
            r.fail("clip window has t0 > t1");
        return s;
    }
    ClipEvent s{r.count("i0"), r.count("i1")};
    if (s.i0 > s.i1)
        r.fail("clip window has i0 > i1");
    return s;
}

bool parse_bound(const std::string& text, const std::string& label, Time& out, std::string& error)
{
    return parse_time(text, label, out, error);
}
bool parse_bound(const std::string& text, const std::string& label, std::size_t& out, std::string& error)
{
    return parse_count(text, label, out, error);
}

// A window [from, to) that the fields set: not empty.
template <class T>
bool set_window(const std::vector<std::string>& values, const std::vector<StepField>& fields, T& from, T& to,
                std::string& error)
{
    if (!parse_bound(values[0], fields[0].label, from, error) || !parse_bound(values[1], fields[1].label, to, error))
        return false;
    if (to <= from) {
        error = "the window is empty: the end must be after the start";
        return false;
    }
    return true;
}
} // namespace

// ---- by count ----

Ses ClipCount::apply(const Ses& in, Warnings&) const { return clip_count(in, head, tail); }
Step ClipCount::read(const StepJsonReader& json) { return read_clip(json); }
void ClipCount::write(StepJsonWriter& json) const
{
    json["head"] = head;
    json["tail"] = tail;
}
void ClipCount::record(StepRecord& r)
{
    r.count("head", head);
    r.count("tail", tail);
}
std::string ClipCount::describe(const StepNumbers&) const
{
    return "clip head " + number(head) + " tail " + number(tail);
}
std::vector<StepField> ClipCount::fields() const
{
    return {{"head (elements)", number(head)}, {"tail (elements)", number(tail)}};
}
bool ClipCount::set_fields(const std::vector<std::string>& values, std::string& error)
{
    const auto labels = fields();
    return parse_count(values[0], labels[0].label, head, error) && parse_count(values[1], labels[1].label, tail, error);
}

// ---- by time window ----

Ses ClipTime::apply(const Ses& in, Warnings&) const { return clip_time(in, t0, t1); }
Step ClipTime::read(const StepJsonReader& json) { return read_clip(json); }
void ClipTime::write(StepJsonWriter& json) const
{
    json["t0"] = t0;
    json["t1"] = t1;
}
void ClipTime::record(StepRecord& r)
{
    r.integer("t0", t0);
    r.integer("t1", t1);
}
std::string ClipTime::describe(const StepNumbers& numbers) const
{
    return "clip time [" + numbers.time(t0) + ", " + numbers.time(t1) + ")";
}
std::vector<StepField> ClipTime::fields() const
{
    return {{"from time", number(t0)}, {"to time (excluded)", number(t1)}};
}
bool ClipTime::set_fields(const std::vector<std::string>& values, std::string& error)
{
    return set_window(values, fields(), t0, t1, error);
}

// ---- by event window ----

Ses ClipEvent::apply(const Ses& in, Warnings&) const { return clip_event(in, i0, i1); }
Step ClipEvent::read(const StepJsonReader& json) { return read_clip(json); }
void ClipEvent::write(StepJsonWriter& json) const
{
    json["i0"] = i0;
    json["i1"] = i1;
}
void ClipEvent::record(StepRecord& r)
{
    r.count("i0", i0);
    r.count("i1", i1);
}
std::string ClipEvent::describe(const StepNumbers&) const
{
    return "clip events [" + number(i0) + ", " + number(i1) + ")";
}
std::vector<StepField> ClipEvent::fields() const
{
    return {{"from event", number(i0)}, {"to event (excluded)", number(i1)}};
}
bool ClipEvent::set_fields(const std::vector<std::string>& values, std::string& error)
{
    return set_window(values, fields(), i0, i1, error);
}

} // namespace chitra::step
