#include "workbench/status_readouts.hpp"

#include "jobs/background_job.hpp"

#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>
#include <QToolButton>

namespace chitra::app {

StatusReadouts::StatusReadouts(QStatusBar* bar, BackgroundJobs* jobs, QObject* parent) : QObject(parent), jobs_(jobs)
{
    hover_ = new QLabel(bar);
    viewLabel_ = new QLabel(bar);
    progress_ = new QProgressBar(bar);
    progress_->setRange(0, 0);
    progress_->setMaximumWidth(120);
    progress_->hide();
    cancel_ = new QToolButton(bar);
    cancel_->setText(tr("Cancel"));
    cancel_->setObjectName("cancelJobs");
    cancel_->hide();
    jobLabel_ = new QLabel(bar);
    jobLabel_->hide();
    bar->addWidget(hover_, 1);
    bar->addPermanentWidget(jobLabel_);
    bar->addPermanentWidget(progress_);
    bar->addPermanentWidget(cancel_);
    bar->addPermanentWidget(viewLabel_);

    connect(jobs_, &BackgroundJobs::changed, this, &StatusReadouts::showJobs);
    connect(cancel_, &QToolButton::clicked, jobs_, &BackgroundJobs::cancelAll);
}

QString StatusReadouts::hoverText() const { return hover_->text(); }

void StatusReadouts::setHoverText(const QString& text) { hover_->setText(text); }

void StatusReadouts::setViewName(const QString& name) { viewLabel_->setText(name); }

void StatusReadouts::showJobs()
{
    const bool busy = jobs_->busy();
    progress_->setVisible(busy);
    cancel_->setVisible(busy);
    jobLabel_->setVisible(busy);
    jobLabel_->setText(jobs_->text());
    progress_->setRange(0, jobs_->total()); // 0..0: busy without a known end
    progress_->setValue(jobs_->done());
}

} // namespace chitra::app
