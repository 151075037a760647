// Draws a fitted semi-Markov chain as a graph laid out by Graphviz (graph_layout.hpp).
//
// Public interface:
//   TransitionGraphWidget(QWidget* parent = nullptr)
//   setModel(model)                 copies the model, lays it out and draws it
//   setExpanded(state, on) / isExpanded(state)
//                                   a composite shown with its definition (pattern,
//                                   set, or prefix tree of paths) in a dashed cluster
//   setMinProbability(p)            hides transitions with probability < p
//   fitAll(), zoomBy(factor)        (wheel zooms around the cursor, drag pans)
//   exportTo(path)                  ".svg" writes SVG, anything else PNG; false on failure
//   viewPosOfState(state)           centre of a state's node in viewport coordinates
//   graphLayout(), nodeOfState(state), layoutError()   (for tests)
//   layingOut()                     a large graph is laid out on a worker (layoutFinished)
// signals: stateClicked(state) (a model state index, any click on a node);
//          expansionChanged(state, expanded) (a click on a composite toggles it).
// Nodes: area grows with the state's share of time, fill is the state's colour.
// Edges: width and opacity grow with the transition probability, labelled with it.
#pragma once

#include "chain/graph_layout.hpp"

#include "chitra/chain/chain.hpp"

#include "plotting/state_colours.hpp"

#include <QGraphicsView>

#include <set>

namespace chitra::app {

class TransitionGraphWidget : public QGraphicsView {
    Q_OBJECT
public:
    explicit TransitionGraphWidget(QWidget* parent = nullptr);
    ~TransitionGraphWidget() override;

    // `colours`: of the view the model was fitted to (else dealt by coloursOfModel).
    void setModel(const SemiMarkovModel& model, std::shared_ptr<const StateColours> colours = nullptr);
    // What joins the components of a state's name (the trace's separator): a node's name
    // is shortened one component at a time.
    void setNameSeparator(const QString& separator) { separator_ = separator; }
    const SemiMarkovModel& model() const { return model_; }
    void setExpanded(std::size_t state, bool expanded);
    bool isExpanded(std::size_t state) const { return expanded_.count(state) > 0; }
    void setMinProbability(double p);
    void fitAll();
    void zoomBy(double factor);
    bool exportTo(const QString& path) const;

    QPoint viewPosOfState(std::size_t state) const;
    const GraphLayout& graphLayout() const { return layout_; }
    int nodeOfState(std::size_t state) const; // layout node index, -1 if not drawn
    // A model of more states than a drawing keeps legible (the joint states of many
    // lanes) is drawn with the kDrawnStates states of most time only: how many are left out.
    static constexpr std::size_t kDrawnStates = 100;
    std::size_t statesLeftOut() const { return left_out_; }
    QString layoutError() const { return error_; }
    // A large graph (graph_layout.hpp) is laid out on a worker: until layoutFinished(),
    // the view shows that it is being laid out.
    bool layingOut() const { return laying_out_; }

    QSize sizeHint() const override { return {640, 420}; }

signals:
    void stateClicked(std::size_t state);
    void expansionChanged(std::size_t state, bool expanded);
    void layoutFinished();

protected:
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Drawing;
    struct LaidOut {
        GraphLayout layout;
        QString error; // empty when laid out
    };
    void rebuild();
    static LaidOut layOut(const GraphSpec& spec);
    void drawLayout(const Drawing& drawing, LaidOut result);
    long stateAt(const QPoint& viewPos) const;
    QString preferredRankdir() const;

    SemiMarkovModel model_;
    std::shared_ptr<const StateColours> colours_;
    std::set<std::size_t> expanded_;
    double min_probability_ = 0.0;
    GraphLayout layout_;
    std::vector<int> node_of_state_;
    QString error_;
    QString separator_ = QStringLiteral("|");
    std::vector<char> drawn_; // per model state: drawn (the kDrawnStates of most time)
    std::size_t left_out_ = 0;
    QString rankdir_;
    QPoint press_pos_;
    bool user_zoomed_ = false; // until the user zooms, the graph follows the widget's size
    int generation_ = 0;       // of rebuild(): a layout finished for an older one is dropped
    bool laying_out_ = false;
};

} // namespace chitra::app
