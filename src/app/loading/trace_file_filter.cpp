#include "loading/trace_file_filter.hpp"

#include <QCoreApplication>

namespace chitra::app {

QString traceFileFilter()
{
    // Formats are detected by content: the patterns only help to find the files.
    return QCoreApplication::translate("MainWindow",
                                       "All traces (*.pes *.txt *.ctrace *.ctr *.trace *.paje *.otf2 *.json);;"
                                       "PES text (*.pes *.txt);;Chitra binary (*.ctrace *.ctr);;Paje (*.trace *.paje);;"
                                       "OTF2 anchor file (*.otf2);;Chrome Trace Event JSON (*.json);;All files (*)");
}

} // namespace chitra::app
