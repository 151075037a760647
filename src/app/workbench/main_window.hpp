// The workbench's main window: wires the current view's displays in the centre
// (ViewStack), the session tree and trace information on the left, patterns and
// pipeline on the right and the status bar read-outs (StatusReadouts) to the session's
// documents. Menus and toolbar live in MainActions; transforms from dialogs in
// TransformDialogs, the displays of a view in DisplayOpener, chain fits in ChainFitter.
#pragma once

#include "session/session_host.hpp"
#include "preferences/preferences.hpp"

#include "chitra/pipeline/pipeline.hpp"
#include "chitra/summaries/ses_geometry.hpp"

#include <QMainWindow>
#include <QPointer>
#include <QStringList>

#include <vector>

class QMenu;
class QModelIndex;
class QToolButton;
class QTreeView;
class QUndoGroup;

namespace chitra::app {

class EnsembleWindow;
struct MemberInput;
class Workspace;
class SessionModel;
class ViewDocument;
class ViewPanel;
class TraceInfoPanel;
class PatternsPanel;
class SuggestionsPanel;
struct BroadcastOutcome;
class PipelinePanel;
class StateDetailsPanel;
class TraceLoader;
class TraceOpener;
class MainActions;
class SessionController;
class BookmarksPanel;
class BackgroundJobs;
class ChainFitter;
class DisplayOpener;
class StatusReadouts;
class TransformDialogs;
class ViewStack;

class MainWindow : public QMainWindow, public SessionHost {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    Workspace* workspace() const override { return workspace_; }
    // Appends the current view's last step to the first view of every other open trace;
    // names the traces where it was refused or matched nothing.
    BroadcastOutcome applyLastStepToAllTraces();
    SessionModel* sessionModel() const { return model_; }
    ViewDocument* currentView() const override { return current_; }
    QMainWindow& mainWindow() override { return *this; }
    const QMainWindow& mainWindow() const override { return *this; }
    ViewPanel* currentPanel() const;
    PatternsPanel* patternsPanel() const { return patterns_; }
    SuggestionsPanel* suggestionsPanel() const { return suggestions_; }
    PipelinePanel* pipelinePanel() const { return pipeline_; }
    StateDetailsPanel* stateDetails() const { return details_; }
    // The session tree's context menu for `index` (files: new view, close; views: new
    // view, add or reopen a display, rename, delete; displays: show, close).
    void fillSessionMenu(QMenu* menu, const QModelIndex& index);
    // DisplayHost: what the displays use of the window.
    QWidget* hostWidget() override { return this; }
    const QWidget* hostWidget() const override { return this; }
    ViewPanel* panelOf(ViewDocument* view) const override;
    ViewDocument* addViewOfSameTrace(ViewDocument* view) override;
    TraceInfoPanel* traceInfo() const { return info_; }
    QUndoGroup* undoGroup() const { return undoGroup_; }
    MainActions* actions() const { return actions_; }
    SessionController* sessionController() const { return sessionController_; }
    BookmarksPanel* bookmarksPanel() const { return bookmarks_; }
    QString hoverText() const;
    bool loading() const;
    // Running background jobs (shown in the status bar with progress and Cancel).
    BackgroundJobs* jobs() const { return jobs_; }
    QToolButton* cancelButton() const;
    // The model window of the last fit (null while a background fit runs or after it closed).
    QWidget* lastModelWindow() const;
    // The ensemble window opened last (null after it closed).
    QWidget* lastEnsembleWindow() const { return lastEnsemble_.data(); }

    // Opens files (File ▸ Open, drops, recent files), asking which lanes of a foreign trace.
    TraceOpener* opener() const { return opener_; }
    // Blocking open (headless use; a foreign trace with every lane); false with the
    // reader's message on failure.
    bool openFileNow(const QString& path, QString* error);
    bool importPipeline(const QString& path, QString* error);
    bool exportPipeline(const QString& path, QString* error);

public slots:
    void openFiles(const QStringList& paths); // in the background
    void openDialog();
    void setCurrentView(chitra::app::ViewDocument* view) override;
    void setXAxis(chitra::XAxis axis);
    void fitAll();
    void undoZoom();
    void showModel() override;
    // Model ▸ Ensemble of open traces: every open trace as a member, with the current
    // view's pipeline applied to each (ensemble/ensemble_window.hpp).
    void showEnsemble();
    // An Ensemble window of `members` with `pipeline` applied to each (also what a
    // restored session reopens).
    chitra::app::EnsembleWindow* openEnsemble(std::vector<chitra::app::MemberInput> members,
                                              const chitra::Pipeline& pipeline) override;
    // Picks `state` in a view of the open trace `trace` titled `title` (the current view
    // when it shows that trace) and brings the view to the front.
    void pickStateOfMember(const Trace* trace, const QString& title, const QString& state);
    void importPipelineDialog();
    void exportPipelineDialog();
    void addViewOfCurrentFile();
    void removeCurrentView();
    void showMessage(const QString& text) override;

