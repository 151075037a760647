#include "panels/suggestions_panel.hpp"

#include "jobs/worker_pool.hpp"
#include "chitra/chain/model_json.hpp"
#include "chitra/util/cancel.hpp"
#include "chitra/validation/validation.hpp"
#include "document/view_document.hpp"
#include "text/step_text.hpp"

#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <unordered_set>

namespace chitra::app {

namespace {

constexpr int kMaxSimplifySteps = 20;

struct Found {
    std::vector<Suggestion> suggestions;
    std::size_t states = 0, transitions = 0;
    QString fitQuality; // while simplifying: how the chain of this sequence validates
    bool cancelled = false;
    QString error;
};

// Fits the chain of `ses` and validates it against `ses` (docs/validation.md).
QString fitQualityOf(const Ses& ses, TimeBase base)
{
    const Validation v = validate_model(ses, model_document(fit_chain(ses, base)));
    if (v.pass)
        return QObject::tr("the model passes validation");
    for (const Offender& o : v.worst)
        if (o.rejected)
            return QObject::tr("the model fails validation (worst: %1)")
                .arg(QString::fromStdString(o.name.empty() ? o.test : o.test + " " + o.name));
    return QObject::tr("the model fails validation");
}

// The chain's size: distinct states and distinct transitions of the sequence.
void measureChain(const Ses& ses, Found& out)
{
    std::vector<bool> seen(ses.symbols->size(), false);
    std::unordered_set<std::uint64_t> pairs;
    for (std::size_t i = 0; i < ses.size(); ++i) {
        if (!seen[ses.symbol[i]]) {
            seen[ses.symbol[i]] = true;
            ++out.states;
        }
        if (i + 1 < ses.size())
            pairs.insert((std::uint64_t{ses.symbol[i]} << 32) | ses.symbol[i + 1]);
    }
    out.transitions = pairs.size();
}

QString percent(double fraction) { return QString::number(100.0 * fraction, 'f', 1) + QStringLiteral("%"); }

QString effect(const Suggestion& s)
{
    if (s.kind == SuggestionKind::aggregate)
        return QObject::tr("%1 matches · %2 of elements, %3 of time · every %4 elements")
            .arg(s.count)
            .arg(percent(s.coverage_elements), percent(s.coverage_time))
            .arg(s.period_elements, 0, 'f', 1);
    if (const auto* lanes = std::get_if<step::ProjectComponents>(&s.step); lanes && s.kind == SuggestionKind::lanes) {
        // The one component not dropped, numbered from 1 as the lanes view labels it.
        std::size_t kept = 0;
        while (std::find(lanes->drop.begin(), lanes->drop.end(), kept) != lanes->drop.end())
            ++kept;
        return QObject::tr("keeps component %1 alone · %2 → %3 states")
            .arg(kept + 1)
            .arg(s.states_before)
            .arg(s.states_after);
    }
    return QObject::tr("%1 → %2 states").arg(s.states_before).arg(s.states_after);
}

bool shrinksTheChain(const Suggestion& s) { return s.states_after < s.states_before || s.transitions_removed > 0; }

} // namespace

SuggestionsPanel::SuggestionsPanel(QWidget* parent) : QWidget(parent)
{
    list_ = new QTreeWidget(this);
    // Score first and narrow; each suggestion on two lines, the step above its effect,
    // so that both fit the dock's width. The reason is in the tooltip.
    list_->setColumnCount(2);
    list_->setHeaderLabels({tr("Score"), tr("Suggestion")});
    list_->setRootIsDecorated(false);
    list_->setAlternatingRowColors(true);
    list_->setUniformRowHeights(false);
    list_->setWordWrap(true);
    list_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    list_->header()->setStretchLastSection(true);
    preview_ = new QPushButton(tr("Preview"), this);
    preview_->setToolTip(tr("Brush the sequence: its matches light up in the trace and event views"));
    apply_ = new QPushButton(tr("Apply"), this);
    apply_->setToolTip(tr("Append the step to the view's pipeline (undoable)"));
    simplify_ = new QPushButton(tr("Simplify"), this);
    simplify_->setToolTip(tr("Apply the top suggestion, one undoable step at a time, while the chain keeps shrinking"));
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    // While the search runs: a busy bar and Cancel; after it, Find looks again.
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 0);
    progress_->setTextVisible(false);
    progress_->setMaximumHeight(progress_->fontMetrics().height());
    cancelButton_ = new QPushButton(tr("Cancel"), this);
    cancelButton_->setToolTip(tr("Stop looking for suggestions"));
    find_ = new QPushButton(tr("Find"), this);
    find_->setToolTip(tr("Look for suggestions in the current view again"));

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(preview_);
    buttons->addWidget(apply_);
    buttons->addStretch(1);
    buttons->addWidget(simplify_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* search = new QHBoxLayout;
    search->addWidget(progress_, 1);
    search->addWidget(cancelButton_);
    search->addWidget(find_);
    layout->addWidget(list_, 1);
    layout->addLayout(buttons);
    layout->addLayout(search);
    layout->addWidget(status_);

    connect(list_, &QTreeWidget::currentItemChanged, this, &SuggestionsPanel::updateButtons);
    connect(list_, &QTreeWidget::itemDoubleClicked, this, [this] { applySuggestion(currentIndex()); });
    connect(apply_, &QPushButton::clicked, this, [this] { applySuggestion(currentIndex()); });
    connect(preview_, &QPushButton::clicked, this, [this] { previewSuggestion(currentIndex()); });
    connect(simplify_, &QPushButton::clicked, this, &SuggestionsPanel::simplify);
    connect(cancelButton_, &QPushButton::clicked, this, &SuggestionsPanel::cancel);
    connect(find_, &QPushButton::clicked, this, &SuggestionsPanel::recompute);
    updateButtons();
}

SuggestionsPanel::~SuggestionsPanel()
{
    if (cancel_)
        cancel_->store(true);
}

void SuggestionsPanel::setDocument(ViewDocument* doc)
{
    if (doc == doc_)
        return;
    if (doc_)
        disconnect(doc_, nullptr, this, nullptr);
    doc_ = doc;
    simplifySteps_ = -1;
    if (doc_) {
        connect(doc_, &ViewDocument::sesChanged, this, &SuggestionsPanel::recompute);
        connect(doc_, &ViewDocument::replayRefused, this,
                [this](const QString& why) { stopSimplify(tr("Simplify stopped: %1").arg(why)); });
    }
    recompute();
}

int SuggestionsPanel::currentIndex() const
{
    const QTreeWidgetItem* item = list_->currentItem();
    return item ? list_->indexOfTopLevelItem(const_cast<QTreeWidgetItem*>(item)) : -1;
}

void SuggestionsPanel::recompute()
{
    if (cancel_)
        cancel_->store(true);
    const int generation = ++generation_;
    suggestions_.clear();
    list_->clear();
    if (!doc_) {
        busy_ = false;
        status_->clear();
        updateButtons();
        return;
    }
    busy_ = true;
    status_->setText(tr("Looking for repeated sequences and noise…"));
    updateButtons();
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    cancel_ = cancel;
    auto* watcher = new QFutureWatcher<Found>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != generation_)
            return; // superseded
        busy_ = false;
        Found found = watcher->result();
        if (found.cancelled) {
            status_->setText(tr("Search cancelled: press Find to look again."));
            stopSimplify(QString());
            updateButtons();
            return;
        }
        if (!found.error.isEmpty()) {
            status_->setText(tr("No suggestions: %1").arg(found.error));
            stopSimplify(QString());
            updateButtons();
            return;
        }
        fitQuality_ = found.fitQuality;
        show(std::move(found.suggestions), found.states, found.transitions);
    });
    const bool quality = simplifySteps_ > 0;
    const TimeBase base = doc_->trace().header.timebase;
    watcher->setFuture(runInBackground([ses = doc_->sesPtr(), cancel, quality, base] {
        Found found;
        try {
            CancelScope scope(cancel.get());
            measureChain(*ses, found);
            found.suggestions = chitra::suggest(*ses);
            if (quality)
                found.fitQuality = fitQualityOf(*ses, base);
        } catch (const Cancelled&) {
            found.cancelled = true;
        } catch (const std::exception& e) {
            found.error = QString::fromStdString(e.what());
        }
        return found;
    }));
}

