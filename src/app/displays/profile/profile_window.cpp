#include "displays/profile/profile_window.hpp"

#include "displays/profile/profile_table.hpp"
#include "document/view_document.hpp"

#include "chitra/util/atomic_file.hpp"

#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>

namespace chitra::app {

ProfileWindow::ProfileWindow(ViewDocument* doc, QWidget* parent)
    : QMainWindow(parent), doc_(doc), table_(new ProfileTable(doc, this))
{
    setAttribute(Qt::WA_DeleteOnClose);
    setCentralWidget(table_);
    auto title = [this] { setWindowTitle(tr("Profile — %1").arg(doc_->name())); };
    title();
    connect(doc_, &ViewDocument::nameChanged, this, title);
    connect(doc_, &QObject::destroyed, this, &QWidget::close);
    QMenu* menu = menuBar()->addMenu(tr("&Profile"));
    menu->addAction(tr("&Export as CSV or JSON…"), this, &ProfileWindow::exportInteractive);
    menu->addAction(tr("&Whole run"), this, [this] { table_->setRange(std::nullopt); });
    menu->addSeparator();
    menu->addAction(tr("&Close"), QKeySequence::Close, this, &QWidget::close);
    resize(900, 560);
}

ProfileWindow* ProfileWindow::open(ViewDocument* doc, QWidget* parent)
{
    if (ProfileWindow* w = parent ? find(*parent, doc) : nullptr) {
        w->show();
        w->raise();
        w->activateWindow();
        return w;
    }
    auto* w = new ProfileWindow(doc, parent);
    w->setWindowFlag(Qt::Window);
    w->show();
    return w;
}

ProfileWindow* ProfileWindow::find(const QObject& owner, const ViewDocument* doc)
{
    ProfileWindow* found = nullptr;
    for (ProfileWindow* w : owner.findChildren<ProfileWindow*>())
        if (w->doc_ == doc)
            found = w;
    return found;
}

QString ProfileWindow::exportTo(const QString& path) const
{
    const Profile& p = table_->profile();
    try {
        write_file_atomically(path.toStdString(),
                              path.endsWith(".json", Qt::CaseInsensitive) ? profile_json(p) : profile_csv(p));
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

void ProfileWindow::exportInteractive()
{
    QString selected;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export profile"), doc_->name() + "-profile.csv",
                                                      tr("CSV (*.csv);;JSON (*.json)"), &selected);
    if (path.isEmpty())
        return;
    if (const QString error = exportTo(path); !error.isEmpty())
        QMessageBox::warning(this, tr("Export failed"), error);
}

} // namespace chitra::app
