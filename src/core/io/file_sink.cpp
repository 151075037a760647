#include "io/file_sink.hpp"

#include "chitra/trace/types.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace chitra::detail {

namespace {
constexpr std::size_t kBufferSize = 1 << 20;
}

FileSink::FileSink(std::string path) : path_(std::move(path)), temp_(path_ + ".tmp-XXXXXX")
{
    fd_ = ::mkstemp(temp_.data());
    if (fd_ < 0)
        throw InputError(path_ + ": cannot create a temporary file: " + std::strerror(errno));
    buffer_.resize(kBufferSize);
}

FileSink::~FileSink()
{
    if (fd_ >= 0) {
        ::close(fd_);
        ::unlink(temp_.c_str());
    }
}

void FileSink::flush()
{
    const char* p = buffer_.data();
    std::size_t left = used_;
    while (left > 0) {
        ssize_t n = ::write(fd_, p, left);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            throw InputError(path_ + ": cannot write: " + std::strerror(n < 0 ? errno : ENOSPC));
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    used_ = 0;
}

void FileSink::write(const void* data, std::size_t size)
{
    const char* p = static_cast<const char*>(data);
    written_ += size;
    while (size > 0) {
        if (used_ == buffer_.size())
            flush();
        std::size_t n = std::min(size, buffer_.size() - used_);
        std::memcpy(buffer_.data() + used_, p, n);
        used_ += n;
        p += n;
        size -= n;
    }
}

void FileSink::commit()
{
    flush();
    ::fchmod(fd_, 0644);
    int fd = fd_;
    fd_ = -1;
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        std::string message = path_ + ": cannot flush: " + std::strerror(errno);
        ::unlink(temp_.c_str());
        throw InputError(message);
    }
    if (::rename(temp_.c_str(), path_.c_str()) != 0) {
        std::string message = path_ + ": cannot rename the temporary file onto it: " + std::strerror(errno);
        ::unlink(temp_.c_str());
        throw InputError(message);
    }
}

} // namespace chitra::detail
