// /proc/self/smaps as the tests read it: the kernel's flags on the mapping that holds an
// address ("sr" sequential reads, "rr" random reads, "hg" asked for huge pages).
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

namespace chitra::test {

// The VmFlags of the mapping holding `p`, each flag followed by a space.
inline std::string vm_flags_at(const void* p)
{
    const auto at = reinterpret_cast<std::uintptr_t>(p);
    std::ifstream smaps("/proc/self/smaps");
    std::string line;
    bool inside = false;
    while (std::getline(smaps, line)) {
        std::uintptr_t begin = 0, end = 0;
        char dash = 0;
        std::istringstream head(line);
        if (head >> std::hex >> begin >> dash >> end && dash == '-' && line.find(':') > line.find(' ')) {
            inside = begin <= at && at < end;
            continue;
        }
        if (inside && line.rfind("VmFlags:", 0) == 0)
            return line.substr(8).append(" ");
    }
    return {};
}

// Whether `flags` (as vm_flags_at gives them) hold `flag`.
inline bool has_flag(const std::string& flags, const char* flag)
{
    std::string word(" ");
    word.append(flag).append(" ");
    return flags.find(word) != std::string::npos;
}

} // namespace chitra::test
