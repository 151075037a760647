// Writes a small Chitra session file for the tutorial screenshots (docs/tutorial.md).
//
// The headless workbench (`chitra --session FILE --screenshot OUT.png`) restores a saved
// session exactly: pipeline, visible range, pending brushed patterns, selection, picked
// state and which displays are open. That is how the screenshots show a zoomed view or a
// brushed pattern without a mouse. scripts/samples/make-tutorial-screenshots.sh compiles this file
// against the build's chitra_core and runs it; it is not part of the product.
//
//   make_session OUT.chitra TRACE [key=value ...]
//     pipeline=P.json            steps of the view (pipeline JSON, docs/pipeline.md)
//     axis=time|event            the trace display (default time)
//     range=X0:X1                visible x range (time or element index); default all
//     frequency=1                open the frequency view under the trace view
//     log=1                      log power axis on the frequency view
//     peak=1                     "zoom to peak" on the frequency view
//     interval=DT                sampling interval of the frequency view (time units)
//     pattern=A,B,C[@AARRGGBB]   a pending brushed pattern (repeatable)
//     select=R0:R1               selected raw records [R0, R1)
//     pick=STATE                 the picked state (State details, horizontal line)
//     view=NAME                  view name (default "view 1")
//     unfold=L1,L2               open the lanes view with these lanes (0-based) unfolded
//     lanefilter=TEXT            open the lanes view showing the lanes matching TEXT
//     overtime=1                 open the lanes view with its regions over time shown
//     messages=1                 open the lanes view with the messages between lanes drawn
#include "chitra/pipeline/pipeline_json.hpp"
#include "chitra/session/session.hpp"
#include "chitra/session/session_io.hpp"
#include "chitra/trace/types.hpp"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

namespace {

std::pair<double, double> parseRange(const std::string& text)
{
    const auto colon = text.find(':');
    if (colon == std::string::npos)
        throw std::runtime_error("range needs A:B, got " + text);
    return {std::stod(text.substr(0, colon)), std::stod(text.substr(colon + 1))};
}

std::vector<std::string> split(const std::string& text, char sep)
{
    std::vector<std::string> out;
    std::string cur;
    for (char c : text) {
        if (c == sep) {
            out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    out.push_back(cur);
    return out;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 3) {
        std::cerr << "usage: make_session OUT.chitra TRACE [key=value ...]\n";
        return 2;
    }
    try {
        const std::string out = argv[1];
        const std::string trace = argv[2];
        const std::string outDir = std::filesystem::absolute(out).parent_path().string();

        chitra::ViewState view;
        view.name = "view 1";
        chitra::DisplayState display;
        display.id = "d1";
        display.kind = chitra::DisplayKind::time;
        chitra::DisplayState frequency;
        frequency.id = "d2";
        frequency.kind = chitra::DisplayKind::frequency;
        bool withFrequency = false;
        // The lanes view (src/app/views/lanes/lanes_display_state.hpp names its keys).
        chitra::DisplayState lanes;
        lanes.id = "d3";
        lanes.kind = chitra::DisplayKind::lanes;
        bool withLanes = false;
        // Tableau-like colours distinct from the state colours' strongest hues.
        const std::uint32_t patternColours[] = {0x80FFB000u, 0x8000B4DCu, 0x80C060FFu};
        std::size_t patterns = 0;

        for (int i = 3; i < argc; ++i) {
            const std::string arg = argv[i];
            const auto eq = arg.find('=');
            if (eq == std::string::npos)
                throw std::runtime_error("expected key=value, got " + arg);
            const std::string key = arg.substr(0, eq), value = arg.substr(eq + 1);
            if (key == "pipeline") {
                view.pipeline = chitra::load_pipeline_file(value);
            } else if (key == "axis") {
                display.kind = value == "event" ? chitra::DisplayKind::event : chitra::DisplayKind::time;
            } else if (key == "range") {
                const auto [x0, x1] = parseRange(value);
                display.visible = {x0, x1, 0, 0};
            } else if (key == "frequency") {
                withFrequency = value == "1";
            } else if (key == "log") {
                frequency.options.log_axis = value == "1";
            } else if (key == "peak") {
                if (value == "1")
                    frequency.options.extra["zoom_to_peak"] = "1";
            } else if (key == "interval") {
                frequency.options.sampling_interval = std::stod(value);
            } else if (key == "pattern") {
                std::string names = value;
                std::uint32_t argb = patternColours[patterns % 3];
                if (const auto at = value.find('@'); at != std::string::npos) {
                    names = value.substr(0, at);
                    argb = static_cast<std::uint32_t>(std::stoul(value.substr(at + 1), nullptr, 16));
                }
                view.pattern_colours.push_back({split(names, ','), argb});
                ++patterns;
            } else if (key == "select") {
                const auto [r0, r1] = parseRange(value);
                view.selection.push_back({static_cast<chitra::RecordIndex>(r0), static_cast<chitra::RecordIndex>(r1)});
            } else if (key == "pick") {
                display.options.chosen_state = value;
            } else if (key == "unfold") {
                withLanes = true;
                lanes.options.extra["unfolded"] = value;
            } else if (key == "lanefilter") {
                withLanes = true;
                lanes.options.extra["filter"] = value;
            } else if (key == "messages") {
                withLanes = true;
                lanes.options.extra["messages"] = value;
            } else if (key == "overtime") {
                withLanes = true;
                lanes.options.extra["over_time"] = value;
            } else if (key == "view") {
                view.name = value;
            } else {
                throw std::runtime_error("unknown key " + key);
            }
        }

        view.displays.push_back(display);
        if (withFrequency)
            view.displays.push_back(frequency);
        if (withLanes) {
            lanes.visible = display.visible;
            view.displays.push_back(lanes);
        }
        chitra::TraceFileRef file = chitra::make_file_ref(trace, outDir);
        file.views.push_back(view);

        chitra::Session session;
        session.files.push_back(file);
        session.layout.open_displays.push_back({"d1", "centre", 0});
        if (withFrequency)
            session.layout.open_displays.push_back({"d2", "centre", 1});
        if (withLanes)
            session.layout.open_displays.push_back({"d3", "centre", 2});
        chitra::save_session(out, session);
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "make_session: " << e.what() << '\n';
        return 3;
    }
}
