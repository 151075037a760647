#include "dialogs/preferences_dialog.hpp"

#include "displays/min_visit_box.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPainter>
#include <QPixmap>
#include <QSpinBox>
#include <QVBoxLayout>

namespace chitra::app {

namespace {
// A strip of the palette's first colours, so that the choice is seen, not only named.
QIcon paletteStrip(StatePalette palette)
{
    QPixmap pm(kPrimaryColours * 12, 12);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    for (int i = 0; i < kPrimaryColours; ++i)
        p.fillRect(i * 12, 0, 11, 12, primaryColour(i, palette));
    return QIcon(pm);
}
} // namespace

PreferencesDialog::PreferencesDialog(const Preferences& current, QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Preferences"));

    unit_ = new QComboBox(this);
    unit_->addItem(tr("Automatic (1.83 s, 250 µs)"), QStringLiteral("auto"));
    unit_->addItem(tr("Seconds"), 0);
    unit_->addItem(tr("Milliseconds"), -1);
    unit_->addItem(tr("Microseconds"), -2);
    unit_->addItem(tr("Nanoseconds"), -3);
    unit_->setCurrentIndex(current.secondsPrefix ? 1 - *current.secondsPrefix : 0);
    unit_->setToolTip(tr("How times and durations of traces timed in seconds are written, on axes and in panels"));

    palette_ = new QComboBox(this);
    palette_->setIconSize(QSize(kPrimaryColours * 12, 12));
    palette_->addItem(paletteStrip(StatePalette::okabeIto), tr("Okabe-Ito (colour-blind safe)"),
                      paletteKey(StatePalette::okabeIto));
    palette_->addItem(paletteStrip(StatePalette::tol), tr("Tol muted (colour-blind safe)"),
                      paletteKey(StatePalette::tol));
    palette_->setCurrentIndex(current.palette == StatePalette::tol ? 1 : 0);
    palette_->setToolTip(tr("The colours of states in every display"));

    autosave_ = new QSpinBox(this);
    autosave_->setRange(0, 24 * 60);
    autosave_->setSuffix(tr(" min"));
    autosave_->setSpecialValueText(tr("off"));
    autosave_->setValue(current.autosaveMinutes);
    autosave_->setToolTip(tr("How often an unsaved session is written to its recovery file"));

    shortVisit_ = new MinVisitBox(this);
    shortVisit_->setTimeBase(TimeBase::ns);
    shortVisit_->setSeconds(current.shortVisitSeconds);
    shortVisit_->setToolTip(tr("The short-visit threshold new Gantt and rate displays start with"));

    theme_ = new QComboBox(this);
    theme_->addItem(tr("Follow the desktop"), static_cast<int>(Theme::desktop));
    theme_->addItem(tr("Light"), static_cast<int>(Theme::light));
    theme_->addItem(tr("Dark"), static_cast<int>(Theme::dark));
    theme_->setCurrentIndex(theme_->findData(static_cast<int>(current.theme)));
    theme_->setToolTip(tr("The colours of windows and plots: the desktop's, or light or dark whatever it uses"));

    auto* form = new QFormLayout;
    form->addRow(tr("&Durations in:"), unit_);
    form->addRow(tr("State &colours:"), palette_);
    form->addRow(tr("&Autosave every:"), autosave_);
    form->addRow(tr("&Short visits below:"), shortVisit_);
    form->addRow(tr("&Theme:"), theme_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

Preferences PreferencesDialog::chosen() const
{
    Preferences p;
    bool fixed = false;
    const int power = unit_->currentData().toInt(&fixed);
    if (fixed)
        p.secondsPrefix = power;
    p.palette = paletteFromKey(palette_->currentData().toString());
    p.autosaveMinutes = autosave_->value();
    p.shortVisitSeconds = shortVisit_->seconds();
    p.theme = static_cast<Theme>(theme_->currentData().toInt());
    return p;
}

} // namespace chitra::app
