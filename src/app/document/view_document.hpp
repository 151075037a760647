// One view of a trace: its pipeline (with undo) and its replay, the current SES and what
// is computed from it (the state lanes in the view's order, the brushed patterns'
// matches). What the view shows otherwise is its ViewPresentation. Every display observes both.
#pragma once

#include "document/view_presentation.hpp"
#include "plotting/state_colours.hpp"

#include "chitra/pipeline/pipeline.hpp"
#include "chitra/trace/ses.hpp"
#include "chitra/trace/trace.hpp"
#include "chitra/summaries/lane_tracks.hpp"
#include "chitra/summaries/state_summary.hpp"

#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <map>
#include <memory>
#include <optional>
#include <vector>

class QUndoStack;

namespace chitra {
class PipelineRunner;
struct Replay;
struct LaneGrouping;
} // namespace chitra

namespace chitra::app {

// Traces of at least this many elements, read in place from a mapped file, have their
// lanes cached between runs (summary_cache.hpp): below it, or for a trace in memory,
// building them takes less than reading them back.
struct LanePool;

inline constexpr std::size_t kCachedLanesFrom = std::size_t{1} << 24;

// The lanes of a SES in a y order: pure, so a background replay computes them too.
struct LaneLayout {
    std::vector<SymbolId> symbols; // bottom lane first
    std::vector<int> laneOf;       // by symbol, -1 when absent
    std::shared_ptr<const StateSummary> summary;
    std::shared_ptr<const SymbolTotals> totals;
};
// bothCores: its passes on two threads (symbolTotals).
LaneLayout computeLanes(std::shared_ptr<const Ses> ses, YOrder order, const std::vector<std::string>& customOrder,
                        bool bothCores = false);

// What every view of a trace starts from: its base SES and that SES's lanes in the
// default order. Computed once per file on the loader's worker and shared by its views
// (an O(records) pass that would otherwise freeze the GUI thread at every open).
struct TraceBase {
    std::shared_ptr<const Ses> ses;
    std::shared_ptr<const LaneLayout> lanes;
    // The trace's own lanes (threads, components) for the lanes view: made here when
    // the trace has several, else on first use.
    std::shared_ptr<const LaneTracks> laneTracks;
    // Views that analyse one lane alone or a group of lanes pooled (document/lane_pool.hpp):
    // `ses` and `lanes` are then of the pool's first lane. Null: the trace's joint states.
    std::shared_ptr<const LanePool> pool;
    // The lanes grouped by behaviour when the trace opened on a group (many busy lanes).
    std::shared_ptr<const LaneGrouping> grouping;
};
// `file`: the file `trace` was read from as it is (no import choices), whose lanes may be
// cached between runs (summary_cache.hpp) when the trace has `cacheFrom` elements or more.
// `tracks`: the trace's lanes when the caller built them already.
TraceBase makeTraceBase(const Trace& trace, const std::string& file = {}, std::size_t cacheFrom = kCachedLanesFrom,
                        std::shared_ptr<const LaneTracks> tracks = nullptr);

class ViewDocument : public QObject {
    Q_OBJECT
public:
    // `base` of `trace` (makeTraceBase) when one is at hand; otherwise it is computed here.
    ViewDocument(std::shared_ptr<const Trace> trace, QString name, QObject* parent = nullptr, TraceBase base = {});
    ~ViewDocument() override;

    // The trace the view analyses: its records are the SES's (a pool's first lane alone).
    const Trace& trace() const { return *trace_; }
    std::shared_ptr<const Trace> tracePtr() const { return trace_; }
    // The trace whose lanes the lanes view, profiles and messages show: the whole trace,
    // also when the view analyses some of its lanes.
    const Trace& lanesTrace() const { return *lanesTrace_; }
    std::shared_ptr<const Trace> lanesTracePtr() const { return lanesTrace_; }
    // The lanes the view analyses apart (null: the joint states of every lane).
    const LanePool* lanePool() const { return pool_.get(); }
    // The lanes grouped when the trace opened on a group (null otherwise).
    const LaneGrouping* openingGrouping() const { return grouping_.get(); }
    // The trace's lanes as the lanes view draws them (built now when the file's loader
    // did not, i.e. for a trace of one lane).
    std::shared_ptr<const LaneTracks> laneTracks() const;
    QString name() const { return name_; }
    void setName(const QString& name);

    // Current SES and its lanes.
    const Ses& ses() const { return *ses_; }
    std::shared_ptr<const Ses> sesPtr() const { return ses_; }
    const StateSummary& summary() const { return *summary_; }
    std::shared_ptr<const StateSummary> summaryPtr() const { return summary_; }
    // Time, visits and first element of every symbol of ses() (shared with the panels).
    std::shared_ptr<const SymbolTotals> totals() const { return totals_; }
    int laneCount() const { return static_cast<int>(laneSymbols_.size()); }
    SymbolId laneSymbol(int lane) const { return laneSymbols_[static_cast<std::size_t>(lane)]; }
    int laneOf(SymbolId s) const; // -1 when the symbol is not in the SES
    // The current lanes' names, bottom lane first (in the state's y order).
    std::vector<std::string> laneNames() const;

    // The colour of each symbol of ses() (plotting/state_colours.hpp): an object that never
    // changes, so drawing threads may hold it; a new one with every SES.
    std::shared_ptr<const StateColours> colours() const { return colours_; }
    QColor stateColour(SymbolId s) const { return colours_->colour(s); }
    // The colours of the trace's lane states (laneTracks()'s state ids), a name that is
    // also a state of ses() in that state's colour.
    std::shared_ptr<const StateColours> laneColours() const;
    // Colours (0xRRGGBB) a saved session gave states, by name: this view keeps them.
    void pinColours(const std::map<std::string, std::uint32_t>& colours);

