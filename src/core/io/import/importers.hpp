// The importers of foreign formats, one per folder under src/core/io/; the registry in
// importers.cpp lists them in detection order.
#pragma once

#include "chitra/io/import.hpp"

namespace chitra::detail {

const Importer& paje_importer();
const Importer& otf2_importer();
const Importer& ctf_importer();
const Importer& chrome_importer();
const Importer& paraver_importer();
const Importer& csv_importer();
const Importer& events_importer();

} // namespace chitra::detail
