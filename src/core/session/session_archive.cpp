// Session files: a Boost.Serialization XML archive (the envelope) whose chunks are
// themselves complete XML archives, one for the header, one per file, one per view and
// one for the layout, each with its size and XXH3 checksum. One damaged view therefore
// costs that view only: recovery finds the chunks in the raw text even when the
// envelope itself no longer parses (docs/sessions.md "Damage and recovery").
#include "chitra/util/atomic_file.hpp"
#include "chitra/session/session_io.hpp"

#include <boost/archive/archive_exception.hpp>
#include <boost/archive/xml_iarchive.hpp>
#include <boost/archive/xml_oarchive.hpp>
#include <boost/serialization/nvp.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/tracking.hpp>
#include <boost/serialization/version.hpp>

#include <xxhash.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <map>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

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
struct Chunk {
    std::string kind;  // meta | file | view | layout
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
struct StepBox {
    Step step;
};

// Thrown by the serializers on values they refuse; caught per chunk.
struct FormatError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Boost's end-tag check compares the expected name over as many bytes as the tag read
// from the input has (a read past the name, found by the fuzzer). So every name lives
// in a zero-padded slot of kMaxTag + 1 bytes, and input with a longer end tag is
// refused before Boost parses it (check_tag_lengths).
constexpr std::size_t kMaxTag = 63;

inline const char* padded(const char* name)
{
    thread_local std::map<const char*, std::array<char, kMaxTag + 1>> slots; // names are literals
    auto [it, fresh] = slots.try_emplace(name);
    if (fresh) {
        it->second.fill('\0');
        std::strncpy(it->second.data(), name, kMaxTag);
    }
    return it->second.data();
}

template <class T>
const boost::serialization::nvp<T> named(const char* name, T& value)
{
    return boost::serialization::make_nvp(padded(name), value);
}

inline void check_tag_lengths(std::string_view text)
{
    for (std::size_t at = text.find("</"); at != std::string_view::npos; at = text.find("</", at + 2)) {
        std::size_t end = text.find_first_of("> \t\r\n<", at + 2);
        std::size_t length = (end == std::string_view::npos ? text.size() : end) - (at + 2);
        if (length > kMaxTag)
            throw FormatError("malformed XML (an end tag longer than " + std::to_string(kMaxTag) + " characters)");
    }
}

// Upper bound for any element count read back: set to the chunk's size before loading,
// so a damaged count can neither allocate wildly nor loop long.
thread_local std::uint64_t g_count_limit = 0;

} // namespace chitra::session_detail

using namespace chitra;
using namespace chitra::session_detail;

#define CHITRA_SESSION_CLASS(T, V)   \
    BOOST_CLASS_VERSION(T, V)        \
    BOOST_CLASS_TRACKING(T, boost::serialization::track_never)

// Every serialized class is versioned; bump a version when its fields change and keep
// reading the old layout (docs/sessions.md "Versioning").
CHITRA_SESSION_CLASS(chitra::session_detail::TocFile, 1)
CHITRA_SESSION_CLASS(chitra::session_detail::Meta, 1)
CHITRA_SESSION_CLASS(chitra::session_detail::FileChunk, 1)
CHITRA_SESSION_CLASS(chitra::session_detail::ViewChunk, 1)
CHITRA_SESSION_CLASS(chitra::session_detail::Chunk, 1)
CHITRA_SESSION_CLASS(chitra::session_detail::Envelope, 1)
CHITRA_SESSION_CLASS(chitra::session_detail::StepBox, 1)
CHITRA_SESSION_CLASS(chitra::VisibleRange, 1)
CHITRA_SESSION_CLASS(chitra::DisplayOptions, 1)
CHITRA_SESSION_CLASS(chitra::DisplayState, 1)
CHITRA_SESSION_CLASS(chitra::RecordRange, 1)
CHITRA_SESSION_CLASS(chitra::PatternColour, 1)
CHITRA_SESSION_CLASS(chitra::Bookmark, 1)
CHITRA_SESSION_CLASS(chitra::Note, 1)
CHITRA_SESSION_CLASS(chitra::ViewState, 1)
CHITRA_SESSION_CLASS(chitra::TraceFileRef, 1)
CHITRA_SESSION_CLASS(chitra::DisplayPlacement, 1)
CHITRA_SESSION_CLASS(chitra::WindowLayout, 1)
CHITRA_SESSION_CLASS(chitra::step::ClipCount, 1)
CHITRA_SESSION_CLASS(chitra::step::ClipTime, 1)
CHITRA_SESSION_CLASS(chitra::step::ClipEvent, 1)
CHITRA_SESSION_CLASS(chitra::step::Aggregate, 1)
CHITRA_SESSION_CLASS(chitra::step::Project, 1)
CHITRA_SESSION_CLASS(chitra::step::ProjectComponents, 1)
CHITRA_SESSION_CLASS(chitra::step::Rules, 1)
CHITRA_SESSION_CLASS(chitra::step::FilterTime, 1)
CHITRA_SESSION_CLASS(chitra::step::FilterEvent, 1)
CHITRA_SESSION_CLASS(chitra::step::FilterFrequency, 1)
CHITRA_SESSION_CLASS(chitra::step::Parallel, 1)
CHITRA_SESSION_CLASS(chitra::step::Exclude, 1)

