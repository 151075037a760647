// Reads trace files off the GUI thread (QtConcurrent); the results arrive by signal.
// A foreign trace read without a lane choice comes back as its lanes (the import dialog
// chooses, then build() makes the traces); with a choice it comes back as traces.
// Also makes, off the GUI thread, the traces of some lanes of an open trace (a
// projection onto one lane, or one trace per lane).
#pragma once

#include "chitra/trace/trace.hpp"
#include "chitra/util/cancel.hpp"
#include "document/view_document.hpp"
#include "loading/import_choice.hpp"

#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

class QTimer;

namespace chitra::app {

struct LoadResult {
    QString path;
    std::shared_ptr<const Trace> trace; // null on failure, or while lanes are to be chosen
    TraceBase base;                     // of `trace`, ready for its views
    QString error;                      // the reader's "FILE:LINE: reason"
    qint64 bytes = 0;
    SourceFormat format = SourceFormat::pes; // the format read
    ImportChoice choice;                     // how `trace` was read; kept with the open file
    std::shared_ptr<const LaneTrace> lanes;  // a foreign trace whose lanes are yet to be chosen
    QStringList warnings;                    // the importer's (counted problems, not errors)
    // Some lanes of the trace only (indices into the lanes of the trace the import choice
    // makes) and their names.
    std::vector<std::size_t> shownLanes;
    QString laneNames;
    bool makeCurrent = true; // its first view becomes the current view
    bool ofOpenFile = false; // another entry of a file already open (not a new opening)
    // A text trace (CSV, event trace) read without a lane choice: the import dialog sets
    // its columns and reads it again, so even a refused first reading goes to the dialog.
    bool textToChoose = false;

    bool needsChoice() const { return !trace && lanes && error.isEmpty(); }
};

// What to read from one file.
struct LoadRequest {
    QString path;
    std::string format;               // the --from name; empty: detected by content
    std::optional<LaneChoice> choice; // none: a foreign trace comes back as lanes to choose from
    // With a choice, only these traces (ImportChoice::lane values, 0 the chosen lanes as
    // one trace); empty: one trace, or one per chosen lane when the choice is separate.
    std::vector<std::size_t> lanes;
    ImportSettings settings; // how to read it beyond the lanes (text columns, ...)
    // A trace of many busy lanes starts its views on a group of them (makeOpeningBase):
    // what opening a file does; restoring a session opens what it saved instead.
    bool startOnGroup = true;
};

// Blocking reads (the headless path and the workers). `progress`, when given, receives
// the share read in thousandths; the thread's cancel flag stops an import.
std::vector<LoadResult> loadTraces(const LoadRequest& request, std::atomic<int>* progress = nullptr);
// One trace as `choice` says (a foreign one with every lane by default).
LoadResult loadTraceFile(const QString& path, const ImportChoice& choice = {});
// The traces of lanes already read, as the import dialog chose.
// A trace of many busy lanes starts on a group of them, as LoadRequest::startOnGroup.
std::vector<LoadResult> buildTraces(const LoadResult& lanes, const LaneChoice& choice, bool startOnGroup = true);
// Blocking: the trace of lanes `lanes` of `whole` (indices into its own lanes), read with
// the same import choice; the result's `shownLanes` count from the lanes of the whole
// trace when `whole` is itself some lanes.
LoadResult deriveLanes(const LoadResult& whole, const std::vector<std::size_t>& lanes);
// Blocking: another entry of `whole`'s trace whose views analyse `lanes` (indices into its
// lanes) apart, pooled as group `group` (makePooledBase); no lanes: its joint states.
LoadResult analyseLanes(const LoadResult& whole, const std::vector<std::size_t>& lanes, std::size_t group);

class TraceLoader : public QObject {
    Q_OBJECT
public:
    explicit TraceLoader(QObject* parent = nullptr);
    void load(const QString& path) { load(LoadRequest{path, {}, std::nullopt, {}}); }
    void load(LoadRequest request);
    // Makes the traces of `lanes` (a result that needsChoice()) as `choice` says.
    void build(LoadResult lanes, LaneChoice choice);
    // One new trace per entry of `lanes` from `whole`, delivered in that order by `loaded`.
    void derive(LoadResult whole, std::vector<std::vector<std::size_t>> lanes);
    // analyseLanes on a worker, delivered by `loaded`.
    void analyse(LoadResult whole, std::vector<std::size_t> lanes, std::size_t group);
    int pending() const { return pending_; }
    // Stops the running imports at their next check; results of jobs started before are dropped.
    void cancel();

signals:
    void loaded(const chitra::app::LoadResult& result); // one per trace, in the file's order
    void busyChanged(bool busy);
    void progress(int permille);

private:
    template <class Work> void run(Work work);

    int pending_ = 0;
    int generation_ = 0;
    std::shared_ptr<CancelFlag> cancel_;
    std::shared_ptr<std::atomic<int>> progress_; // written by the workers, read by the timer
    QTimer* poll_;
};

} // namespace chitra::app
