// Format names, detection by content and the one entry point that reads any trace.
#include "chitra/io/import.hpp"
#include "chitra/io/io.hpp"
#include "io/import/importers.hpp"
#include "io/mapped_file.hpp"
#include "io/trace_readers.hpp"

#include <array>
#include <filesystem>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace chitra {

namespace {

constexpr std::array<std::pair<SourceFormat, std::string_view>, 9> kNames{{
    {SourceFormat::pes, "pes"},
    {SourceFormat::ctrace, "ctrace"},
    {SourceFormat::paje, "paje"},
    {SourceFormat::otf2, "otf2"},
    {SourceFormat::ctf, "ctf"},
    {SourceFormat::chrome, "chrome"},
    {SourceFormat::paraver, "paraver"},
    {SourceFormat::csv, "csv"},
    {SourceFormat::events, "events"},
}};

// The first bytes of a regular file (empty for a directory).
std::string file_head(const std::string& path)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        return {};
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f)
        throw InputError(path + ": cannot open: " + std::strerror(errno));
    std::string head(8192, '\0');
    head.resize(std::fread(head.data(), 1, head.size(), f));
    std::fclose(f);
    return head;
}

} // namespace

std::string_view to_string(SourceFormat format)
{
    for (const auto& [f, name] : kNames)
        if (f == format)
            return name;
    return "?";
}

std::optional<SourceFormat> parse_source_format(std::string_view name)
{
    for (const auto& [f, n] : kNames)
        if (n == name)
            return f;
    return std::nullopt;
}

const std::vector<SourceFormat>& all_source_formats()
{
    static const std::vector<SourceFormat> all = [] {
        std::vector<SourceFormat> v;
        for (const auto& [f, name] : kNames)
            v.push_back(f);
        return v;
    }();
    return all;
}

const Importer* importer_for(SourceFormat format)
{
    for (const Importer* i : importers())
        if (i->format() == format)
            return i;
    return nullptr;
}

SourceFormat detect_format(const std::string& path)
{
    const std::string head = file_head(path);
    if (has_binary_magic(head))
        return SourceFormat::ctrace;
    for (const Importer* i : importers())
        if (i->detect(path, head))
            return i->format();
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw InputError(path + ": a directory that holds no trace Chitra can read");
    return SourceFormat::pes;
}

bool reads_as_lanes(SourceFormat format, const std::string& path)
{
    return format != SourceFormat::pes && (format != SourceFormat::ctrace || binary_file_holds_lanes(path));
}

namespace {

LaneTrace read_binary_lanes(const std::string& path)
{
    return detail::parse_binary_lanes(*detail::MappedFile::open(path), path);
}

} // namespace

LaneTrace import_lanes(const std::string& path, const ImportOptions& options)
{
    const SourceFormat format = options.from ? *options.from : detect_format(path);
    if (format == SourceFormat::ctrace && binary_file_holds_lanes(path))
        return read_binary_lanes(path);
    const Importer* importer = importer_for(format);
    if (!importer)
        throw InputError(path + ": " + std::string(to_string(format)) +
                         (format == SourceFormat::pes || format == SourceFormat::ctrace
                              ? " is not a foreign format (it has no lanes to import)"
                              : " traces cannot be read yet"));
    LaneTrace lanes = importer->read(path, options);
    if (options.warnings)
        options.warnings->insert(options.warnings->end(), lanes.warnings.begin(), lanes.warnings.end());
    return lanes;
}

Trace load_trace(const std::string& path, const ImportOptions& options, SourceFormat* format)
{
    const SourceFormat f = options.from ? *options.from : detect_format(path);
    if (format)
        *format = f;
    if (f == SourceFormat::pes)
        return read_pes_file(path);
    if (!reads_as_lanes(f, path))
        return read_binary_file(path);
    ImportOptions o = options;
    o.from = f;
    return trace_from_lanes(std::make_shared<const LaneTrace>(import_lanes(path, o)), options.components, options.lane,
                            options.state_lanes);
}

UnnamedTrace load_unnamed_trace(const std::string& path, const ImportOptions& options, SourceFormat* format)
{
    const SourceFormat f = options.from ? *options.from : detect_format(path);
    if (format)
        *format = f;
    ImportOptions o = options;
    o.from = f;
    if (!reads_as_lanes(f, path) || options.lane != 0 || !options.state_lanes.empty()) {
        UnnamedTrace out;
        out.trace = load_trace(path, o);
        out.states = out.trace.symbols ? out.trace.symbols->size() : 0;
        return out;
    }
    const LaneTrace lanes = import_lanes(path, o);
    return to_unnamed_trace(lanes, choose_lanes(lanes, options.components));
}

Trace trace_from_lanes(std::shared_ptr<const LaneTrace> lanes, const LaneSelection& components, std::size_t lane,
                       const std::string& state_lanes)
{
    const std::vector<std::size_t> chosen = choose_lanes(*lanes, components);
    // Every lane in source order: the lanes are kept as they are, shared, not copied.
    bool every_lane = chosen.size() == lanes->lanes.size();
    for (std::size_t k = 0; every_lane && k < chosen.size(); ++k)
        every_lane = chosen[k] == k;
    Trace trace;
    std::vector<std::size_t> shown = chosen;
    if (lane == 0 && !state_lanes.empty()) {
        auto kept = every_lane ? lanes : std::make_shared<const LaneTrace>(select_lanes(*lanes, chosen));
        std::vector<std::size_t> all(chosen.size());
        for (std::size_t k = 0; k < all.size(); ++k)
            all[k] = k;
        trace = to_trace(*kept, choose_lanes(*kept, {state_lanes}), first_change(*kept, all));
        trace.lanes = std::move(kept);
        return trace;
    }
    if (lane == 0) {
        trace = to_trace(*lanes, chosen);
    } else {
        if (lane > chosen.size())
            throw InputError(lanes->source + ": lane " + std::to_string(lane) +
                             " of the chosen lanes does not exist (" + std::to_string(chosen.size()) + " chosen by '" +
                             components.spec + "')");
        // The origin of the chosen lanes together, so that the lanes opened one by one
        // share one time axis.
        trace = to_trace(*lanes, {chosen[lane - 1]}, first_change(*lanes, chosen));
        shown = {chosen[lane - 1]};
    }
    // The trace's lanes are its components, in its order: the lanes view draws them and
    // a projection numbers them so.
    trace.lanes = every_lane && shown == chosen ? std::move(lanes)
                                                : std::make_shared<const LaneTrace>(select_lanes(*lanes, shown));
    return trace;
}

} // namespace chitra
