#include "chain/model_window.hpp"
#include "text/joined_name.hpp"
#include "text/qt_strings.hpp"

#include "text/number_format.hpp"
#include "plotting/palette.hpp"
#include "chain/fit_quality_panel.hpp"
#include "chain/model_colours.hpp"
#include "chain/transition_graph_widget.hpp"

#include "chitra/util/atomic_file.hpp"
#include "chitra/export/model_export.hpp"
#include "chitra/io/io.hpp"
#include "chitra/simulation/simulation.hpp"

#include <QAbstractTableModel>

#include <cmath>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace chitra::app {

namespace {
// Durations in SI ("999 µs", "1.83 s"); the proxies sort by Qt::UserRole, the number.
QString fmtTime(double t, TimeBase tb) { return formatDurationSI(t, tb); }
} // namespace

// Display role: formatted text; Qt::UserRole: the raw number (the proxies sort by it).
class StatesTableModel : public QAbstractTableModel {
public:
    StatesTableModel(const SemiMarkovModel& model, const StateColours& colours, QObject* parent)
        : QAbstractTableModel(parent), model_(model), colours_(colours)
    {
    }
    int rowCount(const QModelIndex& parent = {}) const override
    {
        return parent.isValid() ? 0 : static_cast<int>(model_.states.size());
    }
    int columnCount(const QModelIndex& parent = {}) const override
    {
        if (parent.isValid())
            return 0;
        return model_.steady.defined ? ModelWindow::ColumnCount : ModelWindow::Embedded;
    }
    QVariant headerData(int section, Qt::Orientation o, int role) const override
    {
        if (o != Qt::Horizontal)
            return {};
        static const char* names[] = {"State",   "Kind", "Visits", "Total",    "Share",        "Mean",
                                      "Std dev", "Min",  "Max",    "Steady π", "Long-run time"};
        static const char* tips[] = {"State name",
                                     "Program state or kind of composite",
                                     "Number of visits",
                                     "Total occupancy",
                                     "Share of the total time",
                                     "Mean occupancy per visit",
                                     "Sample standard deviation of the occupancy",
                                     "Shortest visit",
                                     "Longest visit",
                                     "Stationary probability of the embedded chain (OTHER left out)",
                                     "Long-run share of time: π·mean normalised"};
        if (section < 0 || section >= ModelWindow::ColumnCount)
            return {};
        if (role == Qt::DisplayRole)
            return QString::fromUtf8(names[section]);
        if (role == Qt::ToolTipRole)
            return QString::fromUtf8(tips[section]);
        return {};
    }
    QVariant data(const QModelIndex& index, int role) const override
    {
        if (!index.isValid())
            return {};
        const ChainState& s = model_.states[static_cast<std::size_t>(index.row())];
        const TimeBase tb = model_.timebase;
        const auto row = static_cast<std::size_t>(index.row());
        const int c = index.column();
        if (role == Qt::DecorationRole && c == ModelWindow::Name)
            return s.kind == SymbolKind::other ? QColor(Qt::lightGray) : colours_.colourOf(s.name);
        if (role == Qt::ToolTipRole && c == ModelWindow::Name)
            return qs(s.name); // the whole name of a state the column shortens
        if (role == Qt::TextAlignmentRole)
            return c <= ModelWindow::Kind ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                          : QVariant(Qt::AlignRight | Qt::AlignVCenter);
        if (role == Qt::UserRole) {
            switch (c) {
            case ModelWindow::Name:
                return qs(s.name);
            case ModelWindow::Kind:
                return qs(std::string(to_string(s.kind)));
            case ModelWindow::Count:
                return static_cast<qulonglong>(s.count);
            case ModelWindow::Total:
                return static_cast<qlonglong>(s.total);
            case ModelWindow::Share:
                return s.share;
            case ModelWindow::Mean:
                return s.mean;
            case ModelWindow::StdDev:
                return s.stddev;
            case ModelWindow::Min:
                return static_cast<qlonglong>(s.min);
            case ModelWindow::Max:
                return static_cast<qlonglong>(s.max);
            case ModelWindow::Embedded:
                return row < model_.steady.embedded.size() ? model_.steady.embedded[row] : 0.0;
            case ModelWindow::TimeShare:
                return model_.steady.time_share && row < model_.steady.time_share->size()
                           ? (*model_.steady.time_share)[row]
                           : 0.0;
            }
            return {};
        }
        if (role != Qt::DisplayRole)
            return {};
        const bool other = s.kind == SymbolKind::other;
        switch (c) {
        case ModelWindow::Name:
            return qs(s.name);
        case ModelWindow::Kind:
            return qs(std::string(to_string(s.kind)));
        case ModelWindow::Count:
            return formatCount(static_cast<long long>(s.count));
        case ModelWindow::Total:
            return fmtTime(static_cast<double>(s.total), tb);
        case ModelWindow::Share:
            return formatShare(s.share);
        case ModelWindow::Mean:
            return fmtTime(s.mean, tb);
        case ModelWindow::StdDev:
            return fmtTime(s.stddev, tb);
        case ModelWindow::Min:
            return fmtTime(static_cast<double>(s.min), tb);
        case ModelWindow::Max:
            return fmtTime(static_cast<double>(s.max), tb);
        case ModelWindow::Embedded:
            if (other || row >= model_.steady.embedded.size())
                return QStringLiteral("–");
            return formatDecimal(model_.steady.embedded[row], 4);
        case ModelWindow::TimeShare:
            if (other || !model_.steady.time_share || row >= model_.steady.time_share->size())
                return QStringLiteral("–");
            return formatShare((*model_.steady.time_share)[row]);
        }
        return {};
    }

private:
    const SemiMarkovModel& model_;
    const StateColours& colours_;
};

