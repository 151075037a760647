// Keeps a display's options and its view's ViewPresentation in step: publish() writes the
// display's options there after the user changed one; when they are set from outside (a
// session's restore) the display applies them, then publishes them as applied.
#pragma once

#include "chitra/session/session.hpp"

#include <QObject>
#include <QString>

#include <functional>

namespace chitra::app {

class ViewPresentation;

class DisplayOptionsLink : public QObject {
public:
    // `read` gives the display's options as sessions save them; `apply` sets them.
    DisplayOptionsLink(ViewPresentation& presentation, QString display, std::function<DisplayOptions()> read,
                       std::function<void(const DisplayOptions&)> apply, QObject* parent);
    void publish();

private:
    void follow();

    ViewPresentation& presentation_;
    QString display_;
    std::function<DisplayOptions()> read_;
    std::function<void(const DisplayOptions&)> apply_;
    bool following_ = false; // applying the presentation's options: publish() leaves it be
};

} // namespace chitra::app
