#include "displays/profile/profile_window.hpp"

#include "displays/profile/flame_graph.hpp"
#include "displays/profile/profile_display_state.hpp"
#include "displays/profile/imbalance_chart.hpp"
#include "displays/profile/profile_table.hpp"
#include "displays/profile/profile_tree.hpp"
#include "displays/profile/time_profile_chart.hpp"
#include "displays/display_window.hpp"
#include "document/view_document.hpp"

#include "chitra/util/atomic_file.hpp"

#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>

namespace chitra::app {

ProfileWindow::ProfileWindow(ViewDocument* doc, QWidget* parent)
    : QMainWindow(parent), doc_(doc), tabs_(new QTabWidget(this)), table_(new ProfileTable(doc)),
      imbalance_(new ImbalanceChart), tree_(new ProfileTree), flame_(new FlameGraph), overTime_(new TimeProfileChart)
{
    setAttribute(Qt::WA_DeleteOnClose);
    auto* regions = new QSplitter(Qt::Vertical);
    regions->addWidget(table_);
    regions->addWidget(imbalance_);
    regions->setStretchFactor(0, 3);
    regions->setStretchFactor(1, 2);
    auto* flameArea = new QScrollArea;
    flameArea->setWidget(flame_);
    flameArea->setWidgetResizable(true);
    tabs_->addTab(regions, tr("&Regions"));
    tabs_->addTab(tree_, tr("Call &tree"));
    tabs_->addTab(flameArea, tr("&Flame graph"));
    tabs_->addTab(overTime_, tr("Over t&ime"));
    setCentralWidget(tabs_);
    const auto colour = [doc](const std::string& region) { return doc->laneColours()->colourOf(region); };
    imbalance_->setColours(colour);
    flame_->setColours(colour);
    overTime_->setColours(colour);
    connect(table_, &ProfileTable::profiled, this, &ProfileWindow::showProfile);
    connect(tabs_, &QTabWidget::currentChanged, this, &ProfileWindow::showCurrentTab);
    connect(table_, &ProfileTable::regionSelected, imbalance_, &ImbalanceChart::setRegion);
    connect(tree_, &ProfileTree::pathSelected, flame_, &FlameGraph::selectPath);
    connect(flame_, &FlameGraph::pathClicked, tree_,
            [this](const std::vector<std::string>& path) { tree_->selectPath(path); });
    // The options a session restored or an earlier window left, kept as they change.
    std::vector<QString> ignored; // reported when the session was restored
    applyProfileOptions(*table_, doc_->presentation().displayOptions(kProfileDisplay), {}, ignored, tree_);
    const auto keepOptions = [this] {
        doc_->presentation().setDisplayOptions(kProfileDisplay, profileOptions(*table_, tree_));
    };
    connect(table_, &ProfileTable::optionsChanged, this, keepOptions);
    connect(tree_, &ProfileTree::expansionChanged, this, keepOptions);
    connect(table_, &ProfileTable::profiled, this, keepOptions);
    // Options set from outside (an area asked for in the lanes view): followed.
    connect(&doc_->presentation(), &ViewPresentation::displayOptionsChanged, this, [this](const QString& display) {
        const DisplayOptions& asked = doc_->presentation().displayOptions(kProfileDisplay);
        if (display == kProfileDisplay && asked != profileOptions(*table_, tree_)) {
            std::vector<QString> problems;
            applyProfileOptions(*table_, asked, {}, problems, tree_);
            raise();
        }
    });
    showProfile();
    auto title = [this] { setWindowTitle(tr("Profile — %1").arg(doc_->name())); };
    title();
    connect(doc_, &ViewDocument::nameChanged, this, title);
    connect(doc_, &QObject::destroyed, this, &QWidget::close);
    QMenu* menu = menuBar()->addMenu(tr("&Profile"));
    menu->addAction(tr("&Export as CSV or JSON…"), this, &ProfileWindow::exportInteractive);
    menu->addAction(tr("&Whole run, every lane"), this, [this] {
        table_->setLanes({});
        table_->setRange(std::nullopt);
    });
    menu->addSeparator();
    menu->addAction(tr("&Close"), QKeySequence::Close, this, &QWidget::close);
    resize(1000, 700);
}

void ProfileWindow::showProfile()
{
    ++profiled_;
    showCurrentTab();
}

// Only the tab in view follows a new profile at once (the time profile replays the lanes
// again); the others when they come into view.
void ProfileWindow::showCurrentTab()
{
    const int tab = tabs_->currentIndex();
    if (tab < 0 || shownInTab_[static_cast<std::size_t>(tab)] == profiled_)
        return;
    shownInTab_[static_cast<std::size_t>(tab)] = profiled_;
    const Profile& p = table_->profile();
    switch (tab) {
    case 0:
        imbalance_->show(p, table_->lateSenderWaits());
        // The region that takes most time is shown until the user picks another.
        if (imbalance_->region().isEmpty() && !p.regions.empty())
            imbalance_->setRegion(QString::fromStdString(p.regions.front().region));
        break;
    case 1:
        tree_->show(p);
        break;
    case 2:
        flame_->show(p);
        break;
    default:
        if (const auto source = table_->source())
            overTime_->show(*source, table_->range().value_or(ProfileRange{}));
        break;
    }
}

ProfileWindow* ProfileWindow::open(ViewDocument* doc, QWidget* parent)
{
    return openDisplayWindow<ProfileWindow>(doc, parent);
}

ProfileWindow* ProfileWindow::find(const QObject& owner, const ViewDocument* doc)
{
    return findDisplayWindow<ProfileWindow>(owner, doc);
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
