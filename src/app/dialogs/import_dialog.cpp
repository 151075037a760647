#include "dialogs/import_dialog.hpp"

#include "dialogs/lane_filter.hpp"
#include "dialogs/text_columns_panel.hpp"
#include "loading/lane_preview.hpp"
#include "loading/trace_loader.hpp"
#include "text/number_format.hpp"

#include "chitra/lanes/lane_selection.hpp"

#include <QButtonGroup>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace chitra::app {

namespace {

enum Column { Number = 0, Name = 1, Events = 2 };

QString settingsKey(SourceFormat format, const char* what)
{
    return QString("import/%1/%2").arg(QString::fromUtf8(to_string(format).data()), what);
}

QString range(std::uint64_t least, std::uint64_t most)
{
    return least == most ? formatCount(static_cast<long long>(least))
                         : QString("%1 – %2").arg(formatCount(static_cast<long long>(least)),
                                                  formatCount(static_cast<long long>(most)));
}

} // namespace

ImportDialog::ImportDialog(std::shared_ptr<const LaneTrace> lanes, SourceFormat format, const QString& path,
                           QWidget* parent)
    : QDialog(parent), lanes_(std::move(lanes)), format_(format), path_(path)
{
    setUp(path);
    resize(600, 560);
}

ImportDialog::ImportDialog(const LoadResult& read, QWidget* parent)
    : QDialog(parent), lanes_(read.lanes ? read.lanes : std::make_shared<const LaneTrace>()), format_(read.format),
      path_(read.path), lanesReadWith_(read.choice.settings), readError_(read.error)
{
    text_ = new TextColumnsPanel(format_, path_, this);
    reader_ = new TraceLoader(this);
    connect(reader_, &TraceLoader::loaded, this, &ImportDialog::read);
    setUp(path_);
    text_->setSettings(rememberedSettings(format_));
    connect(text_, &TextColumnsPanel::settingsChanged, this, &ImportDialog::readAgain);
    readAgain(); // reads only when the remembered settings differ from the first reading's
    resize(760, 780);
}

void ImportDialog::setUp(const QString& path)
{
    setWindowTitle(tr("Import %1").arg(QFileInfo(path).fileName()));
    auto* layout = new QVBoxLayout(this);

    title_ = new QLabel(this);
    title_->setObjectName("importTitle");
    title_->setTextFormat(Qt::RichText);
    title_->setToolTip(path);
    layout->addWidget(title_);
    showTitle();
    if (text_) {
        auto* columns = new QLabel(tr("Choose what each column is (the role above it), the delimiter and the unit of "
                                      "the times; the lanes below follow."),
                                   this);
        columns->setWordWrap(true);
        layout->addWidget(columns);
        layout->addWidget(text_, 3);
    }
    auto* help = new QLabel(tr("Choose the lanes (threads, locations, containers) to open: the checked ones "
                               "among those shown."),
                            this);
    help->setWordWrap(true);
    layout->addWidget(help);

    auto* filterRow = new QHBoxLayout;
    filter_ = new QLineEdit(this);
    filter_->setObjectName("laneFilter");
    filter_->setPlaceholderText(tr("Filter by name, or /regular expression/"));
    filter_->setClearButtonEnabled(true);
    all_ = new QPushButton(tr("All"), this);
    all_->setToolTip(tr("Check every lane shown"));
    none_ = new QPushButton(tr("None"), this);
    none_->setToolTip(tr("Uncheck every lane shown"));
    for (QPushButton* b : {all_, none_})
        b->setAutoDefault(false);
    filterRow->addWidget(filter_, 1);
    filterRow->addWidget(all_);
    filterRow->addWidget(none_);
    layout->addLayout(filterRow);
    filterError_ = new QLabel(this);
    filterError_->setStyleSheet("color: #b00020;");
    filterError_->hide();
    layout->addWidget(filterError_);

    list_ = new QTreeWidget(this);
    list_->setObjectName("lanes");
    list_->setColumnCount(3);
    list_->setHeaderLabels({tr("#"), tr("Lane"), tr("Events")});
    list_->headerItem()->setToolTip(Number, tr("The lane's number in the trace (as --components counts them)"));
    list_->headerItem()->setToolTip(Events,
                                    tr("State events read for the lane: region entries and exits, state changes"));
    list_->setRootIsDecorated(false);
    list_->setUniformRowHeights(true);
    list_->setAlternatingRowColors(true);
    list_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    list_->header()->setStretchLastSection(false);
    list_->header()->setSectionResizeMode(Name, QHeaderView::Stretch);
    list_->header()->setSectionResizeMode(Number, QHeaderView::ResizeToContents);
    list_->header()->setSectionResizeMode(Events, QHeaderView::ResizeToContents);
    list_->installEventFilter(this);
    layout->addWidget(list_, text_ ? 2 : 1);

    // The result of the choice, framed so that it reads as the answer to the list above.
    preview_ = new QLabel(this);
    preview_->setObjectName("preview");
    preview_->setTextFormat(Qt::PlainText); // it quotes the importer's messages
    preview_->setWordWrap(true);
    preview_->setFrameShape(QFrame::StyledPanel);
    preview_->setMargin(4);
    preview_->setToolTip(tr("Records and distinct states of the trace(s) the choice opens"));
    layout->addWidget(preview_);

    oneTrace_ = new QRadioButton(tr("Open as one trace (each lane a component of the state)"), this);
    separate_ = new QRadioButton(tr("Open each lane as a separate trace (all on one time axis)"), this);
    auto* mode = new QButtonGroup(this);
    mode->addButton(oneTrace_);
    mode->addButton(separate_);
    oneTrace_->setChecked(true);
    layout->addWidget(oneTrace_);
    layout->addWidget(separate_);

    buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    okButton()->setText(tr("Open"));
    layout->addWidget(buttons_);

    connect(filter_, &QLineEdit::textChanged, this, &ImportDialog::applyFilter);
    connect(all_, &QPushButton::clicked, this, [this] { checkShown(true); });
    connect(none_, &QPushButton::clicked, this, [this] { checkShown(false); });
    connect(list_, &QTreeWidget::itemChanged, this, [this] {
        if (!filling_)
            choiceChanged();
    });
    connect(separate_, &QRadioButton::toggled, this, &ImportDialog::choiceChanged);
    connect(buttons_, &QDialogButtonBox::accepted, this, &ImportDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &ImportDialog::reject);

    setLanes(lanes_);
}

