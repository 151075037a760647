#include "document/workspace.hpp"

#include "document/lane_pool.hpp"
#include "document/view_document.hpp"

#include <QFileInfo>

#include <algorithm>

namespace chitra::app {

QString TraceFile::title() const
{
    const QString shown = shownName();
    return shown.isEmpty() ? label : QString::fromUtf8("%1 \u25b8 %2").arg(label, shown);
}

QString TraceFile::shownName() const
{
    QString name = laneNames;
    if (base.pool && base.laneTracks) // what the views analyse of the lanes shown
        name +=
            (name.isEmpty() ? QString() : QStringLiteral(" \u00b7 ")) + base.pool->describe(base.laneTracks->trace());
    return name;
}

Workspace::Workspace(QObject* parent) : QObject(parent) {}

namespace {

// "run.json · rank 3" for one lane of a foreign trace opened alone (its `# lane: 1 NAME`).
QString fileLabel(const QString& path, const Trace& trace, const ImportChoice& choice)
{
    const QString name = QFileInfo(path).fileName();
    if (choice.lane == 0)
        return name;
    for (const auto& [key, value] : trace.header.extra)
        if (key == "lane" && value.starts_with("1 "))
            return QString("%1 · %2").arg(name, QString::fromStdString(value.substr(2)));
    return QString("%1 · lane %2").arg(name).arg(choice.lane);
}

} // namespace

ViewDocument* Workspace::addFile(const QString& path, std::shared_ptr<const Trace> trace, qint64 bytes, TraceBase base,
                                 ImportChoice choice, ShownLanes lanes)
{
    if (!base.ses || !base.lanes)
        base = makeTraceBase(*trace);
    emit aboutToChange();
    QString label = fileLabel(path, *trace, choice);
    files_.push_back(TraceFile{path,
                               std::move(trace),
                               bytes,
                               {},
                               std::move(base),
                               std::move(choice),
                               std::move(label),
                               std::move(lanes.lanes),
                               std::move(lanes.names)});
    emit changed();
    return addView(static_cast<int>(files_.size()) - 1);
}

ViewDocument* Workspace::addView(int file)
{
    auto& f = files_.at(static_cast<std::size_t>(file));
    emit aboutToChange();
    const QString name =
        QString("%1 · view %2").arg(f.shownName().isEmpty() ? f.label : f.shownName()).arg(f.views.size() + 1);
    auto* doc = new ViewDocument(f.trace, name, this, f.base);
    if (!f.views.empty())
        doc->presentation().setSelection(f.views.front()->presentation().selection());
    f.views.push_back(doc);
    auto relist = [this] {
        emit aboutToChange();
        emit changed();
    };
    connect(doc, &ViewDocument::nameChanged, this, relist);
    connect(&doc->presentation(), &ViewPresentation::displaysChanged, this, relist);
    // Linked selection: the raw records brushed in one view are the selection of every
    // view of the same trace (each shows the ones that survive its pipeline). setSelection
    // ignores an unchanged range, so the propagation stops after one round.
    connect(&doc->presentation(), &ViewPresentation::selectionChanged, this, [this, doc] {
        const int fi = fileOf(doc);
        if (fi < 0)
            return;
        const auto views = files_[static_cast<std::size_t>(fi)].views;
        for (ViewDocument* other : views)
            if (other != doc)
                other->presentation().setSelection(doc->presentation().selection());
    });
    emit changed();
    emit viewAdded(doc);
    return doc;
}

void Workspace::removeView(ViewDocument* view)
{
    const int file = fileOf(view);
    if (file < 0)
        return;
    auto& views = files_[static_cast<std::size_t>(file)].views;
    emit aboutToChange();
    views.erase(std::find(views.begin(), views.end(), view));
    emit changed();
    emit viewRemoved(view);
    view->deleteLater();
}

void Workspace::removeFile(int file)
{
    if (file < 0 || file >= static_cast<int>(files_.size()))
        return;
    // One view at a time, each gone from the session before its viewRemoved: the window
    // then picks a new current view among views that still exist (removing the whole
    // file first left it choosing a sibling view whose file was gone).
    while (!files_[static_cast<std::size_t>(file)].views.empty())
        removeView(files_[static_cast<std::size_t>(file)].views.back());
    emit aboutToChange();
    files_.erase(files_.begin() + file);
    emit changed();
}

int Workspace::fileOf(const ViewDocument* view) const
{
    for (std::size_t f = 0; f < files_.size(); ++f)
        if (std::find(files_[f].views.begin(), files_[f].views.end(), view) != files_[f].views.end())
            return static_cast<int>(f);
    return -1;
}

int Workspace::viewCount() const
{
    int n = 0;
    for (const auto& f : files_)
        n += static_cast<int>(f.views.size());
    return n;
}

} // namespace chitra::app
