#include "chain/simulation_dialog.hpp"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace chitra::app {

std::optional<SimulationChoice> askForSimulation(QWidget* parent, std::uint64_t defaultLength,
                                                 const QString& suggestedPath)
{
    QDialog dialog(parent);
    dialog.setWindowTitle(QObject::tr("Simulate a trajectory"));
    auto* length = new QSpinBox(&dialog);
    length->setRange(1, 1000000000);
    length->setValue(static_cast<int>(std::clamp<std::uint64_t>(defaultLength, 1, 1000000000)));
    length->setSuffix(QObject::tr(" elements"));
    auto* seed = new QSpinBox(&dialog);
    seed->setRange(1, 1000000000);
    seed->setValue(1);
    seed->setToolTip(QObject::tr("The same seed draws the same trajectory"));
    auto* law = new QComboBox(&dialog);
    law->addItem(QObject::tr("Each state's histogram"));
    law->addItem(QObject::tr("Fitted law (exponential, gamma or lognormal)"));
    auto* path = new QLineEdit(suggestedPath, &dialog);
    auto* browse = new QPushButton(QObject::tr("Browse…"), &dialog);
    QObject::connect(browse, &QPushButton::clicked, &dialog, [&dialog, path] {
        const QString chosen = QFileDialog::getSaveFileName(&dialog, QObject::tr("Write the trajectory"), path->text(),
                                                            QObject::tr("PES traces (*.pes)"));
        if (!chosen.isEmpty())
            path->setText(chosen);
    });
    auto* file = new QHBoxLayout;
    file->addWidget(path, 1);
    file->addWidget(browse);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    buttons->button(QDialogButtonBox::Ok)->setText(QObject::tr("Simulate and open"));
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* form = new QFormLayout(&dialog);
    form->addRow(QObject::tr("Length"), length);
    form->addRow(QObject::tr("Seed"), seed);
    form->addRow(QObject::tr("Occupancies"), law);
    form->addRow(QObject::tr("File"), file);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted || path->text().isEmpty())
        return std::nullopt;
    return SimulationChoice{path->text(), static_cast<std::uint64_t>(length->value()),
                            static_cast<std::uint64_t>(seed->value()), law->currentIndex() == 1};
}

} // namespace chitra::app
