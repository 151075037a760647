// One view of a trace: its pipeline (with undo), the current SES and its drawing
// summaries, the y order of states, the linked selection (in raw-record coordinates)
// and the pending brushed patterns. Every display of the view observes it.
#pragma once

#include "chitra/pipeline.hpp"
#include "chitra/ses.hpp"
#include "chitra/trace.hpp"
#include "state_summary.hpp"

#include <QColor>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

class QUndoStack;

namespace chitra {
class PipelineRunner;
}

namespace chitra::app {

// Raw records [begin, end).
struct RecordRange {
    RecordIndex begin = 0, end = 0;
    bool empty() const { return end <= begin; }
    bool operator==(const RecordRange&) const = default;
};

struct BrushedPattern {
    std::vector<std::string> names; // the symbol sequence
    QColor colour;
    std::vector<std::size_t> starts; // match starts in the current SES
    double elementShare = 0;         // matched elements / all elements
    double timeShare = 0;            // matched time / total time
    QString label() const;
};

enum class YOrder { FirstAppearance, Name, TimeShare, Custom };

class ViewDocument : public QObject {
    Q_OBJECT
public:
    ViewDocument(std::shared_ptr<const Trace> trace, QString name, QObject* parent = nullptr);
    ~ViewDocument() override;

    const Trace& trace() const { return *trace_; }
    std::shared_ptr<const Trace> tracePtr() const { return trace_; }
    QString name() const { return name_; }
    void setName(const QString& name);

    // Current SES and its lanes.
    const Ses& ses() const { return *ses_; }
    std::shared_ptr<const Ses> sesPtr() const { return ses_; }
    const StateSummary& summary() const { return summary_; }
    int laneCount() const { return static_cast<int>(laneSymbols_.size()); }
    SymbolId laneSymbol(int lane) const { return laneSymbols_[static_cast<std::size_t>(lane)]; }
    int laneOf(SymbolId s) const; // -1 when the symbol is not in the SES
    YOrder yOrder() const { return order_; }
    void setYOrder(YOrder order);
    // A user-chosen order (bottom lane first, by name); states not named keep their
    // first-appearance order above the named ones. Switches to YOrder::Custom.
    void setCustomOrder(std::vector<std::string> names);
    // The current lanes' names, bottom lane first.
    std::vector<std::string> laneNames() const;

    // Pipeline (replayed by the core's PipelineRunner, every step's result cached).
    // Each change is applied first; one the core refuses returns the core's message and
    // nothing is pushed onto the undo stack.
    std::optional<QString> pushStep(const Step& step);
    // Removes step `index` (0-based) and replays the later ones; refused, naming the
    // later step, when that step depends on a symbol the removed one made.
    std::optional<QString> removeStep(std::size_t index);
    // Replaces step `index` by `step`, replaying the later ones; refused like removeStep.
    std::optional<QString> replaceStep(std::size_t index, const Step& step);
    const std::vector<Step>& steps() const;
    Pipeline pipeline() const;
    // Warnings of step `index` (a state that names no symbol of this trace, ...).
    QStringList stepWarnings(std::size_t index) const;
    QUndoStack* undoStack() const { return undo_; }

    // The state picked for details (drawn as a line across the displays), by name so
    // that it survives transforms while it exists; kNoSymbol when none.
    SymbolId pickedState() const;
    void setPickedState(SymbolId symbol);

    // Which of the view's displays are open (SessionModel::Display as int); the trace
    // display is the view itself and always open.
    bool displayOpen(int display) const { return display == 0 || !closedDisplays_.contains(display); }
    void setDisplayOpen(int display, bool open);

    // Linked selection (raw records): shared by every view of the same trace, so each
    // highlights the records that survive its own pipeline.
    RecordRange selection() const { return selection_; }
    void setSelection(RecordRange range);

    // Brushed patterns; returns the index of the new pattern, or -1 for an empty one.
    int addPattern(std::vector<std::string> names);
    void removePattern(int index);
    // Gives pattern `index` a saved colour (session restore keeps colours exact).
    void setPatternColour(int index, const QColor& colour);
    const std::vector<BrushedPattern>& patterns() const { return patterns_; }
    // A composite name for pattern `index` that no symbol has yet.
    QString suggestName(int index) const;
    std::optional<QString> aggregatePattern(int index, const QString& name);

    // Used by the undo commands only: switches to a pipeline that applied before.
    void applyPipeline(const Pipeline& pipeline);

signals:
    void sesChanged();
    void lanesChanged();
    void selectionChanged();
    void patternsChanged();
    void nameChanged();
    void pickedStateChanged();
    void displaysChanged();
    // After a change whose new or edited step has warnings (each prefixed with its step).
    void warningsRaised(const QStringList& warnings);

private:
    void resultChanged();
    void rebuildLanes();
    void rematchPatterns();
    std::optional<QString> changePipeline(const Pipeline& after, const QString& text, std::size_t firstChanged);

    std::shared_ptr<const Trace> trace_;
    QString name_;
    std::unique_ptr<PipelineRunner> runner_;
    std::shared_ptr<const Ses> ses_;
    StateSummary summary_;
    std::vector<SymbolId> laneSymbols_;
    std::vector<int> laneOf_;
    YOrder order_ = YOrder::FirstAppearance;
    std::vector<std::string> customOrder_;
    std::string picked_;
    QSet<int> closedDisplays_;
    RecordRange selection_;
    std::vector<BrushedPattern> patterns_;
    int patternsMade_ = 0;
    QUndoStack* undo_;
};

} // namespace chitra::app
