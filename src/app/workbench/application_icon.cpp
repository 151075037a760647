#include "workbench/application_icon.hpp"

#include <QPainter>
#include <QPixmap>
#include <QSvgRenderer>

namespace chitra::app {

QIcon applicationIcon()
{
    QSvgRenderer svg(QStringLiteral(":/icons/chitra.svg"));
    QIcon icon;
    if (!svg.isValid())
        return icon;
    for (int size : {16, 24, 32, 48, 64, 128, 256}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        svg.render(&painter);
        painter.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace chitra::app
