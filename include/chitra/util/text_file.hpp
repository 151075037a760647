// Reading a whole input file (a pipeline, a rules file, a model, figures) with one kind
// of message for every failure.
#pragma once

#include <string>

namespace chitra {

// The file's bytes. Throws InputError "PATH: cannot read WHAT: reason", also for a
// directory (which an ifstream would open and read as empty).
std::string read_text_file(const std::string& path, const std::string& what);

} // namespace chitra
