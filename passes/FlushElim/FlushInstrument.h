//===- FlushInstrument.h - Check and profile modes of flushelim -----------===//
//
// Internal to passes/: the IR side of the runtime in runtime/hotlayout_rt.c.
// Check mode replaces each flush flushelim would remove with a call that
// aborts when any byte of its range changed since its witness flushed it;
// profile mode reports, per flush site, calls, bytes asked for and bytes that
// really changed since they were last flushed.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_FLUSHINSTRUMENT_H
#define HOTLAYOUT_FLUSHINSTRUMENT_H

#include "hotlayout/FlushAvailability.h"

namespace hotlayout {

/// Check mode, at a kept flush: after it, snapshot the bytes it flushed.
/// Each of these returns false when it left the flush as it was.
bool instrumentFlushRecord(const FlushSite &Kept);

/// Check mode, at a flush proven redundant by \p Witness: replace it by a
/// runtime check of its range against the snapshot; the check names both
/// source locations when it fails. Erases \p Elided's call.
bool replaceFlushWithCheck(const FlushSite &Elided,
                           const llvm::CallBase &Witness);

/// Profile mode: count calls, requested bytes and changed bytes at \p Site.
bool instrumentFlushProfile(const FlushSite &Site);

} // namespace hotlayout

#endif // HOTLAYOUT_FLUSHINSTRUMENT_H
