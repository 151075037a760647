#include "dialogs/projection_dialog.hpp"
#include "text/qt_strings.hpp"

#include "text/number_format.hpp"
#include "plotting/palette.hpp"

#include "chitra/transforms/transforms.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace chitra::app {

namespace {

QLabel* note(const QString& text, QWidget* parent)
{
    auto* l = new QLabel(text, parent);
    l->setWordWrap(true);
    return l;
}

} // namespace

ProjectionDialog::ProjectionDialog(std::shared_ptr<const Ses> ses, Mode mode, QWidget* parent,
                                   std::shared_ptr<const StateColours> colours)
    : QDialog(parent), ses_(std::move(ses)), colours_(std::move(colours))
{
    const std::size_t table = ses_->symbols ? ses_->symbols->size() : 0;
    std::vector<double> total(table, 0.0);
    std::vector<char> seen(table, 0);
    for (std::size_t i = 0; i < ses_->size(); ++i) {
        total[ses_->symbol[i]] += static_cast<double>(ses_->occupancy(i));
        seen[ses_->symbol[i]] = 1;
    }
    for (SymbolId s = 0; s < table; ++s)
        if (seen[s])
            present_.push_back(s);
    std::sort(present_.begin(), present_.end(),
              [this](SymbolId a, SymbolId b) { return (*ses_->symbols)[a].name < (*ses_->symbols)[b].name; });
    const double T = static_cast<double>(ses_->total());
    for (SymbolId s : present_)
        share_.push_back(T > 0 ? total[s] / T : 0.0);
    if (!colours_) { // no view's colours at hand: dealt as a view would
        std::vector<StateColours::State> states(table);
        for (SymbolId s = 0; s < table; ++s)
            states[s] = {(*ses_->symbols)[s].name, total[s]};
        colours_ = std::make_shared<const StateColours>(states, FixedColours{}, ColourBook::shared());
    }

    setWindowTitle(tr("Project, exclude or aggregate states"));
    tabs_ = new QTabWidget(this);
    tabs_->addTab(buildSetPage(), tr("Set projection"));
    tabs_->addTab(buildComponentsPage(), tr("Component projection"));
    tabs_->addTab(buildExcludePage(), tr("Exclude"));
    tabs_->addTab(buildParallelPage(), tr("Parallel aggregation"));

    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    refusal_label_ = new QLabel(this);
    refusal_label_->setWordWrap(true);
    refusal_label_->setStyleSheet(QStringLiteral("color: #C0392B; font-weight: bold;"));
    // Room for two lines, so that a refusal never clips or makes the dialog jump.
    refusal_label_->setMinimumHeight(2 * refusal_label_->fontMetrics().lineSpacing() + 4);
    refusal_label_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons_, &QDialogButtonBox::accepted, this, [this] {
        if (isValid())
            accept();
    });
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(tabs_, 1);
    layout->addWidget(summary_);
    layout->addWidget(refusal_label_);
    layout->addWidget(buttons_);

    connect(tabs_, &QTabWidget::currentChanged, this, &ProjectionDialog::validate);
    setMode(mode);
    validate();
    resize(620, 520);
}

ProjectionDialog::~ProjectionDialog()
{
    // Closing with a cell editor open commits it while the base class hides the dialog;
    // by then this object is half destroyed, so stop listening first.
    for (QObject* child : findChildren<QObject*>())
        QObject::disconnect(child, nullptr, this, nullptr);
}

QPushButton* ProjectionDialog::okButton() const { return buttons_->button(QDialogButtonBox::Ok); }

ProjectionDialog::Mode ProjectionDialog::mode() const { return static_cast<Mode>(tabs_->currentIndex()); }

void ProjectionDialog::setMode(Mode mode)
{
    tabs_->setCurrentIndex(static_cast<int>(mode));
    validate();
}

QListWidget* ProjectionDialog::makeChecklist(QWidget* page, QLineEdit** search)
{
    *search = new QLineEdit(page);
    (*search)->setPlaceholderText(tr("Search states…"));
    (*search)->setClearButtonEnabled(true);
    auto* list = new QListWidget(page);
    list->setUniformItemSizes(true);
    for (std::size_t k = 0; k < present_.size(); ++k) {
        const SymbolId s = present_[k];
        const QString name = qs((*ses_->symbols)[s].name);
        auto* item = new QListWidgetItem(colourSwatch(colours_->colour(s)),
                                         QStringLiteral("%1    %2").arg(name, formatShare(share_[k])), list);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(Qt::Unchecked);
        item->setData(Qt::UserRole, name);
    }
    connect(*search, &QLineEdit::textChanged, list, [list](const QString& text) {
        for (int r = 0; r < list->count(); ++r)
            list->item(r)->setHidden(!list->item(r)->data(Qt::UserRole).toString().contains(text, Qt::CaseInsensitive));
    });
    connect(list, &QListWidget::itemChanged, this, &ProjectionDialog::validate);
    return list;
}

