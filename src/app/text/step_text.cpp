#include "text/step_text.hpp"

#include "text/number_format.hpp"

#include <QStringList>

namespace chitra::app {

namespace {
QString joined(const std::vector<std::string>& names, const char* sep = " ")
{
    QStringList l;
    for (const auto& n : names)
        l << QString::fromStdString(n);
    return l.join(sep);
}
} // namespace

QString describeStep(const Step& s, TimeBase base)
{
    return std::visit(
        [base](const auto& v) -> QString {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, step::ClipCount>)
                return QString("clip head %1 tail %2").arg(v.head).arg(v.tail);
            else if constexpr (std::is_same_v<T, step::ClipTime>)
                return QString("clip time [%1, %2)")
                    .arg(formatTime(static_cast<double>(v.t0), base), formatTime(static_cast<double>(v.t1), base));
            else if constexpr (std::is_same_v<T, step::ClipEvent>)
                return QString("clip events [%1, %2)").arg(v.i0).arg(v.i1);
            else if constexpr (std::is_same_v<T, step::Aggregate>)
                return QString("aggregate %1 as %2").arg(joined(v.pattern), QString::fromStdString(v.as));
            else if constexpr (std::is_same_v<T, step::Project>)
                return QString("project %1 as %2").arg(joined(v.states, ", "), QString::fromStdString(v.as));
            else if constexpr (std::is_same_v<T, step::ProjectComponents>)
                return QString("project components");
            else if constexpr (std::is_same_v<T, step::Rules>)
                return QString("rules %1").arg(QString::fromStdString(v.file));
            else if constexpr (std::is_same_v<T, step::FilterTime>)
                return QString("filter time share < %1").arg(formatShare(v.below));
            else if constexpr (std::is_same_v<T, step::FilterEvent>)
                return v.below
                           ? QString("filter count < %1").arg(*v.below)
                           : QString("filter count < %1 of elements").arg(formatShare(v.below_fraction.value_or(0)));
            else if constexpr (std::is_same_v<T, step::FilterFrequency>)
                return v.event_domain
                           ? QString("filter band [%1, %2] per event").arg(v.f0, 0, 'g', 4).arg(v.f1, 0, 'g', 4)
                           : QString("filter band [%1, %2]")
                                 .arg(formatFrequency(v.f0, base), formatFrequency(v.f1, base));
            else if constexpr (std::is_same_v<T, step::Parallel>)
                return QString("parallel %1 .. %2 as %3")
                    .arg(QString::fromStdString(v.from), QString::fromStdString(v.to), QString::fromStdString(v.as));
            else
                return QString("exclude %1").arg(joined(v.states, ", "));
        },
        s);
}

} // namespace chitra::app
