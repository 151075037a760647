#include "displays/display_registry.hpp"

#include "document/view_document.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

namespace chitra::app {

namespace {

// Filled during static initialisation, from every display's own file: built on first use.
std::map<int, std::unique_ptr<DisplayStateCodec>>& registry()
{
    static std::map<int, std::unique_ptr<DisplayStateCodec>> codecs;
    return codecs;
}

} // namespace

DisplayStateCodec::DisplayStateCodec(int slot, const char* idName, std::vector<DisplayKind> kinds)
    : slot_(slot), idName_(idName), kinds_(std::move(kinds))
{
}

DisplayStateCodec::~DisplayStateCodec() = default;

bool DisplayStateCodec::savesAs(DisplayKind kind) const
{
    return std::find(kinds_.begin(), kinds_.end(), kind) != kinds_.end();
}

void DisplayStateCodec::restoreViewOptions(const DisplayRestore&, const DisplayState*) const {}

void DisplayStateCodec::open(const DisplayRestore& restore) const { restore.view->setDisplayOpen(slot_, true); }

void DisplayStateCodecs::add(std::unique_ptr<DisplayStateCodec> codec)
{
    if (!codec || codec->kinds().empty())
        throw std::logic_error("a display state codec needs at least one display kind");
    if (registry().count(codec->slot()))
        throw std::logic_error("two display state codecs for display slot " + std::to_string(codec->slot()));
    for (DisplayKind kind : codec->kinds())
        if (forKind(kind))
            throw std::logic_error("two display state codecs for display kind " + std::string(to_string(kind)));
    const int slot = codec->slot();
    registry()[slot] = std::move(codec);
}

const DisplayStateCodec* DisplayStateCodecs::forSlot(int slot)
{
    const auto it = registry().find(slot);
    return it == registry().end() ? nullptr : it->second.get();
}

const DisplayStateCodec* DisplayStateCodecs::forKind(DisplayKind kind)
{
    for (const auto& [slot, codec] : registry())
        if (codec->savesAs(kind))
            return codec.get();
    return nullptr;
}

std::vector<const DisplayStateCodec*> DisplayStateCodecs::all()
{
    std::vector<const DisplayStateCodec*> out;
    for (const auto& [slot, codec] : registry())
        out.push_back(codec.get());
    return out;
}

DisplayStateRegistration::DisplayStateRegistration(std::unique_ptr<DisplayStateCodec> codec)
{
    DisplayStateCodecs::add(std::move(codec));
}

} // namespace chitra::app