ImportDialog::~ImportDialog() = default;

void ImportDialog::showTitle()
{
    std::uint64_t events = 0;
    for (const Lane& l : lanes_->lanes)
        events += l.events;
    title_->setText(tr("<b>%1</b><br>%2 · %3 lanes · %4 state events")
                        .arg(QFileInfo(path_).fileName().toHtmlEscaped(), formatTitle(format_))
                        .arg(formatCount(static_cast<long long>(lanes_->lanes.size())))
                        .arg(formatCount(static_cast<long long>(events))));
}

void ImportDialog::setLanes(std::shared_ptr<const LaneTrace> lanes)
{
    // The lane choice carries over by its spec where the new lanes allow it.
    const LaneChoice before = figures_ ? choice() : remembered(format_);
    lanes_ = std::move(lanes);
    if (figures_)
        figures_->deleteLater(); // its count of the old lanes is dropped with it
    figures_ = new LanePreview(lanes_, this);
    connect(figures_, &LanePreview::ready, this, &ImportDialog::showFigures);
    connect(figures_, &LanePreview::busyChanged, this, [this](bool busy) {
        if (busy)
            preview_->setText(tr("Counting records and states…"));
    });
    list_->clear();
    fillList();
    showTitle();
    preselect(before);
}

ImportSettings ImportDialog::settings() const { return text_ ? text_->settings() : ImportSettings{}; }

void ImportDialog::readAgain()
{
    const QString problem = text_->problem();
    if (!problem.isEmpty()) {
        reader_->cancel();
        reading_ = false;
        readError_ = problem;
        lanesReadWith_ = text_->settings();
        setLanes(std::make_shared<const LaneTrace>());
        return;
    }
    const ImportSettings wanted = text_->settings();
    if (wanted == lanesReadWith_ && !reading_)
        return choiceChanged(); // the lanes shown were read with these settings
    reader_->cancel();
    reading_ = true;
    lanesReadWith_ = wanted;
    okButton()->setEnabled(false);
    preview_->setText(tr("Reading %1 with these columns…").arg(QFileInfo(path_).fileName()));
    reader_->load(LoadRequest{path_, std::string(to_string(format_)), std::nullopt, {}, wanted});
}

void ImportDialog::read(const LoadResult& r)
{
    reading_ = false;
    readError_ = r.error;
    setLanes(r.lanes && r.error.isEmpty() ? r.lanes : std::make_shared<const LaneTrace>());
}

QPushButton* ImportDialog::okButton() const { return buttons_->button(QDialogButtonBox::Ok); }

