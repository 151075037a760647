// Session files (docs/sessions.md "File format"): a Boost.Serialization XML archive, the
// envelope, whose chunks are themselves complete XML archives (a header, one per file,
// one per view, one for the layout), each with its size and XXH3 checksum. This file
// writes the envelope and reads it back; session_serialization.cpp serializes the
// records and session_recovery.cpp assembles them, so that one damaged view costs that
// view only (docs/sessions.md "Damage and recovery").
#include "chitra/util/atomic_file.hpp"
#include "chitra/session/session_io.hpp"
#include "session/session_chunks.hpp"

#include <xxhash.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace chitra {

namespace session_detail {

namespace {

std::string hex64(std::uint64_t v)
{
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

} // namespace

std::string chunk_checksum(const std::string& kind, const std::string& payload)
{
    XXH3_state_t* state = XXH3_createState();
    XXH3_64bits_reset(state);
    XXH3_64bits_update(state, kind.data(), kind.size());
    XXH3_64bits_update(state, "\n", 1);
    XXH3_64bits_update(state, payload.data(), payload.size());
    std::uint64_t h = XXH3_64bits_digest(state);
    XXH3_freeState(state);
    return hex64(h);
}

std::string view_label(const std::string& file, const std::string& view)
{
    return "view " + single_quoted(view) + " of " + file;
}

} // namespace session_detail

using namespace session_detail;

namespace {

std::string relative_to(const std::string& path, const std::string& dir)
{
    if (dir.empty() || path.empty())
        return {};
    std::error_code ec;
    auto base = std::filesystem::weakly_canonical(dir, ec);
    if (ec)
        base = std::filesystem::path(dir);
    return std::filesystem::path(path).lexically_normal().lexically_relative(base).generic_string();
}

} // namespace

std::string session_to_text(const Session& session, const std::string& session_dir)
{
    Envelope env;
    env.writer = session.writer;
    auto add = [&env](std::string kind, std::string label, std::string payload) {
        Chunk c;
        c.checksum = chunk_checksum(kind, payload);
        c.kind = std::move(kind);
        c.label = std::move(label);
        c.size = payload.size();
        c.payload = std::move(payload);
        env.chunks.push_back(std::move(c));
    };
    Meta meta;
    meta.format = kSessionFormatVersion;
    meta.writer = session.writer;
    for (auto& f : session.files) {
        TocFile t{shown_path(f), {}};
        for (auto& v : f.views)
            t.views.push_back(v.name);
        meta.toc.push_back(std::move(t));
    }
    add("meta", "session header", archive_text("meta", meta));
    for (std::size_t i = 0; i < session.files.size(); ++i) {
        const TraceFileRef& f = session.files[i];
        FileChunk fc{i, f};
        fc.file.views.clear();
        if (!session_dir.empty() && std::filesystem::path(f.path_absolute).is_absolute())
            fc.file.path_relative = relative_to(f.path_absolute, session_dir);
        add("file", "file " + shown_path(f), archive_text("file", fc));
        for (std::size_t v = 0; v < f.views.size(); ++v) {
            ViewChunk vc{i, v, f.path_absolute, f.views[v]};
            add("view", view_label(shown_path(f), f.views[v].name), archive_text("view", vc));
        }
    }
    add("layout", "window layout", archive_text("layout", session.layout));
    for (std::size_t i = 0; i < session.ensembles.size(); ++i)
        add("ensemble", "ensemble " + std::to_string(i + 1),
            archive_text("ensemble", EnsembleChunk{i, session.ensembles[i]}));
    return archive_text("session", env);
}

void save_session(const std::string& path, const Session& session)
{
    std::string dir = std::filesystem::absolute(path).parent_path().string();
    write_file_atomically(path, session_to_text(session, dir));
}

bool is_session_file(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::string head(4096, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    return head.find("<boost_serialization") != std::string::npos && head.find("chitra-session") != std::string::npos;
}

LoadedSession load_session_text(std::string_view text, const std::string& source, LoadMode mode)
{
    auto fail = [&source](const std::string& why) { return InputError(source + ": " + why); };
    constexpr std::size_t kMaxSession = std::size_t(1) << 30;
    if (text.size() > kMaxSession)
        throw fail("too large for a session file (" + std::to_string(text.size()) + " bytes)");
    if (text.find("<boost_serialization") == std::string_view::npos ||
        text.find("chitra-session") == std::string_view::npos)
        throw fail("not a Chitra session file");

    Envelope env;
    std::string envelope_problem;
    try {
        load_archive(text, "session", env);
    } catch (const std::exception& e) {
        envelope_problem = describe(e);
    }
    // A format number read from a damaged envelope is not trusted; the chunks decide.
    if (envelope_problem.empty() && env.format > kSessionFormatVersion)
        throw fail("written in session format " + std::to_string(env.format) +
                   " by a newer Chitra; this build reads formats up to " + std::to_string(kSessionFormatVersion));
    if (!envelope_problem.empty() && mode == LoadMode::strict)
        throw fail("damaged: " + envelope_problem);

    Assembler assembler;
    if (!envelope_problem.empty()) {
        assembler.problems.push_back("session file: " + envelope_problem + "; recovered what could be found");
        env.chunks = scan_chunks(text);
    }
    for (const Chunk& c : env.chunks)
        assembler.add(c);
    if (assembler.loaded == 0)
        throw fail(envelope_problem.empty() ? "contains no session data"
                                            : "damaged beyond recovery: " + envelope_problem);
    LoadedSession out;
    out.session = assembler.build();
    out.problems = std::move(assembler.problems);
    if (mode == LoadMode::strict && !out.problems.empty()) {
        std::string message = "damaged: " + out.problems.front();
        if (out.problems.size() > 1)
            message += " (and " + std::to_string(out.problems.size() - 1) + " more problem(s))";
        throw fail(message);
    }
    return out;
}

LoadedSession load_session(const std::string& path, LoadMode mode)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path + ": cannot open session file");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad())
        throw InputError(path + ": cannot read session file");
    return load_session_text(text, path, mode);
}

} // namespace chitra
