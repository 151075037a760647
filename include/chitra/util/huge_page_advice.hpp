// Whether the core asks the kernel to back its large arrays (trace columns, lane change
// lists, transform outputs) with 2 MB pages (madvise MADV_HUGEPAGE). On by default: where
// the kernel gives huge pages on request, building those arrays takes a fault per 2 MB
// instead of per 4 KB. The workbench turns it off: on a kernel without preemption
// (PREEMPT_NONE, common on servers and virtual machines) a worker faulting in 2 MB pages
// delays the GUI thread's wake-ups while a step replays on a large trace
// (docs/performance.md, "GUI responsiveness").
#pragma once

namespace chitra {

void set_huge_page_advice(bool on);
bool huge_page_advice();

} // namespace chitra
