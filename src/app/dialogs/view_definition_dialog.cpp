#include "dialogs/view_definition_dialog.hpp"

#include "chitra/transforms/transforms.hpp"
#include "text/number_format.hpp"
#include "document/view_document.hpp"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace chitra::app {

// ---- RangeBar --------------------------------------------------------------------

RangeBar::RangeBar(QWidget* parent) : QWidget(parent)
{
    setMinimumHeight(20);
    setMouseTracking(true);
    setToolTip(tr("Drag the thumb to move the window; drag its ends to stretch or shrink it"));
}

void RangeBar::setLimits(double first, double last)
{
    first_ = first;
    last_ = last > first ? last : first + 1;
    update();
}

void RangeBar::setWindow(double lo, double hi)
{
    lo_ = std::clamp(std::min(lo, hi), first_, last_);
    hi_ = std::clamp(std::max(lo, hi), first_, last_);
    update();
}

double RangeBar::toPixel(double v) const { return 2 + (v - first_) / (last_ - first_) * (width() - 4); }
double RangeBar::toValue(double px) const { return first_ + (px - 2) / std::max(1, width() - 4) * (last_ - first_); }

QRect RangeBar::thumbRect() const
{
    const int a = static_cast<int>(std::floor(toPixel(lo_))), b = static_cast<int>(std::ceil(toPixel(hi_)));
    return QRect(a, 2, std::max(6, b - a), height() - 4);
}

void RangeBar::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(palette().color(QPalette::Mid));
    p.setBrush(palette().color(QPalette::Base));
    p.drawRoundedRect(rect().adjusted(0, 0, -1, -1), 3, 3);
    const QRect t = thumbRect();
    p.setBrush(palette().color(QPalette::Highlight));
    p.setPen(Qt::NoPen);
    p.drawRoundedRect(t, 3, 3);
    p.setBrush(palette().color(QPalette::HighlightedText));
    p.drawRect(QRect(t.left() + 1, t.center().y() - 4, 2, 8)); // stretch handles
    p.drawRect(QRect(t.right() - 2, t.center().y() - 4, 2, 8));
}

void RangeBar::mousePressEvent(QMouseEvent* e)
{
    const QRect t = thumbRect();
    const int x = static_cast<int>(e->position().x());
    if (std::abs(x - t.left()) <= 4)
        drag_ = Drag::Low;
    else if (std::abs(x - t.right()) <= 4)
        drag_ = Drag::High;
    else if (t.contains(e->position().toPoint()))
        drag_ = Drag::Move;
    else { // a click beside the thumb pages, as a scrollbar does
        const double w = hi_ - lo_;
        const double shift = x < t.left() ? -w : w;
        const double lo = std::clamp(lo_ + shift, first_, last_ - w);
        setWindow(lo, lo + w);
        emit windowChanged(lo_, hi_);
        return;
    }
    grabValue_ = toValue(e->position().x());
    grabLo_ = lo_;
    grabHi_ = hi_;
}

void RangeBar::mouseMoveEvent(QMouseEvent* e)
{
    if (drag_ == Drag::None) {
        const QRect t = thumbRect();
        const int x = static_cast<int>(e->position().x());
        setCursor(std::abs(x - t.left()) <= 4 || std::abs(x - t.right()) <= 4 ? Qt::SizeHorCursor : Qt::ArrowCursor);
        return;
    }
    const double d = toValue(e->position().x()) - grabValue_;
    if (drag_ == Drag::Move) {
        const double w = grabHi_ - grabLo_;
        const double lo = std::clamp(grabLo_ + d, first_, last_ - w);
        setWindow(lo, lo + w);
    } else if (drag_ == Drag::Low) {
        setWindow(std::min(grabLo_ + d, hi_), hi_);
    } else {
        setWindow(lo_, std::max(grabHi_ + d, lo_));
    }
    emit windowChanged(lo_, hi_);
}

void RangeBar::mouseReleaseEvent(QMouseEvent*) { drag_ = Drag::None; }

// ---- ViewDefinitionDialog --------------------------------------------------------

