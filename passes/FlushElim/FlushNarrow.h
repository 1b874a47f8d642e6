//===- FlushNarrow.h - Shrink partly redundant flushes --------------------===//
//
// Internal to passes/: the IR half of narrowing. FlushAvailability plans
// (NarrowedFlush); FlushElim.cpp hands the plans of one function here, with
// what they need to know of their witnesses (which may be gone by then:
// removed, or narrowed themselves).
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_FLUSHNARROW_H
#define HOTLAYOUT_FLUSHNARROW_H

#include "hotlayout/FlushElimOptions.h"
#include "hotlayout/FlushResults.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/ValueHandle.h"

#include <string>

namespace llvm {
class BasicBlock;
class Function;
class Loop;
class IRBuilderBase;
class SCEV;
class Type;
class Value;
} // namespace llvm

namespace hotlayout {

/// True when materialiseSCEV handles an expression of \p S's kind (its
/// operands are asked separately): the arithmetic flush bounds are made of,
/// not loop recurrences.
bool isMaterialisable(const llvm::SCEV *S);

/// Computes \p S at \p B's insertion point with fresh instructions (no
/// existing one is reused or changed): an integer of \p S's type, or of
/// \p IntPtrTy (the address) for a pointer. Null when a part of it is not
/// materialisable.
llvm::Value *materialiseSCEV(
    llvm::IRBuilderBase &B, const llvm::SCEV *S, llvm::Type *IntPtrTy,
    const llvm::DenseMap<llvm::Value *, llvm::Value *> *Replace = nullptr);

/// One narrowing of one flush.
struct NarrowingJob {
  const NarrowedFlush *Plan;
  FlushSite Site;
  /// Per cover, the source location of its (kept) witness, as check mode
  /// names it.
  llvm::SmallVector<std::string, 2> WitnessTexts;
};

/// Applies \p Jobs (all in \p F) in \p Mode: remove narrows, check narrows
/// and checks the skipped bytes at run time, profile only counts the bytes
/// that would be skipped. Every SCEV is expanded before the first block is
/// split. Returns the indices of the jobs applied (a debug counter or an
/// earlier run may leave some out); \p CFGChanged tells whether blocks were
/// split.
llvm::SmallVector<unsigned, 2>
applyNarrowings(llvm::Function &F, llvm::ArrayRef<NarrowingJob> Jobs,
                FlushElimMode Mode, bool &CFGChanged);

/// Deletes \p L when removing its flushes left it doing nothing: no
/// instruction with a side effect, none used outside it, guaranteed to
/// finish (mustprogress), with one way in and one way out. The blocks it
/// deleted go to \p Deleted; a branch condition it left unused goes to
/// \p DeadConds (a narrowing planned before may still test it: delete them
/// after narrowing). Returns whether it did.
bool deleteEmptiedLoop(llvm::Loop &L,
                       llvm::SmallPtrSetImpl<llvm::BasicBlock *> &Deleted,
                       llvm::SmallVectorImpl<llvm::WeakTrackingVH> &DeadConds);

/// True when \p Job names no value of the \p Deleted blocks.
bool survivesLoopDeletion(
    const NarrowingJob &Job,
    const llvm::SmallPtrSetImpl<llvm::BasicBlock *> &Deleted);

} // namespace hotlayout

#endif // HOTLAYOUT_FLUSHNARROW_H
