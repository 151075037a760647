// The registry of importers, in detection order: a new format adds its line here.
#include "io/import/importers.hpp"

namespace chitra {

const std::vector<const Importer*>& importers()
{
    static const std::vector<const Importer*> all{
        &detail::paje_importer(),    &detail::otf2_importer(), &detail::ctf_importer(),    &detail::chrome_importer(),
        &detail::paraver_importer(), &detail::csv_importer(),  &detail::events_importer(),
    };
    return all;
}

} // namespace chitra
