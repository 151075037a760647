#include "io/mapped_file.hpp"

#include "chitra/trace/types.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <mutex>
#include <unistd.h>
#include <utility>
#include <vector>

namespace chitra::detail {

namespace {
struct Fd {
    int fd;
    ~Fd()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

[[noreturn]] void cannot_open(const std::string& path, int error)
{
    throw InputError(path + ": cannot open: " + std::strerror(error));
}

void advise_reads(void* begin, std::size_t bytes, ReadPattern pattern)
{
    ::madvise(begin, bytes, pattern == ReadPattern::scattered ? MADV_RANDOM : MADV_SEQUENTIAL);
}

// The live mappings of files, [begin, end) in whole pages, for advise_mapped_reads.
// Never destroyed: a mapping may be released during the program's exit.
struct Mappings {
    std::mutex mutex;
    std::vector<std::pair<std::uintptr_t, std::uintptr_t>> ranges;
};
Mappings& mappings()
{
    static auto* live = new Mappings;
    return *live;
}

std::uintptr_t page_size() { return static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE)); }

void add_mapping(const void* p, std::size_t bytes)
{
    const auto begin = reinterpret_cast<std::uintptr_t>(p);
    const std::uintptr_t page = page_size();
    Mappings& m = mappings();
    const std::lock_guard<std::mutex> lock(m.mutex);
    m.ranges.emplace_back(begin, begin + (bytes + page - 1) / page * page);
}

void remove_mapping(const void* p)
{
    const auto begin = reinterpret_cast<std::uintptr_t>(p);
    Mappings& m = mappings();
    const std::lock_guard<std::mutex> lock(m.mutex);
    std::erase_if(m.ranges, [begin](const auto& r) { return r.first == begin; });
}
} // namespace

void advise_mapped_reads(const void* begin, std::size_t bytes, ReadPattern pattern)
{
    const auto from = reinterpret_cast<std::uintptr_t>(begin);
    const std::uintptr_t to = from + bytes, page = page_size();
    Mappings& m = mappings();
    const std::lock_guard<std::mutex> lock(m.mutex);
    for (const auto& [first, last] : m.ranges) {
        if (from >= last || to <= first)
            continue;
        const std::uintptr_t lo = std::max(from, first) / page * page; // a mapping starts on a page
        const std::uintptr_t hi = std::min(last, (std::min(to, last) + page - 1) / page * page);
        advise_reads(reinterpret_cast<void*>(lo), hi - lo, pattern);
    }
}

std::shared_ptr<const MappedFile> MappedFile::open(const std::string& path)
{
    Fd file{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
    if (file.fd < 0)
        cannot_open(path, errno);
    struct stat info {};
    if (::fstat(file.fd, &info) != 0)
        cannot_open(path, errno);
    if (S_ISDIR(info.st_mode))
        cannot_open(path, EISDIR);

    std::shared_ptr<MappedFile> result(new MappedFile);
    if (S_ISREG(info.st_mode)) {
        result->size_ = static_cast<std::size_t>(info.st_size);
        if (result->size_ == 0)
            return result;
        void* p = ::mmap(nullptr, result->size_, PROT_READ, MAP_PRIVATE, file.fd, 0);
        if (p == MAP_FAILED)
            cannot_open(path, errno);
        // Readers go front to back once: let the kernel read ahead aggressively.
        advise_reads(p, result->size_, ReadPattern::sequential);
        ::madvise(p, result->size_, MADV_WILLNEED);
        add_mapping(p, result->size_);
        result->data_ = static_cast<const char*>(p);
        result->mapped_ = true;
        result->fd_ = file.fd;
        file.fd = -1;
        return result;
    }

    // Not mappable: read everything, then copy into an aligned buffer.
    std::vector<char> bytes;
    char chunk[1 << 16];
    for (;;) {
        ssize_t n = ::read(file.fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            cannot_open(path, errno);
        if (n == 0)
            break;
        bytes.insert(bytes.end(), chunk, chunk + n);
    }
    result->size_ = bytes.size();
    result->buffer_.reset(new std::uint64_t[(bytes.size() + 7) / 8 + 1]);
    std::memcpy(result->buffer_.get(), bytes.data(), bytes.size());
    result->data_ = reinterpret_cast<const char*>(result->buffer_.get());
    return result;
}

MappedFile::~MappedFile()
{
    if (mapped_) {
        remove_mapping(data_);
        ::munmap(const_cast<char*>(data_), size_);
    }
    if (fd_ >= 0)
        ::close(fd_);
}

std::shared_ptr<PrivateRegion> MappedFile::map_private(std::size_t offset, std::size_t length) const
{
    if (!mapped_ || offset > size_ || length > size_ - offset || length == 0)
        return nullptr;
    const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    const std::size_t start = offset / page * page;
    const std::size_t size = offset - start + length;
    void* p = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd_, static_cast<off_t>(start));
    if (p == MAP_FAILED)
        return nullptr;
    advise_reads(p, size, ReadPattern::sequential);
    ::madvise(p, size, MADV_WILLNEED);
    add_mapping(p, size);
    return std::make_shared<PrivateRegion>(p, size, static_cast<char*>(p) + (offset - start));
}

PrivateRegion::~PrivateRegion()
{
    remove_mapping(mapping_);
    ::munmap(mapping_, mapping_size_);
}

} // namespace chitra::detail
