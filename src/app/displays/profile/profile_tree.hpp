// The profile's call tree, top down (docs/gui.md "Profile"): every call path of the range
// with its calls, inclusive and exclusive time summed over the lanes; expand and collapse
// by hand, or search a region by name (text or /REGEX/): the paths through a match stay,
// unfolded.
#pragma once

#include "chitra/profile/profile.hpp"

#include <QWidget>

#include <string>
#include <vector>

class QLineEdit;
class QSortFilterProxyModel;
class QStandardItem;
class QStandardItemModel;
class QTreeView;

namespace chitra::app {

class ProfileTree : public QWidget {
    Q_OBJECT
public:
    explicit ProfileTree(QWidget* parent = nullptr);

    void show(const Profile& profile);
    QTreeView* view() const { return view_; }
    QLineEdit* searchBox() const { return search_; }
    // Selects the row of `path` (bottom frame first), unfolding the rows above it; false
    // when the tree has no such path (or the search hides it).
    bool selectPath(const std::vector<std::string>& path);
    // The path of the selected row; empty when none.
    std::vector<std::string> selectedPath() const;

signals:
    void pathSelected(const std::vector<std::string>& path);

private:
    void applySearch();

    QLineEdit* search_;
    QTreeView* view_;
    QStandardItemModel* model_;
    QSortFilterProxyModel* proxy_;
};

} // namespace chitra::app
