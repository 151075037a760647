#include "dialogs/about_dialog.hpp"

#include "chitra/util/library_versions.hpp"

#include <graphviz/graphviz_version.h>
#include <qcustomplot.h>

#include <QApplication>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace chitra::app {

QList<LinkedLibrary> linkedLibraries()
{
    QList<LinkedLibrary> out{
        {QStringLiteral("Qt"), QString::fromLatin1(qVersion()), QStringLiteral("LGPL-3.0-only")},
        {QStringLiteral("QCustomPlot"), QStringLiteral(QCUSTOMPLOT_VERSION_STR), QStringLiteral("GPL-3.0-or-later")},
        {QStringLiteral("Graphviz"), QStringLiteral(PACKAGE_VERSION), QStringLiteral("EPL-1.0")},
    };
    for (const LibraryVersion& l : core_library_versions())
        out.append(
            {QString::fromStdString(l.name), QString::fromStdString(l.version), QString::fromStdString(l.license)});
    return out;
}

AboutDialog::AboutDialog(QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About Chitra"));
    auto* head = new QLabel(this);
    head->setObjectName(QStringLiteral("aboutHeading"));
    head->setTextFormat(Qt::RichText);
    head->setText(tr("<h2>Chitra %1</h2><p>A workbench for program execution traces.</p>"
                     "<p>License: GPL-3.0-or-later</p><p>Linked libraries:</p>")
                      .arg(QApplication::applicationVersion().isEmpty() ? QStringLiteral(CHITRA_VERSION)
                                                                        : QApplication::applicationVersion()));
    const QList<LinkedLibrary> libs = linkedLibraries();
    table_ = new QTableWidget(static_cast<int>(libs.size()), 3, this);
    table_->setHorizontalHeaderLabels({tr("Library"), tr("Version"), tr("License")});
    table_->verticalHeader()->hide();
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (int r = 0; r < libs.size(); ++r) {
        table_->setItem(r, 0, new QTableWidgetItem(libs[r].name));
        table_->setItem(r, 1, new QTableWidgetItem(libs[r].version));
        table_->setItem(r, 2, new QTableWidgetItem(libs[r].license));
    }
    table_->resizeColumnsToContents();
    table_->horizontalHeader()->setStretchLastSection(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(head);
    layout->addWidget(table_);
    layout->addWidget(buttons);
    resize(460, 440);
}

} // namespace chitra::app
