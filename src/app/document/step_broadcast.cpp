#include "document/step_broadcast.hpp"

#include "document/view_document.hpp"

namespace chitra::app {

BroadcastOutcome broadcastStep(const Step& step, const std::vector<ViewDocument*>& targets)
{
    BroadcastOutcome out;
    for (ViewDocument* view : targets) {
        Pipeline after = view->pipeline();
        after.steps.push_back(step);
        const bool background = view->runsInBackground(after);
        const std::size_t elements = view->ses().size();
        const std::size_t symbols = view->ses().symbols->size();
        if (auto refused = view->pushStep(step)) {
            out.refused << QStringLiteral("%1: %2").arg(view->name(), *refused);
            continue;
        }
        ++out.applied;
        if (background) {
            ++out.inBackground;
            continue;
        }
        // Every transform that matches something merges elements or adds a symbol.
        const QStringList warnings = view->stepWarnings(view->steps().size() - 1);
        if (!warnings.isEmpty())
            out.unmatched << QStringLiteral("%1: %2").arg(view->name(), warnings.join(QStringLiteral("; ")));
        else if (view->ses().size() == elements && view->ses().symbols->size() == symbols)
            out.unmatched << QObject::tr("%1: the step matches nothing").arg(view->name());
    }
    return out;
}

} // namespace chitra::app