void SuggestionsPanel::show(std::vector<Suggestion> suggestions, std::size_t states, std::size_t transitions)
{
    suggestions_ = std::move(suggestions);
    states_ = states;
    transitions_ = transitions;
    const TimeBase base = doc_ ? doc_->trace().header.timebase : TimeBase::us;
    for (const Suggestion& s : suggestions_) {
        auto* item = new QTreeWidgetItem(list_);
        item->setText(0, QString::number(s.score, 'f', 3));
        item->setText(1, describeStep(s.step, base) + QStringLiteral("\n") + effect(s));
        const QString tip = item->text(1) + QStringLiteral("\n") + QString::fromStdString(s.reason);
        item->setToolTip(0, tip);
        item->setToolTip(1, tip);
        item->setTextAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    }
    if (!suggestions_.empty())
        list_->setCurrentItem(list_->topLevelItem(0));
    if (simplifySteps_ >= 0) {
        continueSimplify();
    } else {
        status_->setText(suggestions_.empty()
                             ? tr("Nothing to suggest: no repeated sequence or natural break in this view.")
                             : tr("%n suggestion(s) for a chain of %1 states and %2 transitions.", "",
                                  static_cast<int>(suggestions_.size()))
                                   .arg(states_)
                                   .arg(transitions_));
    }
    updateButtons();
    emit suggestionsReady();
}

