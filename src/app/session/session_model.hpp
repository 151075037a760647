// The session as a tree for the left dock: files -> views -> displays.
#pragma once

#include <QAbstractItemModel>

namespace chitra::app {

class Session;
class ViewDocument;

class SessionModel : public QAbstractItemModel {
    Q_OBJECT
public:
    // Trace, frequency and model are rows of every view; a Gantt, rate or lanes display
    // gets a row once it has been added to the view (ViewDocument::displays()).
    enum class Display { Trace = 0, Frequency = 1, Model = 2, Gantt = 3, Rate = 4, Lanes = 5 };
    static constexpr int kDisplays = 3; // the fixed ones
    static QString displayName(int display);

    explicit SessionModel(Session* session, QObject* parent = nullptr);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override { return parent.column() > 0 ? 0 : 1; }
    QVariant data(const QModelIndex& index, int role) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    // What an index stands for: -1 where it does not apply.
    int fileOf(const QModelIndex& index) const;
    ViewDocument* viewOf(const QModelIndex& index) const;
    int displayOf(const QModelIndex& index) const;
    QModelIndex indexOf(const ViewDocument* view) const;

private:
    Session* session_;
};

} // namespace chitra::app