QWidget* ProjectionDialog::buildSetPage()
{
    auto* page = new QWidget(this);
    QLineEdit* search = nullptr;
    set_list_ = makeChecklist(page, &search);
    set_name_ = new QLineEdit(uniqueName(QStringLiteral("P")), page);
    auto* form = new QFormLayout;
    form->addRow(tr("New state name:"), set_name_);
    auto* l = new QVBoxLayout(page);
    l->addWidget(note(tr("Every element of a checked state becomes the new state; runs of it merge. "
                         "To fold states into one that exists, check it too and give its name."),
                      page));
    l->addWidget(search);
    l->addWidget(set_list_, 1);
    l->addLayout(form);
    connect(set_name_, &QLineEdit::textChanged, this, &ProjectionDialog::validate);
    return page;
}

QWidget* ProjectionDialog::buildComponentsPage()
{
    auto* page = new QWidget(this);
    auto* l = new QVBoxLayout(page);
    l->addWidget(note(tr("Map each component's values to new values, or drop whole components; program "
                         "states with the same new tuple become one state, and runs of it merge."),
                      page));
    std::size_t k = 0;
    for (SymbolId s : present_) {
        const Symbol& sym = (*ses_->symbols)[s];
        if (sym.kind == SymbolKind::program)
            k = std::max(k, sym.components.size());
    }
    auto* row = new QWidget(page);
    auto* rl = new QHBoxLayout(row);
    rl->setContentsMargins(0, 0, 0, 0);
    for (std::size_t c = 0; c < k; ++c) {
        std::set<std::string> values;
        for (SymbolId s : present_) {
            const Symbol& sym = (*ses_->symbols)[s];
            if (sym.kind == SymbolKind::program && c < sym.components.size())
                values.insert(sym.components[c]);
        }
        auto* box = new QGroupBox(tr("Component %1").arg(c), row);
        auto* bl = new QVBoxLayout(box);
        auto* drop = new QCheckBox(tr("Drop this component"), box);
        auto* t = new QTableWidget(static_cast<int>(values.size()), 2, box);
        t->setHorizontalHeaderLabels({tr("Value"), tr("Becomes")});
        t->verticalHeader()->setVisible(false);
        t->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
        int r = 0;
        for (const auto& v : values) {
            auto* from = new QTableWidgetItem(qs(v));
            from->setFlags(Qt::ItemIsEnabled);
            t->setItem(r, 0, from);
            t->setItem(r, 1, new QTableWidgetItem(qs(v)));
            ++r;
        }
        connect(drop, &QCheckBox::toggled, t, &QWidget::setDisabled);
        connect(drop, &QCheckBox::toggled, this, &ProjectionDialog::validate);
        connect(t, &QTableWidget::itemChanged, this, &ProjectionDialog::validate);
        bl->addWidget(drop);
        bl->addWidget(t, 1);
        rl->addWidget(box);
        comp_tables_.push_back(t);
        drop_boxes_.push_back(drop);
    }
    auto* scroll = new QScrollArea(page);
    scroll->setWidgetResizable(true);
    scroll->setWidget(row);
    scroll->setFrameShape(QFrame::NoFrame);
    l->addWidget(scroll, 1);
    return page;
}

QWidget* ProjectionDialog::buildExcludePage()
{
    auto* page = new QWidget(this);
    QLineEdit* search = nullptr;
    exclude_list_ = makeChecklist(page, &search);
    exclude_globs_ = new QLineEdit(page);
    exclude_globs_->setPlaceholderText(tr("e.g. IDL* SPIN?  (space or comma separated)"));
    auto* form = new QFormLayout;
    form->addRow(tr("Also exclude globs:"), exclude_globs_);
    auto* l = new QVBoxLayout(page);
    l->addWidget(note(tr("Excluded elements vanish; their time goes to the element before them, and "
                         "neighbours that become equal merge (A X A becomes A)."),
                      page));
    l->addWidget(search);
    l->addWidget(exclude_list_, 1);
    l->addLayout(form);
    connect(exclude_globs_, &QLineEdit::textChanged, this, &ProjectionDialog::validate);
    return page;
}

