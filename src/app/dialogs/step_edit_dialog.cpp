#include "dialogs/step_edit_dialog.hpp"

#include "text/step_text.hpp"

#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>

namespace chitra::app {

namespace {
QString num(double v) { return QString::number(v, 'g', 12); }
QString num(std::size_t v) { return QString::number(static_cast<qulonglong>(v)); }
QString num(Time v) { return QString::number(static_cast<qlonglong>(v)); }

// Parsers that say what is wrong in the words of the field.
bool parseCount(const QString& text, const QString& label, std::size_t& out, QString* error)
{
    bool ok = false;
    const qulonglong v = text.trimmed().toULongLong(&ok);
    if (!ok) {
        *error = QString("%1 must be a whole number >= 0").arg(label);
        return false;
    }
    out = static_cast<std::size_t>(v);
    return true;
}
bool parseTime(const QString& text, const QString& label, Time& out, QString* error)
{
    bool ok = false;
    const qlonglong v = text.trimmed().toLongLong(&ok);
    if (!ok) {
        *error = QString("%1 must be a whole number").arg(label);
        return false;
    }
    out = static_cast<Time>(v);
    return true;
}
bool parseReal(const QString& text, const QString& label, double& out, QString* error)
{
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v) || v < 0) {
        *error = QString("%1 must be a number >= 0").arg(label);
        return false;
    }
    out = v;
    return true;
}
bool parseName(const QString& text, std::string& out, QString* error)
{
    if (text.trimmed().isEmpty()) {
        *error = QString("the composite needs a name");
        return false;
    }
    out = text.trimmed().toStdString();
    return true;
}
} // namespace

std::vector<StepField> stepFields(const Step& s)
{
    return std::visit(
        [](const auto& v) -> std::vector<StepField> {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, step::ClipCount>)
                return {{"head (elements)", num(v.head)}, {"tail (elements)", num(v.tail)}};
            else if constexpr (std::is_same_v<T, step::ClipTime>)
                return {{"from time", num(v.t0)}, {"to time (excluded)", num(v.t1)}};
            else if constexpr (std::is_same_v<T, step::ClipEvent>)
                return {{"from event", num(v.i0)}, {"to event (excluded)", num(v.i1)}};
            else if constexpr (std::is_same_v<T, step::FilterTime>)
                return {{"share of time below (%)", num(v.below * 100)}};
            else if constexpr (std::is_same_v<T, step::FilterEvent>)
                return v.below ? std::vector<StepField>{{"count below", num(*v.below)}}
                               : std::vector<StepField>{
                                     {"count below (% of elements)", num(v.below_fraction.value_or(0) * 100)}};
            else if constexpr (std::is_same_v<T, step::FilterFrequency>)
                return {{"band from (f0)", num(v.f0)}, {"band to (f1)", num(v.f1)}};
            else if constexpr (std::is_same_v<T, step::Aggregate> || std::is_same_v<T, step::Project> ||
                               std::is_same_v<T, step::Parallel>)
                return {{"composite name", QString::fromStdString(v.as)}};
            else
                return {};
        },
        s);
}

std::optional<Step> stepWithFields(const Step& s, const QStringList& values, QString* error)
{
    QString dummy;
    if (!error)
        error = &dummy;
    const auto fields = stepFields(s);
    if (fields.empty() || values.size() != static_cast<int>(fields.size())) {
        *error = QString("this step has nothing to edit");
        return std::nullopt;
    }
    const auto label = [&](int i) { return fields[static_cast<std::size_t>(i)].label; };
    return std::visit(
        [&](auto v) -> std::optional<Step> {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, step::ClipCount>) {
                if (!parseCount(values[0], label(0), v.head, error) || !parseCount(values[1], label(1), v.tail, error))
                    return std::nullopt;
            } else if constexpr (std::is_same_v<T, step::ClipTime>) {
                if (!parseTime(values[0], label(0), v.t0, error) || !parseTime(values[1], label(1), v.t1, error))
                    return std::nullopt;
                if (v.t1 <= v.t0) {
                    *error = QString("the window is empty: the end must be after the start");
                    return std::nullopt;
                }
            } else if constexpr (std::is_same_v<T, step::ClipEvent>) {
                if (!parseCount(values[0], label(0), v.i0, error) || !parseCount(values[1], label(1), v.i1, error))
                    return std::nullopt;
                if (v.i1 <= v.i0) {
                    *error = QString("the window is empty: the end must be after the start");
                    return std::nullopt;
                }
            } else if constexpr (std::is_same_v<T, step::FilterTime>) {
                double p = 0;
                if (!parseReal(values[0], label(0), p, error))
                    return std::nullopt;
                if (p > 100) {
                    *error = QString("a share of time is at most 100%");
                    return std::nullopt;
                }
                v.below = p / 100;
            } else if constexpr (std::is_same_v<T, step::FilterEvent>) {
                double p = 0;
                if (!parseReal(values[0], label(0), p, error))
                    return std::nullopt;
                if (v.below) {
                    v.below = p;
                } else {
                    if (p > 100) {
                        *error = QString("a share of elements is at most 100%");
                        return std::nullopt;
                    }
                    v.below_fraction = p / 100;
                }
            } else if constexpr (std::is_same_v<T, step::FilterFrequency>) {
                if (!parseReal(values[0], label(0), v.f0, error) || !parseReal(values[1], label(1), v.f1, error))
                    return std::nullopt;
                if (v.f1 < v.f0) {
                    *error = QString("the band's upper end is below its lower end");
                    return std::nullopt;
                }
            } else if constexpr (std::is_same_v<T, step::Aggregate> || std::is_same_v<T, step::Project> ||
                                 std::is_same_v<T, step::Parallel>) {
                if (!parseName(values[0], v.as, error))
                    return std::nullopt;
            } else {
                *error = QString("this step has nothing to edit");
                return std::nullopt;
            }
            return Step{v};
        },
        s);
}

std::optional<Step> editStepDialog(QWidget* parent, const Step& step, TimeBase base)
{
    const auto fields = stepFields(step);
    if (fields.empty())
        return std::nullopt;
    QDialog dialog(parent);
    dialog.setWindowTitle(QObject::tr("Edit step: %1").arg(describeStep(step, base)));
    auto* form = new QFormLayout;
    std::vector<QLineEdit*> edits;
    for (const auto& f : fields) {
        auto* e = new QLineEdit(f.value, &dialog);
        form->addRow(f.label, e);
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
        QStringList values;
        for (auto* e : edits)
            values << e->text();
        QString error;
        result = stepWithFields(step, values, &error);
        refusal->setText(error);
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
