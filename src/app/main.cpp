#include "headless.hpp"

#include <QApplication>

int main(int argc, char** argv)
{
    // A screenshot needs no display: choose the offscreen platform unless one is set.
    if (chitra::app::wantsHeadless(argc, argv) && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    chitra::app::protectSessionOption(argc, argv);
    QApplication app(argc, argv);
    QApplication::setOrganizationName("Chitra");
    QApplication::setApplicationName("Chitra");
    return chitra::app::runWorkbench(app);
}