namespace boost::serialization {


// ---- helpers: every value goes through these so that loading validates it ----

template <class A>
constexpr bool saving = A::is_saving::value;

inline void check_count(std::uint64_t n, const char* what)
{
    if (n > chitra::session_detail::g_count_limit)
        throw FormatError(std::string("implausible number of ") + what + " (" + std::to_string(n) + ")");
}

// Boost does not refuse a record newer than this build knows (its check is compiled
// out), so every serialize() does.
template <class A, class T>
void check_version(unsigned version)
{
    if (!saving<A> && version > boost::serialization::version<T>::value)
        throw FormatError("written by a newer Chitra (record version " + std::to_string(version)
                          + ", this build knows up to " + std::to_string(boost::serialization::version<T>::value) + ")");
}

// Doubles as shortest round-trip text: exact, and inf/nan survive.
template <class A>
void io_double(A& ar, const char* name, double& v)
{
    if constexpr (saving<A>) {
        char buf[64];
        auto r = std::to_chars(buf, buf + sizeof buf, v);
        std::string s(buf, r.ptr);
        ar& named(name, s);
    } else {
        std::string s;
        ar& named(name, s);
        auto r = std::from_chars(s.data(), s.data() + s.size(), v);
        if (r.ec != std::errc() || r.ptr != s.data() + s.size())
            throw FormatError(std::string("bad number '") + s.substr(0, 40) + "' in <" + name + ">");
    }
}

template <class A, class T>
void io_optional(A& ar, const char* has_name, const char* name, std::optional<T>& v)
{
    bool has = v.has_value();
    ar& named(has_name, has);
    if (!has) {
        v.reset();
        return;
    }
    if constexpr (saving<A>) {
        T copy = *v;
        if constexpr (std::is_same_v<T, double>)
            io_double(ar, name, copy);
        else
            ar& named(name, copy);
    } else {
        T value{};
        if constexpr (std::is_same_v<T, double>)
            io_double(ar, name, value);
        else
            ar& named(name, value);
        v = value;
    }
}

// A sequence as "<NAME_count>" followed by one "<NAME>" per element.
template <class A, class T, class Item>
void io_seq(A& ar, const char* count_name, const char* item_name, std::vector<T>& v, Item item)
{
    std::uint64_t n = v.size();
    ar& named(count_name, n);
    if constexpr (saving<A>) {
        for (auto& x : v)
            item(ar, item_name, x);
    } else {
        check_count(n, item_name);
        v.clear();
        for (std::uint64_t i = 0; i < n; ++i) {
            T x{};
            item(ar, item_name, x);
            v.push_back(std::move(x));
        }
    }
}

template <class A, class T>
void io_seq(A& ar, const char* count_name, const char* item_name, std::vector<T>& v)
{
    io_seq(ar, count_name, item_name, v, [](A& a, const char* n, T& x) { a& named(n, x); });
}

template <class A, class K, class V>
void io_map(A& ar, const char* count_name, std::map<K, V>& m)
{
    std::uint64_t n = m.size();
    ar& named(count_name, n);
    if constexpr (saving<A>) {
        for (auto& [k, v] : m) {
            K key = k;
            ar& named("key", key);
            ar& named("value", v);
        }
    } else {
        check_count(n, "map entries");
        m.clear();
        for (std::uint64_t i = 0; i < n; ++i) {
            K key{};
            V value{};
            ar& named("key", key);
            ar& named("value", value);
            if (!m.emplace(std::move(key), std::move(value)).second)
                throw FormatError(std::string("duplicate key in <") + count_name + ">");
        }
    }
}

// Bytes as base64 so that any window-state blob stays valid XML text.
constexpr char kB64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

inline std::string to_base64(const std::vector<std::uint8_t>& in)
{
    std::string out;
    std::size_t i = 0;
    for (; i + 2 < in.size(); i += 3) {
        unsigned v = (in[i] << 16) | (in[i + 1] << 8) | in[i + 2];
        out += kB64[v >> 18];
        out += kB64[(v >> 12) & 63];
        out += kB64[(v >> 6) & 63];
        out += kB64[v & 63];
    }
    if (i + 1 == in.size()) {
        unsigned v = in[i] << 16;
        out += kB64[v >> 18];
        out += kB64[(v >> 12) & 63];
        out += "==";
    } else if (i + 2 == in.size()) {
        unsigned v = (in[i] << 16) | (in[i + 1] << 8);
        out += kB64[v >> 18];
        out += kB64[(v >> 12) & 63];
        out += kB64[(v >> 6) & 63];
        out += '=';
    }
    return out;
}

inline std::vector<std::uint8_t> from_base64(const std::string& s, const char* name)
{
    auto value = [&](char c) -> unsigned {
        if (const char* p = std::char_traits<char>::find(kB64, 64, c))
            return static_cast<unsigned>(p - kB64);
        throw FormatError(std::string("bad base64 in <") + name + ">");
    };
    if (s.size() % 4 != 0)
        throw FormatError(std::string("bad base64 length in <") + name + ">");
    std::vector<std::uint8_t> out;
    for (std::size_t i = 0; i < s.size(); i += 4) {
        bool last = i + 4 == s.size();
        int pad = last ? (s[i + 3] == '=') + (s[i + 2] == '=') : 0;
        if (pad == 1 && s[i + 2] == '=')
            throw FormatError(std::string("bad base64 in <") + name + ">");
        unsigned v = (value(s[i]) << 18) | (value(s[i + 1]) << 12)
                   | (pad >= 2 ? 0 : value(s[i + 2]) << 6) | (pad >= 1 ? 0 : value(s[i + 3]));
        out.push_back(static_cast<std::uint8_t>(v >> 16));
        if (pad < 2)
            out.push_back(static_cast<std::uint8_t>((v >> 8) & 255));
        if (pad < 1)
            out.push_back(static_cast<std::uint8_t>(v & 255));
    }
    return out;
}

template <class A>
void io_bytes(A& ar, const char* name, std::vector<std::uint8_t>& v)
{
    if constexpr (saving<A>) {
        std::string s = to_base64(v);
        ar& named(name, s);
    } else {
        std::string s;
        ar& named(name, s);
        v = from_base64(s, name);
    }
}

template <class A>
void io_kind(A& ar, DisplayKind& kind)
{
    std::string s(to_string(kind));
    ar& named("kind", s);
    if constexpr (!saving<A>) {
        auto k = parse_display_kind(s);
        if (!k)
            throw FormatError("unknown display kind '" + s.substr(0, 40) + "'");
        kind = *k;
    }
}

// ---- pipeline steps: op tag, then the step's own versioned record ----

template <class A> void serialize(A& ar, step::ClipCount& s, unsigned version) { check_version<A, step::ClipCount>(version); ar& named("head", s.head) & named("tail", s.tail); }
template <class A> void serialize(A& ar, step::ClipTime& s, unsigned version) { check_version<A, step::ClipTime>(version); ar& named("t0", s.t0) & named("t1", s.t1); }
template <class A> void serialize(A& ar, step::ClipEvent& s, unsigned version) { check_version<A, step::ClipEvent>(version); ar& named("i0", s.i0) & named("i1", s.i1); }
template <class A> void serialize(A& ar, step::Aggregate& s, unsigned version)
{ check_version<A, step::Aggregate>(version);
    io_seq(ar, "pattern_count", "symbol", s.pattern);
    ar& named("as", s.as);
}
template <class A> void serialize(A& ar, step::Project& s, unsigned version)
{ check_version<A, step::Project>(version);
    io_seq(ar, "state_count", "state", s.states);
    ar& named("as", s.as);
}
template <class A> void serialize(A& ar, step::ProjectComponents& s, unsigned version)
{ check_version<A, step::ProjectComponents>(version);
    std::uint64_t n = s.map.size();
    ar& named("component_count", n);
    if constexpr (saving<A>) {
        for (auto& [component, mapping] : s.map) {
            std::string key = component;
            ar& named("component", key);
            io_map(ar, "mapping_count", mapping);
        }
    } else {
        check_count(n, "components");
        s.map.clear();
        for (std::uint64_t i = 0; i < n; ++i) {
            std::string key;
            std::map<std::string, std::string> mapping;
            ar& named("component", key);
            io_map(ar, "mapping_count", mapping);
            s.map[key] = std::move(mapping);
        }
    }
    io_seq(ar, "drop_count", "drop", s.drop);
}
template <class A> void serialize(A& ar, step::Rules& s, unsigned version) { check_version<A, step::Rules>(version); ar& named("file", s.file) & named("text", s.text); }
template <class A> void serialize(A& ar, step::FilterTime& s, unsigned version) { check_version<A, step::FilterTime>(version); io_double(ar, "below", s.below); }
template <class A> void serialize(A& ar, step::FilterEvent& s, unsigned version)
{ check_version<A, step::FilterEvent>(version);
    io_optional(ar, "has_below", "below", s.below);
    io_optional(ar, "has_below_fraction", "below_fraction", s.below_fraction);
}
template <class A> void serialize(A& ar, step::FilterFrequency& s, unsigned version)
{ check_version<A, step::FilterFrequency>(version);
    io_double(ar, "f0", s.f0);
    io_double(ar, "f1", s.f1);
    ar& named("event_domain", s.event_domain);
    io_optional(ar, "has_interval", "interval", s.interval);
}
template <class A> void serialize(A& ar, step::Parallel& s, unsigned version)
{ check_version<A, step::Parallel>(version);
    ar& named("from", s.from) & named("to", s.to) & named("as", s.as);
}
template <class A> void serialize(A& ar, step::Exclude& s, unsigned version) { check_version<A, step::Exclude>(version); io_seq(ar, "state_count", "state", s.states); }

// Stable op tags, tied to the types (not to their order in the variant): never reuse
// or rename one, old sessions name them.
constexpr const char* step_tag(const step::ClipCount&) { return "clip_count"; }
constexpr const char* step_tag(const step::ClipTime&) { return "clip_time"; }
constexpr const char* step_tag(const step::ClipEvent&) { return "clip_event"; }
constexpr const char* step_tag(const step::Aggregate&) { return "aggregate"; }
constexpr const char* step_tag(const step::Project&) { return "project"; }
constexpr const char* step_tag(const step::ProjectComponents&) { return "project_components"; }
constexpr const char* step_tag(const step::Rules&) { return "rules"; }
constexpr const char* step_tag(const step::FilterTime&) { return "filter_time"; }
constexpr const char* step_tag(const step::FilterEvent&) { return "filter_event"; }
constexpr const char* step_tag(const step::FilterFrequency&) { return "filter_frequency"; }
constexpr const char* step_tag(const step::Parallel&) { return "parallel"; }
constexpr const char* step_tag(const step::Exclude&) { return "exclude"; }

template <std::size_t I = 0>
std::optional<Step> make_step(const std::string& tag)
{
    if constexpr (I < std::variant_size_v<Step>) {
        using T = std::variant_alternative_t<I, Step>;
        if (tag == step_tag(T{}))
            return Step(T{});
        return make_step<I + 1>(tag);
    } else {
        return std::nullopt;
    }
}

template <class A> void serialize(A& ar, StepBox& box, unsigned version)
{ check_version<A, StepBox>(version);
    std::string op = std::visit([](const auto& s) { return std::string(step_tag(s)); }, box.step);
    ar& named("op", op);
    if constexpr (!saving<A>) {
        auto made = make_step(op);
        if (!made)
            throw FormatError("unknown pipeline step op '" + op.substr(0, 40)
                              + "' (written by a newer Chitra?)");
        box.step = std::move(*made);
    }
    std::visit([&ar](auto& s) { ar& named("step", s); }, box.step);
}

// ---- the model ----

template <class A> void serialize(A& ar, VisibleRange& r, unsigned version)
{ check_version<A, VisibleRange>(version);
    io_double(ar, "x0", r.x0);
    io_double(ar, "x1", r.x1);
    io_double(ar, "y0", r.y0);
    io_double(ar, "y1", r.y1);
}
template <class A> void serialize(A& ar, DisplayOptions& o, unsigned version)
{ check_version<A, DisplayOptions>(version);
    ar& named("density_bar", o.density_bar) & named("colour_map", o.colour_map);
    io_double(ar, "averaging_width_percent", o.averaging_width_percent);
    ar& named("chosen_state", o.chosen_state) & named("log_axis", o.log_axis);
    io_optional(ar, "has_sampling_interval", "sampling_interval", o.sampling_interval);
    ar& named("connectors", o.connectors);
    io_map(ar, "extra_count", o.extra);
}
template <class A> void serialize(A& ar, DisplayState& d, unsigned version)
{ check_version<A, DisplayState>(version);
    ar& named("id", d.id);
    io_kind(ar, d.kind);
    ar& named("visible", d.visible);
    io_seq(ar, "zoom_count", "zoom", d.zoom_history);
    ar& named("options", d.options);
}
template <class A> void serialize(A& ar, RecordRange& r, unsigned version)
{ check_version<A, RecordRange>(version);
    ar& named("begin", r.begin) & named("end", r.end);
    if (!saving<A> && r.end < r.begin)
        throw FormatError("selection range ends before it begins");
}
template <class A> void serialize(A& ar, PatternColour& p, unsigned version)
{ check_version<A, PatternColour>(version);
    io_seq(ar, "symbol_count", "symbol", p.pattern);
    ar& named("argb", p.argb);
}
template <class A> void serialize(A& ar, Bookmark& b, unsigned version) { check_version<A, Bookmark>(version); ar& named("name", b.name) & named("time", b.time); }
template <class A> void serialize(A& ar, Note& n, unsigned version)
{ check_version<A, Note>(version);
    ar& named("text", n.text);
    io_optional(ar, "has_time", "time", n.time);
    io_optional(ar, "has_record", "record", n.record);
}
template <class A> void serialize(A& ar, ViewState& v, unsigned version)
{ check_version<A, ViewState>(version);
    ar& named("name", v.name);
    io_seq(ar, "step_count", "step", v.pipeline.steps, [](A& a, const char* n, Step& s) {
        StepBox box{s};
        a& named(n, box);
        if constexpr (!saving<A>)
            s = std::move(box.step);
    });
    io_seq(ar, "y_order_count", "state", v.y_order);
    io_seq(ar, "pattern_count", "pattern", v.pattern_colours);
    io_map(ar, "composite_colour_count", v.composite_colours);
    io_seq(ar, "selection_count", "range", v.selection);
    io_seq(ar, "bookmark_count", "bookmark", v.bookmarks);
    io_seq(ar, "note_count", "note", v.notes);
    io_seq(ar, "display_count", "display", v.displays);
}
template <class A> void serialize(A& ar, TraceFileRef& f, unsigned version)
{ check_version<A, TraceFileRef>(version);
    ar& named("path_absolute", f.path_absolute) & named("path_relative", f.path_relative);
    ar& named("size", f.size) & named("mtime_ns", f.mtime_ns);
    ar& named("hash_kind", f.hash_kind) & named("content_hash", f.content_hash);
}
template <class A> void serialize(A& ar, DisplayPlacement& p, unsigned version)
{ check_version<A, DisplayPlacement>(version);
    ar& named("display_id", p.display_id) & named("area", p.area) & named("index", p.index);
}
template <class A> void serialize(A& ar, WindowLayout& l, unsigned version)
{ check_version<A, WindowLayout>(version);
    io_bytes(ar, "main_window_geometry", l.main_window_geometry);
    io_bytes(ar, "dock_state", l.dock_state);
    io_seq(ar, "open_display_count", "placement", l.open_displays);
    ar& named("current_view", l.current_view);
}

// ---- chunks and envelope ----

template <class A> void serialize(A& ar, TocFile& t, unsigned version)
{ check_version<A, TocFile>(version);
    ar& named("path", t.path);
    io_seq(ar, "view_count", "view", t.views);
}
template <class A> void serialize(A& ar, Meta& m, unsigned version)
{ check_version<A, Meta>(version);
    ar& named("format", m.format) & named("writer", m.writer);
    io_seq(ar, "file_count", "file", m.toc);
}
template <class A> void serialize(A& ar, FileChunk& c, unsigned version)
{ check_version<A, FileChunk>(version);
    ar& named("index", c.index) & named("file", c.file);
}
template <class A> void serialize(A& ar, ViewChunk& c, unsigned version)
{ check_version<A, ViewChunk>(version);
    ar& named("file_index", c.file_index) & named("view_index", c.view_index);
    ar& named("file_path", c.file_path) & named("view", c.view);
}
template <class A> void serialize(A& ar, Chunk& c, unsigned version)
{ check_version<A, Chunk>(version);
    ar& named("kind", c.kind) & named("label", c.label) & named("size", c.size);
    ar& named("checksum", c.checksum) & named("payload", c.payload);
}
template <class A> void serialize(A& ar, Envelope& e, unsigned version)
{ check_version<A, Envelope>(version);
    ar& named("magic", e.magic);
    if (!saving<A> && e.magic != "chitra-session")
        throw FormatError("not a Chitra session (magic '" + e.magic.substr(0, 40) + "')");
    ar& named("format", e.format) & named("writer", e.writer);
    io_seq(ar, "chunk_count", "chunk", e.chunks);
}

} // namespace boost::serialization

