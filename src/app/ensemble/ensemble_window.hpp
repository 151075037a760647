// The Ensemble window (Model ▸ Ensemble of open traces…): the open traces taken as the
// members of an ensemble of runs (docs/ensembles.md, "In the workbench"). The current
// view's pipeline is applied to every member and each is fitted in the background; the
// members table, the Spectra, Across parameters and Compare tabs show the results.
#pragma once

#include "chitra/pipeline/pipeline.hpp"
#include "ensemble/ensemble_run.hpp"
#include "ensemble/spectra_summary.hpp"

#include <QWidget>

#include <memory>

class QLabel;
class QLineEdit;
class QProgressBar;
class QTabWidget;

namespace chitra::app {

class EnsembleMeasurer;
class MembersTable;
class ParameterPlot;
class RunComparisonView;
class SpectraPlot;

class EnsembleWindow : public QWidget {
    Q_OBJECT
public:
    // Parameters come from each trace's `# param:` lines; fitting starts at once.
    EnsembleWindow(std::vector<MemberInput> members, Pipeline pipeline, QWidget* parent = nullptr);
    ~EnsembleWindow() override;

    const std::vector<EnsembleRun>& runs() const { return runs_; }
    // True once every member is fitted.
    bool measured() const;

    // What a session keeps of it (chitra::EnsembleState, with the members' files).
    const Pipeline& pipeline() const { return pipeline_; }
    QString fileNamePatterns() const;
    const std::vector<RunParams>& typedParameters() const { return typed_; } // per member
    // Restores those: the file-name patterns and the values typed for each member
    // (an empty value removes a parameter), as if typed again.
    void restoreParameters(const QString& patterns, std::vector<RunParams> typed);

    MembersTable* membersTable() const { return table_; }
    QLineEdit* fileNamePatternEdit() const { return patterns_; }
    QLabel* patternMessage() const { return patternMessage_; }
    QProgressBar* progressBar() const { return progress_; }
    QTabWidget* tabs() const { return tabs_; }
    SpectraPlot* spectraPlot() const { return spectra_; }
    ParameterPlot* parameterPlot() const { return parameters_; }
    RunComparisonView* runComparison() const { return compare_; }

signals:
    void measurementFinished();
    // A state row of the Compare tab was double-clicked: that member's state, to be
    // picked in the member's view by whoever can reach it.
    void stateChosen(int member, const QString& state);

private:
    void applyFileNamePatterns();
    void onMeasured(std::vector<MemberMeasurement> measured);
    void showAll();

    std::vector<EnsembleRun> runs_;
    Pipeline pipeline_;
    std::vector<RunParams> headerParams_; // each member's `# param:` values
    std::vector<RunParams> typed_;        // values typed into the table (empty: removed); they win
    SpectraSummary summary_;
    EnsembleMeasurer* measurer_;
    QLineEdit* patterns_;
    QLabel* patternMessage_;
    QProgressBar* progress_;
    QLabel* status_;
    MembersTable* table_;
    QTabWidget* tabs_;
    SpectraPlot* spectra_;
    ParameterPlot* parameters_;
    RunComparisonView* compare_;
};

} // namespace chitra::app