class TransitionsTableModel : public QAbstractTableModel {
public:
    explicit TransitionsTableModel(const SemiMarkovModel& model, QObject* parent)
        : QAbstractTableModel(parent), model_(model)
    {
    }
    int rowCount(const QModelIndex& parent = {}) const override
    {
        return parent.isValid() ? 0 : static_cast<int>(model_.transitions.size());
    }
    int columnCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 0 : 4; }
    QVariant headerData(int section, Qt::Orientation o, int role) const override
    {
        if (o != Qt::Horizontal || role != Qt::DisplayRole)
            return {};
        static const char* names[] = {"From", "To", "Count", "Probability"};
        return section >= 0 && section < 4 ? QString::fromUtf8(names[section]) : QVariant();
    }
    QVariant data(const QModelIndex& index, int role) const override
    {
        if (!index.isValid())
            return {};
        const ChainTransition& t = model_.transitions[static_cast<std::size_t>(index.row())];
        const int c = index.column();
        if (role == Qt::TextAlignmentRole)
            return c <= 1 ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
        if (role == Qt::ToolTipRole && c <= 1)
            return qs(model_.states[c == 0 ? t.from : t.to].name);
        if (role == Qt::UserRole) {
            switch (c) {
            case 0:
                return qs(model_.states[t.from].name);
            case 1:
                return qs(model_.states[t.to].name);
            case 2:
                return static_cast<qulonglong>(t.count);
            case 3:
                return t.probability;
            }
        }
        if (role == Qt::DisplayRole) {
            switch (c) {
            case 0:
                return qs(model_.states[t.from].name);
            case 1:
                return qs(model_.states[t.to].name);
            case 2:
                return formatCount(static_cast<long long>(t.count));
            case 3:
                return formatDecimal(t.probability, 4);
            }
        }
        return {};
    }

private:
    const SemiMarkovModel& model_;
};

