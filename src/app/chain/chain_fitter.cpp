#include "chain/chain_fitter.hpp"

#include "jobs/worker_pool.hpp"
#include "chitra/chain/chain.hpp"
#include "document/view_document.hpp"
#include "jobs/background_job.hpp"
#include "chain/model_window.hpp"
#include "chain/view_fit.hpp"
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
    const ViewFit what = viewFit(*view);
    auto ses = what.ses;
    auto colours = view->colours();
    auto show = [this, ses, colours, title = what.title, pooling = what.pooling](SemiMarkovModel model) {
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
    if (!what.pools() && static_cast<double>(ses->size()) < ViewDocument::asyncThreshold()) {
        try {
            show(what.fit());
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
    jobs_->start(&generation_,
                 what.pools() ? tr("Fitting %1 lanes pooled…").arg(what.pooled.size()) : tr("Fitting the chain…"),
                 [this, cancel] {
                     cancel->store(true);
                     ++generation_;
                     jobs_->finish(&generation_);
                 });
    QPointer<ChainFitter> self(this);
    auto progress = [self, generation](std::size_t done, std::size_t total) {
        QMetaObject::invokeMethod(self.data(), [self, generation, done, total] {
            if (self && generation == self->generation_)
                self->jobs_->progress(&self->generation_, static_cast<int>(done), static_cast<int>(total));
        });
    };
    watcher->setFuture(runInBackground([what, cancel, progress] {
        Fit fit;
        try {
            fit.model = std::make_shared<SemiMarkovModel>(what.fit(cancel.get(), progress));
        } catch (const Cancelled&) {
        } catch (const std::exception& e) {
            fit.error = QString::fromStdString(e.what());
        }
        return fit;
    }));
}

} // namespace chitra::app
