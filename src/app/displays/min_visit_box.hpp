// The "Short visits" control that both Traceview displays show (docs/traceview.md "Rates
// over short visits"): the minimum visit length below which a counter's rate over a
// visit counts as measurement jitter (chitra::ShortVisitRule), from a list of lengths.
#pragma once

#include "chitra/trace/types.hpp"

#include <QColor>
#include <QComboBox>

class QBoxLayout;

namespace chitra::app {

// Short visits in both displays: light enough that the long visits drawn over them
// stay readable.
inline QColor shortVisitColour() { return QColor(212, 212, 212); }

class MinVisitBox : public QComboBox {
    Q_OBJECT
public:
    explicit MinVisitBox(QWidget* parent = nullptr);

    double seconds() const; // 0 = off
    // Selects `seconds` (a value not in the list is added to it); emits nothing.
    void setSeconds(double seconds);
    // Traces whose time base is not a unit of seconds have no rule: the box is disabled.
    void setTimeBase(TimeBase base);

    // The box showing `seconds` for a trace in `base`, with its label, added to the tool
    // row `row` of `parent` (both displays have one).
    static MinVisitBox* addTo(QBoxLayout* row, QWidget* parent, double seconds, TimeBase base);

signals:
    void secondsChanged(double seconds);
};

} // namespace chitra::app
