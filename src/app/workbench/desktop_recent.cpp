#include "workbench/desktop_recent.hpp"

#include "chitra/util/atomic_file.hpp"
#include "jobs/serial_queue.hpp"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMimeDatabase>
#include <QPointer>
#include <QStandardPaths>
#include <QThreadPool>
#include <QUrl>
#include <QXmlStreamReader>
#include <QXmlStreamWriter>

namespace chitra::app {

namespace {

constexpr auto kBookmarkNs = "http://www.freedesktop.org/standards/desktop-bookmarks";
constexpr auto kMimeNs = "http://www.freedesktop.org/standards/shared-mime-info";

QString now() { return QDateTime::currentDateTimeUtc().toString("yyyy-MM-ddTHH:mm:ss.zzz000Z"); }

void writeEntry(QXmlStreamWriter& out, const QString& href, const QString& added, const QString& mime)
{
    const QString stamp = now();
    out.writeStartElement("bookmark");
    out.writeAttribute("href", href);
    out.writeAttribute("added", added.isEmpty() ? stamp : added);
    out.writeAttribute("modified", stamp);
    out.writeAttribute("visited", stamp);
    out.writeStartElement("info");
    out.writeStartElement("metadata");
    out.writeAttribute("owner", "http://freedesktop.org");
    out.writeStartElement(kMimeNs, "mime-type");
    out.writeAttribute("type", mime);
    out.writeEndElement();
    out.writeStartElement(kBookmarkNs, "applications");
    out.writeStartElement(kBookmarkNs, "application");
    out.writeAttribute("name", "Chitra");
    out.writeAttribute("exec", "'chitra %u'");
    out.writeAttribute("modified", stamp);
    out.writeAttribute("count", "1");
    out.writeEndElement();
    out.writeEndElement(); // applications
    out.writeEndElement(); // metadata
    out.writeEndElement(); // info
    out.writeEndElement(); // bookmark
}

} // namespace

QString desktopRecentPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + "/recently-used.xbel";
}

void addToDesktopRecent(const QString& path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return;
    const QString href = QUrl::fromLocalFile(info.absoluteFilePath()).toString(QUrl::FullyEncoded);
    const QString mime = QMimeDatabase().mimeTypeForFile(info).name();
    const QString file = desktopRecentPath();
    QByteArray old;
    if (QFile in(file); in.open(QIODevice::ReadOnly))
        old = in.readAll();

    // Every other entry is copied token by token; ours is dropped and written anew.
    QByteArray text;
    QXmlStreamWriter out(&text); // the copied root declares the namespaces
    QString added;
    bool wrote = false;
    QXmlStreamReader in(old);
    int skipDepth = 0;
    while (!old.isEmpty() && !in.atEnd()) {
        in.readNext();
        if (in.hasError())
            break;
        if (skipDepth > 0) {
            skipDepth += in.isStartElement() ? 1 : in.isEndElement() ? -1 : 0;
            continue;
        }
        if (in.isStartElement() && in.name() == u"bookmark" && in.attributes().value("href") == href) {
            added = in.attributes().value("added").toString();
            skipDepth = 1;
            continue;
        }
        if (in.isEndElement() && in.name() == u"xbel") {
            writeEntry(out, href, added, mime);
            wrote = true;
        }
        if (in.isStartDocument() || in.isEndDocument() || in.isDTD())
            continue;
        out.writeCurrentToken(in);
    }
    if (in.hasError() || !wrote) { // no list yet, or one we cannot read: start a new one
        text.clear();
        QXmlStreamWriter fresh(&text);
        fresh.setAutoFormatting(true);
        fresh.writeNamespace(kBookmarkNs, "bookmark");
        fresh.writeNamespace(kMimeNs, "mime");
        fresh.writeStartDocument();
        fresh.writeStartElement("xbel");
        fresh.writeAttribute("version", "1.0");
        writeEntry(fresh, href, {}, mime);
        fresh.writeEndElement();
        fresh.writeEndDocument();
        if (in.hasError() && !old.isEmpty())
            return; // never replace a list we could not read: other programs' entries are in it
    } else {
        text.prepend("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    }
    try {
        QDir().mkpath(QFileInfo(file).absolutePath());
        write_file_atomically(file.toStdString(),
                              std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
    } catch (const std::exception&) {
    }
}

namespace {
// One at a time, so that updates reach the file in the order they were asked for.
QThreadPool* desktopRecentQueue()
{
    static QPointer<QThreadPool> pool;
    if (!pool)
        pool = newSerialQueue();
    return pool;
}
} // namespace

void addToDesktopRecentInBackground(const QString& path)
{
    if (QThreadPool* queue = desktopRecentQueue())
        queue->start([path] { addToDesktopRecent(path); });
    else
        addToDesktopRecent(path);
}

void waitForDesktopRecent()
{
    if (QThreadPool* queue = desktopRecentQueue())
        queue->waitForDone();
}

} // namespace chitra::app
