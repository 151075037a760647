#include "io/mapped_file.hpp"

#include "chitra/trace/types.hpp"

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace chitra::detail {

namespace {
struct Fd {
    int fd;
    ~Fd() { if (fd >= 0) ::close(fd); }
};

[[noreturn]] void cannot_open(const std::string& path, int error)
{
    throw InputError(path + ": cannot open: " + std::strerror(error));
}
} // namespace

void advise_reads(void* begin, std::size_t bytes, ReadPattern pattern)
{
    ::madvise(begin, bytes, pattern == ReadPattern::scattered ? MADV_RANDOM : MADV_SEQUENTIAL);
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
    if (mapped_)
        ::munmap(const_cast<char*>(data_), size_);
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
    return std::make_shared<PrivateRegion>(p, size, static_cast<char*>(p) + (offset - start));
}

PrivateRegion::~PrivateRegion()
{
    ::munmap(mapping_, mapping_size_);
}

} // namespace chitra::detail