namespace chitra {

namespace {

std::string hex64(std::uint64_t v)
{
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

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

template <class T>
std::string archive_text(const char* root, const T& value)
{
    std::ostringstream out;
    {
        boost::archive::xml_oarchive ar(out);
        T copy = value; // serialize() takes non-const references
        ar << named(root, copy);
    }
    return out.str();
}

// Loads one archive. The archive's destructor parses the closing tag and would throw
// from a destructor (std::terminate) on truncated input, so the tail is checked here and
// the stream is failed before the archive goes out of scope.
template <class T>
void load_archive(std::string_view text, const char* root, T& value)
{
    g_count_limit = text.size();
    std::istringstream in{std::string(text)};
    auto finish = [&in] { in.setstate(std::ios::failbit); };
    try {
        check_tag_lengths(text);
        boost::archive::xml_iarchive ar(in);
        ar >> named(root, value);
        std::string rest((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        std::size_t a = rest.find_first_not_of(" \t\r\n");
        std::size_t b = rest.find_last_not_of(" \t\r\n");
        bool closed = a != std::string::npos && rest.compare(a, b + 1 - a, "</boost_serialization>") == 0;
        finish();
        if (!closed)
            throw FormatError(a == std::string::npos ? "truncated (no closing tag)"
                                                     : "unexpected text after the session data");
    } catch (...) {
        finish();
        throw;
    }
}

std::string describe(const std::exception& e)
{
    if (auto* f = dynamic_cast<const FormatError*>(&e))
        return f->what();
    if (auto* a = dynamic_cast<const boost::archive::archive_exception*>(&e)) {
        switch (a->code) {
        case boost::archive::archive_exception::unsupported_class_version:
            return "written by a newer Chitra (unsupported record version)";
        case boost::archive::archive_exception::unsupported_version:
            return "written by a newer archive library version";
        case boost::archive::archive_exception::invalid_signature:
            return "not a Boost XML archive";
        case boost::archive::archive_exception::input_stream_error:
            return "truncated or unreadable XML";
        default:
            return std::string("malformed XML archive (") + a->what() + ")";
        }
    }
    if (dynamic_cast<const std::bad_alloc*>(&e))
        return "implausible size (out of memory)";
    return std::string("malformed (") + e.what() + ")";
}

std::string quoted(const std::string& s) { return "'" + s + "'"; }

std::string view_label(const std::string& file, const std::string& view)
{
    return "view " + quoted(view) + " of " + file;
}

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

// Finds "<TAG>" ... "</TAG>" starting at `from`; returns the content and moves `from`.
std::optional<std::string> next_element(std::string_view text, const std::string& tag, std::size_t& from,
                                        std::size_t limit = std::string_view::npos)
{
    std::string open = "<" + tag + ">", close = "</" + tag + ">";
    std::size_t a = text.find(open, from);
    if (a == std::string_view::npos || a >= limit)
        return std::nullopt;
    std::size_t b = text.find(close, a + open.size());
    if (b == std::string_view::npos)
        return std::nullopt;
    from = b + close.size();
    return std::string(text.substr(a + open.size(), b - a - open.size()));
}

// Reverses Boost's xml_escape (the only entities it writes).
std::optional<std::string> xml_unescape(const std::string& s)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '&') {
            out += s[i];
            continue;
        }
        static const std::pair<std::string_view, char> kEntities[] = {
            {"&lt;", '<'}, {"&gt;", '>'}, {"&amp;", '&'}, {"&quot;", '"'}, {"&apos;", '\''}};
        bool ok = false;
        for (auto& [entity, c] : kEntities)
            if (std::string_view(s).substr(i, entity.size()) == entity) {
                out += c;
                i += entity.size() - 1;
                ok = true;
                break;
            }
        if (!ok)
            return std::nullopt;
    }
    return out;
}

// Chunks found in the raw text, for an envelope that no longer parses.
std::vector<Chunk> scan_chunks(std::string_view text)
{
    std::vector<Chunk> chunks;
    std::size_t pos = 0;
    while (true) {
        std::size_t payload_at = text.find("<payload>", pos);
        if (payload_at == std::string_view::npos)
            break;
        Chunk c;
        std::size_t p = pos;
        if (auto kind = next_element(text, "kind", p, payload_at))
            c.kind = xml_unescape(*kind).value_or("");
        if (auto label = next_element(text, "label", p, payload_at))
            c.label = xml_unescape(*label).value_or("");
        if (auto checksum = next_element(text, "checksum", p, payload_at))
            c.checksum = *checksum;
        std::size_t q = payload_at;
        auto payload = next_element(text, "payload", q);
        if (!payload) { // truncated inside this payload: nothing after it
            c.size = 1; // mark as lost; reported by the caller through the table of contents
            break;
        }
        c.payload = xml_unescape(*payload).value_or("");
        c.size = c.payload.size();
        chunks.push_back(std::move(c));
        pos = q;
    }
    return chunks;
}

struct Assembler {
    std::vector<std::string> problems;
    std::optional<Meta> meta;
    std::map<std::uint64_t, TraceFileRef> files;
    std::map<std::pair<std::uint64_t, std::uint64_t>, ViewChunk> views;
    std::optional<WindowLayout> layout;
    std::size_t loaded = 0;

