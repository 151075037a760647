// The workbench's workspace: the open trace files, each with its views, in the order the
// session tree lists them. Owns the ViewDocuments. (A session file saves it: session/.)
#pragma once

#include "chitra/trace/trace.hpp"
#include "document/view_document.hpp"
#include "loading/import_choice.hpp"

#include <QObject>
#include <QString>

#include <memory>
#include <vector>

namespace chitra::app {

struct TraceFile {
    QString path;
    std::shared_ptr<const Trace> trace;
    qint64 bytes = 0;
    std::vector<ViewDocument*> views;
    TraceBase base;      // shared by the views
    ImportChoice choice; // how the file was read (saved in sessions)
    QString label;       // the file's name, and the lane's for one lane opened alone
    // An entry of some lanes of the trace (indices into the lanes of the trace `choice`
    // makes) shows that trace projected onto them (project_lanes); empty: the whole trace.
    std::vector<std::size_t> lanes;
    QString laneNames;
    // The label, and the lanes' names for an entry of some lanes.
    QString title() const;
    // The lanes' names of an entry of some lanes, and what its views analyse apart
    // ("rank 3 alone", "group 2 pooled (7 lanes)"); empty for a whole trace's joint states.
    QString shownName() const;
};

// Which lanes of a trace an entry shows, and their names (for titles).
struct ShownLanes {
    std::vector<std::size_t> lanes;
    QString names;
};

class Workspace : public QObject {
    Q_OBJECT
public:
    explicit Workspace(QObject* parent = nullptr);

    // Adds a file with one first view; returns that view.
    // `base` of `trace` (makeTraceBase) when the loader made it; otherwise made here.
    // `choice`: how it was read (a foreign trace's lanes); `lanes`: the entry shows some
    // lanes of that trace (`trace` is their projection).
    ViewDocument* addFile(const QString& path, std::shared_ptr<const Trace> trace, qint64 bytes, TraceBase base = {},
                          ImportChoice choice = {}, ShownLanes lanes = {});
    ViewDocument* addView(int file);
    void removeView(ViewDocument* view);
    void removeFile(int file);

    const std::vector<TraceFile>& files() const { return files_; }
    int fileOf(const ViewDocument* view) const;
    int viewCount() const;

signals:
    void aboutToChange();
    void changed();
    void viewAdded(chitra::app::ViewDocument* view);
    void viewRemoved(chitra::app::ViewDocument* view);

private:
    std::vector<TraceFile> files_;
};

} // namespace chitra::app
