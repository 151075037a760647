// Saving, loading, checking and merging sessions (docs/sessions.md).
#pragma once

#include "chitra/io/import.hpp"
#include "chitra/session/session.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace chitra {

// ---- save / load ---------------------------------------------------------------------

// Writes the session atomically (temporary file, fsync, rename). Each file's
// path_relative is recomputed against the folder of `path` (so "save as" elsewhere
// stays correct); the in-memory session is not changed. Throws InputError.
void save_session(const std::string& path, const Session& session);

// The archive text save_session writes; `session_dir` is the folder relative paths
// are computed against (empty: keep the stored path_relative).
std::string session_to_text(const Session& session, const std::string& session_dir = {});

enum class LoadMode {
    strict,  // any damage throws InputError naming what is wrong
    recover, // restores every intact file, view and display; problems are listed
};

struct LoadedSession {
    Session session;
    std::vector<std::string> problems; // one complete message per damaged or lost part
};

// Throws InputError when the file cannot be read, is not a session, was written by a
// newer format, or (strict) is damaged anywhere. In recover mode it throws only when
// nothing at all could be recovered.
LoadedSession load_session(const std::string& path, LoadMode mode = LoadMode::strict);
LoadedSession load_session_text(std::string_view text, const std::string& source, LoadMode mode = LoadMode::strict);
// Whether the file starts as a session file does (its first kilobytes name the Boost
// archive and the chitra-session magic): files opened or dropped go to the session loader.
bool is_session_file(const std::string& path);

// ---- file identity -------------------------------------------------------------------

// XXH3 64-bit hash of the file's bytes, read in 1 MiB blocks. Throws InputError.
std::uint64_t hash_file(const std::string& path);
inline constexpr std::string_view kHashKind = "xxh3-64";

// A reference to `path` (made absolute) with its size, mtime and content hash, and its
// path relative to `session_dir` (empty: none). Throws InputError if unreadable.
TraceFileRef make_file_ref(const std::string& path, const std::string& session_dir = {});

enum class FileStatus {
    same,       // found at path_absolute with the recorded content
    moved,      // found with the recorded content relative to the session folder
    changed,    // found, but size or content hash differs
    missing,    // neither path exists (or is readable)
    unverified, // found, but the session holds no content hash to compare with
};
std::string_view to_string(FileStatus status);

struct FileIdentity {
    FileStatus status = FileStatus::missing;
    std::string found_path; // where the file was found (empty when missing)
    std::string message;    // one user-facing sentence naming the file
};

// Restore rule (docs/sessions.md): path_absolute first; then session_dir/path_relative;
// a candidate with the recorded content wins over one that changed.
FileIdentity check_file_identity(const TraceFileRef& ref, const std::string& session_dir);
// The same check for one path the user picked in a "locate file" dialog.
FileIdentity check_candidate(const TraceFileRef& ref, const std::string& candidate);

// What restoring should do with each file: open `found_path` for same/moved/unverified;
// changed (re-apply the views or skip?) and missing (locate it?) ask when interactive
// and are skipped headless. The other files restore either way.
enum class RestoreAction { open, ask, skip };
struct FileRestorePlan {
    std::size_t file = 0;
    FileIdentity identity;
    RestoreAction action = RestoreAction::skip;
};
std::vector<FileRestorePlan> plan_restore(const Session& session, const std::string& session_dir, bool interactive);

// After the user accepted `path` for a moved or changed file (or re-applied the views to
// changed content): point the ref at it with fresh size, mtime and hash.
void relocate_file(TraceFileRef& ref, const std::string& path, const std::string& session_dir);

// ---- merge ---------------------------------------------------------------------------

// How a view name clash is resolved. Files are the same file when their absolute paths
// are equal or their content hashes (and sizes) are, and they were imported alike (same
// import choice); their views are then merged.
enum class MergePolicy {
    rename,      // default: the incoming view is kept as "NAME (2)", "NAME (3)", ...
    keep_mine,   // the view already in the session stays; the incoming one is dropped
    keep_theirs, // the incoming view replaces the existing one in place
};
std::string_view to_string(MergePolicy policy);
std::optional<MergePolicy> parse_merge_policy(std::string_view text);

struct MergeReport {
    std::size_t files_added = 0, views_added = 0, views_renamed = 0, views_replaced = 0, views_dropped = 0;
    std::vector<std::string> actions; // one line per clash, e.g. "run.pes: view 'a' renamed to 'a (2)'"
};

// Adds `from`'s files and views to `into`. Display ids of incoming views are renumbered
// when they clash; `into`'s layout is kept. `ask`, when given, decides each clash
// (GUI dialog) and overrides `policy`.
using MergeResolver =
    std::function<MergePolicy(const TraceFileRef& file, const ViewState& mine, const ViewState& theirs)>;
MergeReport merge_sessions(Session& into, const Session& from, MergePolicy policy = MergePolicy::rename,
                           const MergeResolver& ask = {});

// ---- batch use and recovery ----------------------------------------------------------

// How to read the file `ref` names: its import choice as load_trace's options. Throws
// InputError for a format name this build does not know.
ImportOptions import_options(const TraceFileRef& ref);

// A view of a saved session ready to be replayed (e.g. `chitra-cli fit --session`).
struct SessionViewTarget {
    std::string trace_path;           // where the trace was found
    ImportOptions import;             // how to read it (import_options of its file)
    std::vector<std::uint64_t> lanes; // the file entry's lanes (project_lanes); empty: all
    // The lanes of those the entry's views analyse apart, pooled (TraceFileRef::pooled_lanes).
    std::vector<std::uint64_t> pooled_lanes;
    Pipeline pipeline;
    ViewState view;
    FileIdentity identity;
};
// Loads the session (strict), finds `view_name` (NAME or FILE/NAME) and locates its
// trace. Throws InputError if the view is absent or ambiguous, the trace is missing, or
// its content changed (unless allow_changed).
SessionViewTarget resolve_session_view(const std::string& session_path, std::string_view view_name,
                                       bool allow_changed = false);

// Autosave file for a session: $XDG_STATE_HOME/chitra/recovery (default
// ~/.local/state/chitra/recovery) / "<stem>-<8 hex digits of a hash of the absolute session
// path>.chitra", or "untitled.chitra" for a session never saved (empty path).
std::string recovery_file_path(const std::string& session_path);

} // namespace chitra
