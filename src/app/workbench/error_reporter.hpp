// Where user-facing errors go: a message box by default; tests and headless runs
// install their own hook so nothing blocks.
#pragma once

#include <QString>

#include <functional>

class QWidget;

namespace chitra::app {

using ErrorHook = std::function<void(QWidget* parent, const QString& title, const QString& text)>;

void setErrorHook(ErrorHook hook); // an empty hook restores the message box
void reportError(QWidget* parent, const QString& title, const QString& text);

} // namespace chitra::app