namespace {

QTableView* makeTable(QAbstractItemModel* model, QWidget* parent)
{
    auto* view = new QTableView(parent);
    view->setModel(model);
    view->setSortingEnabled(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setAlternatingRowColors(true);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->verticalHeader()->setVisible(false);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    // No stretched last column: it would carry its numbers far from their row's name.
    view->horizontalHeader()->setStretchLastSection(false);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    return view;
}

// Columns of state names are kept narrow enough for the numbers beside them: a state
// joined from many lanes is shortened one lane at a time (its full name in the tooltip).
void narrowNameColumns(QTableView* view, std::initializer_list<int> columns, const QString& separator)
{
    const int widest = view->fontMetrics().averageCharWidth() * 56;
    for (int c : columns) {
        view->setItemDelegateForColumn(c, new JoinedNameDelegate(separator, view));
        view->horizontalHeader()->setSectionResizeMode(c, QHeaderView::Interactive);
        view->resizeColumnToContents(c);
        view->setColumnWidth(c, std::min(view->columnWidth(c), widest));
    }
}

std::optional<ModelWindow::ExportChoice> askForPath(QWidget* parent)
{
    using F = ModelWindow::ExportFormat;
    struct Filter {
        const char* text;
        F format;
        const char* suffix;
    };
    static const Filter filters[] = {
        {"Model as JSON (*.json)", F::json, "json"},
        {"Graphviz DOT (*.dot)", F::dot, "dot"},
        {"Transition matrix CSV (*.csv)", F::csv, "csv"},
        {"Observed transitions CSV, one row per element (*.csv)", F::transitions_csv, "csv"},
        {"PRISM explicit files (*.tra)", F::prism, "tra"},
        {"Graph drawing PNG (*.png)", F::graph_png, "png"},
        {"Graph drawing SVG (*.svg)", F::graph_svg, "svg"},
    };
    QStringList list;
    for (const auto& f : filters)
        list << QString::fromUtf8(f.text);
    QString selected = list.front();
    QString path = QFileDialog::getSaveFileName(parent, QObject::tr("Export model"), QString(),
                                                list.join(QStringLiteral(";;")), &selected);
    if (path.isEmpty())
        return std::nullopt;
    for (const auto& f : filters) {
        if (selected != QString::fromUtf8(f.text))
            continue;
        if (QFileInfo(path).suffix().isEmpty())
            path += "." + QString::fromUtf8(f.suffix);
        return ModelWindow::ExportChoice{path, f.format};
    }
    return ModelWindow::ExportChoice{path, F::json};
}

} // namespace

ModelWindow::ModelWindow(SemiMarkovModel model, std::shared_ptr<const Ses> ses, QWidget* parent,
                         std::shared_ptr<const StateColours> colours)
    : QWidget(parent), model_(std::move(model)), ses_(std::move(ses)),
      colours_(colours ? std::move(colours) : coloursOfModel(model_)), chooser_(askForPath),
      simulation_chooser_([this](QWidget* parent) {
          const std::uint64_t length = ses_ ? ses_->size() : model_.elements;
          return askForSimulation(parent, length, QDir::home().filePath(QStringLiteral("simulated.pes")));
      })
{
    setWindowTitle(tr("Semi-Markov model"));

    std::size_t program_states = 0, composites = 0;
    for (const auto& s : model_.states) {
        if (s.kind == SymbolKind::program)
            ++program_states;
        else if (s.kind != SymbolKind::other)
            ++composites;
    }
    auto* summary = new QLabel(tr("<b>%1 states</b> (%2 program, %3 composite, and OTHER) · %4 transitions · "
                                  "%5 elements · total time %6")
                                   .arg(model_.states.size())
                                   .arg(program_states)
                                   .arg(composites)
                                   .arg(model_.transitions.size())
                                   .arg(formatCount(static_cast<long long>(model_.elements)),
                                        fmtTime(static_cast<double>(model_.total_time), model_.timebase)),
                               this);
    summary->setTextFormat(Qt::RichText);
    summary->setWordWrap(true);

    // Tables.
    states_model_ = new StatesTableModel(model_, *colours_, this);
    states_proxy_ = new QSortFilterProxyModel(this);
    states_proxy_->setSourceModel(states_model_);
    states_proxy_->setSortRole(Qt::UserRole);
    states_proxy_->setFilterKeyColumn(Name);
    states_proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    states_view_ = makeTable(states_proxy_, this);
    states_view_->sortByColumn(Total, Qt::DescendingOrder);
    const QString separator = QString::fromStdString(ses_ ? ses_->symbols->separator() : std::string("|"));
    narrowNameColumns(states_view_, {Name}, separator);

    filter_ = new QLineEdit(this);
    filter_->setPlaceholderText(tr("Filter states by name…"));
    filter_->setClearButtonEnabled(true);
    connect(filter_, &QLineEdit::textChanged, states_proxy_, &QSortFilterProxyModel::setFilterFixedString);

    transitions_model_ = new TransitionsTableModel(model_, this);
    transitions_proxy_ = new QSortFilterProxyModel(this);
    transitions_proxy_->setSourceModel(transitions_model_);
    transitions_proxy_->setSortRole(Qt::UserRole);
    transitions_view_ = makeTable(transitions_proxy_, this);
    transitions_view_->sortByColumn(2, Qt::DescendingOrder);
    narrowNameColumns(transitions_view_, {0, 1}, separator);

    auto* states_page = new QWidget(this);
    auto* sp = new QVBoxLayout(states_page);
    sp->setContentsMargins(0, 4, 0, 0);
    sp->addWidget(filter_);
    sp->addWidget(states_view_);

    auto* tabs = new QTabWidget(this);
    tabs->addTab(states_page, tr("States"));
    tabs->addTab(transitions_view_, tr("Transitions"));
    fit_quality_ = new FitQualityPanel(model_, ses_, this);
    tabs->addTab(fit_quality_, tr("Fit quality"));

    steady_label_ = new QLabel(steadyStateText(), this);
    steady_label_->setWordWrap(true);
    steady_label_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* left = new QWidget(this);
    auto* ll = new QVBoxLayout(left);
    ll->setContentsMargins(0, 0, 0, 0);
    ll->addWidget(tabs, 1);
    ll->addWidget(steady_label_);

    // Graph with its small toolbar.
    graph_ = new TransitionGraphWidget(this);
    graph_->setNameSeparator(QString::fromStdString(ses_ ? ses_->symbols->separator() : std::string("|")));
    graph_->setModel(model_, colours_);
    auto* right = new QWidget(this);
    auto* rl = new QVBoxLayout(right);
    rl->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    auto* fit = new QToolButton(right);
    fit->setText(tr("Fit"));
    fit->setToolTip(tr("Show the whole graph"));
    auto* zin = new QToolButton(right);
    zin->setText(QStringLiteral("+"));
    zin->setToolTip(tr("Zoom in (or use the wheel)"));
    auto* zout = new QToolButton(right);
    zout->setText(QStringLiteral("−"));
    zout->setToolTip(tr("Zoom out"));
    auto* minp = new QDoubleSpinBox(right);
    minp->setRange(0.0, 1.0);
    minp->setSingleStep(0.05);
    minp->setDecimals(2);
    minp->setPrefix(tr("hide p < "));
    minp->setSpecialValueText(tr("all transitions shown"));
    minp->setToolTip(tr("Hide transitions less likely than this"));
    // A graph of hundreds of states is unreadable: the drawing says which ones it keeps.
    auto* graphTitle = new QLabel(
        graph_->statesLeftOut() == 0
            ? tr("Transition graph — click a dashed composite to expand it")
            : tr("Transition graph of the %1 states of most time; %2 more are in the tables (too many to draw "
                 "legibly)")
                  .arg(TransitionGraphWidget::kDrawnStates)
                  .arg(graph_->statesLeftOut()),
        right);
    graphTitle->setWordWrap(true);
    bar->addWidget(graphTitle, 1);
    bar->addWidget(minp);
    bar->addWidget(zout);
    bar->addWidget(zin);
    bar->addWidget(fit);
    rl->addLayout(bar);
    rl->addWidget(graph_, 1);
    connect(fit, &QToolButton::clicked, graph_, &TransitionGraphWidget::fitAll);
    connect(zin, &QToolButton::clicked, graph_, [this] { graph_->zoomBy(1.25); });
    connect(zout, &QToolButton::clicked, graph_, [this] { graph_->zoomBy(0.8); });
    connect(minp, &QDoubleSpinBox::valueChanged, graph_, &TransitionGraphWidget::setMinProbability);
    // Dense chains are a hairball with every edge drawn: start with the rare ones hidden.
    if (model_.transitions.size() > 80)
        minp->setValue(0.05);

    // Tables above, graph below: both want the full width (eleven columns; wide graphs).
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);

