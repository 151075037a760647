// Shared by the Paje reader tests: a definition header with every event the importer
// reads, small traces written with it, and the per-lane view of an imported trace.
#pragma once

#include "chitra/lanes/lane_trace.hpp"
#include "io/paje/paje_reader.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace paje_test {

// Ids 0-17, fields in PajeNG's usual order (SimGrid writes the same header).
inline const std::string kHeader = R"(%EventDef PajeDefineContainerType 0
%       Alias string
%       Type string
%       Name string
%EndEventDef
%EventDef PajeDefineStateType 1
%       Alias string
%       Type string
%       Name string
%EndEventDef
%EventDef PajeDefineEntityValue 2
%       Alias string
%       Type string
%       Name string
%       Color color
%EndEventDef
%EventDef PajeCreateContainer 3
%       Time date
%       Alias string
%       Type string
%       Container string
%       Name string
%EndEventDef
%EventDef PajeDestroyContainer 4
%       Time date
%       Type string
%       Name string
%EndEventDef
%EventDef PajeSetState 5
%       Time date
%       Type string
%       Container string
%       Value string
%EndEventDef
%EventDef PajePushState 6
%       Time date
%       Type string
%       Container string
%       Value string
%EndEventDef
%EventDef PajePopState 7
%       Time date
%       Type string
%       Container string
%EndEventDef
%EventDef PajeResetState 8
%       Time date
%       Type string
%       Container string
%EndEventDef
%EventDef PajeDefineVariableType 9
%       Alias string
%       Type string
%       Name string
%       Color color
%EndEventDef
%EventDef PajeSetVariable 10
%       Time date
%       Type string
%       Container string
%       Value double
%EndEventDef
%EventDef PajeAddVariable 11
%       Time date
%       Type string
%       Container string
%       Value double
%EndEventDef
%EventDef PajeSubVariable 12
%       Time date
%       Type string
%       Container string
%       Value double
%EndEventDef
%EventDef PajeDefineEventType 13
%       Alias string
%       Type string
%       Name string
%EndEventDef
%EventDef PajeNewEvent 14
%       Time date
%       Type string
%       Container string
%       Value string
%EndEventDef
%EventDef PajeDefineLinkType 15
%       Alias string
%       Type string
%       StartContainerType string
%       EndContainerType string
%       Name string
%EndEventDef
%EventDef PajeStartLink 16
%       Time date
%       Type string
%       Container string
%       Value string
%       StartContainer string
%       Key string
%EndEventDef
%EventDef PajeEndLink 17
%       Time date
%       Type string
%       Container string
%       Value string
%       EndContainer string
%       Key string
%EndEventDef
)";

// Two threads of type CT with the state type ST.
inline const std::string kThreads = kHeader + R"(0 CT 0 Thread
1 ST CT State
3 0 t1 CT 0 "thread 1"
3 0 t2 CT 0 "thread 2"
)";

inline chitra::LaneTrace read(const std::string& text, const std::string& source = "t.paje")
{
    return chitra::detail::read_paje_text(text, source);
}

// A lane's changes as "NS:STATE/DEPTH" at absolute source times.
inline std::vector<std::string> changes(const chitra::LaneTrace& t, std::size_t lane)
{
    std::vector<std::string> out;
    for (const auto& c : t.lanes.at(lane).changes)
        out.push_back(std::to_string(t.times[c.record]) + ":" + t.state_names[c.state] + "/" + std::to_string(c.depth));
    return out;
}

inline std::vector<std::string> lane_names(const chitra::LaneTrace& t)
{
    std::vector<std::string> out;
    for (const auto& l : t.lanes)
        out.push_back(l.name);
    return out;
}

// The message of the InputError that reading `text` throws ("" when it reads).
inline std::string error_of(const std::string& text, const std::string& source = "m.paje")
{
    try {
        chitra::detail::read_paje_text(text, source);
    } catch (const chitra::InputError& e) {
        return e.what();
    }
    return "";
}

// A file in a fresh folder, removed with it.
class TempFiles {
public:
    TempFiles()
        : dir_(std::filesystem::path(testing::TempDir()) /
               ("chitra-paje-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++)))
    {
        std::filesystem::create_directories(dir_);
    }
    ~TempFiles() { std::filesystem::remove_all(dir_); }
    TempFiles(const TempFiles&) = delete;
    TempFiles& operator=(const TempFiles&) = delete;

    std::string write(const std::string& name, const std::string& content) const
    {
        const auto path = dir_ / name;
        std::ofstream(path, std::ios::binary) << content;
        return path.string();
    }
    const std::filesystem::path& dir() const { return dir_; }

private:
    static int& counter()
    {
        static int n = 0;
        return n;
    }
    std::filesystem::path dir_;
};

} // namespace paje_test
