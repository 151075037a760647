#include "workbench/transform_dialogs.hpp"

#include "dialogs/filter_dialog.hpp"
#include "dialogs/projection_dialog.hpp"
#include "dialogs/state_order_dialog.hpp"
#include "document/view_document.hpp"
#include "chitra/summaries/ses_geometry.hpp"
#include "views/frequency/frequency_plot.hpp"
#include "views/view_panel.hpp"
#include "workbench/error_reporter.hpp"
#include "workbench/main_window.hpp"
#include "workbench/recent_files.hpp"

#include <QFile>
#include <QFileDialog>

#include <algorithm>

namespace chitra::app {

TransformDialogs::TransformDialogs(MainWindow* window) : QObject(window), w_(window) {}

void TransformDialogs::editStateOrder()
{
    if (!w_->currentView())
        return;
    auto* dialog = new StateOrderDialog(w_->currentView(), w_);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

bool TransformDialogs::applyStep(const Step& step, const QString& what)
{
    ViewDocument* view = w_->currentView();
    if (!view)
        return false;
    if (auto refused = view->pushStep(step)) {
        w_->showMessage(tr("%1 refused: %2").arg(what, *refused));
        reportError(w_, tr("%1 refused").arg(what), *refused);
        return false;
    }
    return true;
}

void TransformDialogs::openFilterDialog(bool eventDomain)
{
    ViewDocument* view = w_->currentView();
    if (!view)
        return;
    auto* dialog =
        new FilterDialog(view->sesPtr(), eventDomain ? FilterDialog::Domain::event : FilterDialog::Domain::time, w_);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(eventDomain ? tr("Event filter") : tr("Time filter"));
    connect(dialog, &QDialog::accepted, this, [this, dialog, view, eventDomain] {
        if (view == w_->currentView())
            applyStep(dialog->step(), eventDomain ? tr("Event filter") : tr("Time filter"));
    });
    dialog->open(); // window-modal, so the event loop (and tests) keep running
}

void TransformDialogs::openProjectionDialog(int mode)
{
    ViewDocument* view = w_->currentView();
    if (!view)
        return;
    auto* dialog = new ProjectionDialog(view->sesPtr(), static_cast<ProjectionDialog::Mode>(mode), w_, view->colours());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // The states of the selected records are the likely ones to project or exclude.
    const RecordRange sel = view->presentation().selection();
    if (!sel.empty()) {
        const Ses& ses = view->ses();
        const auto [a, b] = elementsOfRecords(ses, sel.begin, sel.end);
        std::vector<SymbolId> picked;
        for (std::size_t i = a; i < b && picked.size() < 256; ++i)
            if (std::find(picked.begin(), picked.end(), ses.symbol[i]) == picked.end())
                picked.push_back(ses.symbol[i]);
        dialog->preselect(picked);
    }
    connect(dialog, &QDialog::accepted, this, [this, dialog, view] {
        if (view == w_->currentView()) {
            static const char* names[] = {"Set projection", "Component projection", "Exclude", "Parallel aggregation"};
            applyStep(dialog->step(), tr(names[static_cast<int>(dialog->mode())]));
        }
    });
    dialog->open();
}

bool TransformDialogs::applyRulesFile(const QString& path, QString* error)
{
    ViewDocument* view = w_->currentView();
    QFile f(path);
    if (!view || !f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = view ? QString("%1: %2").arg(path, f.errorString()) : tr("no view to apply the rules to");
        return false;
    }
    const QByteArray text = f.readAll();
    step::Rules rules{path.toStdString(), text.toStdString()};
    if (auto refused = view->pushStep(rules)) {
        if (error)
            *error = *refused;
        return false;
    }
    return true;
}

void TransformDialogs::loadRulesDialog()
{
    if (!w_->currentView())
        return;
    const QString path = QFileDialog::getOpenFileName(w_, tr("Load rules file"), lastFolder(kRulesFolder),
                                                      tr("Rules (*.rules *.txt);;All files (*)"));
    if (path.isEmpty())
        return;
    rememberFolderOf(kRulesFolder, path);
    QString error;
    if (!applyRulesFile(path, &error)) {
        w_->showMessage(tr("Rules refused: %1").arg(error));
        reportError(w_, tr("Cannot apply the rules file"), error);
    }
}

void TransformDialogs::filterFrequencyBand()
{
    ViewPanel* panel = w_->currentPanel();
    if (!panel)
        return;
    panel->setFrequencyVisible(true);
    if (!panel->frequencyPlot()->band()) {
        w_->showMessage(tr("Shift-drag a band on the frequency view first, then Filter band"));
        return;
    }
    if (auto refused = panel->frequencyPlot()->applyBandFilter()) {
        w_->showMessage(tr("Frequency filter refused: %1").arg(*refused));
        reportError(w_, tr("Frequency filter refused"), *refused);
    }
}

} // namespace chitra::app
