// Names of states joined from several lanes ("MPI_Send|MPI_Recv|compute|…") shortened to
// a width one component at a time, so that every lane keeps the start of its state: a
// name cut once in the middle hides whole lanes. The full name goes in a tooltip.
#pragma once

#include <QFontMetrics>
#include <QString>
#include <QStyledItemDelegate>

namespace chitra::app {

// `name` when it fits `width` pixels; else each component elided at its right to a share
// of the width (components narrower than their share keep their whole text and leave
// the rest to the others). When not even a letter per component fits, the components
// that fit are shown and the count of the others is appended ("…+79").
QString elideJoinedName(const QString& name, const QString& separator, const QFontMetrics& metrics, int width);

// Draws a column of state names with elideJoinedName at the column's width.
class JoinedNameDelegate : public QStyledItemDelegate {
public:
    explicit JoinedNameDelegate(QString separator, QObject* parent = nullptr);
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    QString separator_;
};

} // namespace chitra::app
