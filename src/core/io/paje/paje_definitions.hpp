// Internal: the event definitions of a Paje file (`%EventDef NAME ID`, `% FIELD TYPE`
// lines, `%EndEventDef`). A file names its own event ids and orders each event's fields
// as it likes, with extra fields of its own; this table turns an event line's id into
// the event it is and the position of each field the importer needs.
#pragma once

#include "io/paje/paje_words.hpp"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace chitra::detail::paje {

// The events of the Paje format (PajeNG's list).
enum class Event : std::uint8_t {
    define_container_type,
    define_state_type,
    define_event_type,
    define_variable_type,
    define_link_type,
    define_entity_value,
    create_container,
    destroy_container,
    set_state,
    push_state,
    pop_state,
    reset_state,
    set_variable,
    add_variable,
    sub_variable,
    new_event,
    start_link,
    end_link,
    trace_file,
};

// The fields the importer reads or checks; others are kept by position and ignored.
enum class Field : std::uint8_t {
    time,
    name,
    type,
    container,
    value,
    alias,
    color,
    key,
    start_container_type,
    end_container_type,
    start_container,
    end_container,
    filename,
    size, // a link's bytes (SimGrid's --cfg=tracing/smpi/display-sizes:yes)
    count_
};

std::string_view event_name(Event e);

struct EventDef {
    Event event{};
    std::string id;
    std::size_t fields = 0; // words after the id on an event line
    std::size_t line = 0;   // of its %EventDef
    // Word index (1-based: word 0 is the id) of each field, 0 when absent.
    std::array<std::uint8_t, static_cast<std::size_t>(Field::count_)> at{};

    std::uint8_t operator[](Field f) const { return at[static_cast<std::size_t>(f)]; }
    bool has(Field f) const { return (*this)[f] != 0; }
};

class Definitions {
public:
    // A line whose first word starts with '%'. Returns the reason when it is malformed.
    std::optional<std::string> header_line(const Words& words, std::size_t line);

    // The definition of an event id, or nullptr.
    const EventDef* find(std::string_view id) const
    {
        std::size_t n = 0;
        if (id.size() <= 3 && !id.empty()) { // small decimal ids, the usual case: no hashing
            for (char c : id) {
                if (c < '0' || c > '9')
                    return find_slow(id);
                n = n * 10 + static_cast<std::size_t>(c - '0');
            }
            if (id.size() == 1 || id[0] != '0')
                return n < small_.size() ? small_[n] : nullptr;
        }
        return find_slow(id);
    }

    // Within a definition: the event being defined (for the end-of-file message).
    const EventDef* open() const { return open_ ? open_.get() : nullptr; }

private:
    const EventDef* find_slow(std::string_view id) const;
    std::optional<std::string> end_definition();

    std::vector<std::unique_ptr<EventDef>> defs_;
    std::unordered_map<std::string, const EventDef*> by_id_;
    std::vector<const EventDef*> small_ = std::vector<const EventDef*>(1000, nullptr);
    std::unique_ptr<EventDef> open_;
    std::vector<std::string> field_names_; // of the definition being read
};

} // namespace chitra::detail::paje
