#include "ensemble/ensemble_window.hpp"

#include "ensemble/ensemble_measurer.hpp"
#include "ensemble/members_table.hpp"
#include "ensemble/parameter_plot.hpp"
#include "ensemble/run_comparison_view.hpp"
#include "ensemble/spectra_plot.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <regex>
#include <sstream>

namespace chitra::app {

EnsembleWindow::EnsembleWindow(std::vector<MemberInput> members, Pipeline pipeline, QWidget* parent)
    : QWidget(parent), pipeline_(pipeline), measurer_(new EnsembleMeasurer(this)), patterns_(new QLineEdit(this)),
      patternMessage_(new QLabel(this)), progress_(new QProgressBar(this)), status_(new QLabel(this)),
      table_(new MembersTable(this)), tabs_(new QTabWidget(this)), spectra_(new SpectraPlot(this)),
      parameters_(new ParameterPlot(this)), compare_(new RunComparisonView(this))
{
    setWindowTitle(tr("Ensemble of %n run(s)", nullptr, static_cast<int>(members.size())));
    for (MemberInput& input : members) {
        EnsembleRun run;
        run.input = input;
        try {
            run.params = params_from_header(input.trace->header, input.path.toStdString());
        } catch (const std::exception& e) {
            run.paramNote = QString::fromStdString(e.what());
        }
        headerParams_.push_back(run.params);
        typed_.emplace_back();
        runs_.push_back(std::move(run));
    }

    patterns_->setObjectName(QStringLiteral("ensembleFileNamePatterns"));
    patterns_->setPlaceholderText(tr("e.g. N=-n(\\d+) x=-x(\\d+)"));
    patterns_->setToolTip(tr("Parameters from the file names: NAME=REGEX pairs separated by spaces; "
                             "the value is the first capture group. Press Enter to apply."));
    patternMessage_->setObjectName(QStringLiteral("ensemblePatternMessage"));
    patternMessage_->setWordWrap(true);
    progress_->setObjectName(QStringLiteral("ensembleProgress"));
    progress_->setFormat(tr("Fitting the members… %p%"));
    progress_->setMaximumWidth(260);

    auto* patternsLabel = new QLabel(tr("Parameters from &file name:"), this);
    patternsLabel->setBuddy(patterns_);
    auto* top = new QHBoxLayout;
    top->addWidget(patternsLabel);
    top->addWidget(patterns_, 1);
    top->addWidget(progress_);
    top->addWidget(status_);

    tabs_->addTab(spectra_, tr("Spe&ctra"));
    tabs_->addTab(parameters_, tr("Across pa&rameters"));
    tabs_->addTab(compare_, tr("Co&mpare"));
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(table_);
    splitter->addWidget(tabs_);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 5);
    splitter->setSizes({260, 540});

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(patternMessage_);
    layout->addWidget(splitter, 1);
    patternMessage_->hide();

    connect(patterns_, &QLineEdit::editingFinished, this, &EnsembleWindow::applyFileNamePatterns);
    connect(table_, &MembersTable::parameterEdited, this,
            [this](int member, const QString& name, const QString& value) {
                typed_.at(member)[name.toStdString()] = value.toStdString();
                RunParams& params = runs_.at(member).params;
                if (value.isEmpty())
                    params.erase(name.toStdString());
                else
                    params[name.toStdString()] = value.toStdString();
                parameters_->refresh();
            });
    connect(measurer_, &EnsembleMeasurer::progress, this, [this](int done, int total) {
        progress_->setMaximum(total);
        progress_->setValue(done);
    });
    connect(measurer_, &EnsembleMeasurer::finished, this, &EnsembleWindow::onMeasured);

    connect(compare_, &RunComparisonView::stateChosen, this, &EnsembleWindow::stateChosen);

    parameters_->setRuns(&runs_);
    compare_->setRuns(&runs_);
    showAll();
    progress_->setRange(0, 2 * static_cast<int>(runs_.size()));
    progress_->setValue(0);
    status_->hide();
    measurer_->start(std::move(members), std::move(pipeline));
}

