// Internal: a read-only view of a whole file, memory-mapped when the file is a regular
// file and read into an 8-byte-aligned buffer otherwise (pipes, /dev/stdin).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace chitra::detail {

// How the pages of a mapping are about to be read. Mappings are opened `sequential`:
// readers go front to back, and the kernel reads far ahead. `scattered`: a fault reads
// its own page only (ScatteredReads, for a display's few pages per pixel column).
enum class ReadPattern { sequential, scattered };
// Advises the whole pages of the parts of [begin, begin + bytes) that lie in a live
// mapping of a file (MappedFile, PrivateRegion); other memory is left alone. A hint:
// failures are ignored.
void advise_mapped_reads(const void* begin, std::size_t bytes, ReadPattern pattern);

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
    // A private, writable mapping of bytes [offset, offset + length) of a mapped file:
    // its pages are the file's until written, and a write copies only the page written.
    // Null when the file is not mapped or the mapping fails.
    std::shared_ptr<class PrivateRegion> map_private(std::size_t offset, std::size_t length) const;

private:
    MappedFile() = default;
    const char* data_ = nullptr;
    std::size_t size_ = 0;
    bool mapped_ = false;
    int fd_ = -1;                             // kept open while mapped, for map_private
    std::unique_ptr<std::uint64_t[]> buffer_; // when not mapped; uint64 keeps alignment
};

class PrivateRegion {
public:
    PrivateRegion(void* mapping, std::size_t mapping_size, char* data)
        : mapping_(mapping), mapping_size_(mapping_size), data_(data)
    {
    }
    ~PrivateRegion();
    PrivateRegion(const PrivateRegion&) = delete;
    PrivateRegion& operator=(const PrivateRegion&) = delete;
    char* data() const { return data_; } // the byte at the offset asked for

private:
    void* mapping_;
    std::size_t mapping_size_;
    char* data_;
};

} // namespace chitra::detail