void SuggestionsPanel::applySuggestion(int index)
{
    if (!doc_ || index < 0 || index >= static_cast<int>(suggestions_.size()))
        return;
    // A copy: a view that replays at once brings a new list before pushStep returns.
    const Step step = suggestions_[static_cast<std::size_t>(index)].step;
    if (auto refused = doc_->pushStep(step)) {
        emit message(tr("The step was refused: %1").arg(*refused));
        stopSimplify(QString());
    }
}

void SuggestionsPanel::previewSuggestion(int index)
{
    if (!doc_ || index < 0 || index >= static_cast<int>(suggestions_.size()))
        return;
    const auto* aggregate = std::get_if<step::Aggregate>(&suggestions_[static_cast<std::size_t>(index)].step);
    if (!aggregate)
        return;
    if (doc_->addPattern(aggregate->pattern) >= 0)
        emit message(tr("The pattern's matches are brushed; the Patterns panel lists it."));
}

int SuggestionsPanel::highlightPeriod(double frequency, bool eventDomain)
{
    if (!(frequency > 0.0) || suggestions_.empty())
        return -1;
    const double period = 1.0 / frequency;
    int best = -1;
    for (std::size_t i = 0; i < suggestions_.size(); ++i) {
        const Suggestion& s = suggestions_[i];
        if (s.kind != SuggestionKind::aggregate)
            continue;
        const double repeat = eventDomain ? s.period_elements : s.period_time;
        const bool matches =
            std::abs(repeat - period) <= 0.1 * period ||
            (eventDomain && s.spectral_period && std::abs(*s.spectral_period - period) <= 0.1 * period);
        if (matches && (best < 0 || s.score > suggestions_[static_cast<std::size_t>(best)].score))
            best = static_cast<int>(i);
    }
    const QString periodText =
        eventDomain ? tr("%1 events").arg(period, 0, 'g', 4) : tr("%1 time units").arg(period, 0, 'g', 4);
    if (best < 0) {
        emit message(tr("No suggested sequence repeats every %1").arg(periodText));
        return -1;
    }
    list_->setCurrentItem(list_->topLevelItem(best));
    previewSuggestion(best);
    emit message(tr("The peak's period, %1, is that of the suggestion: %2")
                     .arg(periodText, list_->topLevelItem(best)->text(1).section(QLatin1Char('\n'), 0, 0)));
    return best;
}

void SuggestionsPanel::simplify()
{
    if (!doc_ || busy_)
        return;
    simplifySteps_ = 0;
    fitQuality_.clear();
    startStates_ = states_;
    startTransitions_ = transitions_;
    continueSimplify();
}

void SuggestionsPanel::continueSimplify()
{
    QString size = tr("%1 states and %2 transitions → %3 states and %4 transitions")
                       .arg(startStates_)
                       .arg(startTransitions_)
                       .arg(states_)
                       .arg(transitions_);
    if (!fitQuality_.isEmpty())
        size += tr(", and %1").arg(fitQuality_);
    // The best-ranked step that shrinks the chain: the top one may add a composite and
    // leave its parts where noise breaks its matches, which a filter further down removes.
    const auto next = std::find_if(suggestions_.begin(), suggestions_.end(), shrinksTheChain);
    if (next == suggestions_.end()) {
        stopSimplify(
            tr("Simplified in %n step(s): %1; no suggestion shrinks the chain further.", "", simplifySteps_).arg(size));
        return;
    }
    if (simplifySteps_ >= kMaxSimplifySteps) {
        stopSimplify(tr("Stopped after %n step(s): %1.", "", simplifySteps_).arg(size));
        return;
    }
    ++simplifySteps_;
    status_->setText(tr("Simplifying, step %1: %2…").arg(simplifySteps_).arg(size));
    applySuggestion(static_cast<int>(next - suggestions_.begin())); // the new sequence brings the next list
}

void SuggestionsPanel::stopSimplify(const QString& why)
{
    if (simplifySteps_ < 0)
        return;
    const int steps = simplifySteps_;
    simplifySteps_ = -1;
    if (!why.isEmpty())
        status_->setText(why);
    emit simplifyFinished(steps);
}

void SuggestionsPanel::cancel()
{
    if (busy_ && cancel_)
        cancel_->store(true); // the worker stops at its next check and says so
}

void SuggestionsPanel::updateButtons()
{
    progress_->setVisible(busy_);
    cancelButton_->setVisible(busy_);
    find_->setVisible(!busy_);
    find_->setEnabled(doc_ != nullptr);
    const int index = currentIndex();
    const bool chosen = doc_ && !busy_ && index >= 0 && index < static_cast<int>(suggestions_.size());
    apply_->setEnabled(chosen && simplifySteps_ < 0);
    preview_->setEnabled(chosen && suggestions_[static_cast<std::size_t>(index)].kind == SuggestionKind::aggregate);
    simplify_->setEnabled(doc_ && !busy_ && !suggestions_.empty() && simplifySteps_ < 0);
}

} // namespace chitra::app
