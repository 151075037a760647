// Help ▸ Keyboard shortcuts: every shortcut of the main window, listed from its actions
// (menus, tool bars and any other QAction with a shortcut), so the list cannot drift.
#pragma once

#include <QDialog>
#include <QList>
#include <QString>

class QAction;
class QTableWidget;
class QWidget;

namespace chitra::app {

// The actions of `window` (and of its menus) that have at least one shortcut, each once,
// in menu order where they are in a menu.

// An action's text as a menu shows it, without the mnemonic ampersand or trailing ellipsis.
QString plainActionText(const QAction* action);

class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ShortcutsDialog(QWidget* window);
    QTableWidget* table() const { return table_; }

private:
    QTableWidget* table_;
};

} // namespace chitra::app