    // Pipeline (replayed by the core's PipelineRunner, every step's result cached).
    // Each change is applied first; one the core refuses returns the core's message and
    // nothing is pushed onto the undo stack.
    //
    // A change whose replay is estimated above asyncThreshold() (input elements times
    // step_cost per recomputed step) runs on a worker instead: the call returns nullopt
    // at once, the view keeps its current SES, replayStarted/replayProgress report it,
    // and only when the result arrives is it committed and the command pushed (a refusal
    // then arrives as replayRefused). Further pushes while it runs chain onto it (the
    // running worker is superseded by one computing both); removing or editing a step
    // is refused until it ends; undo/redo drops pending pushes. cancelReplay() abandons
    // it and leaves pipeline and undo stack as before.
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

    // What the view shows: windows, selection, patterns, y order, picked state, displays.
    ViewPresentation& presentation() { return *presentation_; }
    const ViewPresentation& presentation() const { return *presentation_; }

    // The state's picked state in the current SES (drawn as a line across the displays);
    // kNoSymbol when none is picked or it is not in the SES.
    SymbolId pickedState() const;
    // Picks `symbol` of the current SES (kNoSymbol: none).
    void setPickedState(SymbolId symbol);

    // Brushes a pattern: adds it to the state with its matches in the current SES (and
    // `colour`, else the next pattern colour); returns its index, or -1 for an empty one.
    int addPattern(std::vector<std::string> names, const QColor& colour = {});
    // A composite name for pattern `index` that no symbol has yet.
    QString suggestName(int index) const;
    std::optional<QString> aggregatePattern(int index, const QString& name);

    // Used by the undo commands only: switches to a pipeline that applied before.
    void applyPipeline(const Pipeline& pipeline);

    // Background replay.
    bool replaying() const { return pendingTarget_.has_value(); }
    // Whether switching to `after` would run in the background (estimate, or a replay runs).
    bool runsInBackground(const Pipeline& after) const;
    void cancelReplay();
    // Blocks, processing events, until no replay is pending (headless use); false on timeout.
    bool waitForReplay(int timeoutMs = -1);
    // Cost units above which a replay runs in the background: CHITRA_ASYNC_THRESHOLD,
    // or about one frame of work by default; 0 forces every replay into the background.
    static double asyncThreshold();
    static void setAsyncThreshold(double units);

signals:
    void sesChanged();
    void lanesChanged();
    void nameChanged();
    // After a change whose new or edited step has warnings (each prefixed with its step).
    void warningsRaised(const QStringList& warnings);
    // Background replay: started (or restarted with a chained request), progress in
    // steps, ended (committed, refused or cancelled), refused with the core's message.
    void replayStarted(const QString& text);
    void replayProgress(int done, int total);
    void replayFinished();
    void replayRefused(const QString& message);

private:
    void resultChanged(std::shared_ptr<LaneLayout> lanes = nullptr);
    QString describe(const Step& step) const; // describeStep in the trace's units
    void rebuildLanes();
    void recolour();                                  // colours_ for the current SES
    void adoptLanes(const LaneLayout& layout);        // copies the small parts, shares the rest
    void matchPattern(BrushedPattern& pattern) const; // its matches in the current SES
    void rematchPatterns();
    // A request waiting for its background replay.
    struct PendingCommand {
        enum Kind { Push, Remove, Replace } kind = Push;
        Pipeline before, after;
        QString text;
        std::size_t index = 0;                             // the pushed, removed or edited step
        std::vector<std::vector<std::string>> oldWarnings; // remove/replace: of `before`
    };
    Pipeline currentTarget() const;
    void launchReplay(const Pipeline& target, const QString& text);
    void finishReplay(int generation, std::shared_ptr<Replay> replay, std::shared_ptr<LaneLayout> lanes, QString error,
                      bool cancelled);
    void rollBackStack(std::optional<int> index);
    std::optional<QString> checkDependents(const PendingCommand& c, const Replay& replay) const;

    std::shared_ptr<const Trace> trace_;
    std::shared_ptr<const Trace> lanesTrace_;
    std::shared_ptr<const LanePool> pool_;
    std::shared_ptr<const LaneGrouping> grouping_;
    mutable std::shared_ptr<const LaneTracks> laneTracks_;
    QString name_;
    std::unique_ptr<PipelineRunner> runner_;
    std::shared_ptr<const Ses> ses_;
    std::shared_ptr<const StateSummary> summary_;
    std::shared_ptr<const SymbolTotals> totals_;
    std::vector<SymbolId> laneSymbols_;
    std::vector<int> laneOf_;
    FixedColours fixedColours_; // the source's, then the session's
    std::shared_ptr<const StateColours> colours_;
    mutable std::shared_ptr<const StateColours> laneColours_; // made on first use
    ViewPresentation* presentation_;
    QUndoStack* undo_;

    std::optional<Pipeline> pendingTarget_;       // the pipeline a running worker computes
    std::vector<PendingCommand> pendingCommands_; // pushed onto the stack when it arrives
    std::optional<int> restoreIndex_;             // stack index before a background undo/redo
    std::shared_ptr<std::atomic<bool>> cancel_;   // the running worker's flag
    int generation_ = 0;                          // results of older workers are dropped
    bool reverting_ = false;                      // rolling the stack back: ignore applyPipeline
};

} // namespace chitra::app
