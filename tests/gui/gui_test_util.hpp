// Small helpers shared by the QtTest programs of the dialogs, the model window and the
// state details panel.
#pragma once

#include "chitra/io/io.hpp"
#include "chitra/trace/ses.hpp"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QListWidget>
#include <QString>
#include <QTest>
#include <QWidget>

#include <memory>
#include <string>

namespace chitra::testutil {

// A SES from PES text (the reader is the one the GUI uses).
inline std::shared_ptr<const Ses> sesFromText(const std::string& text)
{
    return std::make_shared<const Ses>(Ses::from_trace(read_pes_text(text, "test.pes")));
}

// A two-state square wave in ns: A for 1 ms, B for 1 ms, `periods` times (500 Hz).
inline std::shared_ptr<const Trace> squareWave(int periods)
{
    std::string text;
    long long t = 0;
    for (int i = 0; i < periods; ++i) {
        text += std::to_string(t) + " A\n";
        t += 1000000;
        text += std::to_string(t) + " B\n";
        t += 1000000;
    }
    text = "# chitra-pes 1\n# timebase: ns\n# end: " + std::to_string(t) + "\n" + text;
    return std::make_shared<const Trace>(read_pes_text(text, "square.pes"));
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

// Input as a person gives it: select what the box holds, type the new text.
inline void typeInto(QDoubleSpinBox* spin, const QString& text)
{
    spin->setFocus();
    QTest::keyClick(spin, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(spin, Qt::Key_Delete);
    QTest::keyClicks(spin, text);
}

inline void typeInto(QLineEdit* edit, const QString& text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Delete);
    QTest::keyClicks(edit, text);
}

// Clicks row `row` of a list (scrolled into view first, as a person would).
inline void clickRow(QListWidget* list, int row)
{
    list->scrollToItem(list->item(row));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(row)).center());
}

// Picks item `index` of a combo box with the keyboard (Home, then Down arrows).
inline void chooseByKeys(QComboBox* box, int index)
{
    box->setFocus();
    QTest::keyClick(box, Qt::Key_Home);
    for (int i = 0; i < index; ++i)
        QTest::keyClick(box, Qt::Key_Down);
}

} // namespace chitra::testutil
