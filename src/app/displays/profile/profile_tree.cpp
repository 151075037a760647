#include "displays/profile/profile_tree.hpp"

#include "displays/profile/profile_items.hpp"

#include "text/name_filter.hpp"
#include "text/number_format.hpp"
#include "text/qt_strings.hpp"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>

#include <map>

namespace chitra::app {

ProfileTree::ProfileTree(QWidget* parent)
    : QWidget(parent), search_(new QLineEdit(this)), view_(new QTreeView(this)), model_(new QStandardItemModel(this)),
      proxy_(new QSortFilterProxyModel(this))
{
    search_->setPlaceholderText(tr("Find a region: text or /regex/"));
    search_->setClearButtonEnabled(true);
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(kProfileSortRole);
    proxy_->setRecursiveFilteringEnabled(true);
    proxy_->setFilterKeyColumn(0);
    view_->setModel(proxy_);
    view_->setUniformRowHeights(true);
    view_->setAlternatingRowColors(true);
    view_->setSortingEnabled(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(search_);
    layout->addWidget(view_, 1);
    connect(search_, &QLineEdit::textChanged, this, &ProfileTree::applySearch);
    connect(view_->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        if (const auto path = selectedPath(); !path.empty())
            emit pathSelected(path);
    });
}

void ProfileTree::show(const Profile& profile)
{
    const std::vector<std::string> selected = selectedPath();
    const TimeBase base = profile.time_base == "cycles" ? TimeBase::cycles : TimeBase::ns;
    model_->clear();
    model_->setHorizontalHeaderLabels({tr("Call path"), tr("Calls"), tr("Inclusive"), tr("Exclusive")});
    // Depth first, parents before children: each row goes under the last row one shorter.
    std::vector<QStandardItem*> open; // the rows of the current path's prefixes
    for (const CallPathProfile& p : profile.tree) {
        QStandardItem* name = profileTextItem(qs(p.path.back()));
        const QList<QStandardItem*> row{
            name, profileNumberItem(formatCount(static_cast<long long>(p.calls)), static_cast<double>(p.calls)),
            profileNumberItem(formatDuration(static_cast<double>(p.inclusive_ns), base),
                              static_cast<double>(p.inclusive_ns)),
            profileNumberItem(formatDuration(static_cast<double>(p.exclusive_ns), base),
                              static_cast<double>(p.exclusive_ns))};
        open.resize(p.path.size() - 1);
        if (open.empty())
            model_->appendRow(row);
        else
            open.back()->appendRow(row);
        open.push_back(name);
    }
    view_->sortByColumn(2, Qt::DescendingOrder);
    applySearch();
    view_->expandToDepth(0);
    for (int c = 0; c < 4; ++c)
        view_->resizeColumnToContents(c);
    if (!selected.empty())
        selectPath(selected);
}

void ProfileTree::applySearch()
{
    const QString text = search_->text().trimmed();
    const QRegularExpression re = nameFilter(text);
    search_->setStyleSheet(re.isValid() ? QString() : QStringLiteral("color: #b00020"));
    proxy_->setFilterRegularExpression(re.isValid() ? re : QRegularExpression());
    if (!text.isEmpty())
        view_->expandAll();
}

bool ProfileTree::selectPath(const std::vector<std::string>& path)
{
    QModelIndex at;
    for (const std::string& frame : path) {
        QModelIndex next;
        for (int row = 0; row < proxy_->rowCount(at) && !next.isValid(); ++row)
            if (proxy_->index(row, 0, at).data().toString() == qs(frame))
                next = proxy_->index(row, 0, at);
        if (!next.isValid())
            return false;
        if (at.isValid())
            view_->expand(at);
        at = next;
    }
    if (!at.isValid())
        return false;
    view_->scrollTo(at);
    view_->selectionModel()->select(at, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    view_->setCurrentIndex(at);
    return true;
}

std::vector<std::string> ProfileTree::selectedPath() const
{
    const QModelIndexList rows = view_->selectionModel()->selectedRows(0);
    std::vector<std::string> path;
    if (rows.isEmpty())
        return path;
    for (QModelIndex i = rows.front(); i.isValid(); i = i.parent())
        path.insert(path.begin(), i.data().toString().toStdString());
    return path;
}

} // namespace chitra::app
