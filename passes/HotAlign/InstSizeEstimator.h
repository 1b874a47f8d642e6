//===- InstSizeEstimator.h - Byte sizes of machine code before emission ---===//
//
// hotalign needs the byte size of a loop before the assembler runs. Targets
// with fixed or table-driven sizes answer through getInstSizeInBytes
// (AArch64). x86 answers ~0U for every instruction, so there each
// instruction is encoded with the target's MCCodeEmitter, then corrected for
// the choices the real lowering makes (imm8 forms) and for branch
// relaxation. Every estimate errs large: an oversized span only widens the
// max-skip (the assembler still pads only where needed, never to a worse
// placement), while an undersized one could leave a straddle.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_INSTSIZEESTIMATOR_H
#define HOTLAYOUT_INSTSIZEESTIMATOR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace llvm {
class TargetMachine;
class MachineBasicBlock;
class MachineFunction;
class MachineInstr;
class MCCodeEmitter;
class MCContext;
} // namespace llvm

namespace hotlayout {

class InstSizeEstimator {
public:
  /// One estimator serves every function compiled by \p TM.
  explicit InstSizeEstimator(const llvm::TargetMachine &TM);
  ~InstSizeEstimator();

  using BlockSet = llvm::SmallPtrSetImpl<const llvm::MachineBasicBlock *>;

  /// Upper bound on the bytes of the blocks \p Span, in layout order, each
  /// block's own alignment padding included. A direct branch counts as
  /// relaxed unless its target is within rel8's reach by the function's
  /// upper bounds (every branch within a span that short is).
  uint64_t spanSize(llvm::ArrayRef<const llvm::MachineBasicBlock *> Span) const;

  /// The same upper bound per block of \p Span, in its order; with \p Last,
  /// the last block counts only up to and including that instruction (a
  /// loop's span ends with its last back jump). Without \p Padding, the
  /// blocks' own alignment padding is left out: their code alone.
  std::vector<uint64_t>
  blockSizes(llvm::ArrayRef<const llvm::MachineBasicBlock *> Span,
             const llvm::MachineInstr *Last = nullptr,
             bool Padding = true) const;

  /// blockSizes(Span, Last) and blockSizes(Span, Last, false) together, the
  /// same numbers: hotalign wants both for every loop, and each call sized
  /// the span's instructions again (once, or twice with long branches), which
  /// on Lua's interpreter loop, a span of most of luaV_execute holding its
  /// other loops, was half of hotalign's time with a loop profile.
  struct SpanSizes {
    std::vector<uint64_t> Padded; ///< blockSizes(Span, Last)
    std::vector<uint64_t> Code;   ///< blockSizes(Span, Last, false)
  };
  SpanSizes spanSizes(llvm::ArrayRef<const llvm::MachineBasicBlock *> Span,
                      const llvm::MachineInstr *Last = nullptr) const;

  /// Lower bounds on the code of the blocks \p Span (no alignment padding),
  /// the counterpart of blockSizes(Span, Last, false): every direct branch
  /// short, what the encoder cannot size (pseudos, inline assembly,
  /// AArch64's later additions) as nothing. Not counted: x86's lowering may
  /// still pick a form one byte shorter than the MIR opcode's (accumulator
  /// and shift-by-one forms, 2-byte VEX), which the imm8 correction does not
  /// model.
  std::vector<uint64_t>
  blockLowerBounds(llvm::ArrayRef<const llvm::MachineBasicBlock *> Span,
                   const llvm::MachineInstr *Last = nullptr) const;

  /// Upper bound on the bytes \p MI assembles to; with \p LongBranches
  /// every direct x86 branch counts as relaxed to rel32.
  uint64_t instSize(const llvm::MachineInstr &MI, const BlockSet &Span,
                    bool LongBranches) const;

