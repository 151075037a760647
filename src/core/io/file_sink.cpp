#include "io/file_sink.hpp"

#include "chitra/trace/types.hpp"
#include "chitra/util/atomic_file.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <random>
#include <sys/stat.h>
#include <unistd.h>

namespace chitra {

namespace {

constexpr std::size_t kBufferSize = 1 << 20;
constexpr std::string_view kTempInfix = ".tmp-";
constexpr std::size_t kTempSuffix = 6;

bool is_alnum(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// "<target>.tmp-XXXXXX": the target's name, then six letters or digits.
bool is_temporary_name(std::string_view name, std::string_view target)
{
    if (name.size() != target.size() + kTempInfix.size() + kTempSuffix || !name.starts_with(target) ||
        name.substr(target.size(), kTempInfix.size()) != kTempInfix)
        return false;
    for (char c : name.substr(name.size() - kTempSuffix))
        if (!is_alnum(c))
            return false;
    return true;
}

std::string random_suffix()
{
    static constexpr char letters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    thread_local std::mt19937_64 rng(std::random_device{}());
    std::string s(kTempSuffix, 'x');
    for (char& c : s)
        c = letters[rng() % (sizeof letters - 1)];
    return s;
}

void remove_matching(const std::filesystem::path& directory, const std::string& target)
{
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(directory, ec)) {
        const std::string name = entry.path().filename().string();
        const std::size_t infix = name.rfind(kTempInfix);
        if (infix == std::string::npos || infix == 0)
            continue;
        const std::string_view of = target.empty() ? std::string_view(name).substr(0, infix) : std::string_view(target);
        if (is_temporary_name(name, of))
            std::filesystem::remove(entry.path(), ec);
    }
}

} // namespace

void remove_stale_temporaries(const std::string& path)
{
    const std::filesystem::path p(path);
    const auto directory = p.has_parent_path() ? p.parent_path() : std::filesystem::path(".");
    remove_matching(directory, p.filename().string());
}

void remove_stale_temporaries_in(const std::string& directory) { remove_matching(directory, {}); }

namespace detail {

FileSink::FileSink(std::string path) : path_(std::move(path))
{
    remove_stale_temporaries(path_);
    const std::filesystem::path p(path_);
    const std::string directory = p.has_parent_path() ? p.parent_path().string() : std::string(".");
    fd_ = ::open(directory.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
    if (fd_ < 0) {
        // File systems without O_TMPFILE: a named temporary from the start.
        temp_ = path_ + std::string(kTempInfix) + "XXXXXX";
        fd_ = ::mkstemp(temp_.data());
        if (fd_ < 0)
            throw InputError(path_ + ": cannot create a temporary file: " + std::strerror(errno));
        named_ = true;
    }
    buffer_.resize(kBufferSize);
}

FileSink::~FileSink()
{
    if (fd_ >= 0)
        ::close(fd_);
    if (named_)
        ::unlink(temp_.c_str());
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

void FileSink::name_temporary()
{
    const std::string self = "/proc/self/fd/" + std::to_string(fd_);
    for (int attempt = 0; attempt < 100; ++attempt) {
        temp_ = path_ + std::string(kTempInfix) + random_suffix();
        if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, temp_.c_str(), AT_SYMLINK_FOLLOW) == 0) {
            named_ = true;
            return;
        }
        if (errno != EEXIST)
            throw InputError(path_ + ": cannot name the temporary file: " + std::strerror(errno));
    }
    throw InputError(path_ + ": cannot name the temporary file: every name tried exists");
}

void FileSink::commit()
{
    flush();
    ::fchmod(fd_, 0644);
    if (::fsync(fd_) != 0)
        throw InputError(path_ + ": cannot flush: " + std::strerror(errno));
    if (!named_)
        name_temporary();
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0)
        throw InputError(path_ + ": cannot flush: " + std::strerror(errno));
    if (::rename(temp_.c_str(), path_.c_str()) != 0)
        throw InputError(path_ + ": cannot rename the temporary file onto it: " + std::strerror(errno));
    named_ = false;
}

} // namespace detail

} // namespace chitra
