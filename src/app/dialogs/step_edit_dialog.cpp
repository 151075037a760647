#include "dialogs/step_edit_dialog.hpp"

#include "chitra/pipeline/step_text.hpp"
#include "text/step_text.hpp"

#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace chitra::app {

std::optional<Step> editStepDialog(QWidget* parent, const Step& step, TimeBase base)
{
    const auto fields = step_fields(step);
    if (fields.empty())
        return std::nullopt;
    QDialog dialog(parent);
    dialog.setWindowTitle(QObject::tr("Edit step: %1").arg(describeStep(step, base)));
    auto* form = new QFormLayout;
    std::vector<QLineEdit*> edits;
    for (const auto& f : fields) {
        auto* e = new QLineEdit(QString::fromStdString(f.value), &dialog);
        form->addRow(QString::fromStdString(f.label), e);
        edits.push_back(e);
    }
    auto* refusal = new QLabel(&dialog);
    refusal->setStyleSheet("color: #b00020");
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addLayout(form);
    layout->addWidget(refusal);
    layout->addWidget(buttons);
    std::optional<Step> result;
    auto validate = [&] {
        std::vector<std::string> values;
        for (auto* e : edits)
            values.push_back(e->text().toStdString());
        std::string error;
        result = step_with_fields(step, values, error);
        refusal->setText(QString::fromStdString(error));
        buttons->button(QDialogButtonBox::Ok)->setEnabled(result.has_value());
    };
    for (auto* e : edits)
        QObject::connect(e, &QLineEdit::textChanged, &dialog, validate);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    validate();
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return result;
}

} // namespace chitra::app
