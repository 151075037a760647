// The Importer of Chrome Trace Event JSON (registered in io/import/importers.cpp): maps
// the file and reads it in chunks, giving back to the kernel the pages already read, so
// that memory follows the events kept rather than the size of the file.
#include "io/chrome/chrome_reader.hpp"
#include "io/import/importers.hpp"
#include "io/mapped_file.hpp"

#include <sys/mman.h>
#include <algorithm>
#include <unistd.h>

namespace chitra::detail {

namespace {

#ifdef MADV_POPULATE_READ
constexpr int kPopulateRead = MADV_POPULATE_READ;
#else
constexpr int kPopulateRead = 22; // Linux's value, for older C library headers
#endif

class ChromeImporter final : public Importer {
public:
    SourceFormat format() const override { return SourceFormat::chrome; }

    bool detect(const std::string&, std::string_view head) const override { return looks_like_chrome_json(head); }

    LaneTrace read(const std::string& path, const ImportOptions& options) const override
    {
        const auto file = MappedFile::open(path);
        const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
        const auto base = reinterpret_cast<std::uintptr_t>(file->data());
        constexpr std::size_t kWindow = std::size_t{64} << 20;
        std::size_t released = 0, populated = 0;
        // The pages of the next window are mapped by one call rather than by a page fault
        // each (faults cost much more, in a virtual machine above all); a kernel without
        // MADV_POPULATE_READ (before 5.14) refuses the call, and the faults happen as before.
        auto populate_from = [&](std::size_t offset) {
            if (!file->mapped() || base % page != 0 || offset + kWindow / 2 < populated)
                return;
            const std::size_t from = std::max(populated, offset / page * page);
            const std::size_t upto = std::min(file->text().size(), offset + kWindow);
            if (upto > from)
                ::madvise(const_cast<char*>(file->data()) + from, upto - from, kPopulateRead);
            // (madvise wants page-aligned starts; the end of the file is done once)
            populated = std::max(populated, upto == file->text().size() ? upto : upto / page * page);
        };
        populate_from(0);
        auto done_before = [&](std::size_t offset) {
            populate_from(offset);
            // Only a mapping is released (a pipe's bytes are in a buffer), page by page.
            if (!file->mapped() || base % page != 0 || offset < released + kWindow)
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
