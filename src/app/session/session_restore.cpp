#include "session/session_restore.hpp"

#include "chitra/session/session_io.hpp"
#include "views/frequency/frequency_plot.hpp"
#include "displays/gantt/gantt_display.hpp"
#include "workbench/main_window.hpp"
#include "plotting/palette.hpp"
#include "qcustomplot.h"
#include "displays/rate/rate_display.hpp"
#include "session/session.hpp"
#include "jobs/trace_loader.hpp"
#include "views/trace/trace_plot.hpp"
#include "displays/traceview_window.hpp"
#include "document/view_bookmarks.hpp"
#include "document/view_document.hpp"
#include "views/view_panel.hpp"

#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QMessageBox>
#include <QPushButton>
#include <QUndoStack>
#include <QtConcurrent>

#include <cmath>
#include <optional>

namespace chitra::app {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

QString fileName(const TraceFileRef& ref)
{
    const std::string& p = ref.path_absolute.empty() ? ref.path_relative : ref.path_absolute;
    return qs(p);
}

// Reads the traces in parallel off the GUI thread; the GUI keeps painting (user input
// waits so that nothing changes the window half-way through a restore).
std::vector<LoadResult> loadAll(const QStringList& paths, bool background)
{
    std::vector<LoadResult> out;
    if (!background) {
        for (const QString& p : paths)
            out.push_back(loadTraceFile(p));
        return out;
    }
    QFuture<LoadResult> future = QtConcurrent::mapped(paths, [](const QString& p) { return loadTraceFile(p); });
    QFutureWatcher<LoadResult> watcher;
    QEventLoop loop;
    QObject::connect(&watcher, &QFutureWatcher<LoadResult>::finished, &loop, &QEventLoop::quit);
    watcher.setFuture(future);
    if (!future.isFinished())
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    for (int i = 0; i < paths.size(); ++i)
        out.push_back(future.resultAt(i));
    return out;
}

YOrder parseOrder(const std::string& s)
{
    if (s == "name")
        return YOrder::Name;
    if (s == "time")
        return YOrder::TimeShare;
    if (s == "custom")
        return YOrder::Custom;
    return YOrder::FirstAppearance;
}

SymbolId symbolNamed(const Ses& ses, const std::string& name)
{
    for (SymbolId s = 0; s < ses.symbols->size(); ++s)
        if ((*ses.symbols)[s].name == name)
            return s;
    return kNoSymbol;
}

std::optional<std::pair<double, double>> parseBand(const std::string& text)
{
    const QStringList parts = qs(text).split(':');
    bool ok0 = false, ok1 = false;
    if (parts.size() != 2)
        return std::nullopt;
    const double f0 = parts[0].toDouble(&ok0), f1 = parts[1].toDouble(&ok1);
    if (!ok0 || !ok1)
        return std::nullopt;
    return std::make_pair(f0, f1);
}

void restoreFrequency(FrequencyPlot* plot, const DisplayState& d)
{
    plot->setLogPower(d.options.log_axis); // applied only on a change (re-lays the docks out)
    plot->setSamplingInterval(d.options.sampling_interval.value_or(0));
    const auto autoUpdate = d.options.extra.find(kAutoUpdateKey);
    plot->setAutoUpdate(autoUpdate == d.options.extra.end() || autoUpdate->second != "0");
    const auto flag = [&d](const char* key) {
        const auto it = d.options.extra.find(key);
        return it != d.options.extra.end() && it->second == "1";
    };
    plot->setLogFrequency(flag(kLogFrequencyKey));
    plot->setZoomToPeak(flag(kPeakZoomKey));
    if (const auto band = d.options.extra.find(kBandKey); band != d.options.extra.end())
        if (const auto fb = parseBand(band->second))
            plot->setBand(fb->first, fb->second);
    if (!d.visible.empty())
        plot->setUserFrequencyRange(d.visible.x0, d.visible.x1);
}

GanttDisplay::Density parseDensity(const QString& s)
{
    return s == "point" ? GanttDisplay::Density::Point
         : s == "value" ? GanttDisplay::Density::Value
                        : GanttDisplay::Density::Off;
}

// The saved short-visit threshold, or nullopt when none was saved (older sessions) or it
// is not a number of seconds >= 0 (then said in `problems`).
std::optional<double> savedMinVisit(const DisplayState& d, const QString& here, std::vector<QString>& problems)
{
    const auto it = d.options.extra.find(kMinVisitKey);
    if (it == d.options.extra.end())
        return std::nullopt;
    bool ok = false;
    const double s = qs(it->second).toDouble(&ok);
    if (ok && std::isfinite(s) && s >= 0)
        return s;
    problems.push_back(QObject::tr("%1: display '%2': short-visit threshold '%3' is not a number of seconds; "
                                   "the default is used")
                           .arg(here, qs(d.id), qs(it->second)));
    return std::nullopt;
}

void restoreTraceview(MainWindow& window, ViewDocument* doc, const DisplayState& d, const QString& here,
                      std::vector<QString>& problems)
{
    const bool gantt = d.kind == DisplayKind::gantt;
    window.openDisplay(doc, gantt ? 3 : 4);
    TraceviewWindow* w = nullptr;
    for (TraceviewWindow* t : window.findChildren<TraceviewWindow*>())
        if (t->document() == doc && t->kind() == (gantt ? TraceviewWindow::Kind::Gantt : TraceviewWindow::Kind::Rate))
            w = t;
    if (!w) {
        problems.push_back(QObject::tr("%1: display '%2' could not be opened").arg(here, qs(d.id)));
        return;
    }
    const std::optional<double> minVisit = savedMinVisit(d, here, problems);
    if (!gantt) {
        if (RateDisplay* rate = w->rate(); rate && minVisit)
            rate->setMinVisitSeconds(*minVisit);
        if (RateDisplay* rate = w->rate(); rate && !d.options.chosen_state.empty()) {
            const SymbolId s = symbolNamed(doc->ses(), d.options.chosen_state);
            if (s == kNoSymbol)
                problems.push_back(QObject::tr("%1: the rate display's state '%2' no longer exists")
                                       .arg(here, qs(d.options.chosen_state)));
            else
                rate->setState(s);
        }
        return;
    }
    GanttDisplay* g = w->gantt();
    if (!g)
        return;
    const auto& extra = d.options.extra;
    bool perChart = false;
    for (int c = 0; c < g->chartTotal(); ++c) {
        const auto it = extra.find(kChartKeyPrefix + std::to_string(c));
        if (it == extra.end())
            continue;
        perChart = true;
        const QStringList f = qs(it->second).split(',');
        g->setChartShown(c, f.value(0) != "hidden");
        g->setDensity(c, parseDensity(f.value(1)));
        g->setAverage(c, f.value(2) == "average");
    }
    if (!perChart && !d.options.density_bar.empty()) // written by chitra-cli: one setting for all
        for (int c = 0; c < g->chartTotal(); ++c)
            g->setDensity(c, parseDensity(qs(d.options.density_bar)));
    const std::string& map = d.options.colour_map;
    g->setColourMap(map == "hot" ? GanttDisplay::ColourMap::Hot
                    : map == "grey" ? GanttDisplay::ColourMap::Grey
                                    : GanttDisplay::ColourMap::Viridis);
    if (d.options.averaging_width_percent > 0)
        g->setAverageWindowPercent(d.options.averaging_width_percent);
    const auto tw = extra.find(kTimeWeightedKey);
    g->setAverageTimeWeighted(tw == extra.end() || tw->second != "0");
    if (minVisit)
        g->setMinVisitSeconds(*minVisit);
    if (!d.visible.empty())
        g->zoomTo(d.visible.x0, d.visible.x1);
    // zoomTo pushed the range it left; the saved history replaces it (undo goes where it went before).
    std::vector<std::pair<double, double>> history;
    for (const VisibleRange& r : d.zoom_history)
        history.emplace_back(r.x0, r.x1);
    g->setZoomHistory(std::move(history));
}

// States are coloured by symbol id (palette.hpp), so replaying the pipeline gives every
// composite its saved colour back; a difference means the symbol table came out other
// than when the session was saved, which the user should know.
void checkCompositeColours(ViewDocument* doc, const ViewState& v, const QString& here, std::vector<QString>& problems)
{
    QStringList differ;
    for (const auto& [name, argb] : v.composite_colours) {
        const SymbolId s = symbolNamed(doc->ses(), name);
        if (s != kNoSymbol && static_cast<std::uint32_t>(stateColour(s).rgba()) != argb)
            differ << qs(name);
    }
    if (!differ.isEmpty())
        problems.push_back(QObject::tr("%1: state(s) %2 now have other colours than when the session was saved")
                               .arg(here, differ.join(", ")));
}

void restoreView(MainWindow& window, ViewDocument* doc, const ViewState& v, const QString& where,
                 std::vector<QString>& problems)
{
    doc->setName(qs(v.name));
    const QString here = QObject::tr("%1: view '%2'").arg(where, qs(v.name));
    QUndoStack* undo = doc->undoStack();
    for (std::size_t i = 0; i < v.pipeline.steps.size(); ++i) {
        if (auto refused = doc->pushStep(v.pipeline.steps[i])) {
            problems.push_back(QObject::tr("%1: step %2 refused (%3); it and the %4 later step(s) were not applied")
                                   .arg(here)
                                   .arg(i + 1)
                                   .arg(*refused)
                                   .arg(v.pipeline.steps.size() - i - 1));
            break;
        }
    }
    undo->setClean();

    const DisplayState* trace = nullptr;
    const DisplayState* frequency = nullptr;
    bool model = false;
    std::vector<const DisplayState*> traceview; // Gantt and rate, in saved order
    for (const DisplayState& d : v.displays) {
        if (d.kind == DisplayKind::time || d.kind == DisplayKind::event) {
            if (!trace)
                trace = &d;
        } else if (d.kind == DisplayKind::frequency) {
            if (!frequency)
                frequency = &d;
        } else if (d.kind == DisplayKind::model) {
            model = true;
        } else if (d.kind == DisplayKind::gantt || d.kind == DisplayKind::rate) {
            traceview.push_back(&d);
        } else {
            problems.push_back(QObject::tr("%1: display '%2' (%3) is not restored by this version of the workbench")
                                   .arg(here, qs(d.id), qs(std::string(to_string(d.kind)))));
        }
    }

    // y order: the mode when the workbench wrote it; else a saved list is a custom order.
    std::string mode = trace ? [&] {
        auto it = trace->options.extra.find(kYOrderKey);
        return it == trace->options.extra.end() ? std::string() : it->second;
    }() : std::string();
    if (mode.empty() && !v.y_order.empty())
        mode = "custom";
    if (parseOrder(mode) == YOrder::Custom)
        doc->setCustomOrder(v.y_order);
    else
        doc->setYOrder(parseOrder(mode));

    for (const PatternColour& p : v.pattern_colours) {
        const int index = doc->addPattern(p.pattern);
        if (index >= 0)
            doc->setPatternColour(index, QColor::fromRgba(p.argb));
    }
    if (!v.selection.empty())
        doc->setSelection({v.selection.front().begin, v.selection.front().end});
    ViewBookmarks::of(doc)->setAll(v.bookmarks, v.notes);

    doc->setDisplayOpen(1, frequency != nullptr);
    doc->setDisplayOpen(2, model);
    ViewPanel* panel = window.panelOf(doc);
    if (frequency && panel)
        restoreFrequency(panel->frequencyPlot(), *frequency);
    for (const DisplayState* d : traceview)
        restoreTraceview(window, doc, *d, here, problems);
    checkCompositeColours(doc, v, here, problems);
    if (trace && panel) {
        TracePlot* plot = panel->tracePlot();
        plot->setAxis(trace->kind == DisplayKind::event ? XAxis::Event : XAxis::Time);
        plot->setConnectors(trace->options.connectors);
        if (!trace->visible.empty())
            plot->setVisibleRange(trace->visible.x0, trace->visible.x1, false);
        std::vector<std::pair<double, double>> history;
        for (const VisibleRange& r : trace->zoom_history)
            history.emplace_back(r.x0, r.x1);
        plot->setZoomHistory(std::move(history));
        if (!trace->options.chosen_state.empty()) {
            const SymbolId s = symbolNamed(doc->ses(), trace->options.chosen_state);
            if (s == kNoSymbol)
                problems.push_back(QObject::tr("%1: the picked state '%2' no longer exists")
                                       .arg(here, qs(trace->options.chosen_state)));
            else
                doc->setPickedState(s);
        }
    }
}

} // namespace

