// The display registry is the one place a display is added (displays/display_registry.hpp):
// a display defined here, in the test alone, gets its View menu entry, its row in the
// session tree, its state saved in a session file and restored from it, and its own
// picture from headless `chitra --display`, without any other file knowing it.
#include "displays/display_host.hpp"
#include "displays/display_registry.hpp"
#include "document/view_document.hpp"
#include "gui_test_util.hpp"
#include "session/session_controller.hpp"
#include "session/session_model.hpp"
#include "workbench/headless.hpp"
#include "workbench/main_actions.hpp"
#include "workbench/main_window.hpp"

#include <QApplication>
#include <QImage>
#include <QLabel>
#include <QPointer>
#include <QTemporaryDir>
#include <QtTest>

using namespace chitra;
using namespace chitra::app;

namespace {

const QString kTrace = QString(CHITRA_SOURCE_DIR "/sample_traces/philosophers-n4-x1000-fields.pes");
const DisplayKind kNoteKind{"note"};

// A display of a view's note: a label in a window of its own, its text saved in sessions.
class NoteDisplayType final : public DisplayType {
public:
    NoteDisplayType()
        : DisplayType("note", "note", {kNoteKind}, false,
                      {"&Note display", Qt::CTRL | Qt::ALT | Qt::Key_N, "Open the note of the current view"})
    {
    }

    static QLabel* labelOf(const DisplayHost& host, const ViewDocument* view)
    {
        for (QLabel* label : host.hostWidget()->findChildren<QLabel*>("note"))
            if (label->property("view").value<QObject*>() == view)
                return label;
        return nullptr;
    }

    void open(DisplayHost& host, ViewDocument* view) const override
    {
        DisplayType::open(host, view);
        if (labelOf(host, view))
            return;
        auto* label = new QLabel("note of " + view->name(), host.hostWidget());
        label->setObjectName("note");
        label->setProperty("view", QVariant::fromValue<QObject*>(view));
        label->setWindowFlag(Qt::Window);
        label->show();
    }

    void close(DisplayHost& host, ViewDocument* view) const override
    {
        DisplayType::close(host, view);
        delete labelOf(host, view);
    }

    void capture(const DisplayHost& host, ViewDocument* view, DisplayState& state) const override
    {
        if (const QLabel* label = labelOf(host, view))
            state.options.extra["text"] = label->text().toStdString();
    }

    void restore(const DisplayRestore& r, const DisplayState& state) const override
    {
        const auto text = state.options.extra.find("text");
        if (QLabel* label = labelOf(r.host, r.view); label && text != state.options.extra.end())
            label->setText(QString::fromStdString(text->second));
    }

    std::optional<int> runHeadless(const HeadlessRequest& r) const override
    {
        QLabel label("note of " + r.view->name());
        label.resize(r.size);
        return label.grab().save(r.screenshot) ? 0 : 3;
    }
};

MainWindow* windowWithTrace()
{
    auto* w = new MainWindow;
    w->resize(1000, 700);
    w->show();
    w->sessionController()->setRestoreDialogs({});
    w->sessionController()->setAsker(
        [](SessionController::Question, const QString&) { return SessionController::Answer::No; });
    QString error;
    if (!w->openFileNow(kTrace, &error))
        qWarning("%s", qPrintable(error));
    return w;
}

} // namespace

class DisplayRegistryTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { DisplayRegistry::add(std::make_unique<NoteDisplayType>()); }

    void aDisplayAddedToTheRegistryIsInTheMenuTheTreeAndTheSession()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString sessionFile = dir.filePath("note.chitra");
        {
            std::unique_ptr<MainWindow> w(windowWithTrace());
            ViewDocument* view = w->currentView();
            QVERIFY(view);
            QAction* entry = w->actions()->displayAction("note");
            QVERIFY(entry);
            QCOMPARE(entry->text(), QString("&Note display"));
            QCOMPARE(entry->shortcut(), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_N));
            QVERIFY(!view->presentation().displayOpen("note"));
            entry->trigger();
            QVERIFY(view->presentation().displayOpen("note"));
            QLabel* label = NoteDisplayType::labelOf(*w, view);
            QVERIFY(label);
            QCOMPARE(label->text(), "note of " + view->name());
            // Its row in the session tree, named as registered, after the rows every view has.
            SessionModel* model = w->sessionModel();
            const QModelIndex viewRow = model->indexOf(view);
            const int rows = model->rowCount(viewRow);
            const QModelIndex noteRow = model->index(rows - 1, 0, viewRow);
            QCOMPARE(model->displayOf(noteRow), QString("note"));
            QCOMPARE(model->data(noteRow, Qt::DisplayRole).toString(), QString("note"));
            label->setText("the philosophers wait");
            QVERIFY(w->sessionController()->saveSession(sessionFile));
            // Closing it from the tree's menu closes its window.
            w->closeDisplay(view, "note");
            QVERIFY(!NoteDisplayType::labelOf(*w, view));
            QCOMPARE(model->data(noteRow, Qt::DisplayRole).toString(), QString("note (closed)"));
        }
        std::unique_ptr<MainWindow> restored(new MainWindow);
        restored->sessionController()->setRestoreDialogs({});
        QVERIFY(restored->sessionController()->openSession(sessionFile, false));
        ViewDocument* view = restored->currentView();
        QVERIFY(view);
        QVERIFY(view->presentation().displayOpen("note"));
        QLabel* label = NoteDisplayType::labelOf(*restored, view);
        QVERIFY(label);
        QCOMPARE(label->text(), QString("the philosophers wait"));
    }

    void headlessDisplayNamesTheRegisteredDisplay()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString shot = dir.filePath("note.png");
        auto* app = qobject_cast<QApplication*>(QCoreApplication::instance());
        QVERIFY(app);
        QCOMPARE(runWorkbench(*app, {"chitra", "--open", kTrace, "--display", "note", "--screenshot", shot, "--size",
                                     "420x240"}),
                 0);
        const QImage picture(shot);
        QCOMPARE(picture.size(), QSize(420, 240));
        // A name no display is registered under is a usage error that lists the registered ones.
        QCOMPARE(runWorkbench(*app, {"chitra", "--open", kTrace, "--display", "nope", "--screenshot", shot}), 2);
    }
};

QTEST_MAIN(DisplayRegistryTest)
#include "display_registry_test.moc"
