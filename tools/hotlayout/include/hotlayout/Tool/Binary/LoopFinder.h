//===- hotlayout/Tool/Binary/LoopFinder.h - Loops of a linked binary ------===//
//
// A loop, as far as the binary can tell, is a backward branch: a direct
// branch (conditional or not, never a call) whose target lies in the same
// code range at or before the branch, and from whose target control can
// flow back to the branch without leaving the span (a jump back to a shared
// `ret` is no loop; an indirect jump in the span may land anywhere, so a
// computed-goto dispatch that handlers jump back to is a loop). Its span is
// [target, end of the branch): the bytes fetched on every iteration. This needs
// no symbols, no debug info and no .llvm_bb_addr_map, so it also works on BOLT
// output.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_LOOPFINDER_H
#define HOTLAYOUT_TOOL_LOOPFINDER_H

#include "hotlayout/Tool/Binary/BinaryFile.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrAnalysis.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/Error.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace hotlayout {

/// A direct branch at Branch (ending at End) that jumps back to Target.
struct BackEdge {
  uint64_t Branch = 0;
  uint64_t End = 0;
  uint64_t Target = 0;
};

/// What loop finding needs to know about one decoded instruction.
struct DecodedInst {
  uint64_t Address = 0;
  uint64_t Size = 0;
  bool FallsThrough = true; ///< Execution may continue at Address + Size.
  bool IsBranch = false;    ///< A direct branch (not a call) to Target.
  uint64_t Target = 0;
  bool IsCall = false; ///< A call, direct or not.
  /// A jump through a register or memory (a computed goto, a jump table),
  /// not a call or return.
  bool IsIndirectJump = false;
  /// For a direct call: where it goes (Target stays 0: the loop finder and
  /// the judge follow branches only).
  uint64_t CallTarget = 0;
  /// For an instruction with a PC-relative memory operand (x86's
  /// RIP-relative; not a direct branch or call): the address it refers to.
  uint64_t MemTarget = 0;
  /// For a direct branch or call: its opcode as MC relaxes it (x86's 2-byte
  /// jumps to their 5- and 6-byte forms) and its operands other than the
  /// target, hashed; for an instruction with a MemTarget, its opcode and
  /// operands other than the displacement; 0 for anything else. Two of one
  /// Form are the same instruction, whatever width and value their
  /// displacement has.
  uint64_t Form = 0;
  /// For a conditional direct branch whose condition is its one immediate
  /// operand (x86's Jcc, AArch64's B.cond): the Form of the same branch on
  /// the opposite condition; 0 for anything else.
  uint64_t InvertedForm = 0;

  /// Where it refers: a direct branch's target, a direct call's, or a
  /// PC-relative memory operand's address; 0 for anything else (an
  /// instruction has at most one of them).
  uint64_t refersTo() const {
    return IsBranch ? Target : CallTarget ? CallTarget : MemTarget;
  }
};

/// Registers the machine-code layer of the two targets BinaryFile accepts
/// (x86-64, AArch64): their descriptions and disassemblers, the only ones
/// linked (see lib/CMakeLists.txt). Once, before LoopFinder::create.
void initializeMachineCode();

/// True when control entering \p Edge's target can reach the branch itself
/// along fall-throughs and direct branches inside the range, i.e. the back
/// edge closes a cycle. The cycle may leave the span [Target, End): after
/// a re-layout (llvm-bolt's) a loop's blocks can sit before its head or
/// after its last back edge, and an inner loop's exit can jump back into
/// its outer loop's latch; the independent judge (callgrind_loops.py) counts
/// such jumps as loops too. \p Insts are the decoded instructions of the
/// range, in address order. When the target is not an instruction boundary
/// of that decoding, or control reaches an indirect jump (a computed goto's
/// dispatch), the answer is true (cannot tell).
bool closesCycle(llvm::ArrayRef<DecodedInst> Insts, const BackEdge &Edge);

/// The first address in [\p Begin, \p End) that one of \p Insts (a range's
/// decoded instructions, in address order) refers to, as a branch's or
/// call's target or a PC-relative memory operand's, where none of them
/// starts: data kept inside the code (hand-written assembly's tables), or a
/// jump into an instruction. llvm-bolt takes such a function for not simple
/// ("reference in the middle of instruction") and leaves it in place.
std::optional<uint64_t>
referenceIntoInstruction(llvm::ArrayRef<DecodedInst> Insts, uint64_t Begin,
                         uint64_t End);

/// The backward branches of \p Insts (the decoded instructions of a range
/// starting at \p RangeStart, in address order) that close a cycle, in
/// address order.
std::vector<BackEdge> backEdgesOf(llvm::ArrayRef<DecodedInst> Insts,
                                  uint64_t RangeStart);

/// The bytes [Start, End) that one loop fetches every iteration.
struct Loop {
  uint64_t Start = 0;
  uint64_t End = 0;
  /// Addresses of the backward branches to Start; the last one ends at End.
  llvm::SmallVector<uint64_t, 2> Branches;
  /// No other loop lies strictly inside this one.
  bool Innermost = false;

  uint64_t size() const { return End - Start; }
};

/// Loops closed by \p Edges, sorted by start: edges to the same target merge
/// into one loop that ends after the farthest of them; a loop is innermost
/// when no other loop's span lies inside its own.
std::vector<Loop> formLoops(llvm::ArrayRef<BackEdge> Edges);

/// Disassembles code ranges with the target's MCDisassembler and finds their
/// backward branches with MCInstrAnalysis::evaluateBranch.
class LoopFinder {
public:
  /// Fails when LLVM has no disassembler for \p TT.
  static llvm::Expected<std::unique_ptr<LoopFinder>>
  create(const llvm::Triple &TT);

  /// The loops inside \p Range. Undecodable bytes are skipped (one byte on
  /// x86, one instruction slot on AArch64), as llvm-objdump does.
  std::vector<Loop> findLoops(const CodeRange &Range) const;

  /// Backward branches inside \p Range that close a cycle, in address order.
  std::vector<BackEdge> findBackEdges(const CodeRange &Range) const;

  /// Every instruction of \p Range, decoded linearly.
  std::vector<DecodedInst> decode(const CodeRange &Range) const;

private:
  LoopFinder() = default;
  /// DecodedInst::Form of the direct branch or call \p Inst.
  uint64_t branchForm(llvm::MCInst Inst) const;
  /// branchForm of \p Inst on the opposite condition, or 0 (see
  /// DecodedInst::InvertedForm).
  uint64_t invertedForm(llvm::MCInst Inst) const;
  /// The operand of \p Inst that is the displacement of a PC-relative
  /// memory operand (x86: the one after RIP, its scale and its index).
  std::optional<unsigned> pcRelDisplacement(const llvm::MCInst &Inst) const;

  std::unique_ptr<llvm::MCRegisterInfo> MRI;
  std::unique_ptr<llvm::MCAsmInfo> MAI;
  std::unique_ptr<llvm::MCSubtargetInfo> STI;
  std::unique_ptr<llvm::MCInstrInfo> MII;
  std::unique_ptr<llvm::MCContext> Ctx;
  std::unique_ptr<llvm::MCDisassembler> DisAsm;
  std::unique_ptr<llvm::MCInstrAnalysis> MIA;
  /// Relaxes a decoded branch for DecodedInst::Form; null when the target
  /// has no assembler backend (then Form is the decoded opcode's).
  std::unique_ptr<llvm::MCAsmBackend> MAB;
  uint64_t MinInstSize = 1;
  /// x86's RIP; 0 where the target has no such register (AArch64).
  unsigned PCRegister = 0;
};

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_LOOPFINDER_H