EnsembleWindow::~EnsembleWindow() = default;

bool EnsembleWindow::measured() const
{
    return std::all_of(runs_.begin(), runs_.end(), [](const EnsembleRun& r) { return r.measured.has_value(); });
}

QString EnsembleWindow::fileNamePatterns() const { return patterns_->text(); }

void EnsembleWindow::restoreParameters(const QString& patterns, std::vector<RunParams> typed)
{
    typed.resize(runs_.size());
    typed_ = std::move(typed);
    patterns_->setText(patterns);
    applyFileNamePatterns(); // header values, then the patterns', then the typed ones
    parameters_->refresh();
}

void EnsembleWindow::applyFileNamePatterns()
{
    std::vector<FileNameParam> specs;
    QStringList problems;
    std::istringstream words(patterns_->text().toStdString());
    for (std::string word; words >> word;) {
        try {
            specs.push_back(parse_file_name_param(word));
        } catch (const std::exception& e) {
            problems << QString::fromStdString(e.what());
        }
    }
    // A pattern that does not match one member's name leaves that member without the
    // parameter (noted in its tool tip) instead of refusing the whole line. A member of
    // some lanes of its file is also named by its lanes ("run.pes ▸ rank 3"): a pattern
    // that the file name does not match is searched in them.
    for (std::size_t m = 0; m < runs_.size(); ++m) {
        EnsembleRun& run = runs_[m];
        run.params = headerParams_[m];
        run.paramNote.clear();
        const std::string lanes = run.input.lanes.toStdString();
        for (const FileNameParam& spec : specs) {
            try {
                add_file_name_params(run.params, run.input.path.toStdString(), {spec});
            } catch (const std::exception& e) {
                std::smatch match;
                if (std::regex_search(lanes, match, spec.regex) && match[1].matched && match[1].length() > 0)
                    run.params[spec.name] = match[1].str();
                else
                    run.paramNote +=
                        (run.paramNote.isEmpty() ? QString() : QStringLiteral("\n")) + QString::fromStdString(e.what());
            }
        }
        if (!run.paramNote.isEmpty())
            problems << tr("%1: not every pattern matches its name").arg(run.input.label);
        for (const auto& [name, value] : typed_[m]) {
            if (value.empty())
                run.params.erase(name);
            else
                run.params[name] = value;
        }
    }
    patternMessage_->setText(problems.join('\n'));
    patternMessage_->setVisible(!problems.isEmpty());
    showAll();
}

void EnsembleWindow::onMeasured(std::vector<MemberMeasurement> measured)
{
    if (measured.size() != runs_.size())
        return;
    std::vector<std::vector<double>> bands;
    for (std::size_t m = 0; m < runs_.size(); ++m) {
        bands.push_back(measured[m].bandPower);
        runs_[m].measured = std::move(measured[m]);
    }
    summary_ = summariseSpectra(bands);
    for (std::size_t m = 0; m < runs_.size(); ++m) {
        runs_[m].distance = summary_.distance[m];
        runs_[m].distinct = summary_.distinct[m];
    }
    progress_->hide();
    int warned = 0, distinct = 0;
    for (const EnsembleRun& run : runs_) {
        warned += run.measured->warnings.isEmpty() && run.measured->error.isEmpty() ? 0 : 1;
        distinct += run.distinct ? 1 : 0;
    }
    status_->setText(tr("%n member(s) fitted", nullptr, static_cast<int>(runs_.size())) +
                     (warned ? tr("; pipeline warnings on %n", nullptr, warned) : QString()) +
                     (distinct ? tr("; %n distinct mode(s)", nullptr, distinct) : QString()));
    status_->show();
    showAll();
    compare_->refresh();
    emit measurementFinished();
}

void EnsembleWindow::showAll()
{
    table_->showRuns(runs_);
    if (measured())
        spectra_->showSpectra(runs_, summary_);
    parameters_->refresh();
}

} // namespace chitra::app
