// chitra-cli session new|info: prepare and inspect session files without the GUI
// (docs/cli.md "chitra-cli session", docs/sessions.md).
#include "commands.hpp"
#include "trace_input.hpp"

#include "chitra/io/io.hpp"
#include "chitra/pipeline/pipeline_json.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"
#include "chitra/session/session_io.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

namespace chitra::cli {

namespace {

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

std::string hex64(std::uint64_t v)
{
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

std::string number(double v)
{
    std::ostringstream out;
    out.precision(17);
    out << v;
    return out.str();
}

struct NewOptions {
    std::string out;
    bool no_check = false;
    bool relative_only = false;
    CLI::Option* trace = nullptr;
    CLI::Option* view = nullptr;
    CLI::Option* pipeline = nullptr;
    // --from, --components, --fields, the text options and --lane: of the --trace before.
    std::unique_ptr<PerTraceInputOptions> input;
    CLI::Option* lane = nullptr;
    CLI::App* app = nullptr;
};

struct InfoOptions {
    std::string file;
    bool json = false, recover = false, verify = false;
};

// Walks --trace/--view/--pipeline in command-line order: a view belongs to the trace
// before it, a pipeline to the view before it.
Session build_session(const NewOptions& o)
{
    std::string session_dir = std::filesystem::absolute(o.out).parent_path().string();
    std::vector<std::string> traces = o.trace->as<std::vector<std::string>>();
    std::vector<std::string> views =
        o.view->count() ? o.view->as<std::vector<std::string>>() : std::vector<std::string>{};
    std::vector<std::string> pipelines =
        o.pipeline->count() ? o.pipeline->as<std::vector<std::string>>() : std::vector<std::string>{};
    auto values = [](const CLI::Option* opt) {
        return opt->count() ? opt->as<std::vector<std::string>>() : std::vector<std::string>{};
    };
    const std::vector<std::string> lanes = values(o.lane);
    std::size_t ti = 0, vi = 0, pi = 0, li = 0;

    Session s;
    std::vector<TraceInput> inputs; // one per file: its reading options
    // An import option belongs to the --trace before it.
    auto import_target = [&s](const std::string& what) -> TraceFileRef& {
        if (s.files.empty())
            throw UsageError(what + " comes before any --trace");
        return s.files.back();
    };
    std::map<const CLI::Option*, std::size_t> used; // values of each reading option taken so far
    bool view_has_pipeline = false;
    for (const CLI::Option* opt : o.app->parse_order()) {
        if (opt == o.trace) {
            const std::string& path = traces.at(ti++);
            s.files.push_back(make_file_ref(path, session_dir));
            inputs.emplace_back();
        } else if (o.input->owns(opt)) {
            import_target(opt->get_name() + " " + opt->results().at(used[opt]));
            o.input->apply(opt, used[opt]++, inputs.back());
        } else if (opt == o.lane) {
            const std::string& k = lanes.at(li++);
            TraceFileRef& ref = import_target("--lane " + k);
            if (k.empty() || k.size() > 9 || k.find_first_not_of("0123456789") != std::string::npos)
                throw UsageError("--lane " + k + ": not a lane number");
            ref.import_lane = std::stoull(k);
        } else if (opt == o.view) {
            const std::string& name = views.at(vi++);
            if (s.files.empty())
                throw UsageError("--view " + name + " comes before any --trace");
            if (name.empty())
                throw UsageError("--view needs a non-empty name");
            auto& file = s.files.back();
            for (auto& v : file.views)
                if (v.name == name)
                    throw UsageError("--view " + name + " is given twice for " + file.path_absolute);
            file.views.push_back(ViewState{.name = name});
            view_has_pipeline = false;
        } else if (opt == o.pipeline) {
            const std::string& path = pipelines.at(pi++);
            if (s.files.empty() || s.files.back().views.empty())
                throw UsageError("--pipeline " + path + " must follow a --view");
            if (view_has_pipeline)
                throw UsageError("--pipeline " + path + ": view '" + s.files.back().views.back().name +
                                 "' already has a pipeline");
            s.files.back().views.back().pipeline = load_pipeline_file(path);
            view_has_pipeline = true;
        }
    }
    for (std::size_t i = 0; i < s.files.size(); ++i) {
        s.files[i].import_format = inputs[i].from;
        s.files[i].import_components = inputs[i].components;
        s.files[i].import_settings = inputs[i].settings;
    }
    // One file may be given several times read otherwise, not twice alike.
    for (std::size_t i = 0; i < s.files.size(); ++i)
        for (std::size_t j = 0; j < i; ++j) {
            const TraceFileRef &a = s.files[i], &b = s.files[j];
            if (a.path_absolute == b.path_absolute && a.import_format == b.import_format &&
                a.import_components == b.import_components && a.import_lane == b.import_lane &&
                a.import_settings == b.import_settings)
                throw UsageError("--trace " + a.path_absolute + " is given twice");
        }
    // Every view starts with one time display showing the whole trace (empty range).
    int next_display = 1;
    for (auto& f : s.files) {
        if (f.views.empty())
            f.views.push_back(ViewState{.name = "view 1"});
        for (auto& v : f.views) {
            DisplayState d;
            d.id = "d" + std::to_string(next_display++);
            d.kind = DisplayKind::time;
            v.displays.push_back(std::move(d));
        }
    }
    return s;
}

// Loads each trace and replays each pipeline on it, so that a batch of sessions is
// known to open before anyone waits for the GUI.
void check_session(const Session& s)
{
    for (const auto& f : s.files) {
        Trace trace = load_input(f.path_absolute, import_options(f));
        Ses base = base_ses(trace);
        for (const auto& v : f.views) {
            try {
                RunResult r = run_pipeline(base, v.pipeline);
                for (const auto& w : r.warnings)
                    std::cerr << "warning: " << f.path_absolute << ": view '" << v.name << "': " << w << '\n';
            } catch (const InputError& e) {
                throw InputError(f.path_absolute + ": view '" + v.name + "': " + e.what());
            }
        }
    }
}

int run_new(const NewOptions& o)
{
    Session s;
    try {
        s = build_session(o);
    } catch (const UsageError& e) {
        std::cerr << "chitra-cli session new: " << e.what() << '\n';
        return 2;
    }
    if (!o.no_check)
        check_session(s);
    // A session shipped with its traces (a repository, an archive): an absolute path means
    // nothing on another machine, so only the path relative to the session is written.
    if (o.relative_only)
        for (auto& f : s.files)
            f.path_absolute.clear();
    save_session(o.out, s);
    std::size_t views = 0;
    for (auto& f : s.files)
        views += f.views.size();
    std::cout << o.out << ": " << s.files.size() << " file(s), " << views << " view(s)\n";
    return 0;
}

nlohmann::json range_json(const VisibleRange& r)
{
    if (r.empty())
        return nullptr; // the whole trace
    return {{"x0", r.x0}, {"x1", r.x1}, {"y0", r.y0}, {"y1", r.y1}};
}

nlohmann::json info_json(const LoadedSession& loaded, const std::vector<FileIdentity>& identities)
{
    const Session& s = loaded.session;
    nlohmann::json files = nlohmann::json::array();
    for (std::size_t i = 0; i < s.files.size(); ++i) {
        const TraceFileRef& f = s.files[i];
        nlohmann::json views = nlohmann::json::array();
        for (const ViewState& v : f.views) {
            nlohmann::json displays = nlohmann::json::array();
            for (const DisplayState& d : v.displays) {
                nlohmann::json options = {{"density_bar", d.options.density_bar},
                                          {"colour_map", d.options.colour_map},
                                          {"averaging_width_percent", d.options.averaging_width_percent},
                                          {"chosen_state", d.options.chosen_state},
                                          {"log_axis", d.options.log_axis},
                                          {"connectors", d.options.connectors},
                                          {"extra", d.options.extra}};
                options["sampling_interval"] =
                    d.options.sampling_interval ? nlohmann::json(*d.options.sampling_interval) : nlohmann::json();
                displays.push_back({{"id", d.id},
                                    {"kind", std::string(to_string(d.kind))},
                                    {"visible", range_json(d.visible)},
                                    {"zoom_depth", d.zoom_history.size()},
                                    {"options", options}});
            }
            nlohmann::json bookmarks = nlohmann::json::array(), notes = nlohmann::json::array(),
                           selection = nlohmann::json::array();
            for (auto& b : v.bookmarks)
                bookmarks.push_back({{"name", b.name}, {"time", b.time}});
            for (auto& n : v.notes)
                notes.push_back({{"text", n.text},
                                 {"time", n.time ? nlohmann::json(*n.time) : nlohmann::json()},
                                 {"record", n.record ? nlohmann::json(*n.record) : nlohmann::json()}});
            for (auto& r : v.selection)
                selection.push_back({r.begin, r.end});
            views.push_back({{"name", v.name},
                             {"pipeline", nlohmann::json::parse(to_pipeline_json(v.pipeline))["pipeline"]},
                             {"y_order", v.y_order},
                             {"bookmarks", bookmarks},
                             {"notes", notes},
                             {"selection", selection},
                             {"displays", displays}});
        }
        nlohmann::json file = {
            {"path", f.path_absolute},
            {"path_relative", f.path_relative},
            {"size", f.size},
            {"mtime_ns", f.mtime_ns},
            {"hash_kind", f.hash_kind},
            {"content_hash", f.hash_kind.empty() ? nlohmann::json() : nlohmann::json(hex64(f.content_hash))},
            {"import",
             {{"format", f.import_format.empty() ? nlohmann::json() : nlohmann::json(f.import_format)},
              {"components", f.import_components},
              {"lane", f.import_lane},
              {"state_lanes", f.import_state_lanes},
              {"fields", f.import_settings.fields},
              {"time", f.import_settings.time_column},
              {"state", f.import_settings.state_columns},
              {"field", f.import_settings.field_columns},
              {"delimiter", f.import_settings.delimiter},
              {"time_unit", f.import_settings.time_unit}}},
            {"views", views}};
        if (!f.lanes.empty()) // an entry showing some lanes of the file (1-based, as --components)
            for (std::uint64_t l : f.lanes)
                file["lanes"].push_back(l + 1);
        if (!f.pooled_lanes.empty()) { // the lanes its views analyse apart (1-based too)
            for (std::uint64_t l : f.pooled_lanes)
                file["pooled_lanes"].push_back(l + 1);
            file["pool_group"] = f.pool_group;
        }
        if (!identities.empty()) {
            file["status"] = std::string(to_string(identities[i].status));
            file["found_path"] = identities[i].found_path;
        }
        files.push_back(std::move(file));
    }
    nlohmann::json placements = nlohmann::json::array();
    for (auto& p : s.layout.open_displays)
        placements.push_back({{"display", p.display_id}, {"area", p.area}, {"index", p.index}});
    nlohmann::json ensembles = nlohmann::json::array();
    for (const EnsembleState& e : s.ensembles) {
        nlohmann::json members = nlohmann::json::array();
        for (const EnsembleMemberRef& m : e.members)
            members.push_back({{"file", m.file}, {"typed", m.typed}});
        ensembles.push_back({{"members", members},
                             {"file_name_patterns", e.file_name_patterns},
                             {"pipeline", nlohmann::json::parse(to_pipeline_json(e.pipeline))["pipeline"]}});
    }
    return {{"format", s.format_version},
            {"writer", s.writer},
            {"files", files},
            {"layout", {{"open_displays", placements}, {"current_view", s.layout.current_view}}},
            {"ensembles", ensembles},
            {"problems", loaded.problems}};
}

// The reading options as the command line gives them, e.g. " --time t --state a,b".
std::string settings_text(const ImportSettings& s)
{
    std::string out;
    auto join = [](const std::vector<std::string>& list) {
        std::string j;
        for (const std::string& x : list)
            j += (j.empty() ? "" : ",") + x;
        return j;
    };
    if (!s.fields.empty())
        out += " --fields " + s.fields;
    if (!s.time_column.empty())
        out += " --time " + s.time_column;
    if (!s.state_columns.empty())
        out += " --state " + join(s.state_columns);
    for (const std::string& f : s.field_columns)
        out += " --field " + f;
    if (!s.delimiter.empty())
        out += " --delimiter " + s.delimiter;
    if (s.time_unit != "ns")
        out += " --time-unit " + s.time_unit;
    return out;
}

std::string info_text(const std::string& path, const LoadedSession& loaded, const std::vector<FileIdentity>& identities)
{
    const Session& s = loaded.session;
    std::ostringstream out;
    out << path << ": session format " << s.format_version << ", written by " << s.writer << '\n';
    for (std::size_t i = 0; i < s.files.size(); ++i) {
        const TraceFileRef& f = s.files[i];
        out << "file " << i + 1 << ": " << shown_path(f);
        if (f.path_absolute.empty())
            out << " (relative to the session only)";
        else if (!f.path_relative.empty())
            out << " (relative: " << f.path_relative << ")";
        out << '\n';
        out << "  size " << f.size << " bytes, ";
        if (f.hash_kind.empty())
            out << "content hash unknown\n";
        else
            out << f.hash_kind << ' ' << hex64(f.content_hash) << '\n';
        if (!f.import_format.empty() || f.import_components != "all" || f.import_lane != 0 ||
            !f.import_state_lanes.empty()) {
            out << "  import: format " << (f.import_format.empty() ? "detected" : f.import_format) << ", components "
                << f.import_components;
            if (f.import_lane != 0)
                out << ", chosen lane " << f.import_lane << " alone";
            if (!f.import_state_lanes.empty())
                out << ", states from chosen lanes " << f.import_state_lanes;
            out << '\n';
        }
        if (!f.import_settings.is_default())
            out << "  read with:" << settings_text(f.import_settings) << '\n';
        if (!f.lanes.empty()) {
            out << "  lanes";
            for (std::size_t k = 0; k < f.lanes.size(); ++k)
                out << (k ? ", " : " ") << f.lanes[k] + 1;
            out << " only\n";
        }
        if (!f.pooled_lanes.empty()) {
            out << "  views analyse lane" << (f.pooled_lanes.size() > 1 ? "s" : "");
            for (std::size_t k = 0; k < f.pooled_lanes.size(); ++k)
                out << (k ? ", " : " ") << f.pooled_lanes[k] + 1;
            out << (f.pooled_lanes.size() > 1 ? " pooled (group " + std::to_string(f.pool_group) + ")\n" : " alone\n");
        }
        if (!identities.empty())
            out << "  status: " << to_string(identities[i].status) << " (" << identities[i].message << ")\n";
        for (const ViewState& v : f.views) {
            out << "  view '" << v.name << "': " << v.pipeline.steps.size() << " step(s)";
            if (!v.pipeline.steps.empty()) {
                out << " [";
                for (std::size_t k = 0; k < v.pipeline.steps.size(); ++k)
                    out << (k ? ", " : "") << op_name(v.pipeline.steps[k]);
                out << ']';
            }
            out << ", " << v.bookmarks.size() << " bookmark(s), " << v.notes.size() << " note(s), "
                << v.selection.size() << " selected range(s)\n";
            for (const DisplayState& d : v.displays) {
                out << "    display " << d.id << ": " << to_string(d.kind) << ", ";
                if (d.visible.empty())
                    out << "whole trace";
                else
                    out << "x [" << number(d.visible.x0) << ", " << number(d.visible.x1) << "] y ["
                        << number(d.visible.y0) << ", " << number(d.visible.y1) << "]";
                if (!d.zoom_history.empty())
                    out << ", " << d.zoom_history.size() << " zoom step(s) back";
                out << '\n';
            }
        }
    }
    out << "layout: " << s.layout.open_displays.size() << " open display(s)";
    if (!s.layout.current_view.empty())
        out << ", current view " << s.layout.current_view;
    out << '\n';
    for (std::size_t i = 0; i < s.ensembles.size(); ++i) {
        const EnsembleState& e = s.ensembles[i];
        out << "ensemble " << i + 1 << ": " << e.members.size() << " member(s) (files";
        for (const EnsembleMemberRef& m : e.members)
            out << ' ' << m.file + 1;
        out << "), pipeline of " << e.pipeline.steps.size() << " step(s)";
        if (!e.file_name_patterns.empty())
            out << ", parameters from file names " << e.file_name_patterns;
        out << '\n';
    }
    return out.str();
}

int run_info(const InfoOptions& o)
{
    LoadedSession loaded = load_session(o.file, o.recover ? LoadMode::recover : LoadMode::strict);
    std::vector<FileIdentity> identities;
    if (o.verify) {
        std::string dir = std::filesystem::absolute(o.file).parent_path().string();
        for (auto& f : loaded.session.files)
            identities.push_back(check_file_identity(f, dir));
    }
    for (auto& p : loaded.problems)
        std::cerr << "warning: " << o.file << ": " << p << '\n';
    if (o.json)
        std::cout << info_json(loaded, identities).dump(2) << '\n';
    else
        std::cout << info_text(o.file, loaded, identities);
    return 0;
}

} // namespace

Action add_session_command(CLI::App& app)
{
    CLI::App* session = app.add_subcommand("session", "create or inspect a session file");
    session->require_subcommand(1);

    auto n = std::make_shared<NewOptions>();
    CLI::App* create = session->add_subcommand(
        "new", "write a session: --trace FILE [--from F] [--components C] [--lane K] [--fields P] [--time COL] "
               "[--state COL[,COL...]] [--field COL]... [--delimiter C] [--time-unit U] "
               "[--view NAME [--pipeline P.json]]..., in order");
    n->app = create;
    create->add_option("OUT", n->out, "session file to write")->required();
    n->trace = create->add_option("--trace", "a trace file (repeatable)")
                   ->required()
                   ->expected(1)
                   ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    n->view = create->add_option("--view", "a view of the preceding --trace (repeatable)")
                  ->expected(1)
                  ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    n->pipeline = create->add_option("--pipeline", "pipeline file of the preceding --view")
                      ->expected(1)
                      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    n->input = std::make_unique<PerTraceInputOptions>(create, " (of the preceding --trace)");
    n->lane = create->add_option("--lane", "only the K-th chosen lane of the preceding --trace, as a trace of its own")
                  ->expected(1)
                  ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    create->add_flag("--no-check", n->no_check, "do not load the traces and replay the pipelines");
    create->add_flag("--relative-only", n->relative_only,
                     "record each trace's path relative to the session only (no absolute path), "
                     "for sessions shipped with their traces");

    auto i = std::make_shared<InfoOptions>();
    CLI::App* info = session->add_subcommand("info", "list a session's files, views and displays");
    info->add_option("FILE", i->file, "session file")->required();
    info->add_flag("--json", i->json, "one JSON document");
    info->add_flag("--recover", i->recover, "load the intact parts of a damaged session");
    info->add_flag("--verify", i->verify, "check each trace's identity (same, moved, changed, missing)");

    return [create, n, i] { return create->parsed() ? run_new(*n) : run_info(*i); };
}

} // namespace chitra::cli
