// The core's names and messages are UTF-8 std::strings; the widgets take QStrings.
#pragma once

#include <QString>

#include <string>

namespace chitra::app {

inline QString qs(const std::string& s) { return QString::fromStdString(s); }

} // namespace chitra::app
