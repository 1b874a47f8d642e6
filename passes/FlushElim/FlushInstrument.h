//===- FlushInstrument.h - Check and profile modes of flushelim -----------===//
//
// Internal to passes/: the IR side of the runtime in runtime/hotlayout_rt.c.
// Check mode replaces each flush flushelim would remove with a call that
// aborts when any byte of its range changed since its witness flushed it;
// profile mode reports, per flush site, calls, bytes asked for and bytes that
// really changed since they were last flushed, and of the bytes flushelim
// would not flush (removed or narrowed away), how many changed.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_FLUSHINSTRUMENT_H
#define HOTLAYOUT_FLUSHINSTRUMENT_H

#include "hotlayout/FlushResults.h"

#include <optional>
#include <string>
#include <utility>

namespace llvm {
class IRBuilderBase;
} // namespace llvm

namespace hotlayout {

/// Check mode, at a kept flush: after it, snapshot the bytes it flushed.
/// Each of these returns false when it left the flush as it was.
bool instrumentFlushRecord(const FlushSite &Kept);

/// Check mode, at a flush proven redundant by \p Witness: replace it by a
/// runtime check of its range against the snapshot; the check names both
/// source locations when it fails. Erases \p Elided's call.
bool replaceFlushWithCheck(const FlushSite &Elided,
                           const llvm::CallBase &Witness);

/// Profile mode: count calls, requested bytes and changed bytes at \p Site;
/// with \p Skippable, also count its whole range as bytes flushelim would
/// not flush (a redundant flush).
bool instrumentFlushProfile(const FlushSite &Site, bool Skippable = false);

/// True when \p Site already has its profile call (a second run of the
/// pass, as in ThinLTO, must add nothing).
bool isFlushProfiled(const llvm::CallBase &Site);

// The pieces narrowing (FlushNarrow.cpp) builds its instrumentation from,
// at \p B's insertion point.

/// The bytes [begin, end) \p Site acts on, as pointers; a one-line flush
/// acts on the whole line. None when its operands are of unexpected types.
std::optional<std::pair<llvm::Value *, llvm::Value *>>
flushRangeAt(llvm::IRBuilderBase &B, const FlushSite &Site);

/// "file:line:col (function)" of \p Call, the text the runtime reports.
std::string flushSiteText(const llvm::CallBase &Call);

/// \p Text as a constant string in \p Call's module (one global per text).
llvm::Value *flushSiteString(const llvm::CallBase &Call, llvm::StringRef Text);

/// Check mode: abort at run time unless [\p Begin, \p End) is unchanged
/// since its snapshot; names \p Elided and the witness text \p Witness (a
/// string from flushSiteString, or a select among such strings).
void emitFlushCheck(llvm::IRBuilderBase &B, llvm::Value *Begin,
                    llvm::Value *End, const llvm::CallBase &Elided,
                    llvm::Value *Witness);

/// Profile mode: count [\p Begin, \p End) as bytes \p Site would not flush
/// (and those of them that changed); must come before its profile call.
void emitSkipProfile(llvm::IRBuilderBase &B, llvm::Value *Begin,
                     llvm::Value *End, const llvm::CallBase &Site);

} // namespace hotlayout

#endif // HOTLAYOUT_FLUSHINSTRUMENT_H
