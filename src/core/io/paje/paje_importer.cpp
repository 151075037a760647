// The Paje importer (docs/formats.md "Paje"): detection by the first event definition,
// then the whole file read from its memory map.
#include "io/import/importers.hpp"
#include "io/mapped_file.hpp"
#include "io/paje/paje_reader.hpp"

namespace chitra {

namespace {

class PajeImporter final : public Importer {
public:
    SourceFormat format() const override { return SourceFormat::paje; }

    bool detect(const std::string&, std::string_view head) const override { return detail::looks_like_paje(head); }

    LaneTrace read(const std::string& path, const ImportOptions& options) const override
    {
        const auto file = detail::MappedFile::open(path);
        return detail::read_paje_text(file->text(), path, options);
    }
};

} // namespace

const Importer& detail::paje_importer()
{
    static const PajeImporter importer;
    return importer;
}

} // namespace chitra
