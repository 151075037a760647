#include "jobs/import_choice.hpp"

#include "chitra/session/session.hpp"
#include "chitra/session/session_io.hpp"

#include <QObject>

namespace chitra::app {

ImportOptions ImportChoice::options() const
{
    TraceFileRef ref;
    storeIn(ref);
    return import_options(ref);
}

ImportChoice ImportChoice::of(const TraceFileRef& ref)
{
    return {ref.import_format, ref.import_components, static_cast<std::size_t>(ref.import_lane), ref.import_settings};
}

void ImportChoice::storeIn(TraceFileRef& ref) const
{
    ref.import_format = format;
    ref.import_components = components;
    ref.import_lane = lane;
    ref.import_settings = settings;
}

QString formatTitle(SourceFormat format)
{
    switch (format) {
    case SourceFormat::pes: return QObject::tr("PES text");
    case SourceFormat::ctrace: return QObject::tr("Chitra binary trace");
    case SourceFormat::paje: return QObject::tr("Paje");
    case SourceFormat::otf2: return QObject::tr("OTF2");
    case SourceFormat::ctf: return QObject::tr("CTF");
    case SourceFormat::chrome: return QObject::tr("Chrome Trace Event JSON");
    case SourceFormat::paraver: return QObject::tr("Paraver");
    case SourceFormat::csv: return QObject::tr("CSV");
    case SourceFormat::events: return QObject::tr("event list");
    }
    return QString::fromUtf8(to_string(format).data());
}

} // namespace chitra::app