RestoreDialogs interactiveDialogs(QWidget* parent)
{
    RestoreDialogs d;
    d.locate = [parent](const TraceFileRef& ref, const QString& message) {
        const QString name = QFileInfo(fileName(ref)).fileName();
        if (QMessageBox::question(parent, QObject::tr("Trace file not found"),
                                  message + "\n\n" + QObject::tr("Locate %1 yourself?").arg(name)) != QMessageBox::Yes)
            return QString();
        return QFileDialog::getOpenFileName(parent, QObject::tr("Locate %1").arg(name),
                                            QFileInfo(fileName(ref)).absolutePath(),
                                            QObject::tr("%1;;Traces (*.pes *.ctr *.txt);;All files (*)").arg(name));
    };
    d.reapplyChanged = [parent](const TraceFileRef&, const QString& message) {
        QMessageBox box(QMessageBox::Warning, QObject::tr("Trace file changed"), message, QMessageBox::NoButton, parent);
        QPushButton* reapply = box.addButton(QObject::tr("Re-apply the views"), QMessageBox::AcceptRole);
        box.addButton(QObject::tr("Skip this file"), QMessageBox::RejectRole);
        box.exec();
        return box.clickedButton() == reapply;
    };
    return d;
}

QString RestoreReport::summary() const
{
    QStringList lines;
    for (const QString& p : problems)
        lines << QString::fromUtf8("• ") + p;
    return lines.join('\n');
}

