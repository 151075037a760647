// The frequency view: the periodogram of what a trace plot shows (its visible range,
// or the view's selection when there is one), recomputed in the background when a
// pan/zoom ends or on request (busyChanged lets the status bar offer Cancel). Hover
// shows the nearest peak's frequency and period. The frequency axis is linear or
// logarithmic; it shows every frequency or, with "zoom to peak", the strongest peak
// and its first harmonics, unless the user zoomed it: a zoomed range is kept across
// recomputations. The power axis always fits what the frequency axis shows. A signal
// of more than 2^22 samples is averaged over segments of 2^20 (Bartlett's method, as
// `periodogram --segment`) unless the user chooses otherwise; the readout says which.
#pragma once

#include "chitra/pipeline/pipeline.hpp"
#include "chitra/summaries/ses_geometry.hpp"

#include <QWidget>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>

class QCustomPlot;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QCPItemText;
class QCPItemRect;
class QPushButton;
template <typename T> class QFutureWatcher;

namespace chitra {
struct Periodogram;
}

namespace chitra::app {

class DisplayOptionsLink;

class ViewDocument;
class TracePlot;

class FrequencyPlot : public QWidget {
    Q_OBJECT
public:
    FrequencyPlot(ViewDocument* doc, TracePlot* source, QWidget* parent = nullptr);
    ~FrequencyPlot() override;

    // Tick the tool bar's boxes; only a change is applied.
    void setLogPower(bool on);
    void setLogFrequency(bool on);
    void setZoomToPeak(bool on);
    void setAutoUpdate(bool on);
    // Option state for sessions (frequency_display_state.cpp).
    bool logPower() const;
    bool logFrequency() const;
    bool zoomToPeak() const;
    bool autoUpdate() const;
    double samplingInterval() const; // 0 = auto
    void setSamplingInterval(double interval);
    // Bartlett segments: kAutoSegments (the rule below), 0 (the whole signal) or a length.
    static constexpr std::int64_t kAutoSegments = -1;
    static constexpr std::size_t kSegmentsAbove = std::size_t{1} << 22; // samples
    static constexpr std::size_t kAutoSegmentLength = std::size_t{1} << 20;
    std::int64_t segmentChoice() const;
    void setSegmentChoice(std::int64_t choice);
    // The segment length `choice` gives a signal of `samples` (0: the whole signal).
    static std::size_t segmentLength(std::int64_t choice, std::size_t samples);
    // What the last result averaged: "1 periodogram of 3 000 samples", "95 segments of ...".
    QString segmentsText() const;
    // The frequency range the user zoomed to (nullopt: the automatic one). Setting it
    // before the first result applies it when the result arrives (session restore).
    std::optional<std::pair<double, double>> userFrequencyRange() const;
    void setUserFrequencyRange(double f0, double f1);
    // Starts a background computation (a newer request waits for the running one and
    // then supersedes it). cancel() drops the running one's result and the waiting one.
    void recompute();
    void cancel();
    bool busy() const;
    // Bins of the last result (for tests).
    std::size_t binCount() const;
    QWidget* canvas() const;

    // A frequency band chosen by Shift-dragging on the plot (or set here), shaded until
    // the SES changes; "Filter band" turns it into the frequency-domain filter of the
    // view's domain (event: cycles per event; time: the chosen interval, else the
    // default sampling of semantics.md section 6).
    void setBand(double f0, double f1);
    void clearBand();
    std::optional<std::pair<double, double>> band() const { return band_; }
    XAxis domain() const { return domain_; }
    std::optional<Step> bandFilterStep() const;
    // Pushes the band filter onto the view's pipeline; the core's refusal otherwise.
    std::optional<QString> applyBandFilter();
    QPushButton* filterButton() const { return filterBand_; }
    // "f = 500.4 Hz, period = 1.998 ms" (time) or "f = 0.08333 cycles per event,
    // period = 12 events"; the argument is in cycles per tick (or per event).
    QString describeFrequency(double cyclesPerTick) const;
    QString peakText() const;
    QCustomPlot* plot() const { return plot_; }

signals:
    void computed();
    void message(const QString& text);
    // A click on a peak: its frequency in cycles per event (eventDomain) or per time unit.
    void peakClicked(double frequency, bool eventDomain);
    // True while a periodogram is running or waiting; false when it ended or was cancelled.
    void busyChanged(bool busy);

private:
    // Its options (through optionsLink_) and the frequency range the user zoomed to into
    // the view's ViewPresentation after a change; the range, when set from outside (a
    // session's restore), applied.
    void publishOptions();
    void publishWindow();
    void followWindow();
    void setBusy(bool on);
    void applyLogPower(bool on);
    void applyLogFrequency(bool on);
    void applyZoomToPeak();
    void showResult();
    void applyAutomaticRange();
    void fitPowerRange();
    void fitPowerTicks();
    QString frequencyText(double cyclesPerTick) const;
    void hover(const QPoint& pos);
    std::size_t peakBinNear(const QPoint& pos) const; // 0: none
    std::optional<double> peakNear(const QPoint& pos) const;
    void bandPress(const QPoint& pos);
    void bandMove(const QPoint& pos);
    void bandRelease(const QPoint& pos);

    ViewDocument* doc_;
    TracePlot* source_;
    QCustomPlot* plot_;
    QCPItemText* peakLabel_;
    QCheckBox* log_;
    QCheckBox* logFrequency_;
    QCheckBox* peakZoom_;
    QCheckBox* auto_;
    QDoubleSpinBox* interval_;
    QComboBox* segments_;
    QLabel* status_;
    QPushButton* filterBand_;
    QCPItemRect* bandItem_;
    std::optional<std::pair<double, double>> band_;
    std::optional<double> bandOrigin_;
    QFutureWatcher<std::shared_ptr<Periodogram>>* watcher_;
    std::shared_ptr<Periodogram> result_;
    std::shared_ptr<std::atomic<bool>> cancel_;               // of the running computation
    std::optional<std::pair<double, double>> automaticRange_; // the x range last set by showResult
    std::optional<std::pair<double, double>> pendingUserRange_;
    bool pending_ = false;
    bool busy_ = false;
    DisplayOptionsLink* optionsLink_;
    XAxis domain_ = XAxis::Event;
};

} // namespace chitra::app
