// The meaning of Paje events, following PajeNG's simulator (libpaje PajeSimulator and
// PajeContainer): types, containers and values are looked up by identifier (the alias
// when one was given, else the name; here also by name when no identifier matches); a
// value not defined for a state type is a new value named by its text; Set replaces the
// stack, Push/Pop nest, Reset empties it; destroying a container ends the states of it and
// of every container inside it, and later events on it are ignored.
#include "io/paje/paje_model.hpp"

#include "io/import/exact_time.hpp"
#include "io/import/name_text.hpp"
#include "io/import/text_scan.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numeric>

namespace chitra::detail::paje {

namespace {

// A Paje colour, "R G B" (an optional fourth number, alpha, is ignored) with components
// from 0 to 1, as 0xRRGGBB.
std::optional<std::uint32_t> paje_colour(std::string_view text)
{
    std::uint32_t rgb = 0;
    for (int c = 0; c < 3; ++c) {
        const auto v = text::parse_double(text::next_word(text));
        if (!v || !(*v >= 0.0 && *v <= 1.0))
            return std::nullopt;
        rgb = rgb << 8 | static_cast<std::uint32_t>(std::lround(*v * 255.0));
    }
    const std::string_view alpha = text::next_word(text);
    if (!alpha.empty() && !text::parse_double(alpha))
        return std::nullopt;
    return text::next_word(text).empty() ? std::optional<std::uint32_t>(rgb) : std::nullopt;
}

constexpr std::uint32_t kRoot = 0; // the root type and the root container, both "0"

// Identifiers are short: an inline loop beats a call to memcmp.
inline bool same(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i])
            return false;
    return true;
}

// 1234500000 ns -> "1.2345 s", for messages.
std::string seconds(Time ns)
{
    const bool negative = ns < 0;
    const auto magnitude = negative ? 0 - static_cast<std::uint64_t>(ns) : static_cast<std::uint64_t>(ns);
    std::string frac = std::to_string(magnitude % 1000000000u);
    frac.insert(0, 9 - frac.size(), '0');
    while (frac.size() > 1 && frac.back() == '0')
        frac.pop_back();
    std::string out = negative ? "-" : "";
    out.append(std::to_string(magnitude / 1000000000u)).append(".").append(frac).append(" s");
    return out;
}

} // namespace

Model::Model(std::string source) : source_(std::move(source)), builder_(source_, "paje")
{
    types_.push_back({"0", Nature::container, kRoot, {}, {}});
    type_ids_.emplace("0", kRoot);
    type_names_.emplace("0", kRoot);
    containers_.push_back({"0", kRoot, kRoot, false, {}, {}, {}});
    container_ids_.emplace("0", kRoot);
    container_names_.emplace("0", kRoot);
}

void Model::fail(const std::string& reason) const
{
    throw InputError(source_ + ":" + std::to_string(line_) + ": " + reason);
}

Time Model::time_of(std::string_view text) const
{
    const auto t = decimal_scaled(text, 9);
    if (!t)
        fail("bad time " + quote_token(text) + " (a decimal number of seconds expected)");
    return *t;
}

// Names become state names and lane names: valid UTF-8 without control characters, as
// PES state tokens must be; a state value's name is not empty.
std::string Model::checked_name(std::string_view text, const char* what) const
{
    const std::string problem = name_text_problem(text);
    if (text.empty() && std::string_view(what).starts_with("value"))
        fail(std::string(what) + " is empty (a state needs a name in a PES)");
    if (!problem.empty())
        fail(std::string(what) + " " + quote_token(text) + ": " + problem);
    return std::string(text);
}

std::uint32_t Model::type_ref(std::string_view id)
{
    if (same(id, last_type_word_))
        return last_type_;
    auto it = type_ids_.find(id);
    if (it == type_ids_.end()) {
        it = type_names_.find(id);
        if (it == type_names_.end())
            fail("unknown type " + quote_token(id));
    }
    last_type_word_.assign(id);
    last_type_ = it->second;
    return it->second;
}

