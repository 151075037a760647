// The Suggestions dock: the pipeline steps chitra's suggester ranks for the current view
// (docs/suggest.md), found on a worker whenever the view's sequence changes. Preview
// brushes an aggregation's pattern (its matches light up in the trace and event views);
// Apply appends the step to the view's pipeline (undoable); Simplify applies the
// best-ranked suggestion that shrinks the chain, one step at a time, until none does,
// reporting after each step the chain's size and whether its model passes validation.
//
// Public interface:
//   setDocument(doc)    follows that view (null: idle)
//   suggestions()       the list shown, best first
//   applySuggestion(i), previewSuggestion(i), simplify()   what the buttons do
//   highlightPeriod(f, events)   a clicked periodogram peak: its sequence selected and brushed
//   cancel(), recompute()   what Cancel and Find do
//   list(), applyButton(), previewButton(), simplifyButton(), statusLabel(), cancelButton(),
//   findButton()   parts, for tests
// signals: suggestionsReady() after a list is shown; simplifyFinished(steps) when
//          Simplify stops; message(text) for the status bar.
#pragma once

#include "chitra/suggest/suggest.hpp"

#include <QPointer>
#include <QWidget>

#include <atomic>
#include <memory>
#include <vector>

class QLabel;
class QProgressBar;
class QPushButton;
class QTreeWidget;

namespace chitra::app {

class ViewDocument;

class SuggestionsPanel : public QWidget {
    Q_OBJECT
public:
    explicit SuggestionsPanel(QWidget* parent = nullptr);
    ~SuggestionsPanel() override;
    void setDocument(ViewDocument* doc);

    const std::vector<Suggestion>& suggestions() const { return suggestions_; }
    bool busy() const { return busy_; }

    QTreeWidget* list() const { return list_; }
    QPushButton* applyButton() const { return apply_; }
    QPushButton* previewButton() const { return preview_; }
    QPushButton* simplifyButton() const { return simplify_; }
    QLabel* statusLabel() const { return status_; }
    QPushButton* cancelButton() const { return cancelButton_; }
    QPushButton* findButton() const { return find_; }

public slots:
    void applySuggestion(int index);
    void previewSuggestion(int index);
    void simplify();
    // Stops the search that runs (Find starts another).
    void cancel();
    // Looks for suggestions in the current view again.
    void recompute();
    // A periodogram peak was clicked: selects and previews the suggested sequence that
    // repeats with that period (within 10%), the best-scored one; says so when none does.
    // Returns its index, or -1.
    int highlightPeriod(double frequency, bool eventDomain);

signals:
    void suggestionsReady();
    void simplifyFinished(int steps);
    void message(const QString& text);

private:
    void show(std::vector<Suggestion> suggestions, std::size_t states, std::size_t transitions);
    void continueSimplify();
    void stopSimplify(const QString& why);
    void updateButtons();
    int currentIndex() const;

    QPointer<ViewDocument> doc_;
    std::vector<Suggestion> suggestions_;
    std::shared_ptr<std::atomic<bool>> cancel_; // of the search running now
    int generation_ = 0;
    bool busy_ = false;
    // Simplify: steps applied so far, and the chain's size before the first.
    int simplifySteps_ = -1; // -1: not simplifying
    std::size_t startStates_ = 0, startTransitions_ = 0;
    std::size_t states_ = 0, transitions_ = 0; // of the sequence the list is for
    QString fitQuality_;                       // while simplifying: of that sequence's chain
    QTreeWidget* list_ = nullptr;
    QPushButton* apply_ = nullptr;
    QPushButton* preview_ = nullptr;
    QPushButton* simplify_ = nullptr;
    QLabel* status_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QPushButton* cancelButton_ = nullptr;
    QPushButton* find_ = nullptr;
};

} // namespace chitra::app
