#include "chain/chain_fitter.hpp"

#include "jobs/worker_pool.hpp"
#include "chitra/chain/chain.hpp"
#include "document/view_document.hpp"
#include "jobs/background_job.hpp"
#include "chain/model_window.hpp"
#include "workbench/error_reporter.hpp"

#include <QFutureWatcher>

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
    const QString title = tr("Model of %1").arg(view->name());
    auto show = [this, ses, colours, title](SemiMarkovModel model) {
        auto* window = new ModelWindow(std::move(model), ses, window_, colours);
        window->setWindowFlag(Qt::Window);
        window->setAttribute(Qt::WA_DeleteOnClose);
        window->setWindowTitle(title);
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
    if (static_cast<double>(ses->size()) < ViewDocument::asyncThreshold()) {
        try {
            show(fit_chain(*ses, timebase));
        } catch (const std::exception& e) {
            reportError(window_, tr("Cannot fit the chain"), QString::fromStdString(e.what()));
        }
        return;
    }
    // A large SES is fitted on a worker; the fit cannot be interrupted, so Cancel (or
    // a newer fit) abandons its result.
    struct Fit {
        std::shared_ptr<SemiMarkovModel> model;
        QString error;
    };
    auto* watcher = new QFutureWatcher<Fit>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, show] {
        watcher->deleteLater();
        if (generation != generation_)
            return;
        jobs_->finish(&generation_);
        const Fit fit = watcher->result();
        if (fit.model)
            show(std::move(*fit.model));
        else
            reportError(window_, tr("Cannot fit the chain"), fit.error);
    });
    jobs_->start(&generation_, tr("Fitting the chain…"), [this] {
        ++generation_;
        jobs_->finish(&generation_);
    });
    watcher->setFuture(runInBackground([ses, timebase] {
        Fit fit;
        try {
            fit.model = std::make_shared<SemiMarkovModel>(fit_chain(*ses, timebase));
        } catch (const std::exception& e) {
            fit.error = QString::fromStdString(e.what());
        }
        return fit;
    }));
}

} // namespace chitra::app
