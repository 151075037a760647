// Internal: a read-only view of a whole file, memory-mapped when the file is a regular
// file and read into an 8-byte-aligned buffer otherwise (pipes, /dev/stdin).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace chitra::detail {

class MappedFile {
public:
    // Throws InputError("PATH: cannot open: REASON").
    static std::shared_ptr<const MappedFile> open(const std::string& path);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    const char* data() const { return data_; }
    std::size_t size() const { return size_; }
    std::string_view text() const { return {data_, size_}; }
    // Whether data() is a mapping of the file (pages may be released with madvise).
    bool mapped() const { return mapped_; }

private:
    MappedFile() = default;
    const char* data_ = nullptr;
    std::size_t size_ = 0;
    bool mapped_ = false;
    std::unique_ptr<std::uint64_t[]> buffer_; // when not mapped; uint64 keeps alignment
};

} // namespace chitra::detail