void ImportDialog::fillList()
{
    filling_ = true;
    const QColor grey = palette().color(QPalette::Disabled, QPalette::Text);
    for (std::size_t i = 0; i < lanes_->lanes.size(); ++i) {
        const Lane& lane = lanes_->lanes[i];
        auto* item = new QTreeWidgetItem(list_);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        item->setData(Number, Qt::DisplayRole, static_cast<qulonglong>(i + 1));
        item->setTextAlignment(Number, Qt::AlignRight | Qt::AlignVCenter);
        item->setText(Name, QString::fromStdString(lane.name));
        item->setText(Events, formatCount(static_cast<long long>(lane.events)));
        item->setTextAlignment(Events, Qt::AlignRight | Qt::AlignVCenter);
        item->setCheckState(Number, Qt::Unchecked);
        if (lane.events == 0) {
            // "all" leaves such lanes out: they would be "-" throughout.
            for (int c : {Number, Name, Events})
                item->setForeground(c, grey);
            item->setToolTip(Name, tr("No state event: always \"-\""));
        }
    }
    filling_ = false;
}

void ImportDialog::preselect(const LaneChoice& choice)
{
    std::string spec = choice.components;
    std::vector<std::size_t> chosen;
    try {
        chosen = choose_lanes(*lanes_, {spec});
    } catch (const std::exception&) {
        spec = "all"; // a remembered choice this trace has no lanes for
        try {
            chosen = choose_lanes(*lanes_, {spec});
        } catch (const std::exception&) {
            // No lane has a state event: nothing is checked, and Open stays disabled.
        }
    }
    filling_ = true;
    for (int i = 0; i < list_->topLevelItemCount(); ++i)
        list_->topLevelItem(i)->setCheckState(Number, Qt::Unchecked);
    for (std::size_t l : chosen)
        list_->topLevelItem(static_cast<int>(l))->setCheckState(Number, Qt::Checked);
    filling_ = false;
    {
        // A /regex/ choice shows as the filter, so that the user sees what chose the lanes.
        const QSignalBlocker block(filter_);
        const bool regex = spec.size() >= 2 && spec.front() == '/' && spec.back() == '/';
        filter_->setText(regex ? QString::fromStdString(spec) : QString());
    }
    {
        const QSignalBlocker block(separate_);
        (choice.separate ? separate_ : oneTrace_)->setChecked(true);
    }
    applyFilter();
}

void ImportDialog::applyFilter()
{
    const LaneFilter filter(filter_->text());
    filterError_->setVisible(!filter.valid());
    filterError_->setText(filter.error());
    for (int i = 0; i < list_->topLevelItemCount(); ++i)
        list_->topLevelItem(i)->setHidden(!filter.matches(lanes_->lanes[static_cast<std::size_t>(i)].name));
    choiceChanged();
}

void ImportDialog::checkShown(bool checked)
{
    filling_ = true;
    for (int i = 0; i < list_->topLevelItemCount(); ++i)
        if (QTreeWidgetItem* item = list_->topLevelItem(i); !item->isHidden())
            item->setCheckState(Number, checked ? Qt::Checked : Qt::Unchecked);
    filling_ = false;
    choiceChanged();
}

bool ImportDialog::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != list_ || event->type() != QEvent::KeyPress || static_cast<QKeyEvent*>(event)->key() != Qt::Key_Space)
        return QDialog::eventFilter(watched, event);
    QTreeWidgetItem* current = list_->currentItem();
    if (!current)
        return true;
    const Qt::CheckState to = current->checkState(Number) == Qt::Checked ? Qt::Unchecked : Qt::Checked;
    filling_ = true;
    current->setCheckState(Number, to);
    for (QTreeWidgetItem* item : list_->selectedItems())
        if (!item->isHidden())
            item->setCheckState(Number, to);
    filling_ = false;
    choiceChanged();
    return true;
}

std::vector<std::size_t> ImportDialog::chosenLanes() const
{
    std::vector<std::size_t> out;
    for (int i = 0; i < list_->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* item = list_->topLevelItem(i);
        if (!item->isHidden() && item->checkState(Number) == Qt::Checked)
            out.push_back(static_cast<std::size_t>(i));
    }
    return out;
}

LaneChoice ImportDialog::choice() const
{
    return {laneSpec(*lanes_, chosenLanes(), LaneFilter(filter_->text())), separate_->isChecked()};
}

