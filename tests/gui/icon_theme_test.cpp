// Tool-bar icons: the desktop theme's where it has them, ours where it has not, and every
// one readable on a light and on a dark tool bar.
#include "main_window_test_util.hpp"

#include "workbench/main_window.hpp"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QIcon>
#include <QPainter>
#include <QTemporaryDir>
#include <QToolBar>
#include <QtTest>

using namespace chitra;
using namespace chitra::app;

namespace {

QList<QAction*> toolBarActions(MainWindow* w)
{
    QList<QAction*> out;
    for (QToolBar* bar : w->findChildren<QToolBar*>())
        for (QAction* a : bar->actions())
            if (!a->isSeparator() && a->isVisible())
                out << a;
    return out;
}

double luminance(QColor c) { return 0.2126 * c.redF() + 0.7152 * c.greenF() + 0.0722 * c.blueF(); }

// The mean luminance difference between the icon's inked pixels and the background it is
// drawn on: how well it stands out.
double contrastOn(const QIcon& icon, QColor background)
{
    QImage image(24, 24, QImage::Format_ARGB32);
    image.fill(background);
    QPainter p(&image);
    icon.paint(&p, image.rect());
    p.end();
    const QImage alone = icon.pixmap(24, 24).toImage().convertToFormat(QImage::Format_ARGB32);
    double sum = 0;
    int inked = 0;
    for (int y = 0; y < 24; ++y)
        for (int x = 0; x < 24 && x < alone.width() && y < alone.height(); ++x)
            if (qAlpha(alone.pixel(x, y)) > 128) {
                sum += std::abs(luminance(image.pixelColor(x, y)) - luminance(background));
                ++inked;
            }
    return inked == 0 ? 0.0 : sum / inked;
}

} // namespace

class IconThemeTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // A theme that has "document-open" and "edit-undo" gives those two; the other
    // actions keep our icons.
    void theThemesIconsWinWhereItHasThem()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QDir(dir.path()).mkpath("testtheme/scalable/actions");
        QFile index(dir.filePath("testtheme/index.theme"));
        QVERIFY(index.open(QIODevice::WriteOnly));
        index.write("[Icon Theme]\nName=testtheme\nDirectories=scalable/actions\n\n"
                    "[scalable/actions]\nSize=24\nMinSize=8\nMaxSize=512\nType=Scalable\n");
        index.close();
        const QByteArray svg = "<svg xmlns='http://www.w3.org/2000/svg' width='24' height='24'>"
                               "<rect x='3' y='3' width='18' height='18' fill='#c03030'/></svg>";
        for (const char* name : {"document-open", "edit-undo"}) {
            QFile f(dir.filePath(QString("testtheme/scalable/actions/%1.svg").arg(name)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(svg);
        }
        const QStringList paths = QIcon::themeSearchPaths();
        const QString before = QIcon::themeName();
        QIcon::setThemeSearchPaths(QStringList{dir.path()} + paths);
        QIcon::setThemeName("testtheme");
        {
            auto w = testutil::quietWindow();
            QStringList themed, ours;
            for (QAction* a : toolBarActions(w.get()))
                (a->icon().name().isEmpty() ? ours : themed) << a->icon().name();
            QVERIFY2(themed.contains("document-open") && themed.contains("edit-undo"), qPrintable(themed.join(", ")));
            QCOMPARE(themed.size(), 2);
            QVERIFY(ours.size() >= 6); // our icons for the rest
        }
        QIcon::setThemeName(before);
        QIcon::setThemeSearchPaths(paths);
    }

    // Under the desktop's installed theme (Adwaita here) and with none, every tool-bar
    // icon stands out on a light tool bar and on a dark one.
    void everyIconReadsOnLightAndDark()
    {
        for (const QString& theme : {QString("Adwaita"), QString()}) {
            QIcon::setThemeName(theme);
            auto w = testutil::quietWindow();
            const QList<QAction*> actions = toolBarActions(w.get());
            QVERIFY(actions.size() >= 8);
            for (QAction* a : actions) {
                const QString what = QString("%1 (theme '%2')").arg(a->text(), theme);
                QVERIFY2(!a->icon().isNull(), qPrintable(what));
                const double light = contrastOn(a->icon(), QColor(0xf4, 0xf4, 0xf4));
                const double dark = contrastOn(a->icon(), QColor(0x2b, 0x2d, 0x30));
                QVERIFY2(light > 0.2, qPrintable(QString("%1 on light: %2").arg(what).arg(light)));
                QVERIFY2(dark > 0.2, qPrintable(QString("%1 on dark: %2").arg(what).arg(dark)));
            }
        }
        QIcon::setThemeName(QString());
    }
};

QTEST_MAIN(IconThemeTest)
#include "icon_theme_test.moc"
