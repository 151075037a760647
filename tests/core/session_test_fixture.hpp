// A fully populated session for the session tests: every field of every type set to a
// value that differs from its default, strings with XML-special characters.
#pragma once

#include "chitra/session/session_io.hpp"

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <unistd.h>

namespace chitra::testing {

inline Pipeline every_step_pipeline()
{
    Pipeline p;
    p.steps.push_back(step::ClipCount{8, 9});
    p.steps.push_back(step::ClipTime{20000, 90000});
    p.steps.push_back(step::ClipEvent{10, 400});
    p.steps.push_back(step::Aggregate{{"LOCK", "WORK", "UNLOCK"}, "CS"});
    p.steps.push_back(step::Project{{"SPIN1", "SPIN2"}, "SPIN"});
    p.steps.push_back(step::ProjectComponents{{{"*", {{"A1", "A"}, {"A2", "A"}}}, {"1", {{"B", "C"}}}}, {3, 0}});
    p.steps.push_back(step::Rules{"barrier.rules", "IDLE -> SEND\n# comment <&>\n"});
    p.steps.push_back(step::FilterTime{0.05});
    p.steps.push_back(step::FilterEvent{10.0, std::nullopt});
    p.steps.push_back(step::FilterEvent{std::nullopt, 0.1 + 0.2});
    p.steps.push_back(step::FilterFrequency{90.0, 110.5, false, 1e-7});
    p.steps.push_back(step::FilterFrequency{0.125, 0.25, true, std::nullopt});
    p.steps.push_back(step::Parallel{"IDLE", "SEND", "P1"});
    p.steps.push_back(step::Exclude{{"IDL*", "X"}});
    return p;
}

inline DisplayState display(std::string id, DisplayKind kind, double scale)
{
    DisplayState d;
    d.id = std::move(id);
    d.kind = kind;
    d.visible = {1.5 * scale, 1e12 * scale, -0.5, 7.25};
    d.zoom_history = {{0, 1e12, -0.5, 7.25}, {1, 2.0 / 3.0, 0, 1e308}};
    d.options.density_bar = "value";
    d.options.colour_map = "magma";
    d.options.averaging_width_percent = 2.5;
    d.options.chosen_state = "SEND";
    d.options.log_axis = true;
    d.options.sampling_interval = 0.001 * scale;
    d.options.connectors = false;
    d.options.extra = {{"grid", "on"}, {"label <x>", "a & b"}};
    return d;
}

inline ViewState full_view(std::string name, int seed)
{
    ViewState v;
    v.name = std::move(name);
    v.pipeline = every_step_pipeline();
    v.y_order = {"T1", "SEND", "WORK", "ÉTAT ü"};
    v.pattern_colours = {{{"A", "B"}, 0xFFE69F00u}, {{"C", "D", "E"}, 0x8056B4E9u}};
    v.composite_colours = {{"CS", 0xFF009E73u}, {"SPIN", 0xFFF0E442u}};
    v.selection = {{0, 10}, {100, 250 + static_cast<RecordIndex>(seed)}};
    v.bookmarks = {{"start of phase 2", 1834120}, {"  spaces  ", -5}};
    v.notes = {{"two\nlines, tab\t and <tags> & \"quotes\" 'x'", 42, std::nullopt},
               {"record note", std::nullopt, 99},
               {"both", 7, 8},
               {"", std::nullopt, std::nullopt}};
    v.displays = {display("d" + std::to_string(seed) + "a", DisplayKind::time, 1),
                  display("d" + std::to_string(seed) + "b", DisplayKind::frequency, 2),
                  display("d" + std::to_string(seed) + "c", DisplayKind::gantt, 3)};
    return v;
}

// Paths are made up: the archive tests never touch the traces.
inline Session full_session()
{
    Session s;
    s.writer = "chitra 0.1.0 (test)";
    TraceFileRef a;
    a.path_absolute = "/data/runs/phil4.pes";
    a.path_relative = "runs/phil4.pes";
    a.size = 123456789012ull;
    a.mtime_ns = 1700000000123456789ll;
    a.hash_kind = "xxh3-64";
    a.content_hash = 0xFEDCBA9876543210ull;
    a.views = {full_view("view 1", 1), full_view("phase 2", 2)};
    a.views[1].displays.push_back(display("d2r", DisplayKind::rate, 4));
    a.views[1].displays.push_back(display("d2m", DisplayKind::model, 5));
    a.views[1].displays.push_back(display("d2e", DisplayKind::event, 6));
    TraceFileRef b;
    b.path_absolute = "/data/other/run <2>.pes";
    b.path_relative = "../other/run <2>.pes";
    b.size = 77;
    b.mtime_ns = -1;
    b.hash_kind = "xxh3-64";
    b.content_hash = 1;
    b.lanes = {3, 0};
    b.views = {full_view("only", 3)};
    b.views[0].pipeline.steps.clear();
    b.views[0].displays.push_back(display("d3l", DisplayKind::lanes, 7));
    s.files = {a, b};
    s.layout.main_window_geometry = {0, 1, 2, 0xFF, 0xFE, 0x80, 0x7F};
    s.layout.dock_state = {0xDE, 0xAD, 0xBE, 0xEF, 0x00};
    s.layout.open_displays = {{"d1a", "centre", 0}, {"d1b", "centre", 1}, {"d3c", "floating", 0}};
    s.layout.current_view = "1/view 1";
    // An ensemble of both files (format 2): a typed parameter, a removed one, patterns.
    EnsembleState e;
    e.members = {{0, {{"N", "4"}, {"x", ""}}}, {1, {}}};
    e.file_name_patterns = "N=n(\\d+) x=<x>(\\d+)";
    e.pipeline = a.views[0].pipeline;
    s.ensembles = {e};
    return s;
}

// full_session() as format 1's first release wrote it (tests/data/sessions/v1): without
// what later records added (file entries of some lanes, the lanes display) and without
// ensembles (format 2).
inline Session full_session_as_in_v1()
{
    Session s = full_session();
    s.format_version = 1;
    s.ensembles.clear();
    for (TraceFileRef& f : s.files) {
        f.lanes.clear();
        for (ViewState& v : f.views)
            std::erase_if(v.displays, [](const DisplayState& d) { return d.kind == DisplayKind::lanes; });
    }
    return s;
}

// A private temporary folder, removed with the object.
struct TempDir {
    std::filesystem::path path;
    TempDir()
    {
        std::string pattern = (std::filesystem::temp_directory_path() / "chitra-session-XXXXXX").string();
        path = ::mkdtemp(pattern.data());
    }
    ~TempDir() { std::filesystem::remove_all(path); }
    std::string file(const std::string& name) const { return (path / name).string(); }
};

inline void write_text(const std::string& path, const std::string& text)
{
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

inline std::string read_text(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

} // namespace chitra::testing
