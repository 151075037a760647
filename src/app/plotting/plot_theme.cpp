#include "plotting/plot_theme.hpp"
#include "plotting/queued_resize_plot.hpp"

#include <QEvent>
#include <QPalette>
#include <qcustomplot.h>

namespace chitra::app {

namespace {

QColor withAlpha(QColor c, int alpha)
{
    c.setAlpha(alpha);
    return c;
}

// A pen of `colour`, keeping the pen's width and style; hidden pens stay hidden.
void recolour(QCPAxis* axis, const QColor& text)
{
    auto pen = [&](QPen p) {
        if (p.style() != Qt::NoPen)
            p.setColor(text);
        return p;
    };
    axis->setBasePen(pen(axis->basePen()));
    axis->setTickPen(pen(axis->tickPen()));
    axis->setSubTickPen(pen(axis->subTickPen()));
    axis->setTickLabelColor(text);
    axis->setLabelColor(text);
    QCPGrid* grid = axis->grid();
    // Grid lines as faint as QCustomPlot's grey on white, in the text's colour: the
    // same lines on a light base and on a dark one.
    QPen g = grid->pen();
    if (g.style() != Qt::NoPen)
        g.setColor(withAlpha(text, g.color().alpha() < 255 ? g.color().alpha() : 45));
    grid->setPen(g);
    QPen sub = grid->subGridPen();
    if (sub.style() != Qt::NoPen)
        sub.setColor(withAlpha(text, 25));
    grid->setSubGridPen(sub);
    QPen zero = grid->zeroLinePen();
    if (zero.style() != Qt::NoPen)
        zero.setColor(withAlpha(text, 70));
    grid->setZeroLinePen(zero);
}

void applyPalette(QCustomPlot* plot)
{
    const QPalette& pal = plot->palette();
    const QColor base = pal.color(QPalette::Base), text = pal.color(QPalette::Text);
    plot->setBackground(base);
    for (QCPAxisRect* rect : plot->axisRects()) {
        rect->setBackground(QBrush(Qt::NoBrush));
        for (QCPAxis* axis : rect->axes())
            recolour(axis, text);
    }
    if (plot->legend) {
        plot->legend->setBrush(withAlpha(base, 230));
        plot->legend->setTextColor(text);
        plot->legend->setBorderPen(QPen(withAlpha(text, 90)));
    }
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* label = qobject_cast<QCPItemText*>(plot->item(i))) {
            label->setColor(text);
            if (label->brush().style() != Qt::NoBrush)
                label->setBrush(withAlpha(base, label->brush().color().alpha()));
        }
}

// Redraws the plot when its palette changes: a new theme reaches the widgets by events,
// after the code that set it has asked for its redraws.
class PaletteWatcher : public QObject {
public:
    explicit PaletteWatcher(QCustomPlot* plot) : QObject(plot), plot_(plot) { plot->installEventFilter(this); }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == plot_ && event->type() == QEvent::PaletteChange)
            queueReplot(plot_);
        return false;
    }

private:
    QCustomPlot* plot_;
};

} // namespace

bool isDark(const QPalette& palette)
{
    return palette.color(QPalette::Base).lightnessF() < palette.color(QPalette::Text).lightnessF();
}

void followPalette(QCustomPlot* plot)
{
    applyPalette(plot);
    QObject::connect(plot, &QCustomPlot::beforeReplot, plot, [plot] { applyPalette(plot); });
    new PaletteWatcher(plot);
}

} // namespace chitra::app