    void add(const Chunk& c)
    {
        std::string what = c.label.empty() ? "a " + (c.kind.empty() ? std::string("part") : c.kind) + " record"
                                           : c.label;
        if (c.payload.size() != c.size) {
            problems.push_back(what + ": size mismatch (damaged)");
            return;
        }
        if (chunk_checksum(c.kind, c.payload) != c.checksum) {
            problems.push_back(what + ": checksum mismatch (damaged)");
            return;
        }
        try {
            if (c.kind == "meta") {
                Meta m;
                load_archive(c.payload, "meta", m);
                meta = std::move(m);
            } else if (c.kind == "file") {
                FileChunk f;
                load_archive(c.payload, "file", f);
                if (!files.emplace(f.index, std::move(f.file)).second)
                    throw FormatError("file index " + std::to_string(f.index) + " appears twice");
            } else if (c.kind == "view") {
                ViewChunk v;
                load_archive(c.payload, "view", v);
                auto key = std::make_pair(v.file_index, v.view_index);
                if (!views.emplace(key, std::move(v)).second)
                    throw FormatError("view recorded twice");
            } else if (c.kind == "layout") {
                WindowLayout l;
                load_archive(c.payload, "layout", l);
                layout = std::move(l);
            } else {
                throw FormatError("unknown record kind " + quoted(c.kind.substr(0, 40)));
            }
            ++loaded;
        } catch (const std::exception& e) {
            problems.push_back(what + ": " + describe(e));
        }
    }