const LaneStateId* Model::find_value(const Type& type, std::string_view id) const
{
    if (type.values.size() <= kFewValues) {
        for (const auto& [key, state] : type.few)
            if (same(key, id))
                return &state;
        return nullptr;
    }
    const auto it = type.values.find(id);
    return it == type.values.end() ? nullptr : &it->second;
}

void Model::add_value(Type& type, std::string_view id, LaneStateId state)
{
    type.values.emplace(std::string(id), state);
    if (type.values.size() <= kFewValues)
        type.few.emplace_back(std::string(id), state);
    else
        type.few.clear();
}

std::uint32_t Model::container_ref(std::string_view id)
{
    if (same(id, last_container_word_))
        return last_container_;
    auto it = container_ids_.find(id);
    if (it == container_ids_.end()) {
        it = container_names_.find(id);
        if (it == container_names_.end())
            fail("unknown container " + quote_token(id));
    }
    last_container_word_.assign(id);
    last_container_ = it->second;
    return it->second;
}

// The type `id` of the given nature, defined for containers of `container`'s type.
std::uint32_t Model::child_type(std::string_view id, Nature nature, std::uint32_t container, const char* what)
{
    const std::uint32_t t = type_ref(id);
    const Type& type = types_[t];
    if (type.nature != nature)
        fail("type '" + type.name + "' is not a " + what + " type");
    const Container& c = containers_[container];
    if (type.parent != c.type)
        fail(std::string(what) + " type '" + type.name + "' belongs to containers of type '" +
             types_[type.parent].name + "', not to container '" + c.name + "' of type '" + types_[c.type].name + "'");
    return t;
}

void Model::forget_lookups()
{
    last_container_word_ = std::string(1, '0');
    last_container_ = kRoot;
    last_type_word_ = std::string(1, '0');
    last_type_ = kRoot;
    last_lane_ = UINT32_MAX;
}

void Model::check_order(Track& track, Time t, const char* what) const
{
    if (t < track.last)
        fail("time goes back: " + seconds(t) + " after " + seconds(track.last) + " on container '" +
             containers_[track.container].name + "' (" + what + " '" + types_[track.type].name + "')");
    track.last = t;
}

void Model::apply(const EventDef& def, const Words& w, std::size_t line)
{
    line_ = line;
    switch (def.event) {
    case Event::set_state:
    case Event::push_state:
    case Event::pop_state:
    case Event::reset_state:
        state_event(def, w);
        return;
    case Event::set_variable:
    case Event::add_variable:
    case Event::sub_variable:
        variable_event(def, w);
        return;
    case Event::create_container:
        create_container(def, w);
        return;
    case Event::destroy_container:
        destroy_container(def, w);
        return;
    case Event::define_container_type:
        define_type(def, w, Nature::container);
        return;
    case Event::define_state_type:
        define_type(def, w, Nature::state);
        return;
    case Event::define_event_type:
        define_type(def, w, Nature::event);
        return;
    case Event::define_variable_type:
        define_type(def, w, Nature::variable);
        return;
    case Event::define_link_type:
        define_type(def, w, Nature::link);
        return;
    case Event::define_entity_value:
        define_value(def, w);
        return;
    case Event::new_event:
        other_event(def, w);
        return;
    case Event::start_link:
    case Event::end_link:
        link_event(def, w);
        return;
    case Event::trace_file:
        return;
    }
}

void Model::define_type(const EventDef& def, const Words& w, Nature nature)
{
    const std::string_view name = w[def[Field::name]];
    const std::string_view alias = def.has(Field::alias) ? w[def[Field::alias]] : std::string_view{};
    if (name == "0")
        fail("the type name '0' is reserved (the root type)");
    const std::uint32_t parent = type_ref(w[def[Field::type]]);
    if (types_[parent].nature != Nature::container)
        fail("type '" + types_[parent].name + "' is not a container type, so it cannot hold other types");
    if (nature == Nature::link)
        for (Field f : {Field::start_container_type, Field::end_container_type})
            if (types_[type_ref(w[def[f]])].nature != Nature::container)
                fail("the start and end of a link type must be container types");
    const std::string_view id = alias.empty() ? name : alias;
    if (type_ids_.count(id))
        fail("type " + quote_token(id) + " is defined twice");
    forget_lookups();
    const auto index = static_cast<std::uint32_t>(types_.size());
    types_.push_back({checked_name(name, "type name"), nature, parent, {}, {}});
    type_ids_.emplace(std::string(id), index);
    type_names_.emplace(std::string(name), index); // the first of a name wins
}

