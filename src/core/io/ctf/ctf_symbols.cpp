#include "io/ctf/ctf_symbols.hpp"

#include <cxxabi.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <memory>

namespace chitra::detail {

std::string hex_address(std::uint64_t address)
{
    static const char digits[] = "0123456789abcdef";
    std::string out;
    do {
        out.insert(out.begin(), digits[address & 15]);
        address >>= 4;
    } while (address);
    return "0x" + out;
}

std::string demangle(const std::string& symbol)
{
    int status = 0;
    std::unique_ptr<char, decltype(&std::free)> out(abi::__cxa_demangle(symbol.c_str(), nullptr, nullptr, &status),
                                                    &std::free);
    return status == 0 && out ? std::string(out.get()) : symbol;
}

void CtfSymbols::add_mapping(std::int64_t pid, std::uint64_t base, std::uint64_t size, std::string path, bool pic)
{
    mappings_[pid].push_back({base, size, std::move(path), pic});
}

namespace {

// Function symbols of one ELF file: the full table when there is one, else the dynamic one.
void read_elf(const std::string& path, std::uint64_t& load_base,
              std::vector<std::pair<std::uint64_t, std::pair<std::uint64_t, std::string>>>& out)
{
    if (elf_version(EV_CURRENT) == EV_NONE)
        return;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    Elf* elf = elf_begin(fd, ELF_C_READ, nullptr);
    if (elf && elf_kind(elf) == ELF_K_ELF) {
        std::size_t phnum = 0;
        bool have_load = false;
        if (elf_getphdrnum(elf, &phnum) == 0)
            for (std::size_t i = 0; i < phnum; ++i) {
                GElf_Phdr ph;
                if (gelf_getphdr(elf, static_cast<int>(i), &ph) && ph.p_type == PT_LOAD &&
                    (!have_load || ph.p_vaddr < load_base)) {
                    load_base = ph.p_align > 1 ? ph.p_vaddr & ~(ph.p_align - 1) : ph.p_vaddr;
                    have_load = true;
                }
            }
        for (const Elf64_Word wanted : {SHT_SYMTAB, SHT_DYNSYM}) {
            for (Elf_Scn* scn = elf_nextscn(elf, nullptr); scn; scn = elf_nextscn(elf, scn)) {
                GElf_Shdr sh;
                if (!gelf_getshdr(scn, &sh) || sh.sh_type != wanted || sh.sh_entsize == 0)
                    continue;
                Elf_Data* data = elf_getdata(scn, nullptr);
                const std::size_t n = data ? sh.sh_size / sh.sh_entsize : 0;
                for (std::size_t i = 0; i < n; ++i) {
                    GElf_Sym sym;
                    if (!gelf_getsym(data, static_cast<int>(i), &sym) || GELF_ST_TYPE(sym.st_info) != STT_FUNC ||
                        sym.st_value == 0)
                        continue;
                    const char* name = elf_strptr(elf, sh.sh_link, sym.st_name);
                    if (name && *name)
                        out.push_back({sym.st_value, {sym.st_size, name}});
                }
            }
            if (!out.empty())
                break;
        }
    }
    if (elf)
        elf_end(elf);
    ::close(fd);
}

} // namespace

const CtfSymbols::Binary& CtfSymbols::binary(const std::string& path)
{
    auto [it, inserted] = binaries_.try_emplace(path);
    if (!inserted)
        return it->second;
    std::vector<std::pair<std::uint64_t, std::pair<std::uint64_t, std::string>>> raw;
    read_elf(path, it->second.load_base, raw);
    std::sort(raw.begin(), raw.end());
    for (auto& [start, rest] : raw)
        it->second.symbols.push_back({start, rest.first, std::move(rest.second)});
    return it->second;
}

std::string CtfSymbols::name(std::int64_t pid, std::uint64_t address)
{
    const auto m = mappings_.find(pid);
    if (m == mappings_.end())
        return hex_address(address);
    for (const Mapping& map : m->second) {
        if (address < map.base || address - map.base >= map.size)
            continue;
        const Binary& bin = binary(map.path);
        const std::uint64_t at = map.pic ? address - map.base + bin.load_base : address;
        auto it = std::upper_bound(bin.symbols.begin(), bin.symbols.end(), at,
                                   [](std::uint64_t a, const Symbol& s) { return a < s.start; });
        if (it == bin.symbols.begin())
            break;
        --it;
        if (at < it->start + std::max<std::uint64_t>(it->size, 1))
            return demangle(it->name);
        break;
    }
    return hex_address(address);
}

} // namespace chitra::detail
