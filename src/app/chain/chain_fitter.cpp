#include "chain/chain_fitter.hpp"

#include "jobs/worker_pool.hpp"
#include "chitra/chain/chain.hpp"
#include "chitra/lanecompare/pooled_lanes.hpp"
#include "document/lane_pool.hpp"
#include "document/view_document.hpp"
#include "jobs/background_job.hpp"
#include "chain/model_window.hpp"
#include "workbench/error_reporter.hpp"

#include <QFutureWatcher>
#include <QPointer>

#include <memory>

namespace chitra::app {

ChainFitter::ChainFitter(BackgroundJobs* jobs, QWidget* window, std::function<void(const QString&)> openTrace)
    : QObject(window), jobs_(jobs), window_(window), openTrace_(std::move(openTrace))
{
}

void ChainFitter::fit(ViewDocument* view)
{
    auto ses = view->sesPtr();
    auto colours = view->colours();
    const TimeBase timebase = view->trace().header.timebase;
    // A view of a group of lanes pooled fits every lane of the group through its pipeline.
    const LanePool* pool = view->lanePool() && view->lanePool()->lanes.size() > 1 ? view->lanePool() : nullptr;
    QString title = tr("Model of %1").arg(view->name());
    QString pooling;
    if (pool) {
        const LaneTrace& all = view->laneTracks()->trace();
        QStringList names;
        for (std::size_t lane : pool->lanes)
            names << QString::fromStdString(all.lanes.at(lane).name);
        title = tr("Pooled model of %1 of %2").arg(pool->describe(all), view->name());
        pooling = tr("<b>Pooled over %1 lanes</b> of group %2, each through the view's pipeline (%3 steps), with no "
                     "transition between lanes, as <tt>chitra-cli fit --pool-lanes</tt> fits them: %4")
                      .arg(pool->lanes.size())
                      .arg(pool->group)
                      .arg(view->steps().size())
                      .arg(names.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    auto show = [this, ses, colours, title, pooling](SemiMarkovModel model) {
        auto* window = new ModelWindow(std::move(model), ses, window_, colours);
        window->setWindowFlag(Qt::Window);
        window->setAttribute(Qt::WA_DeleteOnClose);
        window->setWindowTitle(title);
        window->setPooling(pooling);
        window->resize(1000, 700);
        connect(window, &ModelWindow::simulationWritten, this, [this](const QString& path) {
            if (openTrace_)
                openTrace_(path);
        });
        window->show();
        lastModel_ = window;
    };
    const int generation = ++generation_;
    lastModel_ = nullptr;
    if (!pool && static_cast<double>(ses->size()) < ViewDocument::asyncThreshold()) {
        try {
            show(fit_chain(*ses, timebase));
        } catch (const std::exception& e) {
            reportError(window_, tr("Cannot fit the chain"), QString::fromStdString(e.what()));
        }
        return;
    }
    // A large SES, or a pool of lanes, is fitted on a worker. Cancel stops it at the fit's
    // next pass (a pool's at its next lane too); a newer fit abandons its result.
    struct Fit {
        std::shared_ptr<SemiMarkovModel> model;
        QString error;
    };
    auto cancel = std::make_shared<CancelFlag>(false);
    auto* watcher = new QFutureWatcher<Fit>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, show] {
        watcher->deleteLater();
        if (generation != generation_)
            return;
        jobs_->finish(&generation_);
        const Fit fit = watcher->result();
        if (fit.model)
            show(std::move(*fit.model));
        else if (!fit.error.isEmpty())
            reportError(window_, tr("Cannot fit the chain"), fit.error);
    });
    jobs_->start(&generation_, pool ? tr("Fitting %1 lanes pooled…").arg(pool->lanes.size()) : tr("Fitting the chain…"),
                 [this, cancel] {
                     cancel->store(true);
                     ++generation_;
                     jobs_->finish(&generation_);
                 });
    std::shared_ptr<const Trace> trace = view->lanesTracePtr();
    std::shared_ptr<const LaneTrace> all = pool ? view->laneTracks()->tracePtr() : nullptr;
    std::vector<std::size_t> lanes = pool ? pool->lanes : std::vector<std::size_t>{};
    const Pipeline pipeline = view->pipeline();
    QPointer<ChainFitter> self(this);
    auto progress = [self, generation](std::size_t done, std::size_t total) {
        QMetaObject::invokeMethod(self.data(), [self, generation, done, total] {
            if (self && generation == self->generation_)
                self->jobs_->progress(&self->generation_, static_cast<int>(done), static_cast<int>(total));
        });
    };
    watcher->setFuture(runInBackground([ses, timebase, trace, all, lanes, pipeline, cancel, progress] {
        Fit fit;
        const CancelScope scope(cancel.get());
        try {
            fit.model = std::make_shared<SemiMarkovModel>(
                lanes.empty()
                    ? fit_chain(*ses, timebase)
                    : model_from_stats(pooled_lane_stats(*trace, lanes, pipeline, all, cancel.get(), progress)));
        } catch (const Cancelled&) {
        } catch (const std::exception& e) {
            fit.error = QString::fromStdString(e.what());
        }
        return fit;
    }));
}

} // namespace chitra::app