void Model::define_value(const EventDef& def, const Words& w)
{
    const std::string_view name = w[def[Field::name]];
    const std::string_view alias = def.has(Field::alias) ? w[def[Field::alias]] : std::string_view{};
    Type& type = types_[type_ref(w[def[Field::type]])];
    if (type.nature == Nature::container || type.nature == Nature::variable)
        fail("type '" + type.name + "' is a " + (type.nature == Nature::container ? "container" : "variable") +
             " type: it has no values");
    if ((!alias.empty() && find_value(type, alias)) || find_value(type, name))
        fail("value " + quote_token(alias.empty() ? name : alias) + " of type '" + type.name + "' is defined twice");
    // Only state values become state names; event and link values are only checked.
    const std::string checked = checked_name(name, "value name");
    const LaneStateId state = type.nature == Nature::state ? builder_.state(checked) : kEmptyLaneState;
    if (type.nature == Nature::state && def.has(Field::color)) {
        if (const auto rgb = paje_colour(w[def[Field::color]]))
            builder_.colour(state, *rgb);
        else
            builder_.warn("a value's colour is not \"R G B\" from 0 to 1 (drawn in the palette's colour)");
    }
    add_value(type, alias.empty() ? name : alias, state);
}

void Model::create_container(const EventDef& def, const Words& w)
{
    const Time t = time_of(w[def[Field::time]]);
    const std::string_view name = w[def[Field::name]];
    const std::string_view alias = def.has(Field::alias) ? w[def[Field::alias]] : std::string_view{};
    const std::string_view id = alias.empty() ? name : alias;
    if (id == "0")
        fail("the container name '0' is reserved (the root container)");
    const std::uint32_t type = type_ref(w[def[Field::type]]);
    if (types_[type].nature != Nature::container)
        fail("type '" + types_[type].name + "' is not a container type");
    const std::uint32_t parent = container_ref(w[def[Field::container]]);
    if (types_[type].parent != containers_[parent].type)
        fail("container type '" + types_[type].name + "' is not a type of the containers inside '" +
             containers_[parent].name + "' (of type '" + types_[containers_[parent].type].name + "')");
    if (container_ids_.count(id))
        fail("container " + quote_token(id) + " already exists");
    forget_lookups();
    const auto index = static_cast<std::uint32_t>(containers_.size());
    containers_.push_back({checked_name(name, "container name"), type, parent, false, {}, {}, {}});
    containers_[parent].children.push_back(index);
    container_ids_.emplace(std::string(id), index);
    container_names_.emplace(std::string(name), index);
    builder_.saw_event(t);
}

void Model::destroy_container(const EventDef& def, const Words& w)
{
    const Time t = time_of(w[def[Field::time]]);
    const std::uint32_t c = container_ref(w[def[Field::name]]);
    if (c == kRoot)
        fail("the root container '0' cannot be destroyed");
    const std::uint32_t type = type_ref(w[def[Field::type]]);
    if (type != containers_[c].type)
        fail("container '" + containers_[c].name + "' is of type '" + types_[containers_[c].type].name + "', not '" +
             types_[type].name + "'");
    builder_.saw_event(t);
    if (containers_[c].destroyed) {
        builder_.warn("event on a destroyed container (ignored)");
        return;
    }
    last_lane_ = UINT32_MAX;
    destroy(c, t);
}

// Ends the states of `container` and of every container inside it at `t`.
void Model::destroy(std::uint32_t container, Time t)
{
    Container& c = containers_[container];
    if (c.destroyed)
        return;
    c.destroyed = true;
    for (const auto& [type, lane] : c.lanes) {
        check_order(lanes_[lane], t, "destroyed with state type");
        builder_.reset(lane, t);
    }
    for (const auto& [type, field] : c.fields)
        check_order(fields_[field], t, "destroyed with variable");
    for (std::uint32_t child : c.children)
        destroy(child, t);
}

