// Opened files reach the desktop's recently-used.xbel as well as File ▸ Open recent:
// other programs' entries are kept, Chitra's is refreshed, not repeated.
#include "workbench/desktop_recent.hpp"
#include "workbench/recent_files.hpp"

#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUrl>
#include <QXmlStreamReader>
#include <QtTest>

using namespace chitra::app;

namespace {

struct Entry {
    QString href, application, mime, added;
};

QList<Entry> entries(const QString& file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QXmlStreamReader in(&f);
    QList<Entry> out;
    while (!in.atEnd()) {
        in.readNext();
        if (!in.isStartElement())
            continue;
        if (in.name() == u"bookmark")
            out.append({in.attributes().value("href").toString(), {}, {}, in.attributes().value("added").toString()});
        else if (in.name() == u"application" && !out.isEmpty())
            out.last().application = in.attributes().value("name").toString();
        else if (in.name() == u"mime-type" && !out.isEmpty())
            out.last().mime = in.attributes().value("type").toString();
    }
    if (in.hasError())
        qWarning("%s", qPrintable(in.errorString()));
    return out;
}

} // namespace

class DesktopRecentTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(dir_.isValid());
    }

    void openedFilesJoinTheDesktopList()
    {
        const QString xbel = desktopRecentPath();
        QVERIFY(xbel.endsWith("/recently-used.xbel"));
        QFile::remove(xbel);
        const QString trace = dir_.filePath("run.pes");
        QFile t(trace);
        QVERIFY(t.open(QIODevice::WriteOnly));
        t.write("# chitra-pes 1\n0 A\n5 B\n");
        t.close();

        addRecentFile(kRecentTraces, trace); // the desktop's list is written on a thread of its own
        waitForDesktopRecent();
        QList<Entry> list = entries(xbel);
        QCOMPARE(list.size(), 1);
        QCOMPARE(list[0].href, QUrl::fromLocalFile(trace).toString());
        QCOMPARE(list[0].application, QString("Chitra"));
        QVERIFY(!list[0].mime.isEmpty());
        QCOMPARE(recentFiles(kRecentTraces).front(), trace);

        // Another program's entry arrives; opening again refreshes ours and keeps theirs.
        QFile f(xbel);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray text = f.readAll();
        f.close();
        text.replace("</xbel>", "<bookmark href=\"file:///home/u/notes.txt\" added=\"2020-01-01T00:00:00Z\" "
                                "modified=\"2020-01-01T00:00:00Z\" visited=\"2020-01-01T00:00:00Z\"><info>"
                                "<metadata owner=\"http://freedesktop.org\"><mime:mime-type type=\"text/plain\"/>"
                                "<bookmark:applications><bookmark:application name=\"gedit\" exec=\"'gedit %u'\" "
                                "modified=\"2020-01-01T00:00:00Z\" count=\"3\"/></bookmark:applications>"
                                "</metadata></info></bookmark></xbel>");
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(text);
        f.close();
        const QString firstAdded = list[0].added;
        addRecentFile(kRecentTraces, trace);
        waitForDesktopRecent();
        list = entries(xbel);
        QCOMPARE(list.size(), 2);
        QCOMPARE(list[0].href, QString("file:///home/u/notes.txt"));
        QCOMPARE(list[0].application, QString("gedit"));
        QCOMPARE(list[0].mime, QString("text/plain"));
        QCOMPARE(list[1].href, QUrl::fromLocalFile(trace).toString());
        QCOMPARE(list[1].added, firstAdded);

        // A list we cannot read is left alone rather than replaced.
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("<xbel><bookmark href=");
        f.close();
        addToDesktopRecent(trace);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("<xbel><bookmark href="));
    }

private:
    QTemporaryDir dir_;
};

QTEST_MAIN(DesktopRecentTest)
#include "desktop_recent_test.moc"
