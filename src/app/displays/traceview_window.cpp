#include "displays/traceview_window.hpp"

#include "chitra/util/atomic_file.hpp"
#include "chitra/traceview/traceview.hpp"
#include "plotting/display_export.hpp"
#include "displays/gantt/gantt_display.hpp"
#include "displays/rate/rate_display.hpp"
#include "dialogs/view_definition_dialog.hpp"
#include "document/view_document.hpp"

#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>

#include <sstream>

namespace chitra::app {

namespace {
QList<QPointer<TraceviewWindow>>& windows()
{
    static QList<QPointer<TraceviewWindow>> all;
    return all;
}
} // namespace

TraceviewWindow::TraceviewWindow(ViewDocument* doc, Kind kind, ViewMaker makeView, QWidget* parent)
    : QMainWindow(parent), doc_(doc), kind_(kind), makeView_(std::move(makeView))
{
    setAttribute(Qt::WA_DeleteOnClose);
    if (kind == Kind::Gantt)
        setCentralWidget(gantt_ = new GanttDisplay(doc, this));
    else
        setCentralWidget(rate_ = new RateDisplay(doc, this));
    auto title = [this] {
        setWindowTitle(tr("%1 display — %2").arg(kind_ == Kind::Gantt ? tr("Gantt") : tr("Rate"), doc_->name()));
    };
    title();
    connect(doc_, &ViewDocument::nameChanged, this, title);
    connect(doc_, &QObject::destroyed, this, &QWidget::close);

    QMenu* menu = menuBar()->addMenu(tr("&Display"));
    menu->addAction(tr("&Export display…"), this, [this] { exportWidgetInteractive(display(), this); });
    menu->addAction(tr("Dump &view…"), this, [this] { dumpView(); });
    menu->addAction(tr("Dump &derivation…"), this, [this] { dumpDerivation(); });
    menu->addSeparator();
    menu->addAction(tr("View &definition…"), this, &TraceviewWindow::defineView);
    if (kind == Kind::Gantt)
        menu->addAction(tr("&Rate display"), this, [this] { open(doc_, Kind::Rate, makeView_, parentWidget()); });
    else
        menu->addAction(tr("&Gantt display"), this, [this] { open(doc_, Kind::Gantt, makeView_, parentWidget()); });
    menu->addSeparator();
    menu->addAction(tr("&Close"), QKeySequence::Close, this, &QWidget::close);
    resize(1100, kind == Kind::Gantt ? 760 : 640);
    windows().append(this);
}

TraceviewWindow::~TraceviewWindow() { windows().removeAll(this); }

QWidget* TraceviewWindow::display() const
{
    return gantt_ ? static_cast<QWidget*>(gantt_) : static_cast<QWidget*>(rate_);
}

TraceviewWindow* TraceviewWindow::open(ViewDocument* doc, Kind kind, ViewMaker makeView, QWidget* parent)
{
    for (const auto& w : windows())
        if (w && w->doc_ == doc && w->kind_ == kind) {
            w->show();
            w->raise();
            w->activateWindow();
            return w;
        }
    auto* w = new TraceviewWindow(doc, kind, std::move(makeView), parent);
    w->setWindowFlag(Qt::Window);
    w->link();
    w->show();
    return w;
}

TraceviewWindow* TraceviewWindow::find(const QObject& owner, const ViewDocument* doc, Kind kind)
{
    TraceviewWindow* found = nullptr;
    for (TraceviewWindow* w : owner.findChildren<TraceviewWindow*>())
        if (w->doc_ == doc && w->kind_ == kind)
            found = w;
    return found;
}

void TraceviewWindow::link()
{
    for (const auto& w : windows()) {
        if (!w || w == this || w->doc_ != doc_)
            continue;
        RateDisplay* rate = rate_ ? rate_ : w->rate_;
        GanttDisplay* gantt = gantt_ ? gantt_ : w->gantt_;
        if (rate && gantt)
            connect(rate, &RateDisplay::visitHovered, gantt, &GanttDisplay::markElement, Qt::UniqueConnection);
    }
}

void TraceviewWindow::dumpView(ViewDocument* doc, QWidget* parent)
{
    const QString path =
        QFileDialog::getSaveFileName(parent, tr("Dump view"), doc->name() + ".txt", tr("Text (*.txt)"));
    if (path.isEmpty())
        return;
    std::ostringstream out;
    write_view_dump(out, doc->trace(), doc->ses());
    try {
        write_file_atomically(path.toStdString(), out.str());
    } catch (const std::exception& e) {
        QMessageBox::warning(parent, tr("Dump failed"), QString::fromStdString(e.what()));
    }
}

void TraceviewWindow::dumpDerivation(ViewDocument* doc, QWidget* parent)
{
    const QString path = QFileDialog::getSaveFileName(parent, tr("Dump derivation"), doc->name() + "-derivation.txt",
                                                      tr("Text (*.txt)"));
    if (path.isEmpty())
        return;
    try {
        std::ostringstream out;
        write_derivation(out, doc->trace(), doc->pipeline());
        write_file_atomically(path.toStdString(), out.str());
    } catch (const std::exception& e) {
        QMessageBox::warning(parent, tr("Dump failed"), QString::fromStdString(e.what()));
    }
}

void TraceviewWindow::defineView()
{
    ViewDefinitionDialog dialog(doc_, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    ViewDocument* target = doc_;
    if (dialog.target() == ViewDefinitionDialog::Target::NewView && makeView_)
        target = makeView_(doc_);
    if (!target)
        return;
    // A new view starts from the raw trace, so it first takes this view's steps.
    Pipeline p = dialog.pipeline();
    if (target != doc_) {
        Pipeline full = doc_->pipeline();
        full.steps.insert(full.steps.end(), p.steps.begin(), p.steps.end());
        p = full;
    }
    if (auto error = ViewDefinitionDialog::applyTo(target, p))
        QMessageBox::warning(this, tr("View definition refused"), *error);
    else if (target != doc_)
        open(target, kind_, makeView_, parentWidget());
}

} // namespace chitra::app
