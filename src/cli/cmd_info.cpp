// chitra-cli info FILE... [--json]: what is in each trace file (docs/cli.md).
#include "commands.hpp"
#include "trace_input.hpp"

#include "chitra/io/io.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <iostream>
#include <sstream>

namespace chitra::cli {

namespace {

struct FileInfo {
    std::string path;
    std::string error; // non-empty when the file could not be read
    SourceFormat format = SourceFormat::pes;
    std::uintmax_t file_size = 0;
    Trace trace;            // a trace read from lanes comes without its states (load_unnamed_trace)
    std::size_t states = 0; // distinct states
};

// 1234567 -> "1,234,567" (keeps a leading minus sign).
template <class Int> std::string grouped(Int value)
{
    const std::string digits = std::to_string(value);
    const std::size_t sign = digits.front() == '-' ? 1 : 0;
    std::string out = digits.substr(0, sign);
    for (std::size_t i = sign; i < digits.size(); ++i) {
        if (i > sign && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

// last - first without overflow (times are non-decreasing, so the difference fits
// in an unsigned 64-bit integer even for extreme values).
std::uint64_t duration(const Trace& t)
{
    if (t.size() == 0)
        return 0;
    Time last = t.header.end.value_or(t.times[t.size() - 1]);
    return static_cast<std::uint64_t>(last) - static_cast<std::uint64_t>(t.times[0]);
}

// "binary" for .ctrace, as this command has always said; the --from name otherwise.
std::string format_name(SourceFormat format)
{
    return format == SourceFormat::ctrace ? "binary" : std::string(to_string(format));
}

// Bytes of a file, or of every file below a folder (an OTF2 archive, a CTF trace).
std::uintmax_t size_on_disk(const std::string& path)
{
    std::error_code ec;
    if (!std::filesystem::is_directory(path, ec)) {
        const auto size = std::filesystem::file_size(path, ec);
        return ec ? 0 : size;
    }
    std::uintmax_t total = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(path, ec))
        if (entry.is_regular_file(ec))
            total += entry.file_size(ec);
    return total;
}

FileInfo inspect(const std::string& path, const TraceInput& input)
{
    FileInfo info;
    info.path = path;
    try {
        ImportOptions options = import_options(input);
        std::vector<std::string> warnings;
        options.warnings = &warnings;
        UnnamedTrace read = load_unnamed_trace(path, options, &info.format);
        for (const std::string& w : warnings)
            std::cerr << "warning: " << w << '\n';
        info.trace = std::move(read.trace);
        info.states = read.states;
        info.file_size = size_on_disk(path);
    } catch (const InputError& e) {
        info.error = e.what();
    }
    return info;
}

std::string human(const FileInfo& f)
{
    const Trace& t = f.trace;
    const TraceHeader& h = t.header;
    std::ostringstream out;
    out << f.path << '\n';
    out << "  format:      " << format_name(f.format) << " (" << grouped(f.file_size) << " bytes)\n";
    out << "  records:     " << grouped(t.size()) << '\n';
    out << "  symbols:     " << grouped(f.states) << " distinct states\n";
    out << "  components:  " << h.components;
    if (h.components > 1)
        out << " (separator \"" << h.separator << "\")";
    out << '\n';
    out << "  time base:   " << to_string(h.timebase) << '\n';
    const bool empty = t.size() == 0;
    out << "  first time:  " << (empty ? std::string("none (no records)") : grouped(t.times[0])) << '\n';
    out << "  last time:   " << (empty ? std::string("none (no records)") : grouped(t.times[t.size() - 1])) << '\n';
    out << "  end:         " << (h.end ? grouped(*h.end) + " (declared)" : std::string("not declared")) << '\n';
    out << "  duration:    " << grouped(duration(t)) << ' ' << to_string(h.timebase)
        << (h.end ? " (first record to declared end)" : " (first to last record)") << '\n';
    out << "  fields:      ";
    if (h.fields.empty())
        out << "none";
    for (std::size_t i = 0; i < h.fields.size(); ++i)
        out << (i ? ", " : "") << h.fields[i].name << " (" << to_string(h.fields[i].kind) << ")";
    out << '\n';
    for (const auto& [key, value] : h.extra)
        out << "  header " << key << ": " << value << '\n';
    return out.str();
}

nlohmann::ordered_json as_json(const FileInfo& f)
{
    nlohmann::ordered_json j;
    j["path"] = f.path;
    if (!f.error.empty()) {
        j["error"] = f.error;
        return j;
    }
    const Trace& t = f.trace;
    const TraceHeader& h = t.header;
    j["format"] = format_name(f.format);
    j["file_size"] = f.file_size;
    j["records"] = t.size();
    j["symbols"] = f.states;
    j["components"] = h.components;
    j["separator"] = h.separator;
    j["timebase"] = to_string(h.timebase);
    const bool empty = t.size() == 0;
    j["first_time"] = empty ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(t.times[0]);
    j["last_time"] = empty ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(t.times[t.size() - 1]);
    j["end"] = h.end ? nlohmann::ordered_json(*h.end) : nlohmann::ordered_json(nullptr);
    j["duration"] = duration(t);
    j["fields"] = nlohmann::ordered_json::array();
    for (const auto& field : h.fields)
        j["fields"].push_back({{"name", field.name}, {"kind", to_string(field.kind)}});
    // `# lane: K NAME` lines (foreign traces) repeat their key: listed as "lanes".
    j["lanes"] = nlohmann::ordered_json::array();
    j["extra"] = nlohmann::ordered_json::object();
    for (const auto& [key, value] : h.extra) {
        if (key != "lane") {
            j["extra"][key] = value;
            continue;
        }
        const std::size_t space = std::min(value.find(' '), value.size());
        std::size_t component = 0;
        std::from_chars(value.data(), value.data() + space, component);
        j["lanes"].push_back({{"component", component}, {"name", value.substr(std::min(space + 1, value.size()))}});
    }
    return j;
}

} // namespace

Action add_info_command(CLI::App& app)
{
    struct Options {
        std::vector<std::string> files;
        bool json = false;
        TraceInput input;
    };
    auto options = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("info", "Records, symbols, components, time span, time base and fields per file");
    cmd->add_option("FILE", options->files, "Trace files (any format Chitra reads)")->required();
    add_trace_input_options(cmd, options->input);
    cmd->add_flag("--json", options->json, "One JSON document {\"files\": [...]} on stdout");
    return [options] {
        bool failed = false;
        nlohmann::ordered_json doc;
        doc["files"] = nlohmann::ordered_json::array();
        bool first = true;
        for (const auto& path : options->files) {
            FileInfo info = inspect(path, options->input);
            if (!info.error.empty()) {
                failed = true;
                std::cerr << info.error << '\n';
            }
            if (options->json) {
                doc["files"].push_back(as_json(info));
            } else if (info.error.empty()) {
                std::cout << (first ? "" : "\n") << human(info);
                first = false;
            }
        }
        if (options->json)
            std::cout << doc.dump(2) << '\n';
        std::cout << std::flush;
        return failed ? 3 : 0;
    };
}

} // namespace chitra::cli
