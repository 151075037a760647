// Small helpers shared by the QtTest programs of the dialogs, the model window and the
// state details panel.
#pragma once

#include "chitra/io.hpp"
#include "chitra/ses.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QString>
#include <QWidget>

#include <memory>
#include <string>

namespace chitra::testutil {

// A SES from PES text (the reader is the one the GUI uses).
inline std::shared_ptr<const Ses> sesFromText(const std::string& text)
{
    return std::make_shared<const Ses>(Ses::from_trace(read_pes_text(text, "test.pes")));
}

// With CHITRA_SCREENSHOT_DIR set, saves what the widget shows there (for looking at it).
inline void saveShot(QWidget* widget, const QString& name)
{
    const QByteArray dir = qgetenv("CHITRA_SCREENSHOT_DIR");
    if (dir.isEmpty()) return;
    QDir().mkpath(QString::fromLocal8Bit(dir));
    // Let pending layout requests run, as they would before the next paint on screen.
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
    widget->grab().save(QString::fromLocal8Bit(dir) + "/" + name + ".png");
}

} // namespace chitra::testutil
