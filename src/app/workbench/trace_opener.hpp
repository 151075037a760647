// Opening trace files in the workbench (File ▸ Open, dropped files, Open recent, the
// command line): each file is read on the TraceLoader; a foreign trace with several
// lanes is then shown in the import dialog, one file at a time, and the traces of the
// lanes chosen are added to the session. A text trace (CSV, event trace) always asks,
// for its columns. Any other trace of one lane, a recent file and the headless path open
// without asking. The reader's "FILE:LINE: reason" is reported and
// nothing is opened when a file is refused.
#pragma once

#include "dialogs/import_dialog.hpp"
#include "loading/trace_loader.hpp"

#include <QObject>
#include <QPointer>
#include <QStringList>

#include <deque>

namespace chitra::app {

class MainWindow;
class ViewDocument;

class TraceOpener : public QObject {
    Q_OBJECT
public:
    TraceOpener(MainWindow* window, TraceLoader* loader);

    // Reads in the background; foreign traces of several lanes ask which lanes.
    void open(const QStringList& paths);
    // As it was opened last (the same lanes), else as open() does.
    void openRecent(const QString& path);
    // Blocking, for headless use: a foreign trace with every lane (or as `choice` says),
    // the states formed from as many of them as LaneChoice::stateLanes allows.
    bool openNow(const QString& path, QString* error, const ImportChoice& choice = {});

    // The import dialog being shown (null when none is).
    ImportDialog* dialog() const { return dialog_; }
    // Files read, waiting for their import dialog behind the one shown.
    int waiting() const { return static_cast<int>(waiting_.size()); }

signals:
    void fileLoaded(chitra::app::ViewDocument* view);
    void loadFailed(const QString& message);

private:
    void onLoaded(const LoadResult& r);
    void add(const LoadResult& r);
    void askNext();

    MainWindow* w_;
    TraceLoader* loader_;
    std::deque<LoadResult> waiting_;
    QPointer<ImportDialog> dialog_;
};

} // namespace chitra::app
