// Help ▸ About Chitra: the version and license of Chitra and of every library it links.
#pragma once

#include <QDialog>
#include <QList>
#include <QString>

class QTableWidget;

namespace chitra::app {

struct LinkedLibrary {
    QString name;
    QString version;
    QString license;
};

// Qt, QCustomPlot, Graphviz and the libraries of the trace core, with their versions.
QList<LinkedLibrary> linkedLibraries();

class AboutDialog : public QDialog {
    Q_OBJECT
public:
    explicit AboutDialog(QWidget* parent);
    QTableWidget* libraries() const { return table_; }

private:
    QTableWidget* table_;
};

} // namespace chitra::app
