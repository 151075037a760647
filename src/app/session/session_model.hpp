// The session as a tree for the left dock: files -> views -> displays.
#pragma once

#include <QAbstractItemModel>

namespace chitra::app {

class Workspace;
class ViewDocument;

class SessionModel : public QAbstractItemModel {
    Q_OBJECT
public:
    // A view's rows are its displays (ViewDocument::displays()), named as the display
    // registry names them for the tree (displays/display_registry.hpp).
    static QString displayName(const QString& display);

    explicit SessionModel(Workspace* session, QObject* parent = nullptr);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override { return parent.column() > 0 ? 0 : 1; }
    QVariant data(const QModelIndex& index, int role) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    // What an index stands for: -1, null or empty where it does not apply.
    int fileOf(const QModelIndex& index) const;
    ViewDocument* viewOf(const QModelIndex& index) const;
    QString displayOf(const QModelIndex& index) const; // the display's registry name
    QModelIndex indexOf(const ViewDocument* view) const;

private:
    Workspace* workspace_;
};

} // namespace chitra::app
