// The application icon (resources/icons/chitra.svg), rendered from its SVG at the usual
// sizes here, so that no SVG icon-engine plugin needs to be installed.
#pragma once

#include <QIcon>

namespace chitra::app {

QIcon applicationIcon();

} // namespace chitra::app
