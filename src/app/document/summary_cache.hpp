// The lanes of a large trace (state totals, lane summary, boundary sample) kept between
// runs, so that opening a trace larger than memory again reads a file of about 1.3
// bytes a record instead of the whole trace twice more. An entry is keyed by the trace
// file's identity (device, inode, size, modification time, and hashes of its first and
// last MiB), carries a checksum, and lives in the desktop's cache folder
// (QStandardPaths::CacheLocation, "summaries"), not beside the trace, whose folder may be
// read-only or shared. Anything that does not match is ignored and built again.
#pragma once

#include "document/view_document.hpp"

#include <optional>
#include <string>

namespace chitra::app {

// The folder of the entries (created on the first store).
QString summaryCacheFolder();

// The lanes of `ses` in the default order, when an entry for `file` holds them. `ses`
// is the SES of the whole trace read from `file`.
std::optional<LaneLayout> loadCachedLanes(const std::string& file, std::shared_ptr<const Ses> ses);

// Writes the entry for `file` (atomically; the oldest entries beyond the eight newest, or
// beyond 4 GiB, are removed). Returns false when it cannot (the file is gone, the folder not writable).
bool storeCachedLanes(const std::string& file, const LaneLayout& lanes);
// The same on a thread of its own, so that the trace opens without waiting for it; the
// application's end stops a write under way, which then leaves nothing behind. Callable
// from any thread: the write is queued from the application's thread.
void storeCachedLanesInBackground(const std::string& file, std::shared_ptr<const LaneLayout> lanes);
// Waits for the writes queued so far (call on the application's thread).
void waitForCachedLanes();

} // namespace chitra::app
