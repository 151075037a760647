// The time and event filter dialogs (semantics.md section 3, filter).
//
// Public interface:
//   FilterDialog(ses, FilterDialog::Domain::time | event, parent = nullptr)
//   exec() / open(); then step() gives step::FilterTime or step::FilterEvent
//   setThreshold(v)   in the units shown (time: percent of T; event: count, or percent
//                     of the element count in fraction mode)
//   isValid(), refusal()   why OK is disabled (empty when valid)
//   previewStates(), previewElements()   what remains, from the core's filter applied to
//                     the dialog's SES in the background (-1 while not yet known)
//   histogram(), thresholdBox(), modeBox() (event only), previewLabel(), refusalLabel(),
//   okButton()        the parts, for tests and screenshots
// signals: previewUpdated() after a new preview is shown.
// The histogram shows h(s)/T per state (time) or occurrence counts (event); bins left of
// the draggable threshold line are what the filter merges into T<k> composites.
#pragma once

#include "chitra/pipeline/pipeline.hpp"
#include "chitra/trace/ses.hpp"

#include <QDialog>

#include <memory>
#include <vector>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QTimer;

namespace chitra::app {

class HistogramWidget;

class FilterDialog : public QDialog {
    Q_OBJECT
public:
    enum class Domain { time, event };
    enum class EventMode { count, fraction };

    FilterDialog(std::shared_ptr<const Ses> ses, Domain domain, QWidget* parent = nullptr);
    ~FilterDialog() override;

    Step step() const;
    void setThreshold(double shown);
    bool isValid() const { return refusal_.isEmpty(); }
    QString refusal() const { return refusal_; }
    long long previewStates() const { return preview_states_; }
    long long previewElements() const { return preview_elements_; }
    long long totalStates() const { return static_cast<long long>(present_.size()); }

    HistogramWidget* histogram() const { return histogram_; }
    QDoubleSpinBox* thresholdBox() const { return spin_; }
    QComboBox* modeBox() const { return mode_; }
    QLabel* previewLabel() const { return preview_; }
    QLabel* refusalLabel() const { return refusal_label_; }
    QPushButton* okButton() const;

signals:
    void previewUpdated();

private:
    void onModeChanged();
    void onThresholdChanged();
    void startPreview();
    void fillHistogram();
    EventMode eventMode() const;
    // The histogram's x for each present state: share (time), count or count / m (event).
    double xOf(std::size_t k) const;

    std::shared_ptr<const Ses> ses_;
    Domain domain_;
    std::vector<SymbolId> present_;    // symbols that occur in the SES
    std::vector<double> total_;        // per present symbol: total occupancy
    std::vector<std::uint64_t> count_; // per present symbol: occurrences
    HistogramWidget* histogram_ = nullptr;
    QDoubleSpinBox* spin_ = nullptr;
    QComboBox* mode_ = nullptr;
    QLabel* preview_ = nullptr;
    QLabel* selected_ = nullptr;
    QLabel* refusal_label_ = nullptr;
    QDialogButtonBox* buttons_ = nullptr;
    QTimer* debounce_ = nullptr;
    QString refusal_;
    long long preview_states_ = -1;
    long long preview_elements_ = -1;
    int generation_ = 0;
};

} // namespace chitra::app
