// The damaged CTF traces of tests/data/ctf-damaged/ (its README): each case's case.txt
// read, and the damaged trace laid out from its sample. Used by the core and GUI tests.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace chitra::testdata {

inline const std::filesystem::path kDamagedCtfCases =
    std::filesystem::path(CHITRA_SOURCE_DIR) / "tests/data/ctf-damaged";

// A case: the sample it damages, the message expected (TRACE standing for the copy's
// folder), the sample's files it removes, and its files, laid over a copy of the sample.
struct DamagedCtfCase {
    std::string name, sample, expect;
    std::vector<std::string> removed;
};

inline DamagedCtfCase damaged_ctf_case(const std::string& name)
{
    std::ifstream in(kDamagedCtfCases / name / "case.txt");
    DamagedCtfCase c{name, "", "", {}};
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("sample: ", 0) == 0)
            c.sample = line.substr(8);
        else if (line.rfind("expect: ", 0) == 0)
            c.expect = line.substr(8);
        else if (line.rfind("remove: ", 0) == 0)
            c.removed.push_back(line.substr(8));
    }
    return c;
}

inline std::vector<DamagedCtfCase> damaged_ctf_cases()
{
    std::vector<DamagedCtfCase> cases;
    for (const std::filesystem::directory_entry& e : std::filesystem::directory_iterator(kDamagedCtfCases))
        if (e.is_directory())
            cases.push_back(damaged_ctf_case(e.path().filename().string()));
    std::sort(cases.begin(), cases.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    return cases;
}

// The sample with the case's files laid over it, in `dir`/TRACE (replacing one there).
inline std::filesystem::path damaged_ctf_copy(const DamagedCtfCase& c, const std::filesystem::path& dir)
{
    namespace fs = std::filesystem;
    const fs::path trace = dir / "TRACE";
    fs::remove_all(trace);
    fs::copy(fs::path(CHITRA_SOURCE_DIR) / "sample_traces" / c.sample, trace, fs::copy_options::recursive);
    for (const std::string& removed : c.removed)
        fs::remove_all(trace / removed);
    fs::copy(kDamagedCtfCases / c.name / "files", trace,
             fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    return trace;
}

} // namespace chitra::testdata
