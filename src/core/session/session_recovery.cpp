// Reading a session file chunk by chunk, so that one damaged chunk costs only what it
// carries: each chunk's size and checksum are checked before it is loaded, what is lost
// is named from the table of contents, and when the envelope itself no longer parses
// the chunks are found in the raw text (docs/sessions.md "Damage and recovery").
#include "session/session_chunks.hpp"

#include <algorithm>
#include <set>

namespace chitra::session_detail {

namespace {

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

} // namespace

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

void Assembler::add(const Chunk& c)
{
    std::string what = c.label.empty() ? "a " + (c.kind.empty() ? std::string("part") : c.kind) + " record" : c.label;
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
        } else if (c.kind == "ensemble") {
            EnsembleChunk e;
            load_archive(c.payload, "ensemble", e);
            if (!ensembles.emplace(e.index, std::move(e.ensemble)).second)
                throw FormatError("ensemble " + std::to_string(e.index) + " appears twice");
        } else {
            throw FormatError("unknown record kind " + single_quoted(c.kind.substr(0, 40)));
        }
        ++loaded;
    } catch (const std::exception& e) {
        problems.push_back(what + ": " + describe(e));
    }
}

bool Assembler::reported(const std::string& label) const
{
    return std::any_of(problems.begin(), problems.end(),
                       [&](const std::string& p) { return p.rfind(label + ": ", 0) == 0; });
}

Session Assembler::build()
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
            problems.push_back("file " + ref.path_absolute + ": its record is lost; size and content hash are unknown");
            s.files.push_back(std::move(ref));
        }
        position[i] = s.files.size() - 1;
    }
    for (auto& [key, v] : views)
        s.files[position[key.first]].views.push_back(std::move(v.view));
    // Ensembles keep the members whose file came back, renumbered as the files are.
    for (auto& [index, e] : ensembles) {
        std::vector<EnsembleMemberRef> kept;
        for (EnsembleMemberRef& m : e.members)
            if (auto at = position.find(m.file); at != position.end()) {
                m.file = at->second;
                kept.push_back(std::move(m));
            }
        if (kept.size() < e.members.size())
            problems.push_back("ensemble " + std::to_string(index + 1) + ": " +
                               std::to_string(e.members.size() - kept.size()) +
                               " member(s) whose file record is lost were left out");
        e.members = std::move(kept);
        if (!e.members.empty())
            s.ensembles.push_back(std::move(e));
    }
    if (layout)
        s.layout = std::move(*layout);
    else if (meta)
        problems.push_back("window layout: lost or damaged; the default layout is used");

    // Name what the table of contents lists but nothing restored.
    if (meta) {
        for (std::uint64_t i = 0; i < meta->toc.size(); ++i) {
            const TocFile& t = meta->toc[i];
            if (!files.count(i) && !position.count(i))
                problems.push_back("file " + t.path + ": lost with its " + std::to_string(t.views.size()) + " view(s)");
            for (std::uint64_t v = 0; v < t.views.size(); ++v)
                if (!views.count({i, v}) && !reported(view_label(t.path, t.views[v])))
                    problems.push_back(view_label(t.path, t.views[v]) + ": lost or damaged");
        }
    }
    return s;
}

} // namespace chitra::session_detail