    export_button_ = new QPushButton(tr("Export…"), this);
    export_button_->setToolTip(tr("Write the model as JSON, DOT, CSV, observed transitions, PRISM, "
                                  "or the graph drawing as PNG/SVG"));
    connect(export_button_, &QPushButton::clicked, this, &ModelWindow::onExportClicked);
    simulate_button_ = new QPushButton(tr("Simulate…"), this);
    simulate_button_->setToolTip(tr("Draw a trajectory from the model, write it as a PES trace and open it"));
    simulate_button_->setEnabled(model_.initial < model_.states.size());
    connect(simulate_button_, &QPushButton::clicked, this, &ModelWindow::onSimulateClicked);
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(summary, 1);
    bottom->addWidget(simulate_button_);
    bottom->addWidget(export_button_);

    pooling_label_ = new QLabel(this);
    pooling_label_->setWordWrap(true);
    pooling_label_->hide();

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(pooling_label_);
    layout->addLayout(bottom);
    layout->addWidget(split, 1);

    connect(states_view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { onStateRow(current); });
    connect(graph_, &TransitionGraphWidget::stateClicked, this, &ModelWindow::onGraphState);
    resize(1100, 800);
    split->setSizes({330, 470});
    // The fit-quality tab holds a table and a plot: give it more of the height when shown.
    connect(tabs, &QTabWidget::currentChanged, this, [this, tabs, split] {
        if (tabs->currentWidget() != fit_quality_)
            return;
        const QList<int> sizes = split->sizes();
        const int total = sizes.value(0) + sizes.value(1);
        if (sizes.value(0) < total * 11 / 20)
            split->setSizes({total * 11 / 20, total - total * 11 / 20});
    });
}

