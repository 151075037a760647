// What the profile display's parts share: the cells of its table and call tree (text, or a
// number shown as text, right-aligned, that sorts by its value) and its charts' legend.
#pragma once

#include <QStandardItem>
#include <qcustomplot.h>

namespace chitra::app {

inline constexpr int kProfileSortRole = Qt::UserRole + 1; // what a column sorts by

inline QStandardItem* profileTextItem(const QString& text)
{
    auto* item = new QStandardItem(text);
    item->setData(text, kProfileSortRole);
    item->setEditable(false);
    return item;
}

inline QStandardItem* profileNumberItem(const QString& text, double value)
{
    auto* item = new QStandardItem(text);
    item->setData(value, kProfileSortRole);
    item->setData(int(Qt::AlignRight | Qt::AlignVCenter), Qt::TextAlignmentRole);
    item->setEditable(false);
    return item;
}

// The legend in a column of its own right of the axes, where it hides no bar.
inline void legendBesideThePlot(QCustomPlot* plot)
{
    plot->legend->setVisible(true);
    plot->axisRect()->insetLayout()->take(plot->legend);
    auto* column = new QCPLayoutGrid; // the legend at its top, empty space under it
    plot->plotLayout()->addElement(0, 1, column);
    plot->plotLayout()->setColumnStretchFactor(1, 0.001);
    column->addElement(0, 0, plot->legend);
    column->addElement(1, 0, new QCPLayoutElement(plot));
    column->setRowStretchFactor(0, 0.001);
    plot->legend->setLayer(QStringLiteral("legend"));
}

} // namespace chitra::app
