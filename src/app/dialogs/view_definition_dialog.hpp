// Traceview's view definition dialog (docs/traceview.md "View definitions"): a time
// range, typed or set with a scrollbar whose thumb can be stretched, or moved by
// searching for a named state forward/backward from the current bounds; and an
// exclusion list of states, toggled by name or with glob patterns and the Include /
// Exclude buttons. The result is a pipeline of clip + exclude steps.
#pragma once

#include "chitra/pipeline/pipeline.hpp"
#include "chitra/traceview/traceview.hpp"

#include <QDialog>
#include <QStringList>

class QLineEdit;
class QListWidget;
class QLabel;

namespace chitra::app {

class ViewDocument;
class RangeBar;

class ViewDefinitionDialog : public QDialog {
    Q_OBJECT
public:
    enum class Target { NewView, CurrentView };

    explicit ViewDefinitionDialog(ViewDocument* doc, QWidget* parent = nullptr);

    std::pair<Time, Time> range() const { return {t0_, t1_}; }
    void setRange(Time t0, Time t1);
    // Moves the lower (or upper) bound to the next (forward) or previous entry into a
    // state matching `glob`; false when there is none.
    bool searchState(const QString& glob, bool upperBound, bool forward);

    QStringList excluded() const;
    void setExcluded(const QStringList& names);
    void applyPattern(const QString& glob, PatternEffect effect);

    ViewDefinition definition() const;
    // The clip + exclude steps of the definition over the view's current SES.
    Pipeline pipeline() const;
    Target target() const { return target_; }

    // Applies the dialog's pipeline: to `doc` (steps pushed one by one, undoable) or,
    // for NewView, to `fresh` (a new view of the same trace made by the caller).
    // Returns the core's message when a step is refused.
    static std::optional<QString> applyTo(ViewDocument* doc, const Pipeline& pipeline);

private:
    void syncFields();
    void finish(Target target);

    ViewDocument* doc_;
    Time first_ = 0, last_ = 1;
    Time t0_ = 0, t1_ = 1;
    QLineEdit* from_;
    QLineEdit* to_;
    RangeBar* bar_;
    QLineEdit* stateEdit_;
    QLabel* searchInfo_;
    QListWidget* list_;
    QLineEdit* patternEdit_;
    QLabel* summary_;
    Target target_ = Target::CurrentView;
};

// A scrollbar for a window [lo, hi) of [first, last): drag the thumb to move the
// window, drag either end of it to stretch or shrink it.
class RangeBar : public QWidget {
    Q_OBJECT
public:
    explicit RangeBar(QWidget* parent = nullptr);
    void setLimits(double first, double last);
    void setWindow(double lo, double hi);
    std::pair<double, double> window() const { return {lo_, hi_}; }
    QSize sizeHint() const override { return {300, 22}; }
    // The thumb in widget pixels (tests drag it).
    QRect thumbRect() const;

signals:
    void windowChanged(double lo, double hi);

protected:
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;

private:
    double toValue(double px) const;
    double toPixel(double v) const;
    enum class Drag { None, Move, Low, High };
    double first_ = 0, last_ = 1, lo_ = 0, hi_ = 1;
    Drag drag_ = Drag::None;
    double grabValue_ = 0, grabLo_ = 0, grabHi_ = 0;
};

} // namespace chitra::app
