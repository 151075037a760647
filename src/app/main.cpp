#include "workbench/application_icon.hpp"
#include "workbench/headless.hpp"

#include <QApplication>

#include <cstdio>
#include <cstring>

namespace {
constexpr const char* kVersion = "0.1.0"; // as project() in CMakeLists.txt and chitra-cli --version

// --help and --version print and exit: they need no display, but QApplication needs a
// platform, so pick the offscreen one when no display is there (else xcb aborts).
bool onlyPrints(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--"))
            break;
        if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h") || !std::strcmp(argv[i], "--help-all") ||
            !std::strcmp(argv[i], "--version") || !std::strcmp(argv[i], "-v"))
            return true;
    }
    return false;
}

bool hasDisplay() { return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"); }
} // namespace

int main(int argc, char** argv)
{
    // The workbench's option parser has no --version; answer it before any GUI starts.
    for (int i = 1; i < argc && std::strcmp(argv[i], "--"); ++i)
        if (!std::strcmp(argv[i], "--version") || !std::strcmp(argv[i], "-v")) {
            std::printf("chitra %s\n", kVersion);
            return 0;
        }
    // A screenshot needs no display: choose the offscreen platform unless one is set.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") &&
        (chitra::app::wantsHeadless(argc, argv) || (onlyPrints(argc, argv) && !hasDisplay())))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    chitra::app::protectSessionOption(argc, argv);
    QApplication app(argc, argv);
    QApplication::setOrganizationName("Chitra");
    QApplication::setApplicationName("Chitra");
    QApplication::setApplicationVersion(kVersion);
    QApplication::setWindowIcon(chitra::app::applicationIcon());
    return chitra::app::runWorkbench(app);
}
