//===- LoopFinder.cpp - Loops of a linked binary, from its machine code ---===//
//
// 1. Decode each code range linearly with the target's MCDisassembler,
//    noting for each instruction whether it falls through and where a
//    direct branch goes.
// 2. Keep direct branches (not calls) whose target lies in the same range
//    at or before the branch, and from whose target the branch can be
//    reached inside the range (closesCycle): back edges.
// 3. formLoops(): one loop per target, spanning to the farthest back edge;
//    then mark the loops that contain no other loop as innermost.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Binary/LoopFinder.h"
#include "hotlayout/Tool/Support/Error.h"

#include "Binary/Compat.h"

#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>

using namespace llvm;

namespace hotlayout {

std::vector<Loop> formLoops(ArrayRef<BackEdge> Edges) {
  std::map<uint64_t, Loop> ByTarget;
  for (const BackEdge &E : Edges) {
    Loop &L = ByTarget[E.Target];
    L.Start = E.Target;
    L.End = std::max(L.End, E.End);
    L.Branches.push_back(E.Branch);
  }
  std::vector<Loop> Loops;
  for (auto &Entry : ByTarget) {
    llvm::sort(Entry.second.Branches);
    Loops.push_back(std::move(Entry.second));
  }
  // Starts are distinct, so "inside" is never "equal". Loops are sorted by
  // start: only later loops can start inside this one.
  for (size_t I = 0; I < Loops.size(); ++I) {
    Loops[I].Innermost = true;
    for (size_t J = I + 1; J < Loops.size(); ++J) {
      if (Loops[J].Start >= Loops[I].End)
        break;
      if (Loops[J].End <= Loops[I].End) {
        Loops[I].Innermost = false;
        break;
      }
    }
  }
  return Loops;
}

bool closesCycle(ArrayRef<DecodedInst> Insts, const BackEdge &Edge) {
  auto IndexOf = [&](uint64_t Address) -> std::optional<size_t> {
    auto It = llvm::partition_point(
        Insts, [&](const DecodedInst &I) { return I.Address < Address; });
    if (It == Insts.end() || It->Address != Address)
      return std::nullopt;
    return size_t(It - Insts.begin());
  };
  std::optional<size_t> First = IndexOf(Edge.Target);
  std::optional<size_t> Last = IndexOf(Edge.Branch);
  if (!First || !Last)
    return true;
  // Depth-first over the whole range: the cycle may leave the span.
  std::vector<bool> Seen(Insts.size());
  SmallVector<size_t, 16> Work = {*First};
  Seen[*First] = true;
  auto Visit = [&](size_t I) {
    if (I >= Insts.size() || Seen[I])
      return;
    Seen[I] = true;
    Work.push_back(I);
  };
  while (!Work.empty()) {
    size_t I = Work.pop_back_val();
    if (I == *Last)
      return true;
    const DecodedInst &D = Insts[I];
    // A jump through a register (a computed goto, a jump table) may land
    // anywhere, the branch included: cannot tell, as for a target that is
    // no instruction boundary. Interpreters close their dispatch loop so.
    if (D.IsIndirectJump)
      return true;
    if (D.FallsThrough)
      Visit(I + 1);
    if (D.IsBranch)
      if (std::optional<size_t> T = IndexOf(D.Target))
        Visit(*T);
  }
  return false;
}

void initializeMachineCode() {
  LLVMInitializeX86TargetInfo();
  LLVMInitializeX86TargetMC();
  LLVMInitializeX86Disassembler();
  LLVMInitializeAArch64TargetInfo();
  LLVMInitializeAArch64TargetMC();
  LLVMInitializeAArch64Disassembler();
}

Expected<std::unique_ptr<LoopFinder>> LoopFinder::create(const Triple &TT) {
  std::string Error;
  Triple T = TT;
  const Target *TheTarget = TargetRegistry::lookupTarget("", T, Error);
  if (!TheTarget)
    return makeError("no LLVM target for " + TT.str() + ": " + Error);
  std::unique_ptr<LoopFinder> LF(new LoopFinder());
  LF->MRI = compat::createMCRegInfo(*TheTarget, T);
  MCTargetOptions Options;
  if (LF->MRI)
    LF->MAI = compat::createMCAsmInfo(*TheTarget, *LF->MRI, T, Options);
  // Decode every AArch64 extension, as llvm-objdump does by default.
  bool IsAArch64 = T.isAArch64();
  LF->STI =
      compat::createMCSubtargetInfo(*TheTarget, T, IsAArch64 ? "+all" : "");
  LF->MII.reset(TheTarget->createMCInstrInfo());
  if (!LF->MRI || !LF->MAI || !LF->STI || !LF->MII)
    return makeError("LLVM cannot describe " + T.str() +
                     " machine code (missing MC layer)");
  LF->Ctx = std::make_unique<MCContext>(T, LF->MAI.get(), LF->MRI.get(),
                                        LF->STI.get());
  LF->DisAsm.reset(TheTarget->createMCDisassembler(*LF->STI, *LF->Ctx));
  LF->MIA.reset(TheTarget->createMCInstrAnalysis(LF->MII.get()));
  if (!LF->DisAsm || !LF->MIA)
    return makeError("LLVM was built without a disassembler or "
                     "instruction analysis for " +
                     T.str());
  LF->MAB.reset(TheTarget->createMCAsmBackend(*LF->STI, *LF->MRI, Options));
  LF->MinInstSize = IsAArch64 ? 4 : 1;
  for (unsigned R = 1; !IsAArch64 && R < LF->MRI->getNumRegs(); ++R)
    if (StringRef(LF->MRI->getName(R)) == "RIP")
      LF->PCRegister = R;
  return LF;
}

/// Is operand \p I of an instruction described by \p Desc a branch's
/// PC-relative target (its displacement: what re-encoding changes)?
static bool isPCRelOperand(const MCInstrDesc &Desc, unsigned I) {
  return I < Desc.getNumOperands() &&
         Desc.operands()[I].OperandType == MCOI::OPERAND_PCREL;
}

/// \p Inst's opcode and its operands but those \p Skip names, hashed; never
/// 0 (DecodedInst::Form's "none").
static uint64_t formHash(const MCInst &Inst,
                         function_ref<bool(unsigned)> Skip) {
  hash_code H = hash_value(Inst.getOpcode());
  for (unsigned I = 0; I < Inst.getNumOperands(); ++I) {
    const MCOperand &Op = Inst.getOperand(I);
    if (Skip(I))
      continue;
    if (Op.isReg())
      H = hash_combine(H, 'r', Op.getReg().id());
    else if (Op.isImm())
      H = hash_combine(H, 'i', Op.getImm());
  }
  return H ? uint64_t(H) : 1;
}

uint64_t LoopFinder::branchForm(MCInst Inst) const {
  if (MAB && MAB->mayNeedRelaxation(Inst.getOpcode(), Inst.getOperands(), *STI))
    MAB->relaxInstruction(Inst, *STI);
  const MCInstrDesc &Desc = MII->get(Inst.getOpcode());
  return formHash(Inst, [&](unsigned I) { return isPCRelOperand(Desc, I); });
}

std::optional<unsigned>
LoopFinder::pcRelDisplacement(const MCInst &Inst) const {
  // An x86 memory operand is base, scale, index, displacement, segment
  // (X86::AddrBaseReg .. X86::AddrSegmentReg).
  for (unsigned I = 0; PCRegister && I + 3 < Inst.getNumOperands(); ++I)
    if (Inst.getOperand(I).isReg() &&
        Inst.getOperand(I).getReg().id() == PCRegister &&
        Inst.getOperand(I + 3).isImm())
      return I + 3;
  return std::nullopt;
}

uint64_t LoopFinder::invertedForm(MCInst Inst) const {
  // Both targets number their conditions so that a condition and its
  // opposite differ in bit 0 only (X86::GetOppositeBranchCondition,
  // AArch64CC::getInvertedCondCode). No other branch is known to carry its
  // condition that way: AArch64's TBZ has a bit number there.
  StringRef Name = MII->getName(Inst.getOpcode());
  if (Name != "JCC_1" && Name != "JCC_2" && Name != "JCC_4" && Name != "Bcc")
    return 0;
  const MCInstrDesc &Desc = MII->get(Inst.getOpcode());
  std::optional<unsigned> Cond;
  for (unsigned I = 0; I < Inst.getNumOperands(); ++I) {
    if (isPCRelOperand(Desc, I) || !Inst.getOperand(I).isImm())
      continue;
    if (Cond)
      return 0;
    Cond = I;
  }
  if (!Cond)
    return 0;
  Inst.getOperand(*Cond).setImm(Inst.getOperand(*Cond).getImm() ^ 1);
  return branchForm(Inst);
}

std::vector<DecodedInst> LoopFinder::decode(const CodeRange &Range) const {
  std::vector<DecodedInst> Insts;
  ArrayRef<uint8_t> Bytes = Range.Bytes;
  for (uint64_t Offset = 0; Offset < Bytes.size();) {
    DecodedInst D;
    D.Address = Range.Address + Offset;
    MCInst Inst;
    MCDisassembler::DecodeStatus S = DisAsm->getInstruction(
        Inst, D.Size, Bytes.slice(Offset), D.Address, nulls());
    if (S == MCDisassembler::Fail || D.Size == 0) {
      Offset += MinInstSize;
      continue;
    }
    const MCInstrDesc &Desc = MII->get(Inst.getOpcode());
    D.FallsThrough = !Desc.isBarrier() && !MIA->isReturn(Inst) &&
                     !MIA->isUnconditionalBranch(Inst) &&
                     !MIA->isIndirectBranch(Inst);
    D.IsCall = MIA->isCall(Inst);
    D.IsIndirectJump =
        MIA->isIndirectBranch(Inst) && !D.IsCall && !MIA->isReturn(Inst);
    D.IsBranch = MIA->isBranch(Inst) && !D.IsCall &&
                 MIA->evaluateBranch(Inst, D.Address, D.Size, D.Target);
    if (D.IsBranch || (D.IsCall && MIA->evaluateBranch(Inst, D.Address, D.Size,
                                                       D.CallTarget)))
      D.Form = branchForm(Inst);
    else if (std::optional<uint64_t> T = MIA->evaluateMemoryOperandAddress(
                 Inst, STI.get(), D.Address, D.Size))
      if (std::optional<unsigned> Disp = pcRelDisplacement(Inst)) {
        D.MemTarget = *T;
        D.Form = formHash(Inst, [&](unsigned I) { return I == *Disp; });
      }
    if (D.IsBranch && D.FallsThrough)
      D.InvertedForm = invertedForm(Inst);
    Insts.push_back(D);
    Offset += D.Size;
  }
  return Insts;
}

std::optional<uint64_t> referenceIntoInstruction(ArrayRef<DecodedInst> Insts,
                                                 uint64_t Begin, uint64_t End) {
  auto StartsOne = [&](uint64_t A) {
    auto It = partition_point(
        Insts, [&](const DecodedInst &D) { return D.Address < A; });
    return It != Insts.end() && It->Address == A;
  };
  std::optional<uint64_t> First;
  for (const DecodedInst &D : Insts)
    if (uint64_t T = D.refersTo();
        T >= Begin && T < End && !StartsOne(T) && (!First || T < *First))
      First = T;
  return First;
}

std::vector<BackEdge> backEdgesOf(ArrayRef<DecodedInst> Insts,
                                  uint64_t RangeStart) {
  std::vector<BackEdge> Edges;
  for (const DecodedInst &D : Insts) {
    if (!D.IsBranch || D.Target < RangeStart || D.Target > D.Address)
      continue;
    BackEdge E{D.Address, D.Address + D.Size, D.Target};
    if (closesCycle(Insts, E))
      Edges.push_back(E);
  }
  return Edges;
}

std::vector<BackEdge> LoopFinder::findBackEdges(const CodeRange &Range) const {
  return backEdgesOf(decode(Range), Range.Address);
}

std::vector<Loop> LoopFinder::findLoops(const CodeRange &Range) const {
  return formLoops(findBackEdges(Range));
}

} // namespace hotlayout
