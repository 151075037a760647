// The name filters of the file dialogs that open traces (File ▸ Open, a moved file of a
// session): every format Chitra reads.
#pragma once

#include <QString>

namespace chitra::app {

QString traceFileFilter();

} // namespace chitra::app
