// How a view's model display is saved in a session (docs/sessions.md, "What the
// workbench writes"): only whether it is open. The chain is fitted again when the user
// shows the model, so a restore marks the display open without fitting. Registers the
// model display with the session (displays/display_registry.hpp).
#include "displays/display_registry.hpp"
#include "session/session_model.hpp"

namespace chitra::app {

namespace {

class ModelStateCodec final : public DisplayStateCodec {
public:
    ModelStateCodec() : DisplayStateCodec(static_cast<int>(SessionModel::Display::Model), "model", {DisplayKind::model})
    {
    }
    void capture(const MainWindow&, ViewDocument*, DisplayState&) const override {}
    void restore(const DisplayRestore&, const DisplayState&) const override {}
};

const DisplayStateRegistration registration{std::make_unique<ModelStateCodec>()};

} // namespace

} // namespace chitra::app
