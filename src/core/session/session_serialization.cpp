// Boost.Serialization of the session model (views, pipeline steps, displays, layout)
// and of the records of a session file (session_chunks.hpp): every class versioned,
// every value validated on loading, and the functions that turn one record into an XML
// archive and back.
#include "session/session_chunks.hpp"
#include "transforms/registry/step_record.hpp"

#include <boost/archive/archive_exception.hpp>
#include <boost/archive/xml_iarchive.hpp>
#include <boost/archive/xml_oarchive.hpp>
#include <boost/serialization/nvp.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/tracking.hpp>
#include <boost/serialization/version.hpp>

#include <array>
#include <charconv>
#include <cstring>
#include <map>
#include <sstream>

namespace chitra::session_detail {

struct StepBox {
    Step step;
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

template <class T> const boost::serialization::nvp<T> named(const char* name, T& value)
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

#define CHITRA_SESSION_CLASS(T, V)                                                                                     \
    BOOST_CLASS_VERSION(T, V)                                                                                          \
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
// Every kind of step is a class of its own in the archive, at its record version
// (transforms/registry/step_record.hpp).
namespace chitra::session_detail {
template <class T, class Variant> constexpr bool is_alternative = false;
template <class T, class... Kinds>
constexpr bool is_alternative<T, std::variant<Kinds...>> = (std::is_same_v<T, Kinds> || ...);
template <class T>
concept StepKind = is_alternative<T, Step>;
} // namespace chitra::session_detail
namespace boost::serialization {
template <chitra::session_detail::StepKind T> struct version<T> {
    using type = mpl::int_<chitra::session_version<T>()>;
    using tag = mpl::integral_c_tag;
    static constexpr int value = type::value;
};
template <chitra::session_detail::StepKind T> struct tracking_level<T> {
    using tag = mpl::integral_c_tag;
    using type = mpl::int_<track_never>;
    static constexpr int value = type::value;
};
} // namespace boost::serialization
// The TraceFileRef record versions that added the import choice (import_format,
// import_components, import_lane) and the lanes an entry shows (lanes).
namespace chitra::session_detail {
inline constexpr unsigned kTraceFileRefImportVersion = 2;
inline constexpr unsigned kTraceFileRefLanesVersion = 3;
inline constexpr unsigned kTraceFileRefSettingsVersion = 4;
inline constexpr unsigned kTraceFileRefStateLanesVersion = 5;
inline constexpr unsigned kTraceFileRefPoolVersion = 6;
} // namespace chitra::session_detail
// 2: the import choice; 3: lanes; 4: import settings; 5: the lanes that form the states;
// 6: the lanes the views analyse apart (pooled_lanes, pool_group)
CHITRA_SESSION_CLASS(chitra::TraceFileRef, 6)
CHITRA_SESSION_CLASS(chitra::DisplayPlacement, 1)
CHITRA_SESSION_CLASS(chitra::WindowLayout, 1)
CHITRA_SESSION_CLASS(chitra::EnsembleMemberRef, 1)
CHITRA_SESSION_CLASS(chitra::EnsembleState, 1)
CHITRA_SESSION_CLASS(chitra::session_detail::EnsembleChunk, 1)

namespace boost::serialization {

// ---- helpers: every value goes through these so that loading validates it ----

template <class A> constexpr bool saving = A::is_saving::value;

inline void check_count(std::uint64_t n, const char* what)
{
    if (n > chitra::session_detail::g_count_limit)
        throw FormatError(std::string("implausible number of ") + what + " (" + std::to_string(n) + ")");
}

// Boost does not refuse a record newer than this build knows (its check is compiled
// out), so every serialize() does.
template <class A, class T> void check_version(unsigned version)
{
    if (!saving<A> && version > boost::serialization::version<T>::value)
        throw FormatError("written by a newer Chitra (record version " + std::to_string(version) +
                          ", this build knows up to " + std::to_string(boost::serialization::version<T>::value) + ")");
}

// Doubles as shortest round-trip text: exact, and inf/nan survive.
template <class A> void io_double(A& ar, const char* name, double& v)
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

template <class A, class T> void io_optional(A& ar, const char* has_name, const char* name, std::optional<T>& v)
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

template <class A, class T> void io_seq(A& ar, const char* count_name, const char* item_name, std::vector<T>& v)
{
    io_seq(ar, count_name, item_name, v, [](A& a, const char* n, T& x) { a& named(n, x); });
}

template <class A, class K, class V> void io_map(A& ar, const char* count_name, std::map<K, V>& m)
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
        unsigned v = (value(s[i]) << 18) | (value(s[i + 1]) << 12) | (pad >= 2 ? 0 : value(s[i + 2]) << 6) |
                     (pad >= 1 ? 0 : value(s[i + 3]));
        out.push_back(static_cast<std::uint8_t>(v >> 16));
        if (pad < 2)
            out.push_back(static_cast<std::uint8_t>((v >> 8) & 255));
        if (pad < 1)
            out.push_back(static_cast<std::uint8_t>(v & 255));
    }
    return out;
}

template <class A> void io_bytes(A& ar, const char* name, std::vector<std::uint8_t>& v)
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

template <class A> void io_kind(A& ar, DisplayKind& kind)
{
    std::string s(to_string(kind));
    ar& named("kind", s);
    if constexpr (!saving<A>) {
        auto k = parse_display_kind(s);
        if (!k)
            throw FormatError("not a display kind '" + s.substr(0, 40) + "'");
        kind = *k;
    }
}

// ---- pipeline steps: op tag, then the step's own versioned record ----

// The fields a kind of step names in record(), in the archive.
template <class A> class ArchiveStepRecord final : public StepRecord {
public:
    ArchiveStepRecord(A& ar, unsigned version) : ar_(ar), version_(version) {}
    bool loading() const override { return !saving<A>; }
    unsigned version() const override { return version_; }
    void count(const char* name, std::size_t& value) override { ar_& named(name, value); }
    void integer(const char* name, std::int64_t& value) override { ar_& named(name, value); }
    void flag(const char* name, bool& value) override { ar_& named(name, value); }
    void text(const char* name, std::string& value) override { ar_& named(name, value); }
    void real(const char* name, double& value) override { io_double(ar_, name, value); }
    void optional_real(const char* has_name, const char* name, std::optional<double>& value) override
    {
        io_optional(ar_, has_name, name, value);
    }
    void texts(const char* count_name, const char* item_name, std::vector<std::string>& values) override
    {
        io_seq(ar_, count_name, item_name, values);
    }
    void counts(const char* count_name, const char* item_name, std::vector<std::size_t>& values) override
    {
        io_seq(ar_, count_name, item_name, values);
    }
    void text_map(const char* count_name, std::map<std::string, std::string>& values) override
    {
        io_map(ar_, count_name, values);
    }
    void check_count(std::uint64_t n, const char* what) override { boost::serialization::check_count(n, what); }

private:
    A& ar_;
    unsigned version_;
};

template <class A, StepKind T> void serialize(A& ar, T& step, unsigned version)
{
    check_version<A, T>(version);
    ArchiveStepRecord<A> record(ar, version);
    step.record(record);
}

template <class A> void serialize(A& ar, StepBox& box, unsigned version)
{
    check_version<A, StepBox>(version);
    std::string op(session_tag(box.step));
    ar& named("op", op);
    if constexpr (!saving<A>) {
        auto made = step_of_session_tag(op);
        if (!made)
            throw FormatError("unknown pipeline step op '" + op.substr(0, 40) + "' (written by a newer Chitra?)");
        box.step = std::move(*made);
    }
    std::visit([&ar](auto& s) { ar& named("step", s); }, box.step);
}

// ---- the model ----

template <class A> void serialize(A& ar, VisibleRange& r, unsigned version)
{
    check_version<A, VisibleRange>(version);
    io_double(ar, "x0", r.x0);
    io_double(ar, "x1", r.x1);
    io_double(ar, "y0", r.y0);
    io_double(ar, "y1", r.y1);
}
template <class A> void serialize(A& ar, DisplayOptions& o, unsigned version)
{
    check_version<A, DisplayOptions>(version);
    ar& named("density_bar", o.density_bar) & named("colour_map", o.colour_map);
    io_double(ar, "averaging_width_percent", o.averaging_width_percent);
    ar& named("chosen_state", o.chosen_state) & named("log_axis", o.log_axis);
    io_optional(ar, "has_sampling_interval", "sampling_interval", o.sampling_interval);
    ar& named("connectors", o.connectors);
    io_map(ar, "extra_count", o.extra);
}
template <class A> void serialize(A& ar, DisplayState& d, unsigned version)
{
    check_version<A, DisplayState>(version);
    ar& named("id", d.id);
    io_kind(ar, d.kind);
    ar& named("visible", d.visible);
    io_seq(ar, "zoom_count", "zoom", d.zoom_history);
    ar& named("options", d.options);
}
template <class A> void serialize(A& ar, RecordRange& r, unsigned version)
{
    check_version<A, RecordRange>(version);
    ar& named("begin", r.begin) & named("end", r.end);
    if (!saving<A> && r.end < r.begin)
        throw FormatError("selection range ends before it begins");
}
template <class A> void serialize(A& ar, PatternColour& p, unsigned version)
{
    check_version<A, PatternColour>(version);
    io_seq(ar, "symbol_count", "symbol", p.pattern);
    ar& named("argb", p.argb);
}
template <class A> void serialize(A& ar, Bookmark& b, unsigned version)
{
    check_version<A, Bookmark>(version);
    ar& named("name", b.name) & named("time", b.time);
}
template <class A> void serialize(A& ar, Note& n, unsigned version)
{
    check_version<A, Note>(version);
    ar& named("text", n.text);
    io_optional(ar, "has_time", "time", n.time);
    io_optional(ar, "has_record", "record", n.record);
}
// A pipeline: its steps, each boxed with its op tag (a view's and an ensemble's).
template <class A> void io_pipeline(A& ar, Pipeline& pipeline)
{
    io_seq(ar, "step_count", "step", pipeline.steps, [](A& a, const char* n, Step& s) {
        StepBox box{s};
        a& named(n, box);
        if constexpr (!saving<A>)
            s = std::move(box.step);
    });
}
template <class A> void serialize(A& ar, ViewState& v, unsigned version)
{
    check_version<A, ViewState>(version);
    ar& named("name", v.name);
    io_pipeline(ar, v.pipeline);
    io_seq(ar, "y_order_count", "state", v.y_order);
    io_seq(ar, "pattern_count", "pattern", v.pattern_colours);
    io_map(ar, "composite_colour_count", v.composite_colours);
    io_seq(ar, "selection_count", "range", v.selection);
    io_seq(ar, "bookmark_count", "bookmark", v.bookmarks);
    io_seq(ar, "note_count", "note", v.notes);
    io_seq(ar, "display_count", "display", v.displays);
}
template <class A> void serialize(A& ar, TraceFileRef& f, unsigned version)
{
    check_version<A, TraceFileRef>(version);
    ar& named("path_absolute", f.path_absolute) & named("path_relative", f.path_relative);
    ar& named("size", f.size) & named("mtime_ns", f.mtime_ns);
    ar& named("hash_kind", f.hash_kind) & named("content_hash", f.content_hash);
    // Older records have no import choice: they keep the defaults (detect, all lanes).
    if (version >= chitra::session_detail::kTraceFileRefImportVersion) {
        ar& named("import_format", f.import_format) & named("import_components", f.import_components);
        ar& named("import_lane", f.import_lane);
    }
    if (version >= chitra::session_detail::kTraceFileRefLanesVersion)
        io_seq(ar, "lane_count", "lane", f.lanes);
    else
        f.lanes.clear(); // written before entries could show some lanes: the whole trace
    // Older records were read with the importers' defaults, which is what these are.
    if (version >= chitra::session_detail::kTraceFileRefSettingsVersion) {
        ImportSettings& s = f.import_settings;
        ar& named("import_fields", s.fields) & named("import_time", s.time_column);
        io_seq(ar, "import_state_count", "import_state", s.state_columns);
        io_seq(ar, "import_field_count", "import_field", s.field_columns);
        ar& named("import_delimiter", s.delimiter) & named("import_time_unit", s.time_unit);
    } else {
        f.import_settings = {};
    }
    // Older records formed states from every chosen lane.
    if (version >= chitra::session_detail::kTraceFileRefStateLanesVersion)
        ar& named("import_state_lanes", f.import_state_lanes);
    else
        f.import_state_lanes.clear();
    // Older records analysed the joint states of the lanes shown.
    if (version >= chitra::session_detail::kTraceFileRefPoolVersion) {
        io_seq(ar, "pooled_lane_count", "pooled_lane", f.pooled_lanes);
        ar& named("pool_group", f.pool_group);
    } else {
        f.pooled_lanes.clear();
        f.pool_group = 0;
    }
}
template <class A> void serialize(A& ar, DisplayPlacement& p, unsigned version)
{
    check_version<A, DisplayPlacement>(version);
    ar& named("display_id", p.display_id) & named("area", p.area) & named("index", p.index);
}
template <class A> void serialize(A& ar, WindowLayout& l, unsigned version)
{
    check_version<A, WindowLayout>(version);
    io_bytes(ar, "main_window_geometry", l.main_window_geometry);
    io_bytes(ar, "dock_state", l.dock_state);
    io_seq(ar, "open_display_count", "placement", l.open_displays);
    ar& named("current_view", l.current_view);
}
template <class A> void serialize(A& ar, EnsembleMemberRef& m, unsigned version)
{
    check_version<A, EnsembleMemberRef>(version);
    ar& named("file", m.file);
    io_map(ar, "typed_count", m.typed);
}
template <class A> void serialize(A& ar, EnsembleState& e, unsigned version)
{
    check_version<A, EnsembleState>(version);
    io_seq(ar, "member_count", "member", e.members);
    ar& named("file_name_patterns", e.file_name_patterns);
    io_pipeline(ar, e.pipeline);
}

// ---- chunks and envelope ----

template <class A> void serialize(A& ar, TocFile& t, unsigned version)
{
    check_version<A, TocFile>(version);
    ar& named("path", t.path);
    io_seq(ar, "view_count", "view", t.views);
}
template <class A> void serialize(A& ar, Meta& m, unsigned version)
{
    check_version<A, Meta>(version);
    ar& named("format", m.format) & named("writer", m.writer);
    io_seq(ar, "file_count", "file", m.toc);
}
template <class A> void serialize(A& ar, FileChunk& c, unsigned version)
{
    check_version<A, FileChunk>(version);
    ar& named("index", c.index) & named("file", c.file);
}
template <class A> void serialize(A& ar, ViewChunk& c, unsigned version)
{
    check_version<A, ViewChunk>(version);
    ar& named("file_index", c.file_index) & named("view_index", c.view_index);
    ar& named("file_path", c.file_path) & named("view", c.view);
}
template <class A> void serialize(A& ar, EnsembleChunk& c, unsigned version)
{
    check_version<A, EnsembleChunk>(version);
    ar& named("index", c.index) & named("ensemble", c.ensemble);
}
template <class A> void serialize(A& ar, Chunk& c, unsigned version)
{
    check_version<A, Chunk>(version);
    ar& named("kind", c.kind) & named("label", c.label) & named("size", c.size);
    ar& named("checksum", c.checksum) & named("payload", c.payload);
}
template <class A> void serialize(A& ar, Envelope& e, unsigned version)
{
    check_version<A, Envelope>(version);
    ar& named("magic", e.magic);
    if (!saving<A> && e.magic != "chitra-session")
        throw FormatError("not a Chitra session (magic '" + e.magic.substr(0, 40) + "')");
    ar& named("format", e.format) & named("writer", e.writer);
    io_seq(ar, "chunk_count", "chunk", e.chunks);
}

} // namespace boost::serialization

namespace chitra::session_detail {

template <class T> std::string archive_text(const char* root, const T& value)
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
template <class T> void load_archive(std::string_view text, const char* root, T& value)
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

// The records a session file is made of (session_chunks.hpp).
template std::string archive_text(const char*, const Meta&);
template std::string archive_text(const char*, const FileChunk&);
template std::string archive_text(const char*, const ViewChunk&);
template std::string archive_text(const char*, const WindowLayout&);
template std::string archive_text(const char*, const EnsembleChunk&);
template std::string archive_text(const char*, const Envelope&);
template void load_archive(std::string_view, const char*, Meta&);
template void load_archive(std::string_view, const char*, FileChunk&);
template void load_archive(std::string_view, const char*, ViewChunk&);
template void load_archive(std::string_view, const char*, WindowLayout&);
template void load_archive(std::string_view, const char*, EnsembleChunk&);
template void load_archive(std::string_view, const char*, Envelope&);

} // namespace chitra::session_detail
