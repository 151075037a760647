// Shows a fitted semi-Markov chain: states table, transitions table, transition graph,
// steady state (or the closed classes when it is undefined), and export.
//
// Public interface:
//   ModelWindow(model, ses = nullptr, parent = nullptr, colours = nullptr)   colours: the view's
//       `ses` is the sequence the model was fitted to; only the observed-transitions
//       CSV needs it (that format is refused without it). Show it as a top-level window
//       (setWindowFlag(Qt::Window)) or embed it in a dock or tab.
//   setExportChooser(fn)   replaces the save dialog (tests): fn(parent) returns the path
//                          and format, or nullopt for "cancelled"
//   exportModel(format, path, &error)   writes through the core exporters (atomically);
//                          PRISM writes PATH.tra/.sta/.lab/.srew (PATH without suffix)
//   statesTable(), transitionsTable(), graph(), exportButton(), steadyStateLabel(),
//   statesFilter()         the parts, for tests and screenshots
//   fitQuality()           the "Fit quality" tab (validation against the fitted sequence)
//   setSimulationChooser(fn)  replaces the simulation dialog (tests)
//   simulate(choice, &error)  draws a trajectory and writes it as PES (atomically)
// signals: stateChosen(SymbolId) when a state row or graph node is picked (not for OTHER);
//          exported(path) after a successful export;
//          simulationWritten(path) after "Simulate…" wrote a trajectory (to be opened).
#pragma once

#include "chitra/chain/chain.hpp"
#include "chitra/trace/ses.hpp"
#include "chain/simulation_dialog.hpp"

#include <QWidget>

#include <functional>
#include <memory>
#include <optional>

class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace chitra::app {

class FitQualityPanel;
class StateColours;
class TransitionGraphWidget;
class StatesTableModel;
class TransitionsTableModel;

class ModelWindow : public QWidget {
    Q_OBJECT
public:
    enum class ExportFormat { json, dot, csv, transitions_csv, prism, graph_png, graph_svg };
    struct ExportChoice {
        QString path;
        ExportFormat format = ExportFormat::json;
    };
    using ExportChooser = std::function<std::optional<ExportChoice>(QWidget* parent)>;
    using SimulationChooser = std::function<std::optional<SimulationChoice>(QWidget* parent)>;

    explicit ModelWindow(SemiMarkovModel model, std::shared_ptr<const Ses> ses = nullptr, QWidget* parent = nullptr,
                         std::shared_ptr<const StateColours> colours = nullptr);
    ~ModelWindow() override;

    const SemiMarkovModel& model() const { return model_; }
    // Says above the tables that the model pools several lanes, and which (empty: hides it).
    void setPooling(const QString& text);
    QLabel* poolingLabel() const { return pooling_label_; }
    void setExportChooser(ExportChooser chooser) { chooser_ = std::move(chooser); }
    bool exportModel(ExportFormat format, const QString& path, QString* error = nullptr);
    void setSimulationChooser(SimulationChooser chooser) { simulation_chooser_ = std::move(chooser); }
    bool simulate(const SimulationChoice& choice, QString* error = nullptr);

    QTableView* statesTable() const { return states_view_; }
    QTableView* transitionsTable() const { return transitions_view_; }
    QSortFilterProxyModel* statesProxy() const { return states_proxy_; }
    QLineEdit* statesFilter() const { return filter_; }
    TransitionGraphWidget* graph() const { return graph_; }
    QPushButton* exportButton() const { return export_button_; }
    QLabel* steadyStateLabel() const { return steady_label_; }
    QPushButton* simulateButton() const { return simulate_button_; }
    FitQualityPanel* fitQuality() const { return fit_quality_; }

    // States table columns.
    enum Column { Name, Kind, Count, Total, Share, Mean, StdDev, Min, Max, Embedded, TimeShare, ColumnCount };

signals:
    void stateChosen(SymbolId symbol);
    void exported(const QString& path);
    void simulationWritten(const QString& path);

private:
    void onExportClicked();
    void onSimulateClicked();
    void onStateRow(const QModelIndex& proxyIndex);
    void onGraphState(std::size_t state);
    QString steadyStateText() const;

    SemiMarkovModel model_;
    std::shared_ptr<const Ses> ses_;
    std::shared_ptr<const StateColours> colours_;
    ExportChooser chooser_;
    SimulationChooser simulation_chooser_;
    StatesTableModel* states_model_ = nullptr;
    TransitionsTableModel* transitions_model_ = nullptr;
    QSortFilterProxyModel* states_proxy_ = nullptr;
    QSortFilterProxyModel* transitions_proxy_ = nullptr;
    QTableView* states_view_ = nullptr;
    QTableView* transitions_view_ = nullptr;
    QLineEdit* filter_ = nullptr;
    TransitionGraphWidget* graph_ = nullptr;
    QPushButton* export_button_ = nullptr;
    QPushButton* simulate_button_ = nullptr;
    FitQualityPanel* fit_quality_ = nullptr;
    QLabel* steady_label_ = nullptr;
    QLabel* pooling_label_ = nullptr;
};

} // namespace chitra::app
