#include "plotting/display_export.hpp"

#include <qcustomplot.h>

#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLayout>
#include <QMessageBox>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QPixmap>
#include <QSpinBox>
#include <QSvgGenerator>
#include <QWidget>

namespace chitra::app {

std::optional<ExportFormat> exportFormatFor(const QString& path)
{
    const QString ext = QFileInfo(path).suffix().toLower();
    if (ext == "png")
        return ExportFormat::Png;
    if (ext == "svg")
        return ExportFormat::Svg;
    if (ext == "pdf")
        return ExportFormat::Pdf;
    return std::nullopt;
}

namespace {

// Paints `widget` with `painter`: the plots (QCustomPlot children) as vectors through
// QCustomPlot::toPainter, the rest (tool bars, labels) by QWidget::render, which would
// otherwise put the plots' raster buffers into an SVG or PDF.
void paintVector(QWidget* widget, QCPPainter& painter)
{
    QRegion rest(widget->rect());
    const auto plots = widget->findChildren<QCustomPlot*>();
    for (QCustomPlot* plot : plots)
        if (plot->isVisible())
            rest -= QRect(plot->mapTo(widget, QPoint(0, 0)), plot->size());
    widget->render(&painter, QPoint(), rest, QWidget::DrawWindowBackground | QWidget::DrawChildren);
    for (QCustomPlot* plot : plots) {
        if (!plot->isVisible())
            continue;
        painter.save();
        painter.translate(plot->mapTo(widget, QPoint(0, 0)));
        painter.setClipRect(QRect(QPoint(0, 0), plot->size()));
        plot->toPainter(&painter, plot->width(), plot->height());
        painter.restore();
    }
}

} // namespace

bool exportWidget(QWidget* widget, const QString& path, QSize size, QString* error)
{
    auto fail = [&](const QString& text) {
        if (error)
            *error = text;
        return false;
    };
    const auto format = exportFormatFor(path);
    if (!format)
        return fail(QObject::tr("%1: the file name must end in .png, .svg or .pdf").arg(path));
    const QSize old = widget->size();
    QLayout* layout = widget->layout();
    const QLayout::SizeConstraint constraint = layout ? layout->sizeConstraint() : QLayout::SetDefaultConstraint;
    const QSize oldMinimum = widget->minimumSize();
    const bool resize = size.isValid() && size != old;
    if (resize) {
        // The asked size wins over the layout's minimum (many stacked charts).
        if (layout)
            layout->setSizeConstraint(QLayout::SetNoConstraint);
        widget->setMinimumSize(0, 0);
        widget->resize(size);
        // Let layouts and plots settle at the new size before painting.
        QApplication::sendPostedEvents();
        QApplication::processEvents();
    }
    for (QCustomPlot* plot : widget->findChildren<QCustomPlot*>())
        plot->replot(QCustomPlot::rpImmediateRefresh); // no queued replot left behind
    const QSize s = widget->size();
    bool ok = true;
    switch (*format) {
    case ExportFormat::Png:
        ok = widget->grab().save(path, "PNG");
        break;
    case ExportFormat::Svg: {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(s);
        svg.setViewBox(QRect(QPoint(0, 0), s));
        svg.setTitle(widget->windowTitle());
        svg.setDescription(QObject::tr("Exported by chitra"));
        QCPPainter p;
        ok = p.begin(&svg);
        if (ok) {
            paintVector(widget, p);
            ok = p.end();
        }
        break;
    }
    case ExportFormat::Pdf: {
        QPdfWriter pdf(path);
        pdf.setResolution(96); // one widget pixel = one PDF pixel at 96 dpi
        pdf.setPageSize(QPageSize(QSizeF(s.width() * 72.0 / 96, s.height() * 72.0 / 96), QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setCreator(QStringLiteral("chitra"));
        QCPPainter p;
        ok = p.begin(&pdf);
        if (ok) {
            paintVector(widget, p);
            ok = p.end();
        }
        break;
    }
    }
    if (resize) {
        widget->setMinimumSize(oldMinimum);
        if (layout)
            layout->setSizeConstraint(constraint);
        widget->resize(old);
    }
    if (!ok)
        return fail(QObject::tr("cannot write %1").arg(path));
    return true;
}

void exportWidgetInteractive(QWidget* widget, QWidget* parent)
{
    QString filter;
    const QString path = QFileDialog::getSaveFileName(
        parent, QObject::tr("Export display"), QString(),
        QObject::tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"), &filter);
    if (path.isEmpty())
        return;
    QDialog ask(parent);
    ask.setWindowTitle(QObject::tr("Export size"));
    auto* form = new QFormLayout(&ask);
    auto* w = new QSpinBox(&ask);
    auto* h = new QSpinBox(&ask);
    w->setRange(200, 8000);
    h->setRange(150, 8000);
    w->setValue(widget->width());
    h->setValue(widget->height());
    w->setSuffix(" px");
    h->setSuffix(" px");
    form->addRow(QObject::tr("Width"), w);
    form->addRow(QObject::tr("Height"), h);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &ask);
    form->addRow(buttons);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &ask, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &ask, &QDialog::reject);
    if (ask.exec() != QDialog::Accepted)
        return;
    QString target = path;
    if (!exportFormatFor(target))
        target += filter.contains("svg") ? ".svg" : filter.contains("pdf") ? ".pdf" : ".png";
    QString error;
    if (!exportWidget(widget, target, QSize(w->value(), h->value()), &error))
        QMessageBox::warning(parent, QObject::tr("Export failed"), error);
}

} // namespace chitra::app