void ImportDialog::choiceChanged()
{
    const std::vector<std::size_t> chosen = chosenLanes();
    okButton()->setEnabled(!chosen.empty() && !reading_);
    if (reading_)
        return;
    if (!readError_.isEmpty()) {
        figures_->request({}, false);
        preview_->setText(tr("Not readable with these settings: %1").arg(readError_));
        return;
    }
    if (chosen.empty()) {
        figures_->request({}, false); // drops a count still running
        preview_->setText(tr("No lane chosen: check at least one."));
        return;
    }
    figures_->request(chosen, separate_->isChecked());
}

void ImportDialog::showFigures(const LanePreviewFigures& f)
{
    if (f.traces == 0)
        return;
    if (f.traces == 1 && !separate_->isChecked()) {
        QString text = tr("%1 of %2 lanes → one trace of %3 records, %4 distinct states")
                           .arg(formatCount(static_cast<long long>(chosenLanes().size())))
                           .arg(formatCount(static_cast<long long>(lanes_->lanes.size())))
                           .arg(formatCount(static_cast<long long>(f.total.records)))
                           .arg(formatCount(static_cast<long long>(f.total.states)));
        // Lanes that change independently make many records a state of their own: the
        // joined states say little and cost memory, so the views show those of a few lanes.
        if (f.stateLanes > 0)
            text += tr("\nThese lanes change independently: more distinct states than the views show "
                       "(%1). The states are formed from %2 (%3 states); the lanes view shows all %4 "
                       "lanes. To see the states of others, project the lanes view onto them or "
                       "open each lane as a separate trace.")
                        .arg(formatCount(static_cast<long long>(mostVectorStates())))
                        .arg(f.stateLanes == 1 ? tr("the first lane chosen")
                                               : tr("the first %1 lanes chosen").arg(f.stateLanes))
                        .arg(formatCount(static_cast<long long>(f.formed.states)))
                        .arg(formatCount(static_cast<long long>(chosenLanes().size())));
        preview_->setText(text);
        return;
    }
    preview_->setText(tr("%1 lanes → %1 traces of %2 records, %3 distinct states each")
                          .arg(formatCount(static_cast<long long>(f.traces)))
                          .arg(range(f.least.records, f.most.records), range(f.least.states, f.most.states)));
}

LaneChoice ImportDialog::remembered(SourceFormat format)
{
    QSettings s;
    LaneChoice c;
    c.components = s.value(settingsKey(format, "components"), "all").toString().toStdString();
    c.separate = s.value(settingsKey(format, "separate"), false).toBool();
    return c;
}

void ImportDialog::remember(SourceFormat format, const LaneChoice& choice)
{
    QSettings s;
    s.setValue(settingsKey(format, "components"), QString::fromStdString(choice.components));
    s.setValue(settingsKey(format, "separate"), choice.separate);
}

ImportSettings ImportDialog::rememberedSettings(SourceFormat format)
{
    QSettings s;
    ImportSettings r;
    auto list = [&s, format](const char* key) {
        std::vector<std::string> out;
        for (const QString& v : s.value(settingsKey(format, key)).toStringList())
            out.push_back(v.toStdString());
        return out;
    };
    r.time_column = s.value(settingsKey(format, "time")).toString().toStdString();
    r.state_columns = list("states");
    r.field_columns = list("field_columns");
    r.delimiter = s.value(settingsKey(format, "delimiter")).toString().toStdString();
    r.time_unit = s.value(settingsKey(format, "time_unit"), "ns").toString().toStdString();
    if (!parse_delimiter(r.delimiter))
        r.delimiter.clear();
    if (!time_unit_scale(r.time_unit))
        r.time_unit = "ns";
    return r;
}

void ImportDialog::rememberSettings(SourceFormat format, const ImportSettings& settings)
{
    QSettings s;
    auto list = [](const std::vector<std::string>& v) {
        QStringList out;
        for (const std::string& x : v)
            out << QString::fromStdString(x);
        return out;
    };
    s.setValue(settingsKey(format, "time"), QString::fromStdString(settings.time_column));
    s.setValue(settingsKey(format, "states"), list(settings.state_columns));
    s.setValue(settingsKey(format, "field_columns"), list(settings.field_columns));
    s.setValue(settingsKey(format, "delimiter"), QString::fromStdString(settings.delimiter));
    s.setValue(settingsKey(format, "time_unit"), QString::fromStdString(settings.time_unit));
}

void ImportDialog::accept()
{
    if (chosenLanes().empty() || reading_ || !readError_.isEmpty())
        return;
    remember(format_, choice());
    if (text_)
        rememberSettings(format_, settings());
    QDialog::accept();
}

} // namespace chitra::app
