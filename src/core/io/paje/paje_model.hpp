// Internal: what a Paje trace's events mean, as PajeNG simulates them: the type
// hierarchy, containers, entity values, per-container state stacks and variables. It
// turns each event into LaneTraceBuilder calls (one lane per container and state type)
// and, at the end, puts the lanes in the order and under the names of docs/formats.md.
#pragma once

#include "chitra/lanes/lane_trace.hpp"
#include "chitra/messages/message_matcher.hpp"
#include "io/paje/paje_definitions.hpp"

#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace chitra::detail::paje {

struct NameHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};
using NameIndex = std::unordered_map<std::string, std::uint32_t, NameHash, std::equal_to<>>;

class Model {
public:
    explicit Model(std::string source);

    // Applies one event line (`words[0]` is its id, `def` its definition). Throws
    // InputError("SOURCE:LINE: reason") when the event is malformed or inconsistent.
    void apply(const EventDef& def, const Words& words, std::size_t line);

    // The lanes in container creation order, then state type definition order.
    LaneTrace finish();

private:
    enum class Nature : std::uint8_t { container, state, event, variable, link };
    struct Type {
        std::string name;
        Nature nature;
        std::uint32_t parent; // container type (the root type for top-level types)
        NameIndex values;     // state types: value identifier -> state id
        // The same while there are few values (the usual case): a scan beats a hash.
        std::vector<std::pair<std::string, LaneStateId>> few;
    };
    static constexpr std::size_t kFewValues = 8;
    struct Container {
        std::string name;
        std::uint32_t type;
        std::uint32_t parent;
        bool destroyed = false;
        std::vector<std::pair<std::uint32_t, std::uint32_t>> lanes;  // (state type, lane)
        std::vector<std::pair<std::uint32_t, std::uint32_t>> fields; // (variable type, field)
        std::vector<std::uint32_t> children;
    };
    struct Track { // a lane or a field: whose it is and its latest time
        std::uint32_t container, type;
        Time last = std::numeric_limits<Time>::min();
        double value = 0.0; // fields: the variable's current value
        bool has_value = false;
    };

    [[noreturn]] void fail(const std::string& reason) const;
    Time time_of(std::string_view text) const;
    std::string checked_name(std::string_view text, const char* what) const;
    std::uint32_t type_ref(std::string_view id);
    const LaneStateId* find_value(const Type& type, std::string_view id) const;
    void add_value(Type& type, std::string_view id, LaneStateId state);
    std::uint32_t container_ref(std::string_view id);
    std::uint32_t child_type(std::string_view id, Nature nature, std::uint32_t container, const char* what);
    void check_order(Track& track, Time t, const char* what) const;

    void define_type(const EventDef& def, const Words& w, Nature nature);
    void define_value(const EventDef& def, const Words& w);
    void create_container(const EventDef& def, const Words& w);
    void destroy_container(const EventDef& def, const Words& w);
    void state_event(const EventDef& def, const Words& w);
    void variable_event(const EventDef& def, const Words& w);
    void other_event(const EventDef& def, const Words& w);
    void link_event(const EventDef& def, const Words& w);
    void destroy(std::uint32_t container, Time t);

    std::string source_;
    std::size_t line_ = 0;
    LaneTraceBuilder builder_;
    std::vector<Type> types_;
    NameIndex type_ids_, type_names_;
    std::vector<Container> containers_;
    NameIndex container_ids_, container_names_;
    std::vector<Track> lanes_, fields_;
    // Links by type and key, their ends' containers as lanes: a message when both have one.
    MessageMatcher links_;
    NameIndex link_keys_;
    // The last container and type looked up: consecutive events mostly name the same.
    std::string last_container_word_{"0"};
    std::uint32_t last_container_ = 0;
    std::string last_type_word_{"0"};
    std::uint32_t last_type_ = 0;
    // The lane of the last state event's (container, type) words.
    std::string lane_container_word_, lane_type_word_;
    std::uint32_t last_lane_ = UINT32_MAX;
    // Definitions and containers change what a word names: the caches start again.
    void forget_lookups();
};

} // namespace chitra::detail::paje
