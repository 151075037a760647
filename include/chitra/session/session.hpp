// The session model: open trace files, their views, the views' displays and the window
// layout, as plain value types (no Qt, no Boost in this header). docs/sessions.md
// describes the file format; include/chitra/session/session_io.hpp saves, loads and checks it.
#pragma once

#include "chitra/io/import_settings.hpp"
#include "chitra/pipeline/pipeline.hpp"
#include "chitra/trace/types.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace chitra {

// The format version this build writes; load accepts every version up to it. 2 added
// ensembles (an older build refuses a file that may hold them rather than drop them).
inline constexpr int kSessionFormatVersion = 2;

// The display a saved display state belongs to, by the name the workbench's display
// registry knows it by. The displays of today have constants; a name this build does not
// know (a display of a later build) still loads, and the workbench reports it unrestored.
struct DisplayKind {
    std::string name = "time";
    static const DisplayKind time, event, frequency, gantt, rate, model, lanes;
    friend bool operator==(const DisplayKind&, const DisplayKind&) = default;
};
inline const DisplayKind DisplayKind::time{"time"}, DisplayKind::event{"event"}, DisplayKind::frequency{"frequency"},
    DisplayKind::gantt{"gantt"}, DisplayKind::rate{"rate"}, DisplayKind::model{"model"}, DisplayKind::lanes{"lanes"};
inline std::string_view to_string(const DisplayKind& kind) { return kind.name; }
// A kind's name is 1-40 characters of a-z, 0-9, '-' and '_'; nullopt otherwise.
std::optional<DisplayKind> parse_display_kind(std::string_view text);

// A visible rectangle in the display's own coordinates (time or element index on x,
// y order slot or power on y). An empty range (x1 <= x0) means "show everything".
struct VisibleRange {
    double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    bool empty() const { return !(x1 > x0); }
    friend bool operator==(const VisibleRange&, const VisibleRange&) = default;
};

// The options the displays of ui.md/semantics.md §6 have. Display code may keep anything
// else in `extra`; unknown keys survive a load/save round trip.
struct DisplayOptions {
    std::string density_bar;                 // "", "point" or "value" (Gantt)
    std::string colour_map;                  // "" (default viridis) or a map name
    double averaging_width_percent = 0;      // sliding-window average width; 0 = off (Gantt)
    std::string chosen_state;                // rate display; frequency view per-symbol
    bool log_axis = false;                   // frequency view power axis
    std::optional<double> sampling_interval; // frequency view, time domain; nullopt = default
    bool connectors = true;                  // vertical connectors at transitions (time view)
    std::map<std::string, std::string> extra;
    friend bool operator==(const DisplayOptions&, const DisplayOptions&) = default;
};

struct DisplayState {
    std::string id; // unique in the session; the layout refers to it
    DisplayKind kind = DisplayKind::time;
    VisibleRange visible;
    std::vector<VisibleRange> zoom_history; // oldest first; "undo zoom" pops the last
    DisplayOptions options;
    friend bool operator==(const DisplayState&, const DisplayState&) = default;
};

struct RecordRange {
    RecordIndex begin = 0, end = 0; // raw records [begin, end)
    friend bool operator==(const RecordRange&, const RecordRange&) = default;
};

// Colours are 0xAARRGGBB.
struct PatternColour {
    std::vector<std::string> pattern; // a pending (brushed, not yet aggregated) pattern
    std::uint32_t argb = 0xFF000000u;
    friend bool operator==(const PatternColour&, const PatternColour&) = default;
};

struct Bookmark {
    std::string name;
    Time time = 0; // in the trace's time base
    friend bool operator==(const Bookmark&, const Bookmark&) = default;
};

struct Note {
    std::string text;
    std::optional<Time> time; // attached to a time, a record, both or neither
    std::optional<RecordIndex> record;
    friend bool operator==(const Note&, const Note&) = default;
};

// Field-wise equality of two pipelines (kept for callers; Pipeline has operator== now).

struct ViewState {
    std::string name; // unique among the views of one file
    Pipeline pipeline;
    std::vector<std::string> y_order; // state names, bottom to top
    std::vector<PatternColour> pattern_colours;
    std::map<std::string, std::uint32_t> composite_colours; // composite name -> colour
    std::vector<RecordRange> selection;                     // brushed raw records
    std::vector<Bookmark> bookmarks;
    std::vector<Note> notes;
    std::vector<DisplayState> displays;

    friend bool operator==(const ViewState&, const ViewState&) = default;
};

