#include "plotting/left_axis_aligner.hpp"
#include "plotting/queued_resize_plot.hpp"

#include <qcustomplot.h>

#include <QFontMetrics>

#include <algorithm>

namespace chitra::app {

namespace {

// What QCustomPlot needs left of the axis rect for the labels drawn last (its own
// calculation is not public): ticks, widest tick label, paddings, the axis label.
int neededLeft(QCustomPlot* plot)
{
    QCPAxis* axis = plot->yAxis;
    if (!axis->visible())
        return 0;
    const QFontMetrics metrics(axis->tickLabelFont());
    int widest = 0;
    for (const QString& label : axis->tickVectorLabels())
        widest = std::max(widest, metrics.boundingRect(0, 0, 0, 0, Qt::TextDontClip, label).width());
    int margin = std::max(0, axis->tickLengthOut()) + axis->padding();
    if (axis->tickLabels() && widest > 0)
        margin += widest + axis->tickLabelPadding();
    if (!axis->label().isEmpty())
        margin += QFontMetrics(axis->labelFont()).height() + axis->labelPadding();
    return margin + 4; // a little above QCustomPlot's own figure, so the minimum is what counts
}

} // namespace

LeftAxisAligner::LeftAxisAligner(std::vector<QCustomPlot*> plots, QObject* parent)
    : QObject(parent), plots_(std::move(plots))
{
    for (QCustomPlot* p : plots_)
        connect(p, &QCustomPlot::afterReplot, this, &LeftAxisAligner::measure);
}

void LeftAxisAligner::measure()
{
    int margin = 0;
    for (QCustomPlot* p : plots_)
        if (p->isVisible())
            margin = std::max(margin, neededLeft(p));
    // A plot with very wide tick labels (the time view's joined lane states) must not
    // squeeze the others to a sliver: the aligned margin is at most a quarter of the
    // narrowest plot; a plot needing more still takes it through its own auto margins.
    int narrowest = 0;
    for (QCustomPlot* p : plots_)
        if (p->isVisible() && p->width() > 0)
            narrowest = narrowest == 0 ? p->width() : std::min(narrowest, p->width());
    if (narrowest > 0)
        margin = std::min(margin, narrowest / 4);
    if (margin == margin_)
        return; // settled: the next replots change nothing
    margin_ = margin;
    for (QCustomPlot* p : plots_) {
        QMargins m = p->axisRect()->minimumMargins();
        m.setLeft(margin);
        p->axisRect()->setMinimumMargins(m);
        if (!p->size().isEmpty()) // one not laid out yet draws at its first resize
            queueReplot(p);
    }
}

} // namespace chitra::app
