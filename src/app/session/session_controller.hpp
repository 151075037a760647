// Sessions in the workbench: File ▸ Open/Save/Save as/Merge session and Recent
// sessions, the unsaved-changes state (every view's undo stack plus the changes that
// are not undoable: names, order, patterns, selection, bookmarks, zoom, displays), the
// window title "NAME* — Chitra", the Save/Discard/Cancel prompt on close, autosave to a
// recovery file every three minutes and the offer to restore it after a crash.
#pragma once

#include "chitra/session/session_io.hpp"
#include "session/session_capture.hpp"
#include "session/session_restore.hpp"

#include <QObject>
#include <QString>

#include <functional>
#include <optional>

class QAction;
class QCustomPlot;
class QMainWindow;
class QMenu;
class QTimer;

namespace chitra::app {

class SessionHost;
class ViewDocument;

class SessionController : public QObject {
    Q_OBJECT
public:
    explicit SessionController(SessionHost* host);

    enum class Question { SaveChanges, LoadIntactParts, RestoreRecovery };
    enum class Answer { Yes, No, Cancel }; // SaveChanges: Save, Discard, Cancel
    // Tests and headless runs replace the message boxes.
    void setAsker(std::function<Answer(Question, const QString& text)> ask) { ask_ = std::move(ask); }
    void setRestoreDialogs(RestoreDialogs dialogs)
    {
        dialogs_ = std::move(dialogs);
        customDialogs_ = true;
    }
    void setMergeResolver(MergeResolver resolver) { resolver_ = std::move(resolver); }

    QString sessionPath() const { return path_; }
    bool isDirty() const;
    chitra::Session capture() const;

    // Replaces the window's content by the session in `path`; false when nothing was
    // opened (the message went to reportError). `background`: read traces off the GUI
    // thread. Damaged files ask (LoadIntactParts) before loading what is intact.
    bool openSession(const QString& path, bool background = true);
    bool saveSession(const QString& path);
    bool mergeSession(const QString& path);
    // What the last open/merge could not restore (empty when everything came back).
    const RestoreReport& lastReport() const { return report_; }

    QString recoveryPath() const;
    // Offers to restore a recovery file left by a run that did not exit cleanly.
    void offerRecovery();
    QTimer* autosaveTimer() const { return autosave_; }
    // Autosave every `minutes` (a preference; 0 turns it off).
    void setAutosaveMinutes(int minutes);

    QAction* openAction = nullptr;
    QAction* saveAction = nullptr;
    QAction* saveAsAction = nullptr;
    QAction* mergeAction = nullptr;

public slots:
    void autosaveNow(); // writes the recovery file when there are unsaved changes
    void markDirty();
    void openDialog();
    bool save();
    bool saveAsDialog();
    void mergeDialog();

signals:
    void dirtyChanged(bool dirty);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void buildMenu();
    void updateRecent();
    void addRecent(const QString& path);
    void track(ViewDocument* view);
    void watchFrequencyZoom(QCustomPlot* plot);
    void setClean();
    void updateTitle();
    bool maybeSave(); // false: the user cancelled
    std::optional<LoadedSession> load(const QString& path);
    void clearWindow();
    void restore(const chitra::Session& session, const std::string& dir, bool background);
    void removeRecovery(const QString& sessionPath);
    Answer ask(Question q, const QString& text);

    // The host's window: the parent of menus and dialogs.
    QMainWindow* window() const;
    SessionHost* w_;
    QMenu* recent_ = nullptr;
    QTimer* autosave_;
    QString path_;
    bool changed_ = false; // a change outside the undo stacks since the last save
    bool restoring_ = false;
    bool lastDirty_ = false;
    FileRefCache refs_;
    RestoreReport report_;
    RestoreDialogs dialogs_;
    bool customDialogs_ = false;
    MergeResolver resolver_;
    std::function<Answer(Question, const QString&)> ask_;
};

} // namespace chitra::app
