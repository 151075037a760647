// The Importer of Chrome Trace Event JSON (registered in io/import/importers.cpp): maps
// the file and reads it in chunks, giving back to the kernel the pages already read, so
// that memory follows the events kept rather than the size of the file.
#include "io/chrome/chrome_reader.hpp"
#include "io/import/importers.hpp"
#include "io/mapped_file.hpp"

#include <sys/mman.h>
#include <unistd.h>

namespace chitra::detail {

namespace {

class ChromeImporter final : public Importer {
public:
    SourceFormat format() const override { return SourceFormat::chrome; }

    bool detect(const std::string&, std::string_view head) const override { return looks_like_chrome_json(head); }

    LaneTrace read(const std::string& path, const ImportOptions& options) const override
    {
        const auto file = MappedFile::open(path);
        const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
        const auto base = reinterpret_cast<std::uintptr_t>(file->data());
        std::size_t released = 0;
        auto done_before = [&](std::size_t offset) {
            // Only a mapping is released (a pipe's bytes are in a buffer), page by page.
            if (!file->mapped() || base % page != 0 || offset < released + (std::size_t{64} << 20))
                return;
            const std::size_t upto = offset / page * page;
            ::madvise(const_cast<char*>(file->data()) + released, upto - released, MADV_DONTNEED);
            released = upto;
        };
        return read_chrome_json(file->text(), path, options, kChromeChunkBytes, done_before);
    }
};

} // namespace

const Importer& chrome_importer()
{
    static const ChromeImporter importer;
    return importer;
}

} // namespace chitra::detail