void ModelWindow::setPooling(const QString& text)
{
    pooling_label_->setText(text);
    pooling_label_->setVisible(!text.isEmpty());
}

ModelWindow::~ModelWindow()
{
    // The table models refer to model_, which dies before QWidget's destructor deletes the
    // children; a view that repaints while being torn down would read freed memory.
    qDeleteAll(findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly));
    qDeleteAll(findChildren<QAbstractItemModel*>(QString(), Qt::FindDirectChildrenOnly));
}

QString ModelWindow::steadyStateText() const
{
    const SteadyState& st = model_.steady;
    if (model_.empty())
        return tr("Empty sequence: no states.");
    if (st.transient())
        return tr("A transient run: it ends in %1 and no set of states recurs for ever, so there is no "
                  "steady state and no long-run share of time. The Share column gives the observed shares.")
            .arg(qs(model_.states[st.run_end].name));
    if (st.defined) {
        QString text = tr("Steady state: one closed class of %1 state(s); the table shows the "
                          "stationary distribution of the embedded chain (π) and the long-run share of time.")
                           .arg(st.closed_classes.empty() ? 0 : st.closed_classes.front().size());
        if (!st.time_share)
            text += tr(" Long-run time shares are undefined (all mean occupancies are 0).");
        return text;
    }
    QStringList classes;
    for (const auto& cls : st.closed_classes) {
        QStringList names;
        for (std::size_t i : cls)
            names << qs(model_.states[i].name);
        classes << "{" + names.join(", ") + "}";
    }
    return tr("No steady state: the embedded chain (OTHER left out) has %1 closed classes: %2")
        .arg(st.closed_classes.size())
        .arg(classes.join(QStringLiteral("; ")));
}

