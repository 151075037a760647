#include "chitra/atomic_file.hpp"
#include "chitra/types.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace chitra {

namespace {
std::string failure(const std::string& path, const char* what)
{
    return path + ": cannot " + what + ": " + std::strerror(errno);
}
} // namespace

void write_file_atomically(const std::string& path, std::string_view content)
{
    std::string temp = path + ".tmp-XXXXXX";
    int fd = ::mkstemp(temp.data());
    if (fd < 0)
        throw InputError(failure(path, "create a temporary file"));
    const char* p = content.data();
    std::size_t left = content.size();
    while (left > 0) {
        ssize_t n = ::write(fd, p, left);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            std::string message = failure(path, "write");
            ::close(fd);
            ::unlink(temp.c_str());
            throw InputError(message);
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    ::fchmod(fd, 0644);
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        std::string message = failure(path, "flush");
        ::unlink(temp.c_str());
        throw InputError(message);
    }
    if (::rename(temp.c_str(), path.c_str()) != 0) {
        std::string message = failure(path, "rename the temporary file onto");
        ::unlink(temp.c_str());
        throw InputError(message);
    }
}

void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& writer)
{
    std::ostringstream buffer;
    writer(buffer);
    write_file_atomically(path, buffer.view());
}

} // namespace chitra
