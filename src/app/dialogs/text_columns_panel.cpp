#include "dialogs/text_columns_panel.hpp"
#include "text/qt_strings.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace chitra::app {

namespace {

constexpr int kRoleRow = 0; // the table's first row holds the role choosers

QString delimiterName(char c)
{
    switch (c) {
    case ',':
        return QObject::tr("comma");
    case ';':
        return QObject::tr("semicolon");
    case '\t':
        return QObject::tr("tab");
    case ':':
        return QObject::tr("colon");
    case '|':
        return QObject::tr("vertical bar");
    default:
        return QString("'%1'").arg(QChar::fromLatin1(c));
    }
}

bool allDigits(const std::string& s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

} // namespace

TextColumnsPanel::TextColumnsPanel(SourceFormat format, const QString& path, QWidget* parent)
    : QWidget(parent), format_(format), path_(path)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    auto* choosers = new QHBoxLayout;
    delimiter_ = new QComboBox(this);
    delimiter_->setObjectName("delimiter");
    delimiter_->addItem(tr("Detect"), QString());
    for (const char* d : {",", ";", "tab", ":", "|"}) {
        const char c = *parse_delimiter(d);
        delimiter_->addItem(QString("%1  %2").arg(delimiterName(c), c == '\t' ? QString("⇥") : QString(c)),
                            QString::fromLatin1(d));
    }
    delimiter_->setToolTip(tr("The character between cells (Detect: the first of , ; tab in the first row)"));
    timeUnit_ = new QComboBox(this);
    timeUnit_->setObjectName("timeUnit");
    for (const auto& [label, unit] : {std::pair{"ns", "ns"}, {"µs", "us"}, {"ms", "ms"}, {"s", "s"}})
        timeUnit_->addItem(QString::fromUtf8(label), QString::fromLatin1(unit));
    timeUnit_->setToolTip(tr("The unit of the times in the file (decimal times allowed)"));
    auto* delimiterLabel = new QLabel(tr("&Delimiter:"), this);
    delimiterLabel->setBuddy(delimiter_);
    auto* unitLabel = new QLabel(tr("Time &unit:"), this);
    unitLabel->setBuddy(timeUnit_);
    choosers->addWidget(delimiterLabel);
    choosers->addWidget(delimiter_);
    choosers->addSpacing(16);
    choosers->addWidget(unitLabel);
    choosers->addWidget(timeUnit_);
    choosers->addStretch(1);
    layout->addLayout(choosers);

    note_ = new QLabel(this);
    note_->setObjectName("textNote");
    note_->setWordWrap(true);
    layout->addWidget(note_);

    table_ = new QTableWidget(this);
    table_->setObjectName("textPreview");
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionMode(QAbstractItemView::NoSelection);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->setMinimumHeight(180);
    layout->addWidget(table_, 1);

    if (format_ == SourceFormat::events) {
        // An event trace's columns are fixed by its format, and blanks separate them.
        delimiter_->setEnabled(false);
        delimiter_->setToolTip(tr("Event traces are split at blanks"));
    }

    connect(delimiter_, &QComboBox::currentIndexChanged, this, [this] {
        if (filling_)
            return;
        const ImportSettings before = settings();
        readPreview();
        fillTable(before); // the roles stay on the columns of the same names or numbers
        emit settingsChanged();
    });
    connect(timeUnit_, &QComboBox::currentIndexChanged, this, [this] {
        if (!filling_)
            emit settingsChanged();
    });
    setSettings({});
}

void TextColumnsPanel::readPreview()
{
    const char d = parse_delimiter(delimiter_->currentData().toString().toStdString()).value_or('\0');
    preview_ = preview_text_table(path_.toStdString(), format_, d);
    QString note;
    if (format_ == SourceFormat::events)
        note = tr("Event trace: TIME FROM TO [TYPE [NAME=VALUE...]] per line, split at blanks; the columns are fixed.");
    else if (!preview_.names.empty())
        note = tr("%1 columns split at the %2; %3")
                   .arg(preview_.names.size())
                   .arg(delimiterName(preview_.delimiter))
                   .arg(preview_.header ? tr("the first row is a header (it holds a cell that is not a number).")
                                        : tr("no header: columns are named by number."));
    if (!preview_.problem.empty())
        note += (note.isEmpty() ? "" : " ") + qs(preview_.problem);
    note_->setText(note);
}

QString TextColumnsPanel::problem() const
{
    if (format_ == SourceFormat::events || columnCount() == 0)
        return {};
    int times = 0;
    bool state = false;
    for (int c = 0; c < columnCount(); ++c) {
        times += role(c) == Role::time;
        state = state || role(c) == Role::state;
    }
    if (times == 0)
        return tr("Choose the time column: set one column's role to time.");
    if (times > 1)
        return tr("Choose one time column: %1 columns have the role time.").arg(times);
    if (!state)
        return tr("Choose a state column: set at least one column's role to state.");
    return {};
}

int TextColumnsPanel::columnCount() const { return static_cast<int>(preview_.names.size()); }

int TextColumnsPanel::columnNamed(const std::string& ref) const
{
    if (preview_.header)
        for (std::size_t i = 0; i < preview_.names.size(); ++i)
            if (preview_.names[i] == ref)
                return static_cast<int>(i);
    if (allDigits(ref) && ref.size() < 9) {
        const int n = std::stoi(ref);
        if (n >= 1 && n <= columnCount())
            return n - 1;
    }
    return -1;
}

std::string TextColumnsPanel::columnRef(int column) const
{
    const std::string& name = preview_.names[static_cast<std::size_t>(column)];
    const bool unique = std::count(preview_.names.begin(), preview_.names.end(), name) == 1;
    if (preview_.header && unique && !allDigits(name) && name.find(',') == std::string::npos)
        return name;
    return std::to_string(column + 1);
}