  /// Drops what was measured of the function compiled before: call it
  /// before the first estimate of each function.
  void forgetFunction() const;

private:
  uint64_t worstInstBytes(const llvm::MachineInstr &MI) const;
  uint64_t instLowerBound(const llvm::MachineInstr &MI) const;
  uint64_t inlineAsmSize(const llvm::MachineInstr &MI) const;
  static uint64_t paddingBound(const llvm::MachineBasicBlock &MBB);
  /// Each block's code (no alignment padding) for blockSizes: a branch to a
  /// block of the span short with \p SpanFits (the span is within rel8's
  /// reach), else every branch by its own reach (branchGrowth).
  std::vector<uint64_t>
  codeSizes(llvm::ArrayRef<const llvm::MachineBasicBlock *> Blocks,
            const llvm::MachineInstr *Last, bool SpanFits) const;
  /// \p Code with each block's own alignment padding, the top block's left
  /// out (that is what hotalign replaces).
  static std::vector<uint64_t>
  withPadding(llvm::ArrayRef<const llvm::MachineBasicBlock *> Blocks,
              std::vector<uint64_t> Code);
  /// Upper bound on each block's bytes, in layout order.
  struct LayoutBounds {
    llvm::DenseMap<const llvm::MachineBasicBlock *, unsigned> Index;
    std::vector<const llvm::MachineBasicBlock *> Order;
    /// Each block's code at its largest, by position in Order.
    std::vector<uint64_t> Code;
    /// Prefix[N]: the bytes of blocks 0 .. N-1, alignment padding included.
    std::vector<uint64_t> Prefix;
    /// Bytes of the blocks from position \p A to \p B, both included.
    uint64_t between(unsigned A, unsigned B) const {
      return Prefix[std::max(A, B) + 1] - Prefix[std::min(A, B)];
    }
    uint64_t total() const { return Prefix.back(); }
  };
  /// The function's bounds, measured once per function: blockBounds runs for
  /// every loop, and encoding the whole function each time made hotalign
  /// grow with loops x instructions (half of llc's time on Lua's lvm.c);
  /// rebuilding the block index each time still cost as much as the rest of
  /// hotalign there. Blocks keep their code while hotalign runs; when it adds
  /// a block the order is indexed again and the new block measured.
  /// Alignment, which hotalign changes, is read every time.
  const LayoutBounds &blockBounds(const llvm::MachineFunction &MF) const;
  mutable LayoutBounds Layout;
  mutable llvm::DenseMap<const llvm::MachineBasicBlock *, uint64_t> CodeBounds;
  mutable const llvm::MachineFunction *CodeBoundsOf = nullptr;
  /// encodedSize of each instruction asked about in this function: every
  /// loop's span is measured, and an outer loop's holds its inner loops'.
  mutable llvm::DenseMap<const llvm::MachineInstr *, uint64_t> EncodedSizes;
  /// A block's code with every branch short, and its direct branches (which
  /// branchGrowth may lengthen): what codeSizes needs of a block that does
  /// not hold the span's last jump, the same for every span that holds it.
  /// Summed once per block, not once per span: Lua's interpreter loop holds
  /// most of luaV_execute and its hundred loops, and summing every span's
  /// instructions again was a third of hotalign's time there.
  struct ShortCode {
    uint64_t Bytes = 0;
    llvm::SmallVector<const llvm::MachineInstr *, 2> Branches;
  };
  const ShortCode &shortCode(const llvm::MachineBasicBlock &MBB) const;
  mutable llvm::DenseMap<const llvm::MachineBasicBlock *, ShortCode> ShortCodes;
  uint64_t branchGrowth(const llvm::MachineInstr &MI, const BlockSet &Span,
                        const LayoutBounds &Bounds, unsigned TopIndex,
                        bool SpanFits) const;
  uint64_t aarch64Additions(const llvm::MachineBasicBlock &MBB,
                            const BlockSet &Span, uint64_t FunctionBytes) const;
  uint64_t encodedSize(const llvm::MachineInstr &MI) const;
  std::optional<uint64_t> encodeAs(const llvm::MachineInstr &MI,
                                   unsigned Opcode) const;
  uint64_t shortImmediateSize(const llvm::MachineInstr &MI,
                              uint64_t Size) const;
  uint64_t loweringPrefixBytes(const llvm::MachineInstr &MI) const;

  const llvm::TargetMachine &TM;
  bool UseEncoder = false;
  std::unique_ptr<llvm::MCContext> Ctx;
  std::unique_ptr<llvm::MCCodeEmitter> Emitter;
  /// The imm8 forms ("...ri8", "...mi8") by name, for shortImmediateSize.
  llvm::StringMap<unsigned> ShortImmOpcode;
};

} // namespace hotlayout

#endif // HOTLAYOUT_INSTSIZEESTIMATOR_H
