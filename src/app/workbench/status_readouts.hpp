// The main window's status bar read-outs: what the pointer is over in the trace view,
// the current view's name, and the running background jobs (the newest job's text and
// progress, one Cancel for all of them; ui.md "Long work").
#pragma once

#include <QObject>
#include <QString>

class QLabel;
class QProgressBar;
class QStatusBar;
class QToolButton;

namespace chitra::app {

class BackgroundJobs;

class StatusReadouts : public QObject {
    Q_OBJECT
public:
    // Adds its widgets to `bar` and follows `jobs`.
    StatusReadouts(QStatusBar* bar, BackgroundJobs* jobs, QObject* parent);

    QString hoverText() const;
    QToolButton* cancelButton() const { return cancel_; }

public slots:
    void setHoverText(const QString& text);
    void setViewName(const QString& name);

private:
    void showJobs();

    BackgroundJobs* jobs_;
    QLabel* hover_;
    QLabel* viewLabel_;
    QProgressBar* progress_;
    QToolButton* cancel_;
    QLabel* jobLabel_;
};

} // namespace chitra::app