    // Whether a damaged record of this label was already reported.
    bool reported(const std::string& label) const
    {
        return std::any_of(problems.begin(), problems.end(),
                           [&](const std::string& p) { return p.rfind(label + ": ", 0) == 0; });
    }

    Session build()
    {
        Session s;
        if (meta) {
            s.format_version = meta->format;
            s.writer = meta->writer;
        } else {
            problems.push_back("session header: lost or damaged (format version unknown)");
        }
        // Files in index order; views of a file whose own record is lost keep the path
        // their view records carry, with size and hash unknown.
        std::set<std::uint64_t> indices;
        for (auto& [i, f] : files)
            indices.insert(i);
        for (auto& [key, v] : views)
            indices.insert(key.first);
        std::map<std::uint64_t, std::size_t> position;
        for (std::uint64_t i : indices) {
            auto it = files.find(i);
            if (it != files.end()) {
                s.files.push_back(it->second);
            } else {
                TraceFileRef ref;
                for (auto& [key, v] : views)
                    if (key.first == i)
                        ref.path_absolute = v.file_path;
                problems.push_back("file " + ref.path_absolute
                                   + ": its record is lost; size and content hash are unknown");
                s.files.push_back(std::move(ref));
            }
            position[i] = s.files.size() - 1;
        }
        for (auto& [key, v] : views)
            s.files[position[key.first]].views.push_back(std::move(v.view));
        if (layout)
            s.layout = std::move(*layout);
        else if (meta)
            problems.push_back("window layout: lost or damaged; the default layout is used");

        // Name what the table of contents lists but nothing restored.
        if (meta) {
            for (std::uint64_t i = 0; i < meta->toc.size(); ++i) {
                const TocFile& t = meta->toc[i];
                if (!files.count(i) && !position.count(i))
                    problems.push_back("file " + t.path + ": lost with its " + std::to_string(t.views.size())
                                       + " view(s)");
                for (std::uint64_t v = 0; v < t.views.size(); ++v)
                    if (!views.count({i, v}) && !reported(view_label(t.path, t.views[v])))
                        problems.push_back(view_label(t.path, t.views[v]) + ": lost or damaged");
            }
        }
        return s;
    }
};

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
    return archive_text("session", env);
}

void save_session(const std::string& path, const Session& session)
{
    std::string dir = std::filesystem::absolute(path).parent_path().string();
    write_file_atomically(path, session_to_text(session, dir));
}

LoadedSession load_session_text(std::string_view text, const std::string& source, LoadMode mode)
{
    auto fail = [&source](const std::string& why) { return InputError(source + ": " + why); };
    constexpr std::size_t kMaxSession = std::size_t(1) << 30;
    if (text.size() > kMaxSession)
        throw fail("too large for a session file (" + std::to_string(text.size()) + " bytes)");
    if (text.find("<boost_serialization") == std::string_view::npos || text.find("chitra-session") == std::string_view::npos)
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
        throw fail("written in session format " + std::to_string(env.format)
                   + " by a newer Chitra; this build reads formats up to "
                   + std::to_string(kSessionFormatVersion));
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
