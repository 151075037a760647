// The profile display of a view in a window of its own, in four tabs: the regions
// (ProfileTable) over the lanes' share of the selected one (ImbalanceChart), the call tree
// (ProfileTree), the flame graph (FlameGraph) and the regions over time
// (TimeProfileChart), all of the same range; a menu exports the
// profile as `chitra-cli profile --tree` writes it (CSV or JSON).
#pragma once

#include <QMainWindow>

#include <array>

class QTabWidget;

namespace chitra::app {

class FlameGraph;
class ImbalanceChart;
class ProfileTable;
class ProfileTree;
class TimeProfileChart;
class ViewDocument;

class ProfileWindow : public QMainWindow {
    Q_OBJECT
public:
    ProfileWindow(ViewDocument* doc, QWidget* parent = nullptr);

    ViewDocument* document() const { return doc_; }
    ProfileTable* table() const { return table_; }
    ProfileTree* tree() const { return tree_; }
    FlameGraph* flameGraph() const { return flame_; }
    ImbalanceChart* imbalance() const { return imbalance_; }
    TimeProfileChart* overTime() const { return overTime_; }
    QTabWidget* tabs() const { return tabs_; }

    // Opens (or raises) the profile window of `doc`, a child of `parent`.
    static ProfileWindow* open(ViewDocument* doc, QWidget* parent);
    // The profile window of `doc` among the children of `owner`, or null.
    static ProfileWindow* find(const QObject& owner, const ViewDocument* doc);

    // Writes the profile shown to `path` (atomically) as CSV, or JSON when the name ends
    // in .json; the error's text when it could not.
    QString exportTo(const QString& path) const;

private:
    void exportInteractive();

    void showProfile();
    void showCurrentTab();

    ViewDocument* doc_;
    QTabWidget* tabs_;
    ProfileTable* table_;
    ImbalanceChart* imbalance_;
    ProfileTree* tree_;
    FlameGraph* flame_;
    TimeProfileChart* overTime_;
    int profiled_ = 0;                // profiles the table has made
    std::array<int, 4> shownInTab_{}; // per tab, the profile it shows
};

} // namespace chitra::app