RestoreReport restoreSession(MainWindow& window, const chitra::Session& session, const std::string& sessionDir,
                             const RestoreDialogs& dialogs, bool background, FileRefCache* cache)
{
    RestoreReport report;
    const bool interactive = dialogs.locate || dialogs.reapplyChanged;
    const auto plans = plan_restore(session, sessionDir, interactive);

    // Decide where each file is (asking when needed), then read them all at once.
    std::vector<std::size_t> which;
    QStringList paths;
    std::vector<TraceFileRef> refs;
    for (const FileRestorePlan& plan : plans) {
        TraceFileRef ref = session.files[plan.file];
        QString path;
        const QString message = qs(plan.identity.message);
        if (plan.action == RestoreAction::open) {
            path = qs(plan.identity.found_path);
            if (plan.identity.status == FileStatus::moved)
                relocate_file(ref, plan.identity.found_path, sessionDir);
        } else if (plan.identity.status == FileStatus::changed && dialogs.reapplyChanged &&
                   dialogs.reapplyChanged(ref, message)) {
            path = qs(plan.identity.found_path);
            relocate_file(ref, plan.identity.found_path, sessionDir);
        } else if (plan.identity.status == FileStatus::missing && dialogs.locate) {
            // Keep asking until the user picks the right file or gives up.
            for (QString picked = dialogs.locate(ref, message); !picked.isEmpty();) {
                const FileIdentity id = check_candidate(ref, picked.toStdString());
                if (id.status == FileStatus::same || id.status == FileStatus::moved ||
                    (id.status == FileStatus::changed && dialogs.reapplyChanged &&
                     dialogs.reapplyChanged(ref, qs(id.message)))) {
                    path = picked;
                    relocate_file(ref, picked.toStdString(), sessionDir);
                    break;
                }
                picked = id.status == FileStatus::changed ? QString() : dialogs.locate(ref, qs(id.message));
            }
        }
        if (path.isEmpty()) {
            report.problems.push_back(QObject::tr("%1 — not restored (%2 view(s) skipped)")
                                          .arg(message.isEmpty() ? fileName(ref) : message)
                                          .arg(ref.views.size()));
            continue;
        }
        which.push_back(plan.file);
        paths << path;
        refs.push_back(std::move(ref));
    }

    const std::vector<LoadResult> loaded = loadAll(paths, background);
    Session* workbench = window.session();
    ViewDocument* current = nullptr;
    for (std::size_t k = 0; k < loaded.size(); ++k) {
        const LoadResult& r = loaded[k];
        const TraceFileRef& ref = refs[k];
        if (!r.trace) {
            report.problems.push_back(QObject::tr("%1: cannot be read: %2").arg(paths[static_cast<int>(k)], r.error));
            continue;
        }
        if (cache) {
            TraceFileRef bare = ref;
            bare.views.clear();
            (*cache)[QFileInfo(r.path).absoluteFilePath().toStdString()] = bare;
        }
        ++report.filesOpened;
        if (ref.views.empty()) {
            workbench->addFile(r.path, r.trace, r.bytes, r.base); // a file with no view saved gets the default one
            continue;
        }
        ViewDocument* first = workbench->addFile(r.path, r.trace, r.bytes, r.base);
        const int fileIndex = workbench->fileOf(first);
        for (std::size_t v = 0; v < ref.views.size(); ++v) {
            ViewDocument* doc = v == 0 ? first : workbench->addView(fileIndex);
            restoreView(window, doc, ref.views[v], QFileInfo(r.path).fileName(), report.problems);
            ++report.viewsRestored;
            // The layout names the current view by the file's index in the saved session.
            if (session.layout.current_view == viewKey(static_cast<int>(which[k]), qs(ref.views[v].name)).toStdString())
                current = doc;
        }
    }

    if (current)
        window.setCurrentView(current);
    else if (!workbench->files().empty() && !workbench->files().front().views.empty())
        window.setCurrentView(workbench->files().front().views.front());
    // The layout last, once the current view's panels are in place: they set the central
    // widget's minimum size, which decides how much of the saved dock sizes can be kept.
    const auto& layout = session.layout;
    if (!layout.main_window_geometry.empty())
        window.restoreGeometry(QByteArray(reinterpret_cast<const char*>(layout.main_window_geometry.data()),
                                          static_cast<qsizetype>(layout.main_window_geometry.size())));
    if (!layout.dock_state.empty())
        window.restoreState(QByteArray(reinterpret_cast<const char*>(layout.dock_state.data()),
                                       static_cast<qsizetype>(layout.dock_state.size())));
    return report;
}

} // namespace chitra::app