    // Transforms from dialogs (TransformDialogs): each accepted dialog pushes one undoable
    // step; a step the core refuses is not pushed and its message is shown.
    void openFilterDialog(bool eventDomain);
    void openProjectionDialog(int mode); // ProjectionDialog::Mode as int
    void loadRulesDialog();
    void filterFrequencyBand();
    void editStateOrder();
    // Makes `view` current and opens its display of that name in the display registry.
    void openDisplay(chitra::app::ViewDocument* view, const QString& display);
    void closeDisplay(chitra::app::ViewDocument* view, const QString& display);
    // New file entries of the trace of `view` projected onto some of its lanes (one entry
    // per item of `entries`, made in the background), or onto each of its lanes.
    void projectOntoLanes(chitra::app::ViewDocument* view, const std::vector<std::vector<std::size_t>>& entries);
    void splitIntoLanes(chitra::app::ViewDocument* view);

public:
    // The view of `view`'s trace whose views analyse `lanes` (indices into its lanes) apart,
    // pooled as group `group` (document/lane_pool.hpp); no lanes: its joint states. Made
    // current when such an entry is open, else made in the background as a new entry.
    // Returns that view when it is open already, else null.
    chitra::app::ViewDocument* analyseLanes(chitra::app::ViewDocument* view, const std::vector<std::size_t>& lanes,
                                            std::size_t group);
    // Analyses `lane` of `view`'s trace alone and fits its model (when that view is made).
    void openLaneModel(chitra::app::ViewDocument* view, std::size_t lane);
    // The Ensemble window with each of `lanes` alone as a member, through `view`'s
    // pipeline: the lanes of a group compared in its Compare tab.
    chitra::app::EnsembleWindow* compareLanes(chitra::app::ViewDocument* view, const std::vector<std::size_t>& lanes);
    // A rules file as a step (its text read now); false with the message on refusal.
    bool applyRulesFile(const QString& path, QString* error);
    // Pushes a step on the current view; shows the core's refusal in a message box.
    bool applyStep(const Step& step, const QString& what);

signals:
    void fileLoaded(chitra::app::ViewDocument* view);
    void loadFailed(const QString& message);

protected:
    void dragEnterEvent(QDragEnterEvent* e) override;
    void dropEvent(QDropEvent* e) override;
    void closeEvent(QCloseEvent* e) override;

public:
    // Edit ▸ Preferences: asks, then saves and applies the choice.
    void editPreferences();
    // Makes `preferences` current: saved, the displays redrawn in its colours and units,
    // the autosave interval set.
    void applyPreferences(const Preferences& preferences);
    const Preferences& preferences() const { return preferences_; }
    // The panels as on first start: one column at the right, two groups of tabs
    // (View ▸ Reset panel layout).
    void arrangeDocksByDefault();
    static constexpr int kDefaultDockWidth = 330;

private:
    void buildDocks();
    Preferences preferences_;
    void onViewAdded(ViewDocument* view);
    void onViewRemoved(ViewDocument* view);
    void refreshInfo();
    void refreshDetails();

    Workspace* workspace_;
    SessionModel* model_;
    TraceLoader* loader_;
    TraceOpener* opener_;
    QUndoGroup* undoGroup_;
    MainActions* actions_;
    SessionController* sessionController_ = nullptr;
    BookmarksPanel* bookmarks_ = nullptr;
    ViewStack* views_;
    ViewDocument* current_ = nullptr;
    QTreeView* tree_;
    TraceInfoPanel* info_;
    PatternsPanel* patterns_;
    SuggestionsPanel* suggestions_ = nullptr;
    PipelinePanel* pipeline_;
    StateDetailsPanel* details_;
    BackgroundJobs* jobs_;
    StatusReadouts* status_;
    ChainFitter* fitter_;
    TransformDialogs* transforms_;
    DisplayOpener* displays_;
    QPointer<QWidget> lastEnsemble_;
};

} // namespace chitra::app
