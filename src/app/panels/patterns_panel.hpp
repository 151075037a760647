// The Patterns dock: pending brushed patterns of the current view with colour, match
// count and coverage; Aggregate (name suggested, editable) and Remove.
#pragma once

#include <QWidget>

#include <functional>
#include <optional>

class QTreeWidget;

namespace chitra::app {

class ViewDocument;

class PatternsPanel : public QWidget {
    Q_OBJECT
public:
    explicit PatternsPanel(QWidget* parent = nullptr);
    void setDocument(ViewDocument* doc);
    int currentPattern() const;
    void setCurrentPattern(int index);
    // Asks for the composite's name (a dialog by default; tests replace it).
    using NamePrompt = std::function<std::optional<QString>(const QString& suggested, const QString& problem)>;
    void setNamePrompt(NamePrompt prompt) { prompt_ = std::move(prompt); }

public slots:
    void aggregateCurrent();
    void removeCurrent();

signals:
    void message(const QString& text);

private:
    void refresh();

    ViewDocument* doc_ = nullptr;
    QTreeWidget* list_;
    NamePrompt prompt_;
};

} // namespace chitra::app
