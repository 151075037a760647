#include "workbench/error_reporter.hpp"

#include <QMessageBox>

namespace chitra::app {

namespace {
ErrorHook& hook()
{
    static ErrorHook h;
    return h;
}
} // namespace

void setErrorHook(ErrorHook h) { hook() = std::move(h); }

void reportError(QWidget* parent, const QString& title, const QString& text)
{
    if (hook())
        hook()(parent, title, text);
    else
        QMessageBox::critical(parent, title, text);
}

} // namespace chitra::app