// A trace file and what identifies its content (docs/sessions.md "File identity").
struct TraceFileRef {
    // Empty when only the relative path is recorded (a session shipped with its traces,
    // `chitra-cli session new --relative-only`): the file is then looked for beside the
    // session only, and found there it is `same`.
    std::string path_absolute;
    std::string path_relative; // to the session file's folder; set on save
    std::uint64_t size = 0;    // bytes
    std::int64_t mtime_ns = 0; // modification time, ns since the Unix epoch
    std::string hash_kind;     // "xxh3-64"; empty when unknown
    std::uint64_t content_hash = 0;
    // How a foreign trace was imported, so that restoring opens the same lanes without
    // asking (docs/formats.md "Choosing lanes"): the `--from` name (empty: detected by
    // content), the `--components` spec, and 0 for the chosen lanes as one trace or K for
    // the K-th chosen lane alone (ImportOptions::lane). Ignored for PES and .ctrace.
    std::string import_format;
    std::string import_components = "all";
    std::uint64_t import_lane = 0;
    // The chosen lanes whose states form the trace's states (ImportOptions::state_lanes;
    // record version 5); empty: every chosen lane.
    std::string import_state_lanes;
    // The rest of the import options (text traces' columns, delimiter and time unit, CTF's
    // payload fields), so that restoring reads the trace the same way (record version 4).
    ImportSettings import_settings;
    // The lanes of the trace this entry shows (0-based, in the order of lanes_of in
    // chitra/lanes/lane_selection.hpp, of the trace the import choice above makes), as a
    // trace of its own timed like the whole one; empty: the whole trace. Several entries
    // may name one file with different lanes.
    std::vector<std::uint64_t> lanes;
    // The lanes of that trace the entry's views analyse apart (record version 6): one lane
    // alone, or a group of lanes pooled (`pool_group`, its group in the lane comparison;
    // 0 for one lane); the views show the first. Empty: the joint states of its lanes.
    std::vector<std::uint64_t> pooled_lanes;
    std::uint64_t pool_group = 0;
    std::vector<ViewState> views;

    friend bool operator==(const TraceFileRef&, const TraceFileRef&) = default;
};

// The path to show for a file: the absolute one, else the relative one.
inline const std::string& shown_path(const TraceFileRef& f)
{
    return f.path_absolute.empty() ? f.path_relative : f.path_absolute;
}

// Where one display sits in the main window.
struct DisplayPlacement {
    std::string display_id;
    std::string area; // e.g. "centre", "dock-left", "floating"
    int index = 0;    // order within the area
    friend bool operator==(const DisplayPlacement&, const DisplayPlacement&) = default;
};

struct WindowLayout {
    std::vector<std::uint8_t> main_window_geometry; // QWidget::saveGeometry() bytes
    std::vector<std::uint8_t> dock_state;           // QMainWindow::saveState() bytes
    std::vector<DisplayPlacement> open_displays;
    std::string current_view; // "FILE-INDEX/VIEW-NAME" or empty
    friend bool operator==(const WindowLayout&, const WindowLayout&) = default;
};

// An ensemble of runs as the workbench's Ensemble window holds it (docs/ensembles.md):
// its members, the file-name patterns its parameters are read with, and the pipeline
// applied to every member. Restoring reopens the window and fits the members again.
struct EnsembleMemberRef {
    std::uint64_t file = 0;                   // index into Session::files
    std::map<std::string, std::string> typed; // parameters typed in; an empty value removes one
    friend bool operator==(const EnsembleMemberRef&, const EnsembleMemberRef&) = default;
};
struct EnsembleState {
    std::vector<EnsembleMemberRef> members;
    std::string file_name_patterns; // NAME=REGEX pairs, as typed
    Pipeline pipeline;
    friend bool operator==(const EnsembleState&, const EnsembleState&) = default;
};

struct Session {
    int format_version = kSessionFormatVersion; // the version the file was written in
    std::string writer = "chitra 0.1.0";        // program that wrote it
    std::vector<TraceFileRef> files;
    WindowLayout layout;
    std::vector<EnsembleState> ensembles; // format 2

    // The same content, whatever format version each was read from.
    friend bool operator==(const Session& a, const Session& b)
    {
        return a.writer == b.writer && a.files == b.files && a.layout == b.layout && a.ensembles == b.ensembles;
    }
};

// Looks a view up by name (see docs/sessions.md for the "FILE/NAME" form); nullopt if
// absent. Throws InputError when a bare NAME matches views of several files.
struct ViewLocation {
    std::size_t file = 0, view = 0;
};
std::optional<ViewLocation> find_view(const Session& session, std::string_view name);

} // namespace chitra