void Model::state_event(const EventDef& def, const Words& w)
{
    const Time t = time_of(w[def[Field::time]]);
    const std::string_view container_word = w[def[Field::container]], type_word = w[def[Field::type]];
    std::uint32_t lane = last_lane_;
    if (lane == UINT32_MAX || !same(container_word, lane_container_word_) || !same(type_word, lane_type_word_)) {
        const std::uint32_t c = container_ref(container_word);
        const std::uint32_t type = child_type(type_word, Nature::state, c, "state");
        Container& container = containers_[c];
        if (container.destroyed) {
            builder_.saw_event(t);
            builder_.warn("event on a destroyed container (ignored)");
            return;
        }
        lane = UINT32_MAX;
        for (const auto& [ty, l] : container.lanes)
            if (ty == type)
                lane = l;
        if (lane == UINT32_MAX) {
            lane = static_cast<std::uint32_t>(builder_.add_lane(container.name));
            container.lanes.emplace_back(type, lane);
            lanes_.push_back({c, type});
        }
        lane_container_word_.assign(container_word);
        lane_type_word_.assign(type_word);
        last_lane_ = lane;
    }
    const std::uint32_t type = lanes_[lane].type;
    check_order(lanes_[lane], t, "state type");

    if (def.event == Event::pop_state) {
        builder_.pop(lane, t);
        return;
    }
    if (def.event == Event::reset_state) {
        builder_.reset(lane, t);
        return;
    }
    const std::string_view value = w[def[Field::value]];
    const LaneStateId* found = find_value(types_[type], value);
    LaneStateId state;
    if (found) {
        state = *found;
    } else { // not defined: a new value named by its text (as PajeNG does)
        state = builder_.state(checked_name(value, "value name"));
        add_value(types_[type], value, state);
    }
    if (def.event == Event::set_state)
        builder_.set(lane, t, state);
    else
        builder_.push(lane, t, state);
}

void Model::variable_event(const EventDef& def, const Words& w)
{
    const Time t = time_of(w[def[Field::time]]);
    const std::uint32_t c = container_ref(w[def[Field::container]]);
    const std::uint32_t type = child_type(w[def[Field::type]], Nature::variable, c, "variable");
    std::string_view text = w[def[Field::value]];
    double v = 0;
    const std::string_view number = !text.empty() && text[0] == '+' ? text.substr(1) : text;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), v);
    if (ec != std::errc() || end != number.data() + number.size() || number.empty() || !std::isfinite(v))
        fail("bad variable value " + quote_token(text) + " (a finite number expected)");
    Container& container = containers_[c];
    builder_.saw_event(t);
    if (container.destroyed) {
        builder_.warn("event on a destroyed container (ignored)");
        return;
    }
    std::uint32_t field = UINT32_MAX;
    for (const auto& [ty, f] : container.fields)
        if (ty == type)
            field = f;
    if (field == UINT32_MAX) {
        field = static_cast<std::uint32_t>(builder_.add_field(types_[type].name, FieldKind::gauge, std::nullopt));
        container.fields.emplace_back(type, field);
        fields_.push_back({c, type});
    }
    Track& track = fields_[field];
    check_order(track, t, "variable");
    if (def.event != Event::set_variable && !track.has_value)
        builder_.warn("addition to or subtraction from a variable with no value yet (counted from 0)");
    track.value = def.event == Event::set_variable   ? v
                  : def.event == Event::add_variable ? track.value + v
                                                     : track.value - v;
    track.has_value = true;
    builder_.sample(field, t, track.value);
}

// Events and links: read (time, container) and skipped.
void Model::other_event(const EventDef& def, const Words& w)
{
    const Time t = time_of(w[def[Field::time]]);
    container_ref(w[def[Field::container]]);
    type_ref(w[def[Field::type]]);
    builder_.saw_event(t);
}

