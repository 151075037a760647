#include "dialogs/shortcuts_dialog.hpp"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QTableWidget>
#include <QVBoxLayout>

namespace chitra::app {

namespace {

void collectMenu(QMenu* menu, const QString& path, QList<QAction*>& out, QList<QString>& paths)
{
    for (QAction* a : menu->actions()) {
        if (a->isSeparator())
            continue;
        if (QMenu* sub = a->menu()) {
            collectMenu(sub, path + QStringLiteral(" ▸ ") + plainActionText(a), out, paths);
            continue;
        }
        if (!a->shortcuts().isEmpty() && !out.contains(a)) {
            out.append(a);
            paths.append(path);
        }
    }
}

QList<QAction*> collect(QWidget* window, QList<QString>& paths)
{
    QList<QAction*> out;
    if (auto* mw = window->findChild<QMenuBar*>(QString(), Qt::FindDirectChildrenOnly))
        for (QAction* a : mw->actions())
            if (QMenu* m = a->menu())
                collectMenu(m, plainActionText(a), out, paths);
    // Actions outside the menus: tool bars, widgets, the window itself.
    for (QAction* a : window->findChildren<QAction*>())
        if (!a->shortcuts().isEmpty() && !out.contains(a) && !a->isSeparator() && !a->menu()) {
            out.append(a);
            paths.append(QString());
        }
    return out;
}

} // namespace

QString plainActionText(const QAction* action)
{
    QString t = action->text();
    t.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    t.replace(QStringLiteral("&&"), QStringLiteral("&"));
    if (t.endsWith(QStringLiteral("…")))
        t.chop(1);
    if (t.endsWith(QStringLiteral("...")))
        t.chop(3);
    return t;
}

ShortcutsDialog::ShortcutsDialog(QWidget* window) : QDialog(window)
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard shortcuts"));
    QList<QString> paths;
    const QList<QAction*> actions = collect(window, paths);
    table_ = new QTableWidget(static_cast<int>(actions.size()), 3, this);
    table_->setHorizontalHeaderLabels({tr("Action"), tr("Shortcut"), tr("Menu")});
    table_->verticalHeader()->hide();
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    for (int r = 0; r < actions.size(); ++r) {
        QAction* a = actions[r];
        QStringList keys;
        for (const QKeySequence& k : a->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        table_->setItem(r, 0, new QTableWidgetItem(plainActionText(a)));
        table_->setItem(r, 1, new QTableWidgetItem(keys.join(QStringLiteral(", "))));
        table_->setItem(r, 2, new QTableWidgetItem(paths[r].isEmpty() ? tr("(tool bar or window)") : paths[r]));
    }
    table_->resizeColumnsToContents();
    table_->horizontalHeader()->setStretchLastSection(true);
    auto* mouse =
        new QLabel(tr("Mouse: the wheel zooms around the cursor, a drag pans, Shift-drag (or B) draws a rubber "
                      "band, then Zoom, Clip, Brush pattern or Select."),
                   this);
    mouse->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(table_);
    layout->addWidget(mouse);
    layout->addWidget(buttons);
    resize(620, 520);
}

} // namespace chitra::app
