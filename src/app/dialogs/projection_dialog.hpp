// Dialog for the state-set transforms (semantics.md section 3): set projection,
// component projection, exclude, and parallel aggregation, one tab each.
//
// Public interface:
//   ProjectionDialog(ses, mode, parent = nullptr, colours = nullptr)   mode picks the tab shown
//                        first; colours: the view's, for the states' swatches
//   exec() / open(); then step() gives step::Project, step::ProjectComponents,
//   step::Exclude or step::Parallel for the current tab
//   preselect(symbols)   checks these states in the set and exclude lists (e.g. the
//                        states of a brushed range)
//   isValid(), refusal() why OK is disabled: an empty selection, a missing name, a name
//                        already taken by a different symbol, dropping every component,
//                        excluding every state, a parallel pair of one state
//   setList(), setName(), componentCount(), componentTable(i), dropBox(i),
//   excludeList(), excludeGlobs(), parallelFrom(), parallelTo(), parallelName(),
//   tabs(), refusalLabel(), summaryLabel(), okButton()     the parts, for tests
// List items carry the state's name in Qt::UserRole.
#pragma once

#include "chitra/pipeline/pipeline.hpp"
#include "chitra/trace/ses.hpp"
#include "plotting/state_colours.hpp"

#include <QDialog>

#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QTabWidget;
class QTableWidget;

namespace chitra::app {

class ProjectionDialog : public QDialog {
    Q_OBJECT
public:
    enum class Mode { set = 0, components = 1, exclude = 2, parallel = 3 };

    ProjectionDialog(std::shared_ptr<const Ses> ses, Mode mode, QWidget* parent = nullptr,
                     std::shared_ptr<const StateColours> colours = nullptr);
    ~ProjectionDialog() override;

    Mode mode() const;
    void setMode(Mode mode);
    Step step() const;
    void preselect(const std::vector<SymbolId>& symbols);
    bool isValid() const { return refusal_.isEmpty(); }
    QString refusal() const { return refusal_; }

    QListWidget* setList() const { return set_list_; }
    QLineEdit* setName() const { return set_name_; }
    int componentCount() const { return static_cast<int>(comp_tables_.size()); }
    QTableWidget* componentTable(int i) const { return comp_tables_.at(static_cast<std::size_t>(i)); }
    QCheckBox* dropBox(int i) const { return drop_boxes_.at(static_cast<std::size_t>(i)); }
    QListWidget* excludeList() const { return exclude_list_; }
    QLineEdit* excludeGlobs() const { return exclude_globs_; }
    QComboBox* parallelFrom() const { return from_; }
    QComboBox* parallelTo() const { return to_; }
    QLineEdit* parallelName() const { return parallel_name_; }
    QTabWidget* tabs() const { return tabs_; }
    QLabel* refusalLabel() const { return refusal_label_; }
    QLabel* summaryLabel() const { return summary_; }
    QPushButton* okButton() const;

private:
    QWidget* buildSetPage();
    QWidget* buildComponentsPage();
    QWidget* buildExcludePage();
    QWidget* buildParallelPage();
    QListWidget* makeChecklist(QWidget* page, QLineEdit** search);
    std::vector<std::string> checkedNames(const QListWidget* list) const;
    std::vector<std::string> globs() const;
    QString uniqueName(const QString& stem) const;
    void validate();
    QString validateSet(QString& summary) const;
    QString validateComponents(QString& summary) const;
    QString validateExclude(QString& summary) const;
    QString validateParallel(QString& summary) const;

    std::shared_ptr<const Ses> ses_;
    std::shared_ptr<const StateColours> colours_;
    std::vector<SymbolId> present_; // symbols in the SES, by name
    std::vector<double> share_;     // per present symbol
    QTabWidget* tabs_ = nullptr;
    QListWidget* set_list_ = nullptr;
    QLineEdit* set_name_ = nullptr;
    std::vector<QTableWidget*> comp_tables_;
    std::vector<QCheckBox*> drop_boxes_;
    QListWidget* exclude_list_ = nullptr;
    QLineEdit* exclude_globs_ = nullptr;
    QComboBox* from_ = nullptr;
    QComboBox* to_ = nullptr;
    QLineEdit* parallel_name_ = nullptr;
    QLabel* summary_ = nullptr;
    QLabel* refusal_label_ = nullptr;
    QDialogButtonBox* buttons_ = nullptr;
    QString refusal_;
};

} // namespace chitra::app