// A link's start or end: one end of a message from the start container to the end
// container, matched by link type and key.
void Model::link_event(const EventDef& def, const Words& w)
{
    const Time t = time_of(w[def[Field::time]]);
    container_ref(w[def[Field::container]]);
    const std::uint32_t type = type_ref(w[def[Field::type]]);
    builder_.saw_event(t);
    const bool start = def.event == Event::start_link;
    const Field end_field = start ? Field::start_container : Field::end_container;
    if (!def.has(end_field) || !def.has(Field::key))
        return; // checked as obligatory when defined
    if (types_[type].nature != Nature::link)
        fail("type '" + types_[type].name + "' of a link event is not a link type");
    const std::uint32_t container = container_ref(w[def[end_field]]);
    const std::string_view key = w[def[Field::key]];
    auto it = link_keys_.find(key);
    if (it == link_keys_.end())
        it = link_keys_.emplace(std::string(key), static_cast<std::uint32_t>(link_keys_.size())).first;
    std::uint64_t bytes = 0;
    if (def.has(Field::size)) {
        const std::string_view size = w[def[Field::size]];
        const auto [p, ec] = std::from_chars(size.data(), size.data() + size.size(), bytes);
        if (ec != std::errc() || p != size.data() + size.size())
            fail("link size '" + std::string(size) + "' is not a whole number of bytes");
    }
    const MessageKey k{type, it->second, 0, 0};
    if (start)
        links_.send(k, container, t, bytes, 0);
    else
        links_.receive(k, container, t, bytes);
}

LaneTrace Model::finish()
{
    LaneTrace out = builder_.finish();
    // Lane order: container creation order (container indices grow with it), then state
    // type definition order (so do type indices).
    std::vector<std::uint32_t> order(lanes_.size());
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return std::pair(lanes_[a].container, lanes_[a].type) < std::pair(lanes_[b].container, lanes_[b].type);
    });
    std::vector<Lane> lanes;
    lanes.reserve(order.size());
    std::vector<std::size_t> first_lane(containers_.size(), SIZE_MAX); // new index of each container's first lane
    for (std::uint32_t old : order) {
        const Track& track = lanes_[old];
        const Container& c = containers_[track.container];
        Lane lane = std::move(out.lanes[old]);
        lane.name = c.lanes.size() > 1 ? c.name + " " + types_[track.type].name : c.name;
        // A `# lane:` line cannot keep blanks around a name: drop them here.
        lane.name.erase(0, std::min(lane.name.find_first_not_of(' '), lane.name.size()));
        lane.name.erase(lane.name.find_last_not_of(' ') + 1);
        if (first_lane[track.container] == SIZE_MAX)
            first_lane[track.container] = lanes.size();
        lanes.push_back(std::move(lane));
    }
    out.lanes = std::move(lanes);

    // Fields in the same order; each belongs to its container's first lane, or else is
    // named after its container (NAME@CONTAINER when several record the same variable).
    std::vector<std::uint32_t> forder(fields_.size());
    std::iota(forder.begin(), forder.end(), 0u);
    std::sort(forder.begin(), forder.end(), [&](std::uint32_t a, std::uint32_t b) {
        return std::pair(fields_[a].container, fields_[a].type) < std::pair(fields_[b].container, fields_[b].type);
    });
    std::vector<LaneField> fields;
    fields.reserve(forder.size());
    for (std::uint32_t old : forder) {
        LaneField f = std::move(out.fields[old]);
        const std::uint32_t c = fields_[old].container;
        if (first_lane[c] != SIZE_MAX)
            f.lane = first_lane[c];
        else
            f.owner = containers_[c].name;
        fields.push_back(std::move(f));
    }
    out.fields = std::move(fields);

    // Links whose two containers have lanes, from the start's first lane to the end's.
    LaneTrace links;
    links.source = source_;
    links_.finish(links);
    for (const Message& m : links.messages)
        if (first_lane[m.from] != SIZE_MAX && first_lane[m.to] != SIZE_MAX) {
            out.messages.push_back(m);
            out.messages.back().from = static_cast<std::uint32_t>(first_lane[m.from]);
            out.messages.back().to = static_cast<std::uint32_t>(first_lane[m.to]);
        }
    std::sort(out.messages.begin(), out.messages.end(), sent_before);
    out.unmatched_sends = links.unmatched_sends;
    out.unmatched_receives = links.unmatched_receives;
    for (std::string& w : links.warnings)
        out.warnings.push_back(std::move(w));
    return out;
}

} // namespace chitra::detail::paje
