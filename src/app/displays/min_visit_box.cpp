#include "displays/min_visit_box.hpp"

#include "text/number_format.hpp"

#include <QLabel>
#include <QBoxLayout>

#include <cmath>

namespace chitra::app {

MinVisitBox::MinVisitBox(QWidget* parent) : QComboBox(parent)
{
    addItem(tr("off"), 0.0);
    for (double s : {1e-7, 1e-6, 1e-5, 1e-4, 5e-4, 1e-3, 1e-2, 1e-1})
        addItem(formatDurationSI(s * 1e9, TimeBase::ns), s);
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    setToolTip(tr("Visits shorter than this are short: a counter's rate over them is mostly "
                  "measurement jitter (the process CPU clock moves in 1 ms ticks). They are drawn in grey "
                  "and do not set the y range."));
    connect(this, &QComboBox::activated, this, [this] { emit secondsChanged(seconds()); });
}

double MinVisitBox::seconds() const { return currentData().toDouble(); }

void MinVisitBox::setSeconds(double seconds)
{
    if (!std::isfinite(seconds) || seconds < 0)
        seconds = 0;
    QSignalBlocker block(this);
    for (int i = 0; i < count(); ++i)
        if (std::abs(itemData(i).toDouble() - seconds) <= 1e-9 * seconds) {
            setCurrentIndex(i);
            return;
        }
    int at = 1;
    while (at < count() && itemData(at).toDouble() < seconds)
        ++at;
    insertItem(at, formatDurationSI(seconds * 1e9, TimeBase::ns), seconds);
    setCurrentIndex(at);
}

MinVisitBox* MinVisitBox::addTo(QBoxLayout* row, QWidget* parent, double seconds, TimeBase base)
{
    row->addWidget(new QLabel(tr("Short visits <"), parent));
    auto* box = new MinVisitBox(parent);
    box->setSeconds(seconds);
    box->setTimeBase(base);
    row->addWidget(box);
    return box;
}

void MinVisitBox::setTimeBase(TimeBase base)
{
    const bool seconds = seconds_per_tick(base).has_value();
    setEnabled(seconds);
    if (!seconds)
        setToolTip(tr("The trace's time base is not a unit of seconds: no visit counts as short"));
}

} // namespace chitra::app
