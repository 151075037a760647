// Paje event definitions: the header's grammar and PajeNG's obligatory fields per event.
#include "io/paje/paje_definitions.hpp"

#include <algorithm>
#include <utility>

namespace chitra::detail::paje {

namespace {

constexpr std::pair<std::string_view, Event> kEvents[] = {
    {"PajeDefineContainerType", Event::define_container_type},
    {"PajeDefineStateType", Event::define_state_type},
    {"PajeDefineEventType", Event::define_event_type},
    {"PajeDefineVariableType", Event::define_variable_type},
    {"PajeDefineLinkType", Event::define_link_type},
    {"PajeDefineEntityValue", Event::define_entity_value},
    {"PajeCreateContainer", Event::create_container},
    {"PajeDestroyContainer", Event::destroy_container},
    {"PajeSetState", Event::set_state},
    {"PajePushState", Event::push_state},
    {"PajePopState", Event::pop_state},
    {"PajeResetState", Event::reset_state},
    {"PajeSetVariable", Event::set_variable},
    {"PajeAddVariable", Event::add_variable},
    {"PajeSubVariable", Event::sub_variable},
    {"PajeNewEvent", Event::new_event},
    {"PajeStartLink", Event::start_link},
    {"PajeEndLink", Event::end_link},
    {"PajeTraceFile", Event::trace_file},
};

// Field names, with the older names PajeNG accepts under --no-strict (ContainerType,
// EntityType, Source*/Dest*): traces from older tools use them.
constexpr std::pair<std::string_view, Field> kFields[] = {
    {"Time", Field::time},
    {"Name", Field::name},
    {"Type", Field::type},
    {"Container", Field::container},
    {"Value", Field::value},
    {"Alias", Field::alias},
    {"Color", Field::color},
    {"Key", Field::key},
    {"StartContainerType", Field::start_container_type},
    {"EndContainerType", Field::end_container_type},
    {"StartContainer", Field::start_container},
    {"EndContainer", Field::end_container},
    {"Filename", Field::filename},
    {"Size", Field::size},
    {"ContainerType", Field::type},
    {"EntityType", Field::type},
    {"SourceContainerType", Field::start_container_type},
    {"DestContainerType", Field::end_container_type},
    {"SourceContainer", Field::start_container},
    {"DestContainer", Field::end_container},
};

constexpr std::string_view kFieldTypes[] = {"string", "float", "double", "int", "hex", "date", "color"};

constexpr std::string_view field_name(Field f)
{
    for (const auto& [name, field] : kFields)
        if (field == f)
            return name;
    return "?";
}

// PajeNG's obligatory fields (besides the event id itself).
std::vector<Field> obligatory(Event e)
{
    using F = Field;
    switch (e) {
    case Event::define_container_type:
    case Event::define_state_type:
    case Event::define_event_type:
    case Event::define_variable_type:
    case Event::define_entity_value:
        return {F::name, F::type};
    case Event::define_link_type:
        return {F::name, F::type, F::start_container_type, F::end_container_type};
    case Event::create_container:
        return {F::time, F::name, F::type, F::container};
    case Event::destroy_container:
        return {F::time, F::name, F::type};
    case Event::set_state:
    case Event::push_state:
    case Event::new_event:
    case Event::set_variable:
    case Event::add_variable:
    case Event::sub_variable:
        return {F::time, F::type, F::container, F::value};
    case Event::pop_state:
    case Event::reset_state:
        return {F::time, F::type, F::container};
    case Event::start_link:
        return {F::time, F::type, F::container, F::value, F::start_container, F::key};
    case Event::end_link:
        return {F::time, F::type, F::container, F::value, F::end_container, F::key};
    case Event::trace_file:
        return {F::container, F::type, F::filename};
    }
    return {};
}

} // namespace

std::string_view event_name(Event e)
{
    for (const auto& [name, event] : kEvents)
        if (event == e)
            return name;
    return "?";
}

const EventDef* Definitions::find_slow(std::string_view id) const
{
    auto it = by_id_.find(std::string(id));
    return it == by_id_.end() ? nullptr : it->second;
}

std::optional<std::string> Definitions::header_line(const Words& words, std::size_t line)
{
    // "%EventDef ..." or "% EventDef ...": the keyword and the words after it.
    std::size_t next = 1;
    std::string_view keyword = words[0].substr(1);
    if (keyword.empty()) {
        if (words.count < 2)
            return std::string(open_ ? "'% FIELD TYPE' or '%EndEventDef' expected" : "'%EventDef NAME ID' expected");
        keyword = words[1];
        next = 2;
    }
    const std::size_t rest = words.count - next;

    if (!open_) {
        if (keyword != "EventDef" || rest != 2)
            return std::string(keyword == "EventDef" ? "'%EventDef NAME ID' expected (an event name and an id)"
                                                     : "'%EventDef NAME ID' expected");
        const std::string_view name = words[next], id = words[next + 1];
        const auto* known =
            std::find_if(std::begin(kEvents), std::end(kEvents), [&](const auto& e) { return e.first == name; });
        if (known == std::end(kEvents))
            return "unknown event name '" + std::string(name) + "'";
        if (id.empty())
            return std::string("empty event id");
        if (find(id))
            return "event id '" + std::string(id) + "' is defined twice (first on line " +
                   std::to_string(find(id)->line) + ")";
        open_ = std::make_unique<EventDef>();
        open_->event = known->second;
        open_->id = std::string(id);
        open_->line = line;
        field_names_.clear();
        return std::nullopt;
    }

    if (keyword == "EndEventDef")
        return rest == 0 ? end_definition() : std::optional<std::string>("'%EndEventDef' takes nothing after it");
    if (keyword == "EventDef")
        return "%EventDef inside the definition of " + std::string(event_name(open_->event)) + " (id " + open_->id +
               ", line " + std::to_string(open_->line) + "): %EndEventDef missing";
    if (rest != 1)
        return std::string("'% FIELD TYPE' expected (a field name and its type)");
    const std::string_view type = words[next];
    if (std::find(std::begin(kFieldTypes), std::end(kFieldTypes), type) == std::end(kFieldTypes))
        return "unknown field type '" + std::string(type) + "' (string, float, double, int, hex, date or color)";
    if (std::find(field_names_.begin(), field_names_.end(), keyword) != field_names_.end())
        return "field '" + std::string(keyword) + "' appears twice in the definition";
    field_names_.emplace_back(keyword);
    if (open_->fields + 1 >= kMaxWords)
        return "more than " + std::to_string(kMaxWords - 1) + " fields in one event definition";
    ++open_->fields;
    for (const auto& [name, field] : kFields)
        if (name == keyword) {
            auto& slot = open_->at[static_cast<std::size_t>(field)];
            if (slot != 0)
                return "field '" + std::string(keyword) + "' means the same as an earlier field of the definition";
            slot = static_cast<std::uint8_t>(open_->fields);
        }
    return std::nullopt;
}

std::optional<std::string> Definitions::end_definition()
{
    for (Field f : obligatory(open_->event))
        if (!open_->has(f))
            return std::string(event_name(open_->event)) + " (id " + open_->id + ") has no field " +
                   std::string(field_name(f));
    const EventDef* def = defs_.emplace_back(std::move(open_)).get();
    by_id_.emplace(def->id, def);
    std::size_t n = 0;
    bool numeric = !def->id.empty() && def->id.size() <= 3 && (def->id.size() == 1 || def->id[0] != '0');
    for (char c : def->id) {
        numeric = numeric && c >= '0' && c <= '9';
        n = n * 10 + static_cast<std::size_t>(c - '0');
    }
    if (numeric)
        small_[n] = def;
    return std::nullopt;
}

} // namespace chitra::detail::paje
