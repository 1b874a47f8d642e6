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

#include "llvm/ADT/SmallVector.h"
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
/// about data-cache write-back, and vice versa. AArch64's line operations
/// are domains of their own: `dc cvau` only cleans a data-cache line to the
/// point of unification, `dc civac` cleans and invalidates one to the point
/// of coherence, and `ic ivau` only invalidates an instruction-cache line,
/// so none covers another, nor x86's evicting flushes, nor a range flush
/// (__clear_cache does both, with barriers).
enum class FlushDomain {
  InstructionCache, ///< A byte range made coherent for execution.
  DataCacheLine,    ///< x86: one data-cache line written back or evicted.
  DataCleanToPoU,   ///< AArch64 `dc cvau`: one data-cache line cleaned.
  /// AArch64 `dc civac`: one data-cache line cleaned and invalidated to the
  /// point of coherence (JITs use it where an erratum makes `dc cvau`
  /// unreliable; persistent-memory code to write a line back). Kept apart
  /// from `dc cvau`: which of the two covers the other is not asked.
  DataCleanInvalidateToPoC,
  InstructionLineInvalidate, ///< AArch64 `ic ivau`: one I-cache line dropped.
};

/// True for the AArch64 data-cache line operations (`dc cvau`, `dc civac`):
/// after an `ic ivau`, either may bring new bytes to where the instruction
/// cache refetches from.
bool cleansDataCacheLine(FlushDomain D);

/// True for the domains whose primitives act on the one cache line holding
/// their pointer (RangeShape::OneLine), as opposed to a byte range.
bool isLineDomain(FlushDomain D);

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
  /// IR name of the callee (intrinsics included); for an inline-asm
  /// primitive, its mnemonic as lookupAsmFlushKind matches it ("dc cvau").
  llvm::StringRef CalleeName;
  llvm::StringRef Display; ///< What diagnostics call it.
  RangeShape Shape;
  FlushDomain Domain;
  FlushStrength Strength;
  FlushOrdering Ordering;
};

/// The row for \p CalleeName, or nullptr when it is not a flush.
const FlushKind *lookupFlushKind(llvm::StringRef CalleeName);

/// The row for an inline-asm statement that is exactly one AArch64 line
/// operation on its one register operand: \p AsmString "dc cvau, $0",
/// "dc civac, $0" or "ic ivau, $0" (any case, any blanks, `${0}` or `${0:x}`
/// for `$0`) with
/// \p Constraints "r" plus clobbers only ("r,~{memory}"). AArch64 has no
/// intrinsic for them: JITs and __clear_cache write them as inline asm.
/// Anything else in the string (a second instruction, another operand or
/// operation) is no flush: nullptr.
const FlushKind *lookupAsmFlushKind(llvm::StringRef AsmString,
                                    llvm::StringRef Constraints);

/// The cache-line operation an inline-asm statement names among other
/// instructions ("dc cvau", "dc civac", "dc cvac", "ic ivau", "clflushopt",
/// "clflush", "clwb"), when lookupAsmFlushKind does not take it as one flush:
/// a whole flush loop in one asm statement, say. Empty when it names none.
/// Such a statement is opaque: flushelim cannot tell which lines it flushes.
llvm::StringRef asmMentionsLineOperation(llvm::StringRef AsmString);

/// True for an inline-asm statement made only of the AArch64 barriers a
/// cache-maintenance sequence puts after its loops, one per line: `dsb ish`
/// or `dsb sy` (waits for the maintenance before it to finish) and `isb`
/// (refetches what follows), with no operands and clobbers only. None
/// writes memory.
bool isAsmMaintenanceBarrier(llvm::StringRef AsmString,
                             llvm::StringRef Constraints);

/// One AArch64 barrier of a maintenance sequence: `dsb ish`/`dsb sy` waits
/// for the maintenance before it; `isb` refetches the instructions after it.
enum class AsmBarrier { Dsb, Isb };

/// The barriers of an asm statement that isAsmMaintenanceBarrier accepts, in
/// program order, in \p Barriers; false (and none) for any other statement.
/// __clear_cache's order (dc loop, dsb, ic loop, dsb, isb) is checked on it.
bool asmMaintenanceBarriers(llvm::StringRef AsmString,
                            llvm::StringRef Constraints,
                            llvm::SmallVectorImpl<AsmBarrier> &Barriers);

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
