//===- hotlayout/Support/FlushKinds.h - The flushes hotlayout knows -------===//
//
// One table row per cache-flush primitive. Everything the flush passes need
// to know about a primitive (how its range is given, which cache it acts on,
// how strong and how ordered it is) is a column here, so supporting a new
// primitive is one new row and no pass code. Plain C++: no IR is needed to
// answer these questions, and the unit tests use the table directly.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_SUPPORT_FLUSHKINDS_H
#define HOTLAYOUT_SUPPORT_FLUSHKINDS_H

#include "llvm/ADT/StringRef.h"

namespace hotlayout {

/// How a primitive names the bytes it flushes.
enum class RangeShape {
  BeginEnd,    ///< f(begin, end): the bytes [begin, end).
  BeginLength, ///< f(ptr, len): the bytes [ptr, ptr + len).
  OneLine,     ///< f(ptr): the whole cache line that contains ptr.
};

/// Which cache a primitive acts on. A flush only ever makes a later flush of
/// the same domain redundant: an instruction-cache invalidation says nothing
/// about data-cache write-back, and vice versa.
enum class FlushDomain { InstructionCache, DataCacheLine };

/// What a primitive leaves behind. An evicting flush also writes back, so it
/// covers a later write-back of the same line; a write-back (clwb) leaves the
/// line cached and therefore never covers an evicting flush.
enum class FlushStrength { WriteBack = 1, Evict = 2 };

/// x86 clflush is ordered with other clflushes and with stores; clflushopt and
/// clwb are not (they need an sfence). Removing an ordered flush on the
/// strength of a weakly ordered one could let later stores pass it, so a
/// weakly ordered flush never covers an ordered one.
enum class FlushOrdering { Weak, Ordered };

struct FlushKind {
  llvm::StringRef CalleeName; ///< IR name of the callee (intrinsics included).
  llvm::StringRef Display;    ///< What diagnostics call it.
  RangeShape Shape;
  FlushDomain Domain;
  FlushStrength Strength;
  FlushOrdering Ordering;
};

/// The row for \p CalleeName, or nullptr when it is not a flush.
const FlushKind *lookupFlushKind(llvm::StringRef CalleeName);

/// True when a completed flush of kind \p Earlier makes a later flush of kind
/// \p Later over the same (or a contained) range redundant, provided nothing
/// in between touched the bytes.
bool flushKindCovers(const FlushKind &Earlier, const FlushKind &Later);

/// True for external functions known to write no memory the program can see
/// and to publish none of another thread's writes: page-protection changes
/// and the JIT write-protect toggle between the two flushes of a JIT's
/// make-executable step. A flush is not killed by them.
bool isFlushNeutralCallee(llvm::StringRef CalleeName);

} // namespace hotlayout

#endif // HOTLAYOUT_SUPPORT_FLUSHKINDS_H
