#include "text/joined_name.hpp"

#include <QApplication>
#include <QStyle>

#include <algorithm>
#include <numeric>
#include <vector>

namespace chitra::app {

QString elideJoinedName(const QString& name, const QString& separator, const QFontMetrics& metrics, int width)
{
    if (metrics.horizontalAdvance(name) <= width || separator.isEmpty() || !name.contains(separator))
        return metrics.elidedText(name, Qt::ElideRight, width);
    const QStringList parts = name.split(separator);
    const int n = static_cast<int>(parts.size());
    const int sep = metrics.horizontalAdvance(separator);
    const int least = metrics.horizontalAdvance(QStringLiteral("M…"));
    const int available = width - sep * (n - 1);
    if (available < least * n) {
        // Room for a few components only: those, then how many are left out.
        QString shown;
        for (int k = 0; k < n; ++k) {
            const QString more = QStringLiteral("…+%1").arg(n - k);
            const QString next = (k ? shown + separator : shown) + metrics.elidedText(parts[k], Qt::ElideRight, least);
            if (metrics.horizontalAdvance(next + separator + more) > width)
                return k ? shown + separator + more : metrics.elidedText(name, Qt::ElideRight, width);
            shown = next;
        }
        return shown;
    }
    // Shares of the width: the narrowest components first keep their whole text.
    std::vector<int> widths(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k)
        widths[static_cast<std::size_t>(k)] = metrics.horizontalAdvance(parts[k]);
    std::vector<int> order(widths.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return widths[a] < widths[b]; });
    std::vector<int> allowed(widths.size());
    int left = available;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const int share = left / static_cast<int>(order.size() - i);
        const auto k = static_cast<std::size_t>(order[i]);
        allowed[k] = std::min(widths[k], share);
        left -= allowed[k];
    }
    QStringList shown;
    for (int k = 0; k < n; ++k)
        shown << metrics.elidedText(parts[k], Qt::ElideRight, allowed[static_cast<std::size_t>(k)]);
    return shown.join(separator);
}

JoinedNameDelegate::JoinedNameDelegate(QString separator, QObject* parent)
    : QStyledItemDelegate(parent), separator_(std::move(separator))
{
}

void JoinedNameDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    QStyle* style = opt.widget ? opt.widget->style() : QApplication::style();
    const QRect text = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, opt.widget);
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, opt.widget) + 1;
    opt.text = elideJoinedName(opt.text, separator_, opt.fontMetrics, text.width() - 2 * margin);
    opt.textElideMode = Qt::ElideNone;
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);
}

} // namespace chitra::app
