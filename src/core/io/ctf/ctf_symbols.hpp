// Function names for `lttng_ust_cyg_profile` addresses: the binaries each process had
// mapped (`lttng_ust_statedump:bin_info`) and their ELF symbol tables, C++ names
// demangled; `0x` and the address in lowercase hex when no symbol covers it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace chitra::detail {

class CtfSymbols {
public:
    void add_mapping(std::int64_t pid, std::uint64_t base, std::uint64_t size, std::string path, bool pic);
    std::string name(std::int64_t pid, std::uint64_t address);

private:
    struct Mapping {
        std::uint64_t base, size;
        std::string path;
        bool pic;
    };
    struct Symbol {
        std::uint64_t start, size;
        std::string name;
    };
    struct Binary {
        std::uint64_t load_base = 0; // lowest PT_LOAD address: what `base` maps for PIC
        std::vector<Symbol> symbols; // by start; empty when the file cannot be read
    };
    const Binary& binary(const std::string& path);

    std::map<std::int64_t, std::vector<Mapping>> mappings_;
    std::unordered_map<std::string, Binary> binaries_;
};

std::string hex_address(std::uint64_t address);
std::string demangle(const std::string& symbol);

} // namespace chitra::detail