QWidget* ProjectionDialog::buildParallelPage()
{
    auto* page = new QWidget(this);
    from_ = new QComboBox(page);
    to_ = new QComboBox(page);
    for (SymbolId s : present_) {
        const QString name = qs((*ses_->symbols)[s].name);
        from_->addItem(colourSwatch(colours_->colour(s)), name, name);
        to_->addItem(colourSwatch(colours_->colour(s)), name, name);
    }
    if (to_->count() > 1)
        to_->setCurrentIndex(1);
    parallel_name_ = new QLineEdit(uniqueName(QStringLiteral("PAR")), page);
    auto* form = new QFormLayout;
    form->addRow(tr("From state:"), from_);
    form->addRow(tr("To state:"), to_);
    form->addRow(tr("Composite name:"), parallel_name_);
    auto* l = new QVBoxLayout(page);
    l->addWidget(note(tr("For each occurrence of the first state, the elements strictly between it and the "
                         "next occurrence of the second state become one composite."),
                      page));
    l->addLayout(form);
    l->addStretch(1);
    connect(from_, &QComboBox::currentIndexChanged, this, &ProjectionDialog::validate);
    connect(to_, &QComboBox::currentIndexChanged, this, &ProjectionDialog::validate);
    connect(parallel_name_, &QLineEdit::textChanged, this, &ProjectionDialog::validate);
    return page;
}

QString ProjectionDialog::uniqueName(const QString& stem) const
{
    for (int k = 1;; ++k) {
        const QString name = stem + QString::number(k);
        if (ses_->symbols->find(name.toStdString()) == kNoSymbol)
            return name;
    }
}

void ProjectionDialog::preselect(const std::vector<SymbolId>& symbols)
{
    for (QListWidget* list : {set_list_, exclude_list_}) {
        QSignalBlocker block(list);
        for (int r = 0; r < list->count(); ++r) {
            const std::string name = list->item(r)->data(Qt::UserRole).toString().toStdString();
            const SymbolId id = ses_->symbols->find(name);
            const bool on = std::find(symbols.begin(), symbols.end(), id) != symbols.end();
            list->item(r)->setCheckState(on ? Qt::Checked : Qt::Unchecked);
        }
    }
    validate();
}

std::vector<std::string> ProjectionDialog::checkedNames(const QListWidget* list) const
{
    std::vector<std::string> names;
    for (int r = 0; r < list->count(); ++r)
        if (list->item(r)->checkState() == Qt::Checked)
            names.push_back(list->item(r)->data(Qt::UserRole).toString().toStdString());
    return names;
}

std::vector<std::string> ProjectionDialog::globs() const
{
    std::vector<std::string> out;
    const QStringList parts =
        exclude_globs_->text().split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts);
    for (const QString& p : parts)
        out.push_back(p.toStdString());
    return out;
}

Step ProjectionDialog::step() const
{
    switch (mode()) {
    case Mode::set:
        return step::Project{checkedNames(set_list_), set_name_->text().trimmed().toStdString()};
    case Mode::components: {
        step::ProjectComponents pc;
        for (std::size_t c = 0; c < comp_tables_.size(); ++c) {
            if (drop_boxes_[c]->isChecked()) {
                pc.drop.push_back(c);
                continue;
            }
            QTableWidget* t = comp_tables_[c];
            for (int r = 0; r < t->rowCount(); ++r) {
                const QString from = t->item(r, 0)->text();
                const QString to = t->item(r, 1)->text().trimmed();
                if (!to.isEmpty() && to != from)
                    pc.map[std::to_string(c)][from.toStdString()] = to.toStdString();
            }
        }
        return pc;
    }
    case Mode::exclude: {
        std::vector<std::string> states = checkedNames(exclude_list_);
        for (auto& g : globs())
            if (std::find(states.begin(), states.end(), g) == states.end())
                states.push_back(g);
        return step::Exclude{states};
    }
    case Mode::parallel:
        return step::Parallel{from_->currentData().toString().toStdString(),
                              to_->currentData().toString().toStdString(),
                              parallel_name_->text().trimmed().toStdString()};
    }
    return step::Exclude{};
}

QString ProjectionDialog::validateSet(QString& summary) const
{
    const auto names = checkedNames(set_list_);
    const std::string as = set_name_->text().trimmed().toStdString();
    summary = tr("%1 state(s) checked.").arg(names.size());
    if (names.empty())
        return tr("Check at least one state to project.");
    if (as.empty())
        return tr("Give the projected state a name.");
    if (ses_->symbols->find(as) != kNoSymbol && std::find(names.begin(), names.end(), as) == names.end())
        return tr("“%1” already names a different state. Check it too to merge into it, or choose a new name.")
            .arg(qs(as));
    return {};
}

