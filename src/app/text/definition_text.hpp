// Composite definitions (semantics.md section 5) as text for tooltips and panels.
//
// Public interface:
//   definitionText(kind, def, timebase)  multi-line plain text: the definition in names,
//                                        and its expansion to program states when that
//                                        differs
//   expansionText(expansion)             one line: "(A B)" sequence, "{A, B}" projection,
//                                        "[A B | C]" paths
#pragma once

#include "chitra/chain/chain.hpp"

#include <QString>

namespace chitra::app {

QString definitionText(SymbolKind kind, const StateDefinition& def, TimeBase timebase);
QString expansionText(const Expansion& expansion);

} // namespace chitra::app