void TextColumnsPanel::fillTable(const ImportSettings& s)
{
    const int columns = columnCount();
    std::vector<Role> roles(static_cast<std::size_t>(columns), Role::ignored);
    if (format_ == SourceFormat::events) {
        for (int c = 0; c < columns; ++c)
            roles[static_cast<std::size_t>(c)] = c == 0   ? Role::time
                                                 : c <= 2 ? Role::state
                                                 : c == 3 ? Role::ignored
                                                          : Role::field;
    } else if (columns > 0) {
        for (const std::string& f : s.field_columns)
            if (const int c = columnNamed(f); c >= 0)
                roles[static_cast<std::size_t>(c)] = Role::field;
        bool anyState = false;
        for (const std::string& st : s.state_columns)
            if (const int c = columnNamed(st); c >= 0) {
                roles[static_cast<std::size_t>(c)] = Role::state;
                anyState = true;
            }
        if (!anyState && columns >= 2) // the importer's default: the second column
            roles[1] = Role::state;
        const int time = s.time_column.empty() ? 0 : std::max(columnNamed(s.time_column), 0);
        roles[static_cast<std::size_t>(time)] = Role::time;
    }

    filling_ = true;
    table_->clear();
    table_->setColumnCount(columns);
    table_->setRowCount(1 + static_cast<int>(preview_.rows.size()));
    QStringList names, rows{tr("role")};
    for (const std::string& n : preview_.names)
        names << qs(n);
    for (std::size_t r = 0; r < preview_.rows.size(); ++r)
        rows << QString::number(r + 1);
    table_->setHorizontalHeaderLabels(names);
    table_->setVerticalHeaderLabels(rows);
    const QStringList roleNames{tr("time"), tr("state"), tr("field"), tr("ignored")};
    for (int c = 0; c < columns; ++c) {
        auto* box = new QComboBox(table_);
        box->setObjectName(QString("role.%1").arg(c + 1));
        box->addItems(roleNames);
        box->setItemData(0, tr("The time of each row (one column)"), Qt::ToolTipRole);
        box->setItemData(1, tr("A lane: its cells are the lane's states"), Qt::ToolTipRole);
        box->setItemData(2, tr("A data field (gauge): its cells are numbers"), Qt::ToolTipRole);
        box->setItemData(3, tr("Not read"), Qt::ToolTipRole);
        box->setCurrentIndex(static_cast<int>(roles[static_cast<std::size_t>(c)]));
        if (format_ == SourceFormat::events) {
            const QStringList fixed{tr("time"), tr("leaves"), tr("enters"), tr("type")};
            box->clear();
            box->addItem(c < fixed.size() ? fixed[c] : tr("field"));
            box->setEnabled(false);
        } else {
            box->setToolTip(tr("What column %1 is").arg(names[c]));
            connect(box, &QComboBox::currentIndexChanged, this, [this, c] { roleChosen(c); });
        }
        table_->setCellWidget(kRoleRow, c, box);
    }
    for (std::size_t r = 0; r < preview_.rows.size(); ++r)
        for (int c = 0; c < columns && c < static_cast<int>(preview_.rows[r].size()); ++c)
            table_->setItem(static_cast<int>(r) + 1, c,
                            new QTableWidgetItem(qs(preview_.rows[r][static_cast<std::size_t>(c)])));
    filling_ = false;
}

void TextColumnsPanel::roleChosen(int column)
{
    // Two time columns are left for the user to resolve (problem() says so): clearing the
    // other one would lose it while the arrow keys pass over "time".
    Q_UNUSED(column);
    if (!filling_)
        emit settingsChanged();
}

QComboBox* TextColumnsPanel::roleBox(int column) const
{
    return qobject_cast<QComboBox*>(table_->cellWidget(kRoleRow, column));
}

TextColumnsPanel::Role TextColumnsPanel::role(int column) const
{
    if (format_ == SourceFormat::events)
        return column == 0 ? Role::time : column <= 2 ? Role::state : column == 3 ? Role::ignored : Role::field;
    const QComboBox* box = roleBox(column);
    return box ? static_cast<Role>(box->currentIndex()) : Role::ignored;
}

ImportSettings TextColumnsPanel::settings() const
{
    ImportSettings s;
    s.time_unit = timeUnit_->currentData().toString().toStdString();
    if (format_ == SourceFormat::events)
        return s;
    s.delimiter = delimiter_->currentData().toString().toStdString();
    bool timeSet = false;
    for (int c = 0; c < columnCount(); ++c)
        switch (role(c)) {
        case Role::time:
            if (!timeSet)
                s.time_column = columnRef(c);
            timeSet = true;
            break;
        case Role::state:
            s.state_columns.push_back(columnRef(c));
            break;
        case Role::field:
            s.field_columns.push_back(columnRef(c));
            break;
        case Role::ignored:
            break;
        }
    if (!timeSet && columnCount() > 0)
        s.time_column = "0"; // no column: the importer refuses it, and the dialog says why
    return s;
}

void TextColumnsPanel::setSettings(const ImportSettings& settings)
{
    filling_ = true;
    int d = delimiter_->findData(qs(settings.delimiter));
    if (d < 0 && parse_delimiter(settings.delimiter)) {
        delimiter_->addItem(delimiterName(*parse_delimiter(settings.delimiter)), qs(settings.delimiter));
        d = delimiter_->count() - 1;
    }
    delimiter_->setCurrentIndex(std::max(d, 0));
    timeUnit_->setCurrentIndex(std::max(timeUnit_->findData(qs(settings.time_unit)), 0));
    filling_ = false;
    readPreview();
    fillTable(settings);
}

} // namespace chitra::app