QString ProjectionDialog::validateComponents(QString& summary) const
{
    if (comp_tables_.empty())
        return tr("This view has no program states with components.");
    std::size_t kept = 0;
    for (QCheckBox* d : drop_boxes_)
        if (!d->isChecked())
            ++kept;
    if (kept == 0)
        return tr("At least one component must stay.");
    // Empty new values are refused: every state needs a name.
    for (std::size_t c = 0; c < comp_tables_.size(); ++c) {
        if (drop_boxes_[c]->isChecked())
            continue;
        for (int r = 0; r < comp_tables_[c]->rowCount(); ++r)
            if (comp_tables_[c]->item(r, 1)->text().trimmed().isEmpty())
                return tr("Component %1: value “%2” needs a new value.")
                    .arg(c)
                    .arg(comp_tables_[c]->item(r, 0)->text());
    }
    const auto pc = std::get<step::ProjectComponents>(step());
    // How many program states there will be (the same mapping as the core's).
    std::set<std::vector<std::string>> tuples;
    std::size_t programs = 0;
    for (SymbolId s : present_) {
        const Symbol& sym = (*ses_->symbols)[s];
        if (sym.kind != SymbolKind::program)
            continue;
        ++programs;
        std::vector<std::string> t;
        for (std::size_t c = 0; c < sym.components.size(); ++c) {
            if (c < drop_boxes_.size() && drop_boxes_[c]->isChecked())
                continue;
            std::string v = sym.components[c];
            if (auto it = pc.map.find(std::to_string(c)); it != pc.map.end())
                if (auto jt = it->second.find(v); jt != it->second.end())
                    v = jt->second;
            t.push_back(v);
        }
        tuples.insert(t);
    }
    summary = tr("The %1 program states become %2.").arg(programs).arg(tuples.size());
    if (pc.map.empty() && pc.drop.empty())
        return tr("Nothing to do: change a value or drop a component.");
    return {};
}

QString ProjectionDialog::validateExclude(QString& summary) const
{
    const auto names = checkedNames(exclude_list_);
    const auto gl = globs();
    if (names.empty() && gl.empty())
        return tr("Check states to exclude or type a glob.");
    std::size_t matched = 0;
    for (SymbolId s : present_) {
        const std::string& name = (*ses_->symbols)[s].name;
        bool hit = std::find(names.begin(), names.end(), name) != names.end();
        for (const auto& g : gl)
            hit = hit || glob_match(g, name);
        if (hit)
            ++matched;
    }
    summary = tr("%1 of %2 states excluded.").arg(matched).arg(present_.size());
    for (const auto& g : gl) {
        bool any = false;
        for (SymbolId s : present_)
            any = any || glob_match(g, (*ses_->symbols)[s].name);
        if (!any)
            summary += tr(" “%1” matches no state.").arg(qs(g));
    }
    if (matched == present_.size())
        return tr("Every state would be excluded: nothing would remain.");
    return {};
}

QString ProjectionDialog::validateParallel(QString& summary) const
{
    summary.clear();
    if (present_.size() < 2)
        return tr("Parallel aggregation needs two different states.");
    const QString from = from_->currentData().toString();
    const QString to = to_->currentData().toString();
    const QString as = parallel_name_->text().trimmed();
    if (from == to)
        return tr("Pick two different states.");
    if (as.isEmpty())
        return tr("Give the composite a name.");
    if (ses_->symbols->find(as.toStdString()) != kNoSymbol)
        return tr("“%1” already names a different state; choose a new name.").arg(as);
    summary = tr("Elements between each %1 and the next %2 become %3.").arg(from, to, as);
    return {};
}

void ProjectionDialog::validate()
{
    if (!tabs_ || !buttons_)
        return; // still building
    QString summary;
    switch (mode()) {
    case Mode::set:
        refusal_ = validateSet(summary);
        break;
    case Mode::components:
        refusal_ = validateComponents(summary);
        break;
    case Mode::exclude:
        refusal_ = validateExclude(summary);
        break;
    case Mode::parallel:
        refusal_ = validateParallel(summary);
        break;
    }
    summary_->setText(summary);
    refusal_label_->setText(refusal_);
    refusal_label_->setVisible(!refusal_.isEmpty());
    okButton()->setEnabled(refusal_.isEmpty());
}

} // namespace chitra::app
