// The members of an ensemble, one row each: file, parameters (editable by typing),
// elements after the pipeline, the pipeline's warnings, the spectral distance from the
// others and the distinct-mode flag.
#pragma once

#include "ensemble/ensemble_run.hpp"

#include <QTableWidget>

namespace chitra::app {

class MembersTable : public QTableWidget {
    Q_OBJECT
public:
    explicit MembersTable(QWidget* parent = nullptr);

    // Rebuilds the rows (one column per parameter name of the runs).
    void showRuns(const std::vector<EnsembleRun>& runs);

    // The column of a parameter, or -1; the fixed columns after the parameters.
    int parameterColumn(const QString& name) const;
    int elementsColumn() const { return 1 + static_cast<int>(parameters_.size()); }
    int pipelineColumn() const { return elementsColumn() + 1; }
    int distanceColumn() const { return elementsColumn() + 2; }
    int modeColumn() const { return elementsColumn() + 3; }

signals:
    // A parameter cell was typed into (an empty value removes the parameter).
    void parameterEdited(int member, const QString& name, const QString& value);

private:
    std::vector<std::string> parameters_;
    bool filling_ = false;
};

} // namespace chitra::app
