#include "displays/display_registry.hpp"

#include "document/view_document.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace chitra::app {

namespace {

// The built-in displays, in the order of the session tree and the View menu.
std::vector<std::unique_ptr<DisplayType>> builtInDisplayTypes()
{
    std::vector<std::unique_ptr<DisplayType>> types;
    types.push_back(makeTraceDisplayType());
    types.push_back(makeFrequencyDisplayType());
    types.push_back(makeModelDisplayType());
    types.push_back(makeGanttDisplayType());
    types.push_back(makeRateDisplayType());
    types.push_back(makeLanesDisplayType());
    types.push_back(makeProfileDisplayType());
    types.push_back(makeMessagesDisplayType());
    types.push_back(makeLaneComparisonDisplayType());
    return types;
}

struct Registry {
    std::vector<std::unique_ptr<DisplayType>> owned;
    std::vector<const DisplayType*> order;

    void add(std::unique_ptr<DisplayType> type)
    {
        if (!type || type->kinds().empty() || type->name().isEmpty())
            throw std::logic_error("a display type needs a name and at least one display kind");
        for (const DisplayType* other : order) {
            if (other->name() == type->name())
                throw std::logic_error("two display types named " + type->name().toStdString());
            for (const DisplayKind& kind : type->kinds())
                if (other->savesAs(kind))
                    throw std::logic_error("two display types for display kind " + kind.name);
        }
        order.push_back(type.get());
        owned.push_back(std::move(type));
    }
};

Registry& registry()
{
    static Registry r = [] {
        Registry built;
        for (auto& type : builtInDisplayTypes())
            built.add(std::move(type));
        return built;
    }();
    return r;
}

} // namespace

DisplayType::DisplayType(QString name, QString treeName, std::vector<DisplayKind> kinds, bool listedFromStart,
                         MenuEntry menu)
    : name_(std::move(name)), treeName_(std::move(treeName)), kinds_(std::move(kinds)),
      listedFromStart_(listedFromStart), menu_(std::move(menu))
{
}

DisplayType::~DisplayType() = default;

bool DisplayType::savesAs(const DisplayKind& kind) const
{
    return std::find(kinds_.begin(), kinds_.end(), kind) != kinds_.end();
}

std::vector<QString> DisplayType::headlessNames() const
{
    std::vector<QString> names;
    for (const DisplayKind& kind : kinds_)
        names.push_back(QString::fromStdString(kind.name));
    return names;
}

void DisplayType::open(DisplayHost&, ViewDocument* view) const { view->presentation().setDisplayOpen(name_, true); }

void DisplayType::close(DisplayHost&, ViewDocument* view) const { view->presentation().setDisplayOpen(name_, false); }

void DisplayType::restoreViewOptions(const DisplayRestore&, const DisplayState*) const {}

std::optional<int> DisplayType::runHeadless(const HeadlessRequest&) const { return std::nullopt; }

void DisplayRegistry::add(std::unique_ptr<DisplayType> type) { registry().add(std::move(type)); }

const std::vector<const DisplayType*>& DisplayRegistry::all() { return registry().order; }

const DisplayType* DisplayRegistry::find(const QString& name)
{
    for (const DisplayType* type : all())
        if (type->name() == name)
            return type;
    return nullptr;
}

const DisplayType* DisplayRegistry::forKind(const DisplayKind& kind)
{
    for (const DisplayType* type : all())
        if (type->savesAs(kind))
            return type;
    return nullptr;
}

const DisplayType& DisplayRegistry::viewsOwn() { return *all().front(); }

} // namespace chitra::app