ViewDefinitionDialog::ViewDefinitionDialog(ViewDocument* doc, QWidget* parent) : QDialog(parent), doc_(doc)
{
    setWindowTitle(tr("View definition — %1").arg(doc->name()));
    const Ses& ses = doc_->ses();
    if (!ses.empty()) {
        first_ = ses.bounds.front();
        last_ = ses.bounds.back();
    }
    t0_ = first_;
    t1_ = last_;
    const QString unit = QString::fromStdString(std::string(to_string(doc_->trace().header.timebase)));

    auto* rangeBox = new QGroupBox(tr("Range (time, %1)").arg(unit), this);
    auto* rangeForm = new QFormLayout(rangeBox);
    from_ = new QLineEdit(rangeBox);
    to_ = new QLineEdit(rangeBox);
    auto* fromTo = new QHBoxLayout;
    fromTo->addWidget(new QLabel(tr("from"), rangeBox));
    fromTo->addWidget(from_, 1);
    fromTo->addWidget(new QLabel(tr("to"), rangeBox));
    fromTo->addWidget(to_, 1);
    rangeForm->addRow(fromTo);
    bar_ = new RangeBar(rangeBox);
    bar_->setLimits(static_cast<double>(first_), static_cast<double>(last_));
    rangeForm->addRow(tr("Window"), bar_);
    stateEdit_ = new QLineEdit(rangeBox);
    stateEdit_->setPlaceholderText(tr("state name or glob, e.g. E*"));
    auto* search = new QHBoxLayout;
    search->addWidget(stateEdit_, 1);
    const struct {
        QString text, tip;
        bool upper, forward;
    } moves[] = {{tr("◀ from"), tr("Move the lower bound back to the previous entry"), false, false},
                 {tr("from ▶"), tr("Move the lower bound on to the next entry"), false, true},
                 {tr("◀ to"), tr("Move the upper bound back to the previous entry"), true, false},
                 {tr("to ▶"), tr("Move the upper bound on to the next entry"), true, true}};
    for (const auto& m : moves) {
        auto* b = new QPushButton(m.text, rangeBox);
        b->setToolTip(m.tip);
        b->setAutoDefault(false);
        search->addWidget(b);
        connect(b, &QPushButton::clicked, this, [this, m] { searchState(stateEdit_->text(), m.upper, m.forward); });
    }
    rangeForm->addRow(tr("Search state"), search);
    searchInfo_ = new QLabel(rangeBox);
    rangeForm->addRow(searchInfo_);

    auto* excludeBox = new QGroupBox(tr("Exclusion (checked states are excluded)"), this);
    auto* ex = new QVBoxLayout(excludeBox);
    list_ = new QListWidget(excludeBox);
    std::vector<std::uint8_t> present(ses.symbols->size(), 0);
    for (SymbolId s : ses.symbol)
        present[s] = 1;
    for (SymbolId s = 0; s < present.size(); ++s)
        if (present[s]) {
            auto* item = new QListWidgetItem(QString::fromStdString((*ses.symbols)[s].name), list_);
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(Qt::Unchecked);
        }
    ex->addWidget(list_, 1);
    auto* pat = new QHBoxLayout;
    patternEdit_ = new QLineEdit(excludeBox);
    patternEdit_->setPlaceholderText(tr("glob: * any run, ? one character"));
    auto* include = new QPushButton(tr("Include"), excludeBox);
    auto* exclude = new QPushButton(tr("Exclude"), excludeBox);
    include->setAutoDefault(false);
    exclude->setAutoDefault(false);
    pat->addWidget(patternEdit_, 1);
    pat->addWidget(include);
    pat->addWidget(exclude);
    ex->addLayout(pat);

    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(this);
    auto* asNew = buttons->addButton(tr("Apply as new view"), QDialogButtonBox::AcceptRole);
    auto* toCurrent = buttons->addButton(tr("Apply to this view"), QDialogButtonBox::AcceptRole);
    buttons->addButton(QDialogButtonBox::Cancel);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(rangeBox);
    layout->addWidget(excludeBox, 1);
    layout->addWidget(summary_);
    layout->addWidget(buttons);

    connect(from_, &QLineEdit::editingFinished, this, [this] {
        bool ok = false;
        const qlonglong v = from_->text().remove(' ').remove(',').toLongLong(&ok);
        if (ok)
            setRange(v, std::max<Time>(v, t1_));
        else
            syncFields();
    });
    connect(to_, &QLineEdit::editingFinished, this, [this] {
        bool ok = false;
        const qlonglong v = to_->text().remove(' ').remove(',').toLongLong(&ok);
        if (ok)
            setRange(std::min<Time>(t0_, v), v);
        else
            syncFields();
    });
    connect(bar_, &RangeBar::windowChanged, this, [this](double lo, double hi) {
        t0_ = static_cast<Time>(std::llround(lo));
        t1_ = static_cast<Time>(std::llround(hi));
        syncFields();
    });
    connect(include, &QPushButton::clicked, this,
            [this] { applyPattern(patternEdit_->text(), PatternEffect::Include); });
    connect(exclude, &QPushButton::clicked, this,
            [this] { applyPattern(patternEdit_->text(), PatternEffect::Exclude); });
    connect(list_, &QListWidget::itemChanged, this, [this] { syncFields(); });
    connect(asNew, &QPushButton::clicked, this, [this] { finish(Target::NewView); });
    connect(toCurrent, &QPushButton::clicked, this, [this] { finish(Target::CurrentView); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(560, 560);
    setRange(t0_, t1_);
}

void ViewDefinitionDialog::setRange(Time t0, Time t1)
{
    t0_ = std::clamp(std::min(t0, t1), first_, last_);
    t1_ = std::clamp(std::max(t0, t1), first_, last_);
    bar_->setWindow(static_cast<double>(t0_), static_cast<double>(t1_));
    syncFields();
}

void ViewDefinitionDialog::syncFields()
{
    from_->setText(QString::number(t0_));
    to_->setText(QString::number(t1_));
    QString text;
    try {
        const Pipeline p = pipeline();
        QStringList steps;
        for (std::size_t i = 0; i < p.steps.size(); ++i)
            steps << QString::fromStdString(std::string(op_name(p.steps[i])));
        text = p.steps.empty() ? tr("The definition keeps the whole view (no step).")
                               : tr("Steps: %1. Excluded: %2 states.").arg(steps.join(", ")).arg(excluded().size());
    } catch (const InputError& e) {
        text = QString::fromStdString(e.what());
    }
    summary_->setText(text);
}

bool ViewDefinitionDialog::searchState(const QString& glob, bool upperBound, bool forward)
{
    if (glob.trimmed().isEmpty())
        return false;
    const Time from = upperBound ? t1_ : t0_;
    const auto hit = find_state_entry(doc_->ses(), glob.trimmed().toStdString(), from, forward);
    if (!hit) {
        searchInfo_->setText(tr("No entry into %1 %2 %3.").arg(glob, forward ? tr("after") : tr("before")).arg(from));
        return false;
    }
    searchInfo_->setText(tr("Entry into %1 at %2.").arg(glob).arg(*hit));
    if (upperBound)
        setRange(std::min(t0_, *hit), *hit);
    else
        setRange(*hit, std::max(t1_, *hit));
    return true;
}

QStringList ViewDefinitionDialog::excluded() const
{
    QStringList out;
    for (int i = 0; i < list_->count(); ++i)
        if (list_->item(i)->checkState() == Qt::Checked)
            out << list_->item(i)->text();
    return out;
}

void ViewDefinitionDialog::setExcluded(const QStringList& names)
{
    QSignalBlocker block(list_);
    for (int i = 0; i < list_->count(); ++i)
        list_->item(i)->setCheckState(names.contains(list_->item(i)->text()) ? Qt::Checked : Qt::Unchecked);
    syncFields();
}

void ViewDefinitionDialog::applyPattern(const QString& glob, PatternEffect effect)
{
    if (glob.trimmed().isEmpty())
        return;
    std::vector<std::string> names, current;
    for (int i = 0; i < list_->count(); ++i)
        names.push_back(list_->item(i)->text().toStdString());
    for (const QString& n : excluded())
        current.push_back(n.toStdString());
    QStringList result;
    for (const auto& n : apply_pattern(names, current, glob.trimmed().toStdString(), effect))
        result << QString::fromStdString(n);
    setExcluded(result);
}

ViewDefinition ViewDefinitionDialog::definition() const
{
    ViewDefinition d;
    d.t0 = t0_;
    // The upper bound of the whole view is open, so that the last element stays.
    if (t1_ < last_)
        d.t1 = t1_;
    for (const QString& n : excluded())
        d.exclude.push_back(n.toStdString());
    return d;
}

Pipeline ViewDefinitionDialog::pipeline() const { return view_pipeline(definition(), doc_->ses()); }

void ViewDefinitionDialog::finish(Target target)
{
    target_ = target;
    try {
        (void)pipeline();
    } catch (const InputError&) {
        return; // the summary line already says why
    }
    accept();
}

std::optional<QString> ViewDefinitionDialog::applyTo(ViewDocument* doc, const Pipeline& pipeline)
{
    const int undoBefore = doc->undoStack()->index();
    for (const Step& s : pipeline.steps)
        if (auto error = doc->pushStep(s)) {
            while (doc->undoStack()->index() > undoBefore)
                doc->undoStack()->undo();
            return error;
        }
    return std::nullopt;
}

} // namespace chitra::app
