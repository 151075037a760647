// How a view's model display is saved in a session (docs/sessions.md, "What the
// workbench writes"): only whether it is open. The chain is fitted again when the user
// shows the model, so a restore marks the display open without fitting. Its type in the
// display registry (displays/display_registry.hpp): opening it shows the model window.
#include "chitra/chain/chain.hpp"
#include "displays/display_host.hpp"
#include "displays/display_registry.hpp"
#include "displays/headless_settle.hpp"
#include "document/view_document.hpp"
#include "chain/model_window.hpp"
#include "chain/transition_graph_widget.hpp"
#include "chain/view_fit.hpp"

#include <iostream>
#include <optional>

namespace chitra::app {

namespace {

class ModelDisplayType final : public DisplayType {
public:
    ModelDisplayType() : DisplayType("model", "model", {DisplayKind::model}, true) {}
    void open(DisplayHost& host, ViewDocument* view) const override
    {
        DisplayType::open(host, view);
        host.showModel();
    }
    void capture(const DisplayHost&, ViewDocument*, DisplayState&) const override {}
    // Marked open only: the chain is fitted again when the user shows it.
    void restore(const DisplayRestore&, const DisplayState&) const override {}

    // The model window of the view's chain; with a benchmark, the trace view's replots
    // are measured and the main window is the picture.
    std::optional<int> runHeadless(const HeadlessRequest& r) const override
    {
        if (r.benchmarkReplots > 0)
            return std::nullopt;
        const ViewFit what = viewFit(*r.view);
        std::optional<SemiMarkovModel> fitted;
        try {
            fitted = what.fit();
        } catch (const std::exception& e) {
            std::cerr << "chitra: cannot fit the chain: " << e.what() << '\n';
            return 3;
        }
        ModelWindow model(std::move(*fitted), what.ses, nullptr, r.view->colours());
        model.setWindowTitle(what.title);
        model.setPooling(what.pooling);
        model.resize(r.size);
        model.show();
        settleFor(300);
        for (const TransitionGraphWidget* graph : model.findChildren<TransitionGraphWidget*>())
            while (graph->layingOut()) // a large graph is laid out on a worker
                settleFor(50);
        settleFor(50);
        if (!model.grab().save(r.screenshot)) {
            std::cerr << "chitra: cannot write " << r.screenshot.toStdString() << '\n';
            return 3;
        }
        return 0;
    }
};

} // namespace

std::unique_ptr<DisplayType> makeModelDisplayType() { return std::make_unique<ModelDisplayType>(); }

} // namespace chitra::app
