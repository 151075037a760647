// Shared by the text importer tests (event traces, CSV, Paraver): a trace written to a
// temporary file, read through load_trace as the CLI reads it, and the PES it becomes.
#pragma once

#include "chitra/io/import.hpp"
#include "chitra/io/io.hpp"
#include "chitra/trace/types.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace text_test {

// A scratch folder removed with the object.
class Dir {
public:
    Dir()
        : path_(std::filesystem::temp_directory_path() /
                ("chitra-text-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++)))
    {
        std::filesystem::create_directories(path_);
    }
    ~Dir() { std::filesystem::remove_all(path_); }
    std::string write(const std::string& name, const std::string& content) const
    {
        const std::string p = (path_ / name).string();
        std::ofstream(p, std::ios::binary) << content;
        return p;
    }
    std::string path(const std::string& name) const { return (path_ / name).string(); }

private:
    static int& counter()
    {
        static int n = 0;
        return n;
    }
    std::filesystem::path path_;
};

// The PES that `content` (written as `name`) becomes, without the lines that name the
// temporary file.
inline std::string pes_of(const std::string& name, const std::string& content, chitra::ImportOptions options = {},
                          std::vector<std::string>* warnings = nullptr)
{
    Dir dir;
    const std::string path = dir.write(name, content);
    options.warnings = warnings;
    std::ostringstream out;
    chitra::write_pes(chitra::load_trace(path, options), out);
    std::string pes = out.str();
    if (warnings)
        for (std::string& w : *warnings)
            if (w.starts_with(path))
                w = name + w.substr(path.size());
    return pes;
}

// The message of the InputError that reading `content` as `name` throws, with the
// temporary folder left out of the file name.
inline std::string error_of(const std::string& name, const std::string& content, chitra::ImportOptions options = {})
{
    Dir dir;
    const std::string path = dir.write(name, content);
    try {
        chitra::load_trace(path, options);
    } catch (const chitra::InputError& e) {
        std::string m = e.what();
        if (m.starts_with(path))
            m = name + m.substr(path.size());
        return m;
    }
    return "no error";
}

} // namespace text_test
