// How a trace file was read (interfaces.md "Foreign trace formats"): the format and,
// for a foreign trace, which of its lanes; kept with each open file so that sessions
// and recent files open the same lanes again without asking.
#pragma once

#include "chitra/io/import.hpp"
#include "chitra/io/import_settings.hpp"

#include <QString>

#include <cstddef>
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
    friend bool operator==(const LaneChoice&, const LaneChoice&) = default;
};

// One open trace's import choice (TraceFileRef::import_*).
struct ImportChoice {
    std::string format;               // the --from name; empty: detected by content
    std::string components = "all";   // LaneSelection spec
    std::size_t lane = 0;             // 0: the chosen lanes as one trace; K: the K-th alone
    ImportSettings settings;          // a text trace's columns, delimiter, time unit; CTF fields

    ImportOptions options() const;    // throws InputError for an unknown format name or setting
    static ImportChoice of(const TraceFileRef& ref);
    void storeIn(TraceFileRef& ref) const;
    bool isDefault() const { return format.empty() && components == "all" && lane == 0 && settings.is_default(); }
    friend bool operator==(const ImportChoice&, const ImportChoice&) = default;
};

// "Chrome Trace Event JSON", "Paje", ... for messages and the import dialog.
QString formatTitle(SourceFormat format);

} // namespace chitra::app
