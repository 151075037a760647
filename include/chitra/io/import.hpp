// Every trace format Chitra reads, detected by content (interfaces.md "Foreign trace
// formats"). PES and .ctrace are read directly; foreign formats go through an Importer
// into a LaneTrace, then the chosen lanes become a PES (chitra/lanes/lane_selection.hpp).
#pragma once

#include "chitra/lanes/lane_selection.hpp"
#include "chitra/trace/trace.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace chitra {

enum class SourceFormat : std::uint8_t { pes, ctrace, paje, otf2, ctf, chrome, paraver, csv, events };

std::string_view to_string(SourceFormat format);
std::optional<SourceFormat> parse_source_format(std::string_view name);
// The formats `--from` accepts, in the order of interfaces.md.
const std::vector<SourceFormat>& all_source_formats();

struct ImportOptions {
    std::optional<SourceFormat> from; // overrides detection
    LaneSelection components;         // which lanes become components
    // 0: the chosen lanes as one trace. K: only the K-th chosen lane, timed from the
    // origin of all the chosen lanes together (one of `convert --per-component`'s files).
    std::size_t lane = 0;
    // With lane 0: the chosen lanes whose states form the trace's states, as a LaneSelection
    // spec over the chosen lanes alone (numbered from 1 in their order); the others stay
    // lanes of the trace (Trace::lanes) only. Empty: every chosen lane. The workbench sets
    // it when the chosen lanes would form too many distinct states to view.
    std::string state_lanes;
    // Payload fields that become data fields, for formats whose events carry them (CTF):
    // an ECMAScript regular expression searched in `EVENT.FIELD` (`/REGEX/` too); empty: none.
    std::string fields;
    // Text traces (CSV, event traces): columns by name or 1-based number; empty means the
    // format's default (time: the first column, states: the second, fields: none).
    std::string time_column;
    std::vector<std::string> state_columns;
    std::vector<std::string> field_columns;
    char delimiter = 0; // CSV; 0: the first of , ; tab found in the first row
    int time_scale = 0; // source time x 10^time_scale = ns (--time-unit: ns 0, us 3, ms 6, s 9)
    // Called now and then with the share of the input read (0..1); the import stops with
    // chitra::Cancelled when the thread's cancel flag is set (chitra/util/cancel.hpp).
    std::function<void(double)> progress;
    // Warnings (counted problems that do not stop the import) go here when set, else to
    // the trace's header as nothing: callers print them.
    std::vector<std::string>* warnings = nullptr;
};

// One reader of a foreign format; each lives in its own folder under src/core/io/.
class Importer {
public:
    virtual ~Importer() = default;
    virtual SourceFormat format() const = 0;
    // Whether `path` holds this format; `head` is the first few KB of a regular file
    // (empty for a directory).
    virtual bool detect(const std::string& path, std::string_view head) const = 0;
    // Reads the whole source; malformed input throws InputError("FILE:LINE: reason",
    // or "FILE: byte N" / "FILE: event N" for binary formats).
    virtual LaneTrace read(const std::string& path, const ImportOptions& options) const = 0;
};

// The power of ten from `unit` (ns, us, ms, s) to nanoseconds; nullopt for another unit.
std::optional<int> time_unit_scale(std::string_view unit);

// Every importer, in detection order (the registry: src/core/io/import/importers.cpp).
const std::vector<const Importer*>& importers();
const Importer* importer_for(SourceFormat format);

// The format of `path` by its content (then its extension); throws InputError when no
// format recognises it.
SourceFormat detect_format(const std::string& path);

// Whether a trace of `format` at `path` is read as lanes (import_lanes): a foreign format or
// a `.ctrace` of lanes, not a PES or a `.ctrace` of records.
bool reads_as_lanes(SourceFormat format, const std::string& path);

// Reads a foreign trace, or a `.ctrace` of lanes, as lanes (throws InputError for PES and
// a `.ctrace` of records).
LaneTrace import_lanes(const std::string& path, const ImportOptions& options = {});

// Reads any trace: PES and .ctrace directly, a foreign format as the PES of the chosen
// lanes. `format` (optional) receives the format read.
Trace load_trace(const std::string& path, const ImportOptions& options, SourceFormat* format = nullptr);

// The trace load_trace makes of lanes already imported: the PES of the lanes `components`
// chooses (or of the `lane`-th of them alone, see ImportOptions::lane; or, with lane 0 and
// `state_lanes`, of those of them, timed from the first change of all the chosen lanes),
// with Trace::lanes the chosen lanes. Throws InputError for a choice of no lane.
Trace trace_from_lanes(std::shared_ptr<const LaneTrace> lanes, const LaneSelection& components, std::size_t lane = 0,
                       const std::string& state_lanes = {});

// What load_trace gives, for a command that only counts its states (`info`): a trace read
// from lanes (a foreign format, a `.ctrace` of lanes) is made without naming its states
// (to_unnamed_trace); `states` is the number of its symbols in every case.
UnnamedTrace load_unnamed_trace(const std::string& path, const ImportOptions& options, SourceFormat* format = nullptr);

} // namespace chitra
