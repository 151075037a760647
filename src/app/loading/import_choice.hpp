// How a trace file was read (interfaces.md "Foreign trace formats"): the format and,
// for a foreign trace, which of its lanes; kept with each open file so that sessions
// and recent files open the same lanes again without asking.
#pragma once

#include "chitra/io/import.hpp"
#include "chitra/io/import_settings.hpp"

#include <QString>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace chitra {
struct TraceFileRef; // chitra/session/session.hpp (not included: its names clash with the app's)
}

namespace chitra::app {

// What the import dialog answers: the lanes (a LaneSelection spec) and whether each
// lane becomes a trace of its own.
struct LaneChoice {
    std::string components = "all";
    bool separate = false;
    // The chosen lanes whose states form the trace's states (ImportChoice::stateLanes);
    // none: every chosen lane while they form at most mostVectorStates() distinct states,
    // else the leading lanes that do (the lanes view still shows every chosen lane).
    std::optional<std::string> stateLanes;
    friend bool operator==(const LaneChoice&, const LaneChoice&) = default;
};

// The most distinct vector states a trace opened without a state-lane choice is given.
std::uint64_t mostVectorStates();
void setMostVectorStates(std::uint64_t states); // tests lower it

// The state lanes (ImportChoice::stateLanes) for `components` of `lanes` when none were
// chosen: empty while every chosen lane fits mostVectorStates(), else "1,2,...,K".
std::string stateLanesWithinLimit(const LaneTrace& lanes, const std::string& components);

// One open trace's import choice (TraceFileRef::import_*).
struct ImportChoice {
    std::string format;             // the --from name; empty: detected by content
    std::string components = "all"; // LaneSelection spec
    std::size_t lane = 0;           // 0: the chosen lanes as one trace; K: the K-th alone
    ImportSettings settings;        // a text trace's columns, delimiter, time unit; CTF fields
    std::string stateLanes;         // ImportOptions::state_lanes; empty: every chosen lane

    ImportOptions options() const; // throws InputError for an unknown format name or setting
    static ImportChoice of(const TraceFileRef& ref);
    void storeIn(TraceFileRef& ref) const;
    bool isDefault() const
    {
        return format.empty() && components == "all" && lane == 0 && settings.is_default() && stateLanes.empty();
    }
    friend bool operator==(const ImportChoice&, const ImportChoice&) = default;
};

// "Chrome Trace Event JSON", "Paje", ... for messages and the import dialog.
QString formatTitle(SourceFormat format);

} // namespace chitra::app
