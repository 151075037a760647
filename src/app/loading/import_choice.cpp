#include "loading/import_choice.hpp"

#include "chitra/lanes/lane_choice.hpp"
#include "chitra/lanes/lane_selection.hpp"
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
    return {ref.import_format, ref.import_components, static_cast<std::size_t>(ref.import_lane), ref.import_settings,
            ref.import_state_lanes};
}

void ImportChoice::storeIn(TraceFileRef& ref) const
{
    ref.import_format = format;
    ref.import_components = components;
    ref.import_lane = lane;
    ref.import_settings = settings;
    ref.import_state_lanes = stateLanes;
}

namespace {
std::uint64_t mostStates = 100'000;
}

std::uint64_t mostVectorStates() { return mostStates; }

void setMostVectorStates(std::uint64_t states) { mostStates = states; }

std::string stateLanesWithinLimit(const LaneTrace& lanes, const std::string& components)
{
    const std::vector<std::size_t> chosen = choose_lanes(lanes, {components});
    const std::size_t leading = leading_lanes_within(lanes, chosen, mostStates);
    if (leading == chosen.size())
        return {};
    std::string spec;
    for (std::size_t k = 1; k <= leading; ++k)
        spec += (k > 1 ? "," : "") + std::to_string(k);
    return spec;
}

QString formatTitle(SourceFormat format)
{
    switch (format) {
    case SourceFormat::pes:
        return QObject::tr("PES text");
    case SourceFormat::ctrace:
        return QObject::tr("Chitra binary trace");
    case SourceFormat::paje:
        return QObject::tr("Paje");
    case SourceFormat::otf2:
        return QObject::tr("OTF2");
    case SourceFormat::ctf:
        return QObject::tr("CTF");
    case SourceFormat::chrome:
        return QObject::tr("Chrome Trace Event JSON");
    case SourceFormat::paraver:
        return QObject::tr("Paraver");
    case SourceFormat::csv:
        return QObject::tr("CSV");
    case SourceFormat::events:
        return QObject::tr("event list");
    }
    return QString::fromUtf8(to_string(format).data());
}

} // namespace chitra::app
