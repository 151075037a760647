#include "document/view_document.hpp"
#include "document/lane_pool.hpp"

#include "plotting/palette.hpp"

#include "displays/display_registry.hpp"
#include "jobs/worker_pool.hpp"
#include "text/number_format.hpp"
#include "chitra/transforms/pattern.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"
#include "document/step_command.hpp"
#include "document/summary_cache.hpp"
#include "text/step_text.hpp"

#include <QEventLoop>
#include <QFutureWatcher>
#include <QPromise>
#include <QStringList>
#include <QTimer>
#include <QUndoStack>

#include <algorithm>
#include <numeric>
#include <unordered_map>

namespace chitra::app {

TraceBase makeTraceBase(const Trace& trace, const std::string& file, std::size_t cacheFrom,
                        std::shared_ptr<const LaneTracks> tracks)
{
    TraceBase base;
    base.ses = std::make_shared<const Ses>(base_ses(trace));
    // A trace read in place from its file: its lanes' passes would read it from disk again
    // when it is larger than memory, so they are kept between runs.
    const bool cached = !file.empty() && base.ses->symbol.is_view() && base.ses->size() >= cacheFrom;
    if (auto lanes = cached ? loadCachedLanes(file, base.ses) : std::nullopt) {
        base.lanes = std::make_shared<const LaneLayout>(std::move(*lanes));
    } else {
        base.lanes = std::make_shared<const LaneLayout>(computeLanes(base.ses, YOrder::FirstAppearance, {}, true));
        if (cached)
            storeCachedLanesInBackground(file, base.lanes);
    }
    if (tracks)
        base.laneTracks = std::move(tracks);
    else if (laneCountOf(trace) > 1) // the lanes view opens for such a trace: build its tracks here
        base.laneTracks = makeLaneTracks(trace);
    return base;
}

ViewDocument::ViewDocument(std::shared_ptr<const Trace> trace, QString name, QObject* parent, TraceBase base)
    : QObject(parent), trace_(trace), lanesTrace_(std::move(trace)), name_(std::move(name)), presentation_(nullptr),
      undo_(new QUndoStack(this))
{
    if (!base.ses || !base.lanes)
        base = makeTraceBase(*trace_);
    if (base.pool)
        trace_ = base.pool->first;
    pool_ = base.pool;
    grouping_ = base.grouping;
    laneTracks_ = base.laneTracks;
    // The displays and background jobs share the runner's immutable result.
    runner_ = std::make_unique<PipelineRunner>(base.ses);
    ses_ = runner_->result_ptr(runner_->size());
    adoptLanes(*base.lanes); // the default order, YOrder::FirstAppearance
    if (lanesTrace_->lanes)
        fixedColours_ = lanesTrace_->lanes->state_colours;
    recolour();
    std::vector<QString> listed;
    for (const DisplayType* type : DisplayRegistry::all())
        if (type->listedFromStart())
            listed.push_back(type->name());
    presentation_ = new ViewPresentation(std::move(listed), this);
    connect(presentation_, &ViewPresentation::yOrderChanged, this, [this] {
        rebuildLanes();
        emit lanesChanged();
    });
}

std::shared_ptr<const LaneTracks> ViewDocument::laneTracks() const
{
    if (!laneTracks_)
        laneTracks_ = makeLaneTracks(*lanesTrace_);
    return laneTracks_;
}

void ViewDocument::recolour()
{
    const SymbolTable& symbols = *ses_->symbols;
    std::vector<StateColours::State> states(symbols.size());
    for (SymbolId s = 0; s < symbols.size(); ++s)
        states[s] = {symbols[s].name, totals_ && s < totals_->time.size() ? totals_->time[s] : 0.0};
    auto lookup = [table = ses_->symbols](std::string_view name) -> std::size_t {
        const SymbolId s = table->find(name);
        return s == kNoSymbol ? std::string_view::npos : s;
    };
    colours_ = std::make_shared<const StateColours>(states, fixedColours_, ColourBook::shared(), nullptr, lookup);
    laneColours_.reset();
}

std::shared_ptr<const StateColours> ViewDocument::laneColours() const
{
    if (!laneColours_) {
        const std::shared_ptr<const LaneTracks> tracks = laneTracks();
        const std::vector<std::string>& names = tracks->trace().state_names;
        std::vector<StateColours::State> states(names.size());
        for (std::size_t s = 0; s < names.size(); ++s)
            states[s].name = names[s];
        for (std::size_t lane = 0; lane < tracks->laneCount(); ++lane)
            for (const auto& [s, time] : tracks->stateTimes(lane, 0))
                states[s].time += time;
        laneColours_ =
            std::make_shared<const StateColours>(states, fixedColours_, ColourBook::shared(), colours_.get());
    }
    return laneColours_;
}

void ViewDocument::pinColours(const std::map<std::string, std::uint32_t>& colours)
{
    const std::shared_ptr<const StateColours> before = colours_;
    for (const auto& [name, rgb] : colours) {
        // A palette colour is remembered as the name's palette slot (it follows a change
        // of palette); any other is kept as it is.
        int slot = -1;
        for (int k = 0; k < kPrimaryColours && slot < 0; ++k)
            if ((primaryColour(k).rgb() & 0xFFFFFFu) == (rgb & 0xFFFFFFu))
                slot = k;
        if (slot >= 0 && !fixedColours_.count(name))
            ColourBook::shared().remember(name, slot);
        else if (slot < 0)
            fixedColours_[name] = rgb & 0xFFFFFFu;
    }
    recolour();
    for (SymbolId s = 0; s < ses_->symbols->size(); ++s)
        if (before->colour(s) != colours_->colour(s)) {
            emit sesChanged(); // the displays draw the restored colours
            return;
        }
}

ViewDocument::~ViewDocument()
{
    if (cancel_)
        *cancel_ = true; // the worker holds only shared data; let it stop early
}

void ViewDocument::setName(const QString& name)
{
    if (name == name_)
        return;
    name_ = name;
    emit nameChanged();
}

int ViewDocument::laneOf(SymbolId s) const { return s < laneOf_.size() ? laneOf_[s] : -1; }

std::vector<std::string> ViewDocument::laneNames() const
{
    std::vector<std::string> names;
    names.reserve(laneSymbols_.size());
    for (SymbolId s : laneSymbols_)
        names.push_back((*ses_->symbols)[s].name);
    return names;
}

SymbolId ViewDocument::pickedState() const
{
    const std::string& name = presentation_->pickedState();
    if (name.empty())
        return kNoSymbol;
    const SymbolId s = ses_->symbols->find(name);
    return s != kNoSymbol && laneOf(s) >= 0 ? s : kNoSymbol;
}

void ViewDocument::setPickedState(SymbolId symbol)
{
    presentation_->setPickedState(symbol < ses_->symbols->size() ? (*ses_->symbols)[symbol].name : std::string());
}

LaneLayout computeLanes(std::shared_ptr<const Ses> sesPtr, YOrder order, const std::vector<std::string>& customOrder,
                        bool bothCores)
{
    const Ses& ses = *sesPtr;
    LaneLayout layout;
    auto& laneSymbols = layout.symbols;
    const std::size_t nsym = ses.symbols->size();
    std::vector<Time> boundSample;
    auto totals = std::make_shared<SymbolTotals>(symbolTotals(ses, bothCores, &boundSample));
    const auto& firstSeen = totals->firstSeen;
    const auto& total = totals->time;
    for (SymbolId s = 0; s < nsym; ++s)
        if (firstSeen[s] != SymbolTotals::kNever)
            laneSymbols.push_back(s);
    switch (order) {
    case YOrder::FirstAppearance:
        std::sort(laneSymbols.begin(), laneSymbols.end(),
                  [&](SymbolId a, SymbolId b) { return firstSeen[a] < firstSeen[b]; });
        break;
    case YOrder::Name:
        std::sort(laneSymbols.begin(), laneSymbols.end(),
                  [&](SymbolId a, SymbolId b) { return (*ses.symbols)[a].name < (*ses.symbols)[b].name; });
        break;
    case YOrder::TimeShare: // largest share at the top, i.e. on the highest lane
        std::stable_sort(laneSymbols.begin(), laneSymbols.end(),
                         [&](SymbolId a, SymbolId b) { return total[a] < total[b]; });
        break;
    case YOrder::Custom: { // named states in the given order, then the rest as they appeared
        std::unordered_map<std::string, std::size_t> rank;
        for (std::size_t i = 0; i < customOrder.size(); ++i)
            rank.emplace(customOrder[i], i);
        auto key = [&](SymbolId s) {
            const auto it = rank.find((*ses.symbols)[s].name);
            return it != rank.end() ? std::make_pair(0, static_cast<std::uint64_t>(it->second))
                                    : std::make_pair(1, static_cast<std::uint64_t>(firstSeen[s]));
        };
        std::sort(laneSymbols.begin(), laneSymbols.end(), [&](SymbolId a, SymbolId b) { return key(a) < key(b); });
        break;
    }
    }
    layout.laneOf.assign(nsym, -1);
    for (std::size_t l = 0; l < laneSymbols.size(); ++l)
        layout.laneOf[laneSymbols[l]] = static_cast<int>(l);
    auto summary = std::make_shared<StateSummary>();
    summary->build(std::move(sesPtr), layout.laneOf, bothCores, std::move(boundSample));
    layout.summary = std::move(summary);
    layout.totals = std::move(totals);
    return layout;
}

QString ViewDocument::describe(const Step& step) const { return describeStep(step, trace_->header.timebase); }

void ViewDocument::rebuildLanes()
{
    adoptLanes(computeLanes(ses_, presentation_->yOrder(), presentation_->customOrder()));
}

void ViewDocument::adoptLanes(const LaneLayout& layout)
{
    laneSymbols_ = layout.symbols;
    laneOf_ = layout.laneOf;
    summary_ = layout.summary;
    totals_ = layout.totals;
}

const std::vector<Step>& ViewDocument::steps() const { return runner_->pipeline().steps; }
Pipeline ViewDocument::pipeline() const { return runner_->pipeline(); }

QStringList ViewDocument::stepWarnings(std::size_t index) const
{
    QStringList l;
    if (index < runner_->size())
        for (const auto& w : runner_->step_warnings(index))
            l << QString::fromStdString(w);
    return l;
}

std::optional<QString> ViewDocument::pushStep(const Step& step)
{
    {
        PendingCommand c;
        c.before = currentTarget();
        c.after = c.before;
        c.after.steps.push_back(step);
        if (runsInBackground(c.after)) {
            c.index = c.after.steps.size() - 1;
            c.text = describe(step);
            const Pipeline target = c.after;
            pendingCommands_.push_back(std::move(c));
            launchReplay(target, tr("Applying %1").arg(describe(step)));
            return std::nullopt;
        }
    }
    const Pipeline before = runner_->pipeline();
    try {
        runner_->push_step(step);
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    resultChanged();
    undo_->push(new StepCommand(this, before, runner_->pipeline(), describe(step)));
    QStringList warnings;
    const std::size_t i = runner_->size() - 1;
    for (const QString& w : stepWarnings(i))
        warnings << QString::fromStdString(step_label(i, step)) + ": " + w;
    if (!warnings.isEmpty())
        emit warningsRaised(warnings);
    return std::nullopt;
}

std::optional<QString> ViewDocument::removeStep(std::size_t index)
{
    if (index >= runner_->size())
        return QString("there is no step %1").arg(index + 1);
    if (replaying())
        return tr("a replay is running: wait for it or cancel it first");
    const Pipeline before = runner_->pipeline();
    const QString text = QString("remove %1").arg(describe(before.steps[index]));
    Pipeline after = before;
    after.steps.erase(after.steps.begin() + static_cast<std::ptrdiff_t>(index));
    if (runsInBackground(after)) {
        PendingCommand c{PendingCommand::Remove, before, after, text, index, {}};
        for (std::size_t j = 0; j < runner_->size(); ++j)
            c.oldWarnings.push_back(runner_->step_warnings(j));
        pendingCommands_.push_back(std::move(c));
        launchReplay(after, tr("Replaying after %1").arg(text));
        return std::nullopt;
    }
    try {
        runner_->remove_step(index);
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    resultChanged();
    undo_->push(new StepCommand(this, before, runner_->pipeline(), text));
    return std::nullopt;
}

std::optional<QString> ViewDocument::replaceStep(std::size_t index, const Step& step)
{
    if (index >= runner_->size())
        return QString("there is no step %1").arg(index + 1);
    if (replaying())
        return tr("a replay is running: wait for it or cancel it first");
    const Pipeline before = runner_->pipeline();
    if (before.steps[index] == step)
        return std::nullopt;
    Pipeline after = before;
    after.steps[index] = step;
    std::vector<std::vector<std::string>> old;
    for (std::size_t j = 0; j < runner_->size(); ++j)
        old.push_back(runner_->step_warnings(j));
    if (runsInBackground(after)) {
        const QString text = QString("edit %1").arg(describe(step));
        pendingCommands_.push_back(PendingCommand{PendingCommand::Replace, before, after, text, index, std::move(old)});
        launchReplay(after, tr("Replaying after %1").arg(text));
        return std::nullopt;
    }
    try {
        runner_->set_pipeline(after);
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    // Like a removal: a later step that now names a vanished symbol refuses the edit.
    for (std::size_t j = index + 1; j < runner_->size(); ++j)
        for (const auto& w : runner_->step_warnings(j))
            if (std::find(old[j].begin(), old[j].end(), w) == old[j].end()) {
                runner_->set_pipeline(before); // the cached prefix makes this cheap
                return QString("cannot change %1: %2 depends on it: %3")
                    .arg(QString::fromStdString(step_label(index, before.steps[index])),
                         QString::fromStdString(step_label(j, after.steps[j])), QString::fromStdString(w));
            }
    resultChanged();
    undo_->push(new StepCommand(this, before, after, QString("edit %1").arg(describe(step))));
    QStringList warnings;
    for (const QString& w : stepWarnings(index))
        warnings << QString::fromStdString(step_label(index, step)) + ": " + w;
    if (!warnings.isEmpty())
        emit warningsRaised(warnings);
    return std::nullopt;
}

void ViewDocument::applyPipeline(const Pipeline& pipeline)
{
    if (reverting_)
        return; // a cancelled background undo/redo moves the stack back: nothing to apply
    if (!pendingCommands_.empty()) {
        // Undo/redo wins over pushes still being computed: they are dropped.
        pendingCommands_.clear();
        if (!restoreIndex_) {
            if (cancel_)
                *cancel_ = true;
            ++generation_;
            pendingTarget_.reset();
            cancel_.reset();
            emit replayFinished();
        }
    }
    if (runsInBackground(pipeline)) {
        if (!restoreIndex_)
            restoreIndex_ = undo_->index(); // QUndoStack changes its index after undo()/redo()
        launchReplay(pipeline, tr("Replaying the pipeline"));
        return;
    }
    try {
        runner_->set_pipeline(pipeline);
    } catch (const std::exception&) {
        return; // replay is deterministic: a pipeline that applied once applies again
    }
    resultChanged();
}

// --- Background replay -------------------------------------------------------------

namespace {
double initialThreshold()
{
    bool ok = false;
    const double env = qEnvironmentVariable("CHITRA_ASYNC_THRESHOLD").toDouble(&ok);
    // ~1M element-steps: about one frame of a linear step (docs/performance.md,
    // "Transforms").
    return ok && env >= 0 ? env : 1e6;
}
double& thresholdValue()
{
    static double value = initialThreshold();
    return value;
}
} // namespace

double ViewDocument::asyncThreshold() { return thresholdValue(); }
void ViewDocument::setAsyncThreshold(double units) { thresholdValue() = units; }

bool ViewDocument::runsInBackground(const Pipeline& after) const
{
    if (replaying())
        return true; // chained onto the running replay
    const double cost = runner_->replay_cost(after);
    return cost > 0 && cost >= asyncThreshold();
}

Pipeline ViewDocument::currentTarget() const { return pendingTarget_ ? *pendingTarget_ : runner_->pipeline(); }

void ViewDocument::launchReplay(const Pipeline& target, const QString& text)
{
    if (cancel_)
        *cancel_ = true; // superseded: the new worker recomputes from the cached prefix
    const int generation = ++generation_;
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    pendingTarget_ = target;
    const std::size_t common = runner_->common_prefix(target);
    auto start = runner_->result_ptr(common);
    const bool strict = runner_->strict();
    auto cancel = cancel_;
    const YOrder order = presentation_->yOrder();
    const std::vector<std::string> custom = presentation_->customOrder();

    struct Outcome {
        std::shared_ptr<Replay> replay;
        std::shared_ptr<LaneLayout> lanes; // of the result, in the y order at launch
        QString error;
        bool cancelled = false;
    };
    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcherBase::progressValueChanged, this, [this, watcher, generation](int value) {
        if (generation == generation_)
            emit replayProgress(value, watcher->progressMaximum());
    });
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, order, custom] {
        watcher->deleteLater();
        if (watcher->future().resultCount() == 0)
            return;
        Outcome o = watcher->result();
        if (order != presentation_->yOrder() || custom != presentation_->customOrder())
            o.lanes.reset(); // the y order changed meanwhile: lay the lanes out again
        finishReplay(generation, std::move(o.replay), std::move(o.lanes), o.error, o.cancelled);
    });
    watcher->setFuture(
        runInBackground([start, target, common, strict, cancel, order, custom](QPromise<Outcome>& promise) {
            Outcome o;
            promise.setProgressRange(0, static_cast<int>(target.steps.size() - common));
            try {
                o.replay = std::make_shared<Replay>(replay_pipeline(
                    start, target, common, strict, cancel.get(),
                    [&promise](std::size_t done, std::size_t) { promise.setProgressValue(static_cast<int>(done)); }));
                // The lanes too, so that committing on the GUI thread is cheap.
                std::shared_ptr<const Ses> result = o.replay->results.empty() ? start : o.replay->results.back();
                if (!cancel->load())
                    o.lanes = std::make_shared<LaneLayout>(computeLanes(std::move(result), order, custom));
            } catch (const Cancelled&) {
                o.cancelled = true;
            } catch (const std::exception& e) {
                o.error = QString::fromStdString(e.what());
            }
            promise.addResult(std::move(o));
        }));
    emit replayStarted(text);
}

void ViewDocument::rollBackStack(std::optional<int> index)
{
    if (!index || *index == undo_->index())
        return;
    reverting_ = true;
    undo_->setIndex(*index);
    reverting_ = false;
}

void ViewDocument::cancelReplay()
{
    if (!replaying())
        return;
    *cancel_ = true; // the worker stops at its next check; its result is dropped anyway
    ++generation_;
    cancel_.reset();
    pendingTarget_.reset();
    pendingCommands_.clear();
    rollBackStack(std::exchange(restoreIndex_, std::nullopt));
    emit replayFinished();
}

bool ViewDocument::waitForReplay(int timeoutMs)
{
    if (!replaying())
        return true;
    QEventLoop loop;
    connect(this, &ViewDocument::replayFinished, &loop, &QEventLoop::quit);
    if (timeoutMs >= 0)
        QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    while (replaying()) {
        loop.exec();
        if (timeoutMs >= 0)
            break;
    }
    return !replaying();
}

std::optional<QString> ViewDocument::checkDependents(const PendingCommand& c, const Replay& replay) const
{
    if (c.kind == PendingCommand::Push)
        return std::nullopt;
    // A warning a later step did not have before means it names a symbol the removed
    // or edited step made (same rule as PipelineRunner::remove_step).
    const std::size_t first = c.kind == PendingCommand::Remove ? c.index : c.index + 1;
    for (std::size_t j = first; j < c.after.steps.size(); ++j) {
        const std::size_t oldIndex = c.kind == PendingCommand::Remove ? j + 1 : j;
        const auto& now = j < replay.common ? runner_->step_warnings(j) : replay.warnings[j - replay.common];
        const auto& old = c.oldWarnings.at(oldIndex);
        for (const auto& w : now)
            if (std::find(old.begin(), old.end(), w) == old.end()) {
                const QString changed = QString::fromStdString(step_label(c.index, c.before.steps[c.index]));
                // Numbered as in the pipeline the user sees (before the change).
                const QString later = QString::fromStdString(step_label(oldIndex, c.after.steps[j]));
                return QString("cannot %1 %2: %3 depends on it: %4")
                    .arg(c.kind == PendingCommand::Remove ? "remove" : "change", changed, later,
                         QString::fromStdString(w));
            }
    }
    return std::nullopt;
}

void ViewDocument::finishReplay(int generation, std::shared_ptr<Replay> replay, std::shared_ptr<LaneLayout> lanes,
                                QString error, bool cancelled)
{
    if (generation != generation_)
        return; // superseded or cancelled meanwhile
    pendingTarget_.reset();
    cancel_.reset();
    std::vector<PendingCommand> commands = std::move(pendingCommands_);
    pendingCommands_.clear();
    const std::optional<int> restore = std::exchange(restoreIndex_, std::nullopt);
    if (!cancelled && error.isEmpty() && replay)
        for (const auto& c : commands)
            if (auto refused = checkDependents(c, *replay)) {
                error = *refused;
                break;
            }
    if (!cancelled && !error.isEmpty() && commands.size() == 1 && commands.front().kind == PendingCommand::Remove) {
        const auto& c = commands.front();
        if (!error.startsWith("cannot remove"))
            error = QString("cannot remove %1: %2")
                        .arg(QString::fromStdString(step_label(c.index, c.before.steps[c.index])), error);
    }
    if (cancelled || !error.isEmpty() || !replay) {
        rollBackStack(restore);
        emit replayFinished();
        if (!cancelled && !error.isEmpty())
            emit replayRefused(error);
        return;
    }
    try {
        runner_->commit(std::move(*replay));
    } catch (const std::exception& e) {
        rollBackStack(restore);
        emit replayFinished();
        emit replayRefused(QString::fromStdString(e.what()));
        return;
    }
    resultChanged(std::move(lanes));
    QStringList warnings;
    for (auto& c : commands) {
        undo_->push(new StepCommand(this, c.before, c.after, c.text)); // first redo: a no-op
        if (c.kind != PendingCommand::Remove)
            for (const QString& w : stepWarnings(c.index))
                warnings << QString::fromStdString(step_label(c.index, c.after.steps[c.index])) + ": " + w;
    }
    emit replayFinished();
    if (!warnings.isEmpty())
        emit warningsRaised(warnings);
}

void ViewDocument::resultChanged(std::shared_ptr<LaneLayout> lanes)
{
    ses_ = runner_->result_ptr(runner_->size());
    if (lanes && lanes->summary && lanes->summary->size() == ses_->size())
        adoptLanes(*lanes);
    else
        rebuildLanes();
    recolour();
    rematchPatterns(); // before sesChanged: the displays redraw with this SES's matches
    emit sesChanged();
    emit presentation_->patternsChanged(); // for what lists the patterns' shares
}

int ViewDocument::addPattern(std::vector<std::string> names, const QColor& colour)
{
    if (names.empty())
        return -1;
    BrushedPattern p;
    p.names = std::move(names);
    p.colour = colour;
    matchPattern(p);
    return presentation_->addPattern(std::move(p));
}

void ViewDocument::matchPattern(BrushedPattern& p) const
{
    const Ses& ses = *ses_;
    p.starts.clear();
    p.elementShare = p.timeShare = 0;
    std::vector<SymbolId> ids;
    for (const auto& n : p.names) {
        const SymbolId id = ses.symbols->find(n);
        if (id == kNoSymbol)
            break;
        ids.push_back(id);
    }
    if (ids.size() != p.names.size())
        return; // a symbol of the pattern was replaced: nothing matches any more
    p.starts = find_pattern(ses, std::span<const SymbolId>(ids)).starts;
    const std::size_t k = ids.size();
    double time = 0;
    for (std::size_t s : p.starts)
        time += static_cast<double>(ses.bounds[s + k] - ses.bounds[s]);
    if (!ses.empty())
        p.elementShare = static_cast<double>(p.starts.size() * k) / static_cast<double>(ses.size());
    if (ses.total() > 0)
        p.timeShare = time / static_cast<double>(ses.total());
}

void ViewDocument::rematchPatterns()
{
    std::vector<BrushedPattern> matched = presentation_->patterns();
    for (BrushedPattern& p : matched)
        matchPattern(p);
    presentation_->setPatternMatches(std::move(matched));
}

QString ViewDocument::suggestName(int index) const
{
    const auto& p = presentation_->patterns().at(static_cast<std::size_t>(index));
    // Short names joined, as analysts write them (LOCK WORK UNLOCK -> LOCK_WORK_UNLOCK),
    // made unique with a number.
    QString base;
    for (const auto& n : p.names)
        base += (base.isEmpty() ? "" : "_") + QString::fromStdString(n);
    if (base.size() > 24)
        base = "P" + QString::number(index + 1);
    QString name = base;
    for (int k = 2; ses_->symbols->find(name.toStdString()) != kNoSymbol; ++k)
        name = base + QString::number(k);
    return name;
}

std::optional<QString> ViewDocument::aggregatePattern(int index, const QString& name)
{
    const auto& patterns = presentation_->patterns();
    if (index < 0 || index >= static_cast<int>(patterns.size()))
        return QString("no such pattern");
    if (name.trimmed().isEmpty())
        return QString("the composite needs a name");
    if (ses_->symbols->find(name.toStdString()) != kNoSymbol)
        return QString("the name %1 is already taken").arg(name);
    step::Aggregate a{patterns[static_cast<std::size_t>(index)].names, name.toStdString()};
    auto error = pushStep(a);
    if (!error)
        presentation_->removePattern(index);
    return error;
}

} // namespace chitra::app
