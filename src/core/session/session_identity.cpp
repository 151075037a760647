// File identity of a session's traces, the restore plan built on it, view lookup for
// batch use, and the autosave location (docs/sessions.md "File identity").
#include "chitra/session/session_io.hpp"

#include <xxhash.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>

namespace chitra {

namespace fs = std::filesystem;

namespace {

struct FileStat {
    std::uint64_t size = 0;
    std::int64_t mtime_ns = 0;
};

std::optional<FileStat> stat_regular(const std::string& path)
{
    struct stat st {};
    if (path.empty() || ::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
        return std::nullopt;
    return FileStat{static_cast<std::uint64_t>(st.st_size),
                    static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec};
}

std::string absolute_normal(const std::string& path) { return fs::absolute(path).lexically_normal().string(); }

// Compares one existing path with the recorded identity.
FileIdentity compare(const TraceFileRef& ref, const std::string& path, FileStatus if_same)
{
    FileIdentity id;
    id.found_path = path;
    if (ref.hash_kind.empty()) {
        id.status = FileStatus::unverified;
        id.message = path + ": found; the session records no content hash to check it against";
        return id;
    }
    auto st = stat_regular(path);
    bool same = st && st->size == ref.size;
    if (same) {
        try {
            same = hash_file(path) == ref.content_hash;
        } catch (const InputError&) {
            id.status = FileStatus::missing;
            id.found_path.clear();
            id.message = path + ": exists but cannot be read";
            return id;
        }
    }
    if (same) {
        id.status = if_same;
        id.message = if_same == FileStatus::same ? path + ": unchanged" : shown_path(ref) + ": moved; found at " + path;
    } else {
        id.status = FileStatus::changed;
        id.message = path + ": content changed since the session was saved (" +
                     (st && st->size != ref.size
                          ? "size " + std::to_string(ref.size) + " -> " + std::to_string(st->size) + " bytes"
                          : std::string("same size, different content")) +
                     ")";
    }
    return id;
}

} // namespace

std::string_view to_string(FileStatus status)
{
    switch (status) {
    case FileStatus::same:
        return "same";
    case FileStatus::moved:
        return "moved";
    case FileStatus::changed:
        return "changed";
    case FileStatus::missing:
        return "missing";
    case FileStatus::unverified:
        return "unverified";
    }
    return "?";
}

std::uint64_t hash_file(const std::string& path)
{
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw InputError(path + ": cannot open: " + std::strerror(errno));
    std::unique_ptr<XXH3_state_t, XXH_errorcode (*)(XXH3_state_t*)> state(XXH3_createState(), XXH3_freeState);
    XXH3_64bits_reset(state.get());
    std::vector<char> buffer(1 << 20);
    while (true) {
        ssize_t n = ::read(fd, buffer.data(), buffer.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            std::string message = path + ": cannot read: " + std::strerror(errno);
            ::close(fd);
            throw InputError(message);
        }
        if (n == 0)
            break;
        XXH3_64bits_update(state.get(), buffer.data(), static_cast<std::size_t>(n));
    }
    ::close(fd);
    return XXH3_64bits_digest(state.get());
}

TraceFileRef make_file_ref(const std::string& path, const std::string& session_dir)
{
    TraceFileRef ref;
    relocate_file(ref, path, session_dir);
    return ref;
}

void relocate_file(TraceFileRef& ref, const std::string& path, const std::string& session_dir)
{
    auto st = stat_regular(path);
    if (!st)
        throw InputError(path + ": not a readable file");
    ref.path_absolute = absolute_normal(path);
    ref.path_relative.clear();
    if (!session_dir.empty()) {
        std::error_code ec;
        fs::path base = fs::weakly_canonical(fs::absolute(session_dir), ec);
        if (ec)
            base = fs::absolute(session_dir).lexically_normal();
        ref.path_relative = fs::path(ref.path_absolute).lexically_relative(base).generic_string();
    }
    ref.size = st->size;
    ref.mtime_ns = st->mtime_ns;
    ref.hash_kind = std::string(kHashKind);
    ref.content_hash = hash_file(path);
}

FileIdentity check_candidate(const TraceFileRef& ref, const std::string& candidate)
{
    if (!stat_regular(candidate)) {
        FileIdentity id;
        id.message = candidate + ": not found";
        return id;
    }
    FileStatus if_same = absolute_normal(candidate) == fs::path(ref.path_absolute).lexically_normal().string()
                             ? FileStatus::same
                             : FileStatus::moved;
    return compare(ref, candidate, if_same);
}

FileIdentity check_file_identity(const TraceFileRef& ref, const std::string& session_dir)
{
    std::optional<FileIdentity> at_absolute;
    if (stat_regular(ref.path_absolute)) {
        at_absolute = compare(ref, ref.path_absolute, FileStatus::same);
        if (at_absolute->status == FileStatus::same || at_absolute->status == FileStatus::unverified)
            return *at_absolute;
    }
    // The folder holding traces and session may have moved or been copied together.
    if (!ref.path_relative.empty() && !session_dir.empty()) {
        fs::path rel(ref.path_relative);
        std::string candidate = (rel.is_absolute() ? rel : fs::path(session_dir) / rel).lexically_normal().string();
        if (candidate != ref.path_absolute && stat_regular(candidate)) {
            // With no absolute path recorded, beside the session is where the file belongs.
            FileIdentity there =
                compare(ref, candidate, ref.path_absolute.empty() ? FileStatus::same : FileStatus::moved);
            if (there.status == FileStatus::same)
                return there;
            if (there.status == FileStatus::moved || there.status == FileStatus::unverified || !at_absolute)
                return there;
        }
    }
    if (at_absolute)
        return *at_absolute; // changed in place
    FileIdentity id;
    if (ref.path_absolute.empty()) {
        id.message = ref.path_relative + ": missing (looked for it beside the session" +
                     (session_dir.empty() ? std::string(")") : ", in " + session_dir + ")");
        return id;
    }
    id.message =
        ref.path_absolute + ": missing" +
        (ref.path_relative.empty() ? std::string() : " (also looked for " + ref.path_relative + " beside the session)");
    return id;
}

std::vector<FileRestorePlan> plan_restore(const Session& session, const std::string& session_dir, bool interactive)
{
    std::vector<FileRestorePlan> plan;
    for (std::size_t i = 0; i < session.files.size(); ++i) {
        FileRestorePlan p;
        p.file = i;
        p.identity = check_file_identity(session.files[i], session_dir);
        switch (p.identity.status) {
        case FileStatus::same:
        case FileStatus::moved:
        case FileStatus::unverified:
            p.action = RestoreAction::open;
            break;
        // Headless restores never re-apply views to content the analyst has not seen.
        case FileStatus::changed:
            p.action = interactive ? RestoreAction::ask : RestoreAction::skip;
            break;
        case FileStatus::missing:
            p.action = interactive ? RestoreAction::ask : RestoreAction::skip;
            break;
        }
        plan.push_back(std::move(p));
    }
    return plan;
}

ImportOptions import_options(const TraceFileRef& ref)
{
    ImportOptions options;
    if (!ref.import_format.empty()) {
        options.from = parse_source_format(ref.import_format);
        if (!options.from)
            throw InputError(shown_path(ref) + ": unknown import format '" + ref.import_format + "'");
    }
    options.components.spec = ref.import_components;
    options.lane = static_cast<std::size_t>(ref.import_lane);
    options.state_lanes = ref.import_state_lanes;
    apply_import_settings(ref.import_settings, options, shown_path(ref));
    return options;
}

SessionViewTarget resolve_session_view(const std::string& session_path, std::string_view view_name, bool allow_changed)
{
    LoadedSession loaded = load_session(session_path, LoadMode::strict);
    const Session& s = loaded.session;
    auto where = find_view(s, view_name);
    if (!where) {
        std::string names;
        for (auto& f : s.files)
            for (auto& v : f.views)
                names += (names.empty() ? "" : ", ") + ("'" + v.name + "'");
        throw InputError(session_path + ": no view named '" + std::string(view_name) +
                         "' (views: " + (names.empty() ? "none" : names) + ")");
    }
    const TraceFileRef& ref = s.files[where->file];
    std::string dir = fs::absolute(session_path).parent_path().string();
    SessionViewTarget target;
    target.identity = check_file_identity(ref, dir);
    switch (target.identity.status) {
    case FileStatus::missing:
        throw InputError(session_path + ": " + target.identity.message);
    case FileStatus::changed:
        if (!allow_changed)
            throw InputError(session_path + ": " + target.identity.message);
        break;
    default:
        break;
    }
    target.trace_path = target.identity.found_path;
    try {
        target.import = import_options(ref);
    } catch (const InputError& e) {
        throw InputError(session_path + ": " + e.what());
    }
    target.lanes = ref.lanes;
    target.pooled_lanes = ref.pooled_lanes;
    target.view = ref.views[where->view];
    target.pipeline = target.view.pipeline;
    return target;
}

std::string recovery_file_path(const std::string& session_path)
{
    fs::path base;
    if (const char* state = std::getenv("XDG_STATE_HOME"); state && *state)
        base = state;
    else if (const char* home = std::getenv("HOME"); home && *home)
        base = fs::path(home) / ".local" / "state";
    else
        base = fs::temp_directory_path();
    base = base / "chitra" / "recovery";
    if (session_path.empty())
        return (base / "untitled.chitra").string();
    std::string absolute = absolute_normal(session_path);
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx",
                  static_cast<unsigned long long>(XXH3_64bits(absolute.data(), absolute.size())));
    return (base / (fs::path(absolute).stem().string() + "-" + std::string(hex, 8) + ".chitra")).string();
}

} // namespace chitra
