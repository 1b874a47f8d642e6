//===- hotlayout/Tool/Lock/LockedCode.h - Did llvm-bolt keep the code? ----===//
//
// A locked function keeps its input code in llvm-bolt's output: the lock's
// promise (hotalign's padding and the compiler's layout put its hot loops on
// their lines; apply only chooses where the function starts). After a
// rewrite, compare each locked function's code in the output with the
// input's:
//
//  1. The code hash (maskedContentHash, the lock's code_hash) of the input's
//     bytes and of as many of the output's, both masked by the input's
//     relocated fields: a PC-relative field changes when the function moves,
//     and a callee's address with the callee. Equal hashes: kept.
//  2. Else walk both decodings instruction by instruction: an instruction is
//     kept when its bytes are, outside the relocated fields; a direct branch
//     or call is kept when llvm-bolt encoded the same one (DecodedInst::Form)
//     in another width or with another displacement, to the instruction that
//     corresponds to its input target or, out of the function, to the same
//     function (see compareLockedCode for why that is no change); an
//     instruction whose PC-relative memory operand has no relocation (the
//     assembler resolved it: hand-written assembly's tables in .text) is kept
//     when its other operands are and it refers to the same place; a jump or
//     conditional branch to the next instruction is kept when llvm-bolt
//     emits none (in its CFG it is the fall-through); a conditional branch
//     over the jump right after it is kept when llvm-bolt emitted the two as
//     one branch on the opposite condition to the jump's target (its CFG's
//     block with two successors, the taken one next in the layout), unless
//     another branch goes to that jump. The first other difference is the
//     change reported.
//  3. What the output has past the input's code may only be direct jumps:
//     llvm-bolt routes a conditional tail call through a jump it appends
//     (with -simplify-conditional-tail-calls=0, which apply passes).
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_LOCKEDCODE_H
#define HOTLAYOUT_TOOL_LOCKEDCODE_H

#include "hotlayout/Tool/Binary/LoopFinder.h"
#include "hotlayout/Tool/Lock/LayoutLock.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <string>

namespace hotlayout {

/// One function's code: its bytes at their address, and their decoding
/// (LoopFinder::decode; needed only when the hashes differ).
struct FunctionCode {
  llvm::ArrayRef<uint8_t> Bytes;
  uint64_t Address = 0;
  llvm::ArrayRef<DecodedInst> Insts;
};

/// Where an output's code first differs from its input's.
struct CodeChange {
  uint64_t Offset = 0; ///< From the function's start, in the input.
  /// Up to 8 bytes from there: the input's, and the output's at the
  /// corresponding place (none when the output's code ends before it).
  llvm::SmallVector<uint8_t, 8> In, Out;
};

/// What compareLockedCode found.
struct CodeComparison {
  /// The first change; unset when the output keeps the input's code.
  std::optional<CodeChange> Change;
  /// Direct branches llvm-bolt encoded in another width (kept code).
  unsigned Reencoded = 0;
  /// Bytes of direct jumps llvm-bolt appended after the input's code.
  uint64_t Appended = 0;
  /// Jumps and conditional branches to the next instruction llvm-bolt
  /// emitted in no bytes (kept code).
  unsigned Dropped = 0;
  /// Conditional branches over a jump that llvm-bolt emitted as one branch
  /// on the opposite condition to the jump's target (kept code).
  unsigned Inverted = 0;
  /// PC-relative memory operands with no relocation that llvm-bolt aimed
  /// at the same place from the function's new address (kept code).
  unsigned Reaimed = 0;

  bool kept() const { return !Change; }
};

/// True when the code hash of \p In and that of the first In.Bytes.size()
/// bytes of \p Out are equal, both masked by \p Fields (the input's
/// relocated fields) as if at In.Address: step 1, no decoding needed.
bool sameCodeHash(llvm::ArrayRef<uint8_t> In, uint64_t InAddress,
                  llvm::ArrayRef<uint8_t> Out,
                  llvm::ArrayRef<RelocatedField> Fields);

/// Whether a branch of the input to \p InTarget, outside its function,
/// and one of the output to \p OutTarget go to the same place (the same
/// function, wherever llvm-bolt put it).
using SameTargetFn =
    llvm::function_ref<bool(uint64_t InTarget, uint64_t OutTarget)>;

/// Compares \p Out (llvm-bolt's emitted code of a function, padding
/// excluded) with \p In (the input's), masked by the input's relocated
/// \p Fields: steps 2 and 3 above. \p SameTarget judges the targets of a
/// re-encoded branch out of the function (a tail call). Call it when
/// sameCodeHash() is false or the output is longer.
CodeComparison compareLockedCode(const FunctionCode &In,
                                 const FunctionCode &Out,
                                 llvm::ArrayRef<RelocatedField> Fields,
                                 SameTargetFn SameTarget);

/// "48 01 c8": \p Bytes in hex, for messages.
std::string hexBytes(llvm::ArrayRef<uint8_t> Bytes);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_LOCKEDCODE_H
