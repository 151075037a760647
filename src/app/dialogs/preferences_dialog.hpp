// Edit ▸ Preferences: the choices of preferences/preferences.hpp in one form. OK keeps
// what is shown (chosen()); the window saves and applies it.
#pragma once

#include "preferences/preferences.hpp"

#include <QDialog>

class QComboBox;
class QSpinBox;

namespace chitra::app {

class MinVisitBox;

class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    PreferencesDialog(const Preferences& current, QWidget* parent = nullptr);

    Preferences chosen() const;

    QComboBox* unitBox() const { return unit_; }
    QComboBox* paletteBox() const { return palette_; }
    QSpinBox* autosaveBox() const { return autosave_; }
    MinVisitBox* shortVisitBox() const { return shortVisit_; }
    QComboBox* themeBox() const { return theme_; }

private:
    QComboBox* unit_ = nullptr;
    QComboBox* palette_ = nullptr;
    QSpinBox* autosave_ = nullptr;
    MinVisitBox* shortVisit_ = nullptr;
    QComboBox* theme_ = nullptr;
};

} // namespace chitra::app
