// How a messages display is saved in a session (docs/sessions.md, "What the workbench
// writes"): what colours the matrix, the range when it is not the whole run, and the
// lanes of a brushed area. The file also defines the display's type in the display
// registry (displays/display_registry.hpp).
#pragma once

#include "chitra/session/session.hpp"

#include <QString>

#include <cstddef>
#include <vector>

namespace chitra::app {

class MessagesWindow;
class ViewDocument;

// The messages display's name in the display registry, and the kind it is saved as.
inline const QString kMessagesDisplay = QStringLiteral("messages");
inline const DisplayKind kMessagesKind{"messages"};

DisplayOptions messagesOptions(const MessagesWindow& window);
// Applies saved options to `window`; what cannot be applied goes to `problems`, naming
// the view by `where`.
void applyMessagesOptions(MessagesWindow& window, const DisplayOptions& options, const QString& where,
                          std::vector<QString>& problems);

// Asks the view's messages display for the messages between some lanes (indices into the
// trace's lanes, top to bottom) sent over [t0, t1] (the views' time units).
void askMessagesArea(ViewDocument& view, const std::vector<std::size_t>& lanes, double t0, double t1);

} // namespace chitra::app
