#include "text/step_text.hpp"

#include "chitra/pipeline/step_text.hpp"
#include "text/number_format.hpp"

namespace chitra::app {

namespace {
// Numbers as the rest of the workbench writes them, in the trace's time base.
class WorkbenchNumbers final : public StepNumbers {
public:
    explicit WorkbenchNumbers(TimeBase base) : base_(base) {}
    std::string time(Time t) const override { return formatTime(static_cast<double>(t), base_).toStdString(); }
    std::string share(double fraction) const override { return formatShare(fraction).toStdString(); }
    std::string frequency(double cyclesPerTick) const override
    {
        return formatFrequency(cyclesPerTick, base_).toStdString();
    }
    std::string number(double value) const override { return QString("%1").arg(value).toStdString(); }

private:
    TimeBase base_;
};
} // namespace

QString describeStep(const Step& s, TimeBase base)
{
    return QString::fromStdString(describe_step(s, WorkbenchNumbers(base)));
}

} // namespace chitra::app
