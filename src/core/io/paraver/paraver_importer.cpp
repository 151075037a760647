// The Paraver importer (docs/formats.md "Paraver"): detection by the `#Paraver` header
// line; the `.prv` read from its memory map, names from the `.pcf` and `.row` beside it.
#include "io/import/importers.hpp"
#include "io/mapped_file.hpp"
#include "io/paraver/paraver_reader.hpp"

namespace chitra {

namespace {

class ParaverImporter final : public Importer {
public:
    SourceFormat format() const override { return SourceFormat::paraver; }

    bool detect(const std::string&, std::string_view head) const override { return detail::looks_like_paraver(head); }

    LaneTrace read(const std::string& path, const ImportOptions& options) const override
    {
        std::vector<std::string> warnings;
        const detail::paraver::Names names = detail::paraver::read_names(path, warnings);
        const auto file = detail::MappedFile::open(path);
        LaneTrace trace = detail::read_paraver_text(file->text(), path, names, options);
        trace.warnings.insert(trace.warnings.begin(), warnings.begin(), warnings.end());
        return trace;
    }
};

} // namespace

const Importer& detail::paraver_importer()
{
    static const ParaverImporter importer;
    return importer;
}

} // namespace chitra
