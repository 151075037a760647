// The CTF importer (interfaces.md "Foreign trace formats", docs/formats.md "CTF (LTTng)"):
// the trace directory goes through babeltrace2 (ctf_graph.hpp), its events, merged by
// time, become lanes (ctf_event_reader.hpp). The files babeltrace2 trips on are checked
// first (ctf_metadata_check.hpp, ctf_lttng_index.hpp) and the decoding runs in a child
// process (io/import/contained_read.hpp), so that a damaged trace is an InputError.
#include "io/ctf/ctf_event_reader.hpp"
#include "io/ctf/ctf_graph.hpp"
#include "io/ctf/ctf_lttng_index.hpp"
#include "io/ctf/ctf_metadata_check.hpp"
#include "io/import/contained_read.hpp"
#include "io/import/importers.hpp"

#include "chitra/util/cancel.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>

namespace chitra {

namespace {

using namespace detail;
namespace fs = std::filesystem;

// A CTF metadata file: text (`/* CTF 1.8`) or packetized (magic 0x75D11D57, either byte order).
bool is_ctf_metadata(const fs::path& file)
{
    std::ifstream in(file, std::ios::binary);
    std::array<char, 6> head{};
    in.read(head.data(), head.size());
    const std::string_view h(head.data(), static_cast<std::size_t>(in.gcount()));
    return h.starts_with("/* CTF") || h.starts_with("\x57\x1D\xD1\x75") || h.starts_with("\x75\xD1\x1D\x57");
}

// The directories below `dir` (itself included) that hold a CTF `metadata` file, sorted;
// stops at the first when `first_only`.
std::vector<std::string> ctf_traces(const fs::path& dir, bool first_only)
{
    std::vector<std::string> out;
    std::error_code ec;
    if (fs::is_regular_file(dir / "metadata", ec) && is_ctf_metadata(dir / "metadata"))
        out.push_back(dir.string());
    for (fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end && !(first_only && !out.empty()); it.increment(ec))
        if (it->path().filename() == "metadata" && it->path().parent_path() != dir && it->is_regular_file(ec) &&
            is_ctf_metadata(it->path()))
            out.push_back(it->path().parent_path().string());
    std::sort(out.begin(), out.end());
    return out;
}

// Bytes of all the files below `dir`: progress is estimated from it.
std::uintmax_t trace_bytes(const fs::path& dir)
{
    std::uintmax_t total = 0;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_regular_file(ec))
            total += it->file_size(ec);
    return total;
}

std::optional<std::regex> fields_pattern(const std::string& spec)
{
    if (spec.empty())
        return std::nullopt;
    std::string p = spec;
    if (p.size() >= 2 && p.front() == '/' && p.back() == '/')
        p = p.substr(1, p.size() - 2);
    try {
        return std::regex(p, std::regex::ECMAScript);
    } catch (const std::regex_error& e) {
        throw InputError("--fields: not a regular expression: " + spec);
    }
}

class CtfImporter final : public Importer {
public:
    SourceFormat format() const override { return SourceFormat::ctf; }

    bool detect(const std::string& path, std::string_view) const override
    {
        std::error_code ec;
        if (fs::is_directory(path, ec))
            return !ctf_traces(path, true).empty();
        return fs::path(path).filename() == "metadata" && is_ctf_metadata(path);
    }

    LaneTrace read(const std::string& given, const ImportOptions& options) const override
    {
        // A trace's `metadata` file stands for its directory (file dialogs pick files).
        const std::string path = fs::path(given).filename() == "metadata" && fs::is_regular_file(given)
                                     ? fs::path(given).parent_path().string()
                                     : given;
        std::error_code ec;
        if (!fs::is_directory(path, ec))
            throw InputError(path + ": not a directory; a CTF trace is read from its directory (the one holding "
                                    "`metadata`, or any folder above)");
        const std::optional<std::regex> fields = fields_pattern(options.fields);
        const std::vector<std::string> traces = ctf_traces(path, false);
        if (traces.empty())
            throw InputError(path + ": no CTF `metadata` file below this directory");
        // What babeltrace2 would abort or spin on is refused here, with the file named;
        // what these checks cannot see is contained by decoding in a child process.
        for (const std::string& trace : traces) {
            check_ctf_metadata(trace);
            check_lttng_indexes(trace);
        }
        load_ctf_plugins(); // in this process: a child should only decode
        const ContainedRead contained{path, "the CTF decoder (babeltrace2)"};
        return read_contained(contained, options,
                              [&](const ImportOptions& o) { return decode(path, traces, fields, o); });
    }

private:
    static LaneTrace decode(const std::string& path, const std::vector<std::string>& traces,
                            const std::optional<std::regex>& fields, const ImportOptions& options)
    {
        CtfEventReader reader(path, fields);
        CtfGraph graph(path, traces, [&](const bt_message* m) { reader.on_message(m); });
        // Progress by events read against the bytes of the trace, about 32 bytes an event
        // in LTTng's traces (there is no cheaper measure of how much has been decoded).
        // Reported only when events were read: the watchdog of the contained read takes
        // a decoder that reads none for long as stuck.
        const double expected = std::max(1.0, static_cast<double>(trace_bytes(path)) / 32.0);
        std::uint64_t batches = 0, reported = 0;
        try {
            graph.run([&] {
                if (batches++ % 64 != 0) // a batch is a few messages: check now and then
                    return;
                throw_if_cancelled();
                if (options.progress && reader.events() != reported) {
                    reported = reader.events();
                    options.progress(std::min(0.99, static_cast<double>(reported) / expected));
                }
            });
        } catch (const InputError&) {
            throw;
        } catch (const std::bad_alloc&) {
            throw;
        } catch (const Cancelled&) {
            throw;
        } catch (const std::runtime_error& e) {
            throw InputError(path + ": event " + std::to_string(reader.events() + 1) + ": " + e.what());
        }
        if (options.progress)
            options.progress(1.0);
        return reader.finish();
    }
};

} // namespace

namespace detail {
const Importer& ctf_importer()
{
    static const CtfImporter importer;
    return importer;
}
} // namespace detail

} // namespace chitra
