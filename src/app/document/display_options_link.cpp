#include "document/display_options_link.hpp"

#include "document/view_presentation.hpp"

namespace chitra::app {

DisplayOptionsLink::DisplayOptionsLink(ViewPresentation& presentation, QString display,
                                       std::function<DisplayOptions()> read,
                                       std::function<void(const DisplayOptions&)> apply, QObject* parent)
    : QObject(parent), presentation_(presentation), display_(std::move(display)), read_(std::move(read)),
      apply_(std::move(apply))
{
    connect(&presentation_, &ViewPresentation::displayOptionsChanged, this, [this](const QString& display) {
        if (display == display_)
            follow();
    });
}

void DisplayOptionsLink::publish()
{
    if (!following_)
        presentation_.setDisplayOptions(display_, read_());
}

void DisplayOptionsLink::follow()
{
    const DisplayOptions options = presentation_.displayOptions(display_);
    if (options == read_())
        return;
    following_ = true;
    apply_(options);
    following_ = false;
    publish(); // as applied (e.g. a chitra-cli session's one density for all charts, per chart)
}

} // namespace chitra::app