void ModelWindow::onStateRow(const QModelIndex& proxyIndex)
{
    if (!proxyIndex.isValid())
        return;
    const auto row = static_cast<std::size_t>(states_proxy_->mapToSource(proxyIndex).row());
    const ChainState& s = model_.states[row];
    if (const int node = graph_->nodeOfState(row); node >= 0)
        graph_->centerOn(graph_->graphLayout().nodes[static_cast<std::size_t>(node)].center());
    if (s.kind != SymbolKind::other && s.symbol != kNoSymbol)
        emit stateChosen(s.symbol);
}

void ModelWindow::onGraphState(std::size_t state)
{
    const QModelIndex src = states_model_->index(static_cast<int>(state), 0);
    const QModelIndex idx = states_proxy_->mapFromSource(src);
    if (idx.isValid())
        states_view_->setCurrentIndex(idx);
}

void ModelWindow::onExportClicked()
{
    const auto choice = chooser_ ? chooser_(this) : std::nullopt;
    if (!choice)
        return;
    QString error;
    if (!exportModel(choice->format, choice->path, &error))
        QMessageBox::warning(this, tr("Export failed"), error);
}

void ModelWindow::onSimulateClicked()
{
    const auto choice = simulation_chooser_ ? simulation_chooser_(this) : std::nullopt;
    if (!choice)
        return;
    QString error;
    if (!simulate(*choice, &error))
        QMessageBox::warning(this, tr("Simulation failed"), error);
}

bool ModelWindow::simulate(const SimulationChoice& choice, QString* error)
{
    try {
        const Simulation simulation =
            simulate_chain(model_document(model_),
                           SimulationOptions{choice.length, choice.seed,
                                             choice.parametric ? OccupancyLaw::parametric : OccupancyLaw::empirical});
        write_pes_file(simulation_trace(simulation, model_.timebase), choice.path.toStdString());
    } catch (const std::exception& e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
    emit simulationWritten(choice.path);
    return true;
}

bool ModelWindow::exportModel(ExportFormat format, const QString& path, QString* error)
{
    auto fail = [error](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    if (path.isEmpty())
        return fail(tr("No file name given."));
    const std::string p = path.toStdString();
    try {
        switch (format) {
        case ExportFormat::json:
            write_file_atomically(p, model_to_json(model_));
            break;
        case ExportFormat::dot:
            write_file_atomically(p, model_to_dot(model_));
            break;
        case ExportFormat::csv:
            write_file_atomically(p, model_to_csv(model_));
            break;
        case ExportFormat::transitions_csv:
            if (!ses_)
                return fail(tr("The observed transitions need the fitted sequence, which this window does not have."));
            write_file_atomically(p, [this](std::ostream& out) { write_observed_transitions_csv(*ses_, model_, out); });
            break;
        case ExportFormat::prism: {
            // PATH.tra names the set; the other three files sit beside it.
            QString base = path;
            if (QFileInfo(path).suffix().compare(QStringLiteral("tra"), Qt::CaseInsensitive) == 0)
                base.chop(4);
            const PrismFiles files = model_to_prism(model_);
            write_file_atomically((base + ".tra").toStdString(), files.tra);
            write_file_atomically((base + ".sta").toStdString(), files.sta);
            write_file_atomically((base + ".lab").toStdString(), files.lab);
            write_file_atomically((base + ".srew").toStdString(), files.srew);
            break;
        }
        case ExportFormat::graph_png:
        case ExportFormat::graph_svg:
            if (!graph_->exportTo(path))
                return fail(tr("Cannot write the drawing to %1.").arg(path));
            break;
        }
    } catch (const std::exception& e) {
        return fail(QString::fromUtf8(e.what()));
    }
    emit exported(path);
    return true;
}

} // namespace chitra::app
