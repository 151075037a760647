// Transforms of the current view from dialogs and files: the time and event filters,
// projections, a rules file, the frequency band, the state order. Each accepted dialog
// pushes one undoable step; a step the core refuses is not pushed and its message is
// shown in the status bar and reported.
#pragma once

#include "chitra/pipeline/pipeline.hpp"

#include <QObject>
#include <QString>

namespace chitra::app {

class MainWindow;

class TransformDialogs : public QObject {
    Q_OBJECT
public:
    explicit TransformDialogs(MainWindow* window);

    void openFilterDialog(bool eventDomain);
    void openProjectionDialog(int mode); // ProjectionDialog::Mode as int
    void loadRulesDialog();
    void filterFrequencyBand();
    void editStateOrder();

    // A rules file as a step (its text read now); false with the message on refusal.
    bool applyRulesFile(const QString& path, QString* error);
    // Pushes a step on the current view; shows the core's refusal in a message box.
    bool applyStep(const Step& step, const QString& what);

private:
    MainWindow* w_;
};

} // namespace chitra::app
