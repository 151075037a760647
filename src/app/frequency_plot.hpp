// The frequency view: the periodogram of what a trace plot shows (its visible range,
// or the view's selection when there is one), recomputed in the background when a
// pan/zoom ends or on request. Hover shows the nearest peak's frequency and period.
#pragma once

#include "ses_geometry.hpp"

#include <QWidget>

#include <memory>

class QCustomPlot;
class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QCPItemText;
template <typename T> class QFutureWatcher;

namespace chitra {
struct Periodogram;
}

namespace chitra::app {

class ViewDocument;
class TracePlot;

class FrequencyPlot : public QWidget {
    Q_OBJECT
public:
    FrequencyPlot(ViewDocument* doc, TracePlot* source, QWidget* parent = nullptr);
    ~FrequencyPlot() override;

    void setLogPower(bool on);
    void setAutoUpdate(bool on);
    // Starts a background computation (a newer request supersedes a running one).
    void recompute();
    bool busy() const;
    // Bins of the last result (for tests).
    std::size_t binCount() const;
    QWidget* canvas() const;

signals:
    void computed();
    void message(const QString& text);

private:
    void showResult();
    void hover(const QPoint& pos);

    ViewDocument* doc_;
    TracePlot* source_;
    QCustomPlot* plot_;
    QCPItemText* peakLabel_;
    QCheckBox* log_;
    QCheckBox* auto_;
    QDoubleSpinBox* interval_;
    QLabel* status_;
    QFutureWatcher<std::shared_ptr<Periodogram>>* watcher_;
    std::shared_ptr<Periodogram> result_;
    bool pending_ = false;
    XAxis domain_ = XAxis::Event;
};

} // namespace chitra::app
