// Internal: the records a session file is made of (docs/sessions.md "File format"), and
// what the three parts of the session file code share:
//   session_serialization.cpp  Boost.Serialization of the model and of these records
//   session_archive.cpp        the envelope: writing and reading a session file
//   session_recovery.cpp       assembling a session chunk by chunk, so that damage costs
//                              only the damaged part, and finding chunks in a damaged file
#pragma once

#include "chitra/session/session.hpp"

#include <cstddef>
#include <cstdint>
#include <exception>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace chitra::session_detail {

// Table of contents: lets recovery name the files and views it could not restore.
struct TocFile {
    std::string path;
    std::vector<std::string> views;
};
struct Meta {
    int format = kSessionFormatVersion;
    std::string writer;
    std::vector<TocFile> toc;
};
struct FileChunk {
    std::uint64_t index = 0;
    TraceFileRef file; // views travel in their own chunks
};
struct ViewChunk {
    std::uint64_t file_index = 0;
    std::uint64_t view_index = 0;
    std::string file_path; // lets a view survive the loss of its file's chunk
    ViewState view;
};
struct EnsembleChunk {
    std::uint64_t index = 0;
    EnsembleState ensemble;
};
struct Chunk {
    std::string kind;  // meta | file | view | layout | ensemble
    std::string label; // for messages only
    std::uint64_t size = 0;
    std::string checksum; // hex XXH3-64 of kind + '\n' + payload
    std::string payload;
};
struct Envelope {
    std::string magic = "chitra-session";
    int format = kSessionFormatVersion;
    std::string writer;
    std::vector<Chunk> chunks;
};

// Thrown by the serializers on values they refuse; caught per chunk.
struct FormatError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// ---- session_serialization.cpp ----

// The XML archive of `value` with root element `root`. Defined for Meta, FileChunk,
// ViewChunk, WindowLayout, EnsembleChunk and Envelope.
template <class T> std::string archive_text(const char* root, const T& value);

// Loads one archive written by archive_text, refusing damaged or foreign input with
// FormatError or a Boost archive_exception. Defined for the same types.
template <class T> void load_archive(std::string_view text, const char* root, T& value);

// One phrase for an exception thrown while loading a chunk or the envelope.
std::string describe(const std::exception& e);

// ---- session_archive.cpp ----

// Hex XXH3-64 of kind + '\n' + payload.
std::string chunk_checksum(const std::string& kind, const std::string& payload);

inline std::string single_quoted(const std::string& s) { return "'" + s + "'"; }

// How messages name a view: "view 'NAME' of FILE".
std::string view_label(const std::string& file, const std::string& view);

// ---- session_recovery.cpp ----

// Chunks found in the raw text, for an envelope that no longer parses.
std::vector<Chunk> scan_chunks(std::string_view text);

// Builds a session from chunks one at a time; a chunk that is damaged (size, checksum,
// content) is left out and named in `problems`.
struct Assembler {
    std::vector<std::string> problems;
    std::optional<Meta> meta;
    std::map<std::uint64_t, TraceFileRef> files;
    std::map<std::pair<std::uint64_t, std::uint64_t>, ViewChunk> views;
    std::optional<WindowLayout> layout;
    std::map<std::uint64_t, EnsembleState> ensembles;
    std::size_t loaded = 0;

    void add(const Chunk& c);
    // Whether a damaged record of this label was already reported.
    bool reported(const std::string& label) const;
    // The session of the chunks added; also names what the table of contents lists but
    // nothing restored.
    Session build();
};

} // namespace chitra::session_detail
