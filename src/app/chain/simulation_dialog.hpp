// Asks how to simulate a trajectory from a model: its length, seed, occupancy law and
// the PES file to write (docs/validation.md "Simulation").
#pragma once

#include <QString>

#include <cstdint>
#include <optional>

class QWidget;

namespace chitra::app {

struct SimulationChoice {
    QString path;
    std::uint64_t length = 0;
    std::uint64_t seed = 1;
    bool parametric = false;
};

// A modal dialog; nullopt when cancelled. `suggestedPath` fills the file field.
std::optional<SimulationChoice> askForSimulation(QWidget* parent, std::uint64_t defaultLength,
                                                 const QString& suggestedPath);

} // namespace chitra::app
