//===- InstSizeEstimator.cpp - Byte sizes of machine code before emission -===//
//
// Upper bounds on instruction sizes, see InstSizeEstimator.h for why upper.
//
//===----------------------------------------------------------------------===//

#include "InstSizeEstimator.h"

#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineJumpTableInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCFixup.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;

namespace hotlayout {

// x86 can always relax rel8 to rel32: jcc grows 2 -> 6, jmp 2 -> 5.
static constexpr uint64_t BranchRelaxGrowth = 4;
// Beyond this many bytes a branch inside the span may need rel32 as well.
static constexpr uint64_t ShortBranchReach = 127;
// The architectural x86 limit; MCAsmInfo leaves x86 at the default of 4.
static constexpr uint64_t X86MaxInstBytes = 15;
// AArch64 passes that run after hotalign may add code to a span: a BTI
// landing pad (4 bytes) at indirect-branch targets, an SLS barrier
// (dsb + isb, 8 bytes) after indirect branches and returns, and a relaxed
// conditional branch (one extra b, 4 bytes) in functions past tbz's range.
static constexpr uint64_t LandingPadBytes = 4;
static constexpr uint64_t SLSBarrierBytes = 8;
static constexpr uint64_t RelaxedBranchBytes = 4;
static constexpr uint64_t TbzReachBytes = 32 * 1024;
// The most hotalign itself may add before a span's top block.
static constexpr uint64_t MaxOwnPadding = 127;

InstSizeEstimator::InstSizeEstimator(const TargetMachine &TM) : TM(TM) {
  // Only x86 lacks table-driven sizes (getInstSizeInBytes returns ~0U).
  UseEncoder = TM.getTargetTriple().isX86();
  if (!UseEncoder)
    return;
  Ctx = std::make_unique<MCContext>(
      TM.getTargetTriple(), TM.getMCAsmInfo(), TM.getMCRegisterInfo(),
      TM.getMCSubtargetInfo(), nullptr, &TM.Options.MCOptions, false);
  Emitter.reset(TM.getTarget().createMCCodeEmitter(*TM.getMCInstrInfo(), *Ctx));
  if (!Emitter) {
    UseEncoder = false;
    return;
  }
  // Only the imm8 forms shortImmediateSize looks up: the target has tens of
  // thousands of opcodes, and hashing every name cost more than all of
  // hotalign's other work on a small file (bench/compile-cost).
  const MCInstrInfo &MII = *TM.getMCInstrInfo();
  for (unsigned Op = 0, E = MII.getNumOpcodes(); Op < E; ++Op) {
    StringRef Name = MII.getName(Op);
    if (Name.ends_with("ri8") || Name.ends_with("mi8"))
      ShortImmOpcode[Name] = Op;
  }
}

InstSizeEstimator::~InstSizeEstimator() = default;

/// Encodes \p MI as if its opcode were \p Opcode. Operands are lowered the
/// way the AsmPrinter lowers them (implicit ones dropped, symbols as
/// expressions, which the encoder sizes as full-width fixups); an instruction
/// whose operands do not match its descriptor is never handed to the
/// encoder.
std::optional<uint64_t> InstSizeEstimator::encodeAs(const MachineInstr &MI,
                                                    unsigned Opcode) const {
  const MCInstrDesc &Desc = TM.getMCInstrInfo()->get(Opcode);
  MCInst Inst;
  Inst.setOpcode(Opcode);
  const MCExpr *Placeholder = MCSymbolRefExpr::create(
      Ctx->getOrCreateSymbol("hotalign.size.probe"), *Ctx);
  for (const MachineOperand &MO : MI.operands()) {
    switch (MO.getType()) {
    case MachineOperand::MO_Register:
      if (!MO.isImplicit())
        Inst.addOperand(MCOperand::createReg(MO.getReg()));
      break;
    case MachineOperand::MO_Immediate:
      Inst.addOperand(MCOperand::createImm(MO.getImm()));
      break;
    case MachineOperand::MO_MachineBasicBlock:
    case MachineOperand::MO_GlobalAddress:
    case MachineOperand::MO_ExternalSymbol:
    case MachineOperand::MO_MCSymbol:
    case MachineOperand::MO_JumpTableIndex:
    case MachineOperand::MO_ConstantPoolIndex:
    case MachineOperand::MO_BlockAddress:
      Inst.addOperand(MCOperand::createExpr(Placeholder));
      break;
    case MachineOperand::MO_RegisterMask:
    case MachineOperand::MO_RegisterLiveOut:
      break;
    default:
      return std::nullopt;
    }
  }
  if (Inst.getNumOperands() != Desc.getNumOperands() && !Desc.isVariadic())
    return std::nullopt;
  SmallVector<char, 16> Bytes;
  SmallVector<MCFixup, 4> Fixups;
  Emitter->encodeInstruction(Inst, Bytes, Fixups, MI.getMF()->getSubtarget());
  return Bytes.size();
}

/// The x86 lowering picks the sign-extended imm8 form (ADD32ri -> ADD32ri8)
/// when the immediate fits; the MIR opcode is the imm32 one.
uint64_t InstSizeEstimator::shortImmediateSize(const MachineInstr &MI,
                                               uint64_t Size) const {
  StringRef Name = TM.getMCInstrInfo()->getName(MI.getOpcode());
  std::string Short;
  for (StringRef Suffix : {"ri32", "mi32", "ri", "mi"})
    if (Name.ends_with(Suffix)) {
      Short =
          (Name.drop_back(Suffix.size()) + Suffix.take_front(2) + "8").str();
      break;
    }
  if (Short.empty())
    return Size;
  auto Alt = ShortImmOpcode.find(Short);
  const MachineOperand *Imm = nullptr;
  for (const MachineOperand &MO : MI.explicit_operands())
    if (MO.isImm())
      Imm = &MO;
  if (Alt == ShortImmOpcode.end() || !Imm || !isInt<8>(Imm->getImm()))
    return Size;
  std::optional<uint64_t> AltSize = encodeAs(MI, Alt->second);
  return AltSize ? std::min(Size, *AltSize) : Size;
}

uint64_t InstSizeEstimator::worstInstBytes(const MachineInstr &MI) const {
  uint64_t Max =
      TM.getMCAsmInfo()->getMaxInstLength(&MI.getMF()->getSubtarget());
  return UseEncoder ? std::max(Max, X86MaxInstBytes) : Max;
}

/// getInlineAsmLength counts each statement as MCAsmInfo's maximum length,
/// which x86 leaves at 4: rescale to the real worst case.
uint64_t InstSizeEstimator::inlineAsmSize(const MachineInstr &MI) const {
  const TargetSubtargetInfo &STI = MI.getMF()->getSubtarget();
  uint64_t PerStatement = TM.getMCAsmInfo()->getMaxInstLength(&STI);
  uint64_t Bytes = STI.getInstrInfo()->getInlineAsmLength(
      MI.getOperand(0).getSymbolName(), *TM.getMCAsmInfo(), &STI);
  return PerStatement ? Bytes * worstInstBytes(MI) / PerStatement : Bytes;
}

uint64_t InstSizeEstimator::encodedSize(const MachineInstr &MI) const {
  uint64_t Worst = worstInstBytes(MI);
  if (MI.getDesc().isPseudo() || MI.isBundle())
    return Worst;
  std::optional<uint64_t> Size = encodeAs(MI, MI.getOpcode());
  return Size ? shortImmediateSize(MI, *Size) + loweringPrefixBytes(MI) : Worst;
}

/// x86's lowering writes BSF whose destination is undefined as TZCNT
/// (`rep bsf`: the same result where BSF's is defined, without BSF's
/// dependency on the destination), one prefix byte the MIR opcode lacks.
/// Counted whenever the opcode is a BSF: the upper bound must hold
/// (xz's lzma_mf_bt4_skip: its 52-byte inner loop estimated at 51).
uint64_t InstSizeEstimator::loweringPrefixBytes(const MachineInstr &MI) const {
  return TM.getMCInstrInfo()->getName(MI.getOpcode()).starts_with("BSF") ? 1
                                                                         : 0;
}

uint64_t InstSizeEstimator::instSize(const MachineInstr &MI,
                                     const BlockSet &Span,
                                     bool LongBranches) const {
  if (MI.isMetaInstruction() || MI.isLabel() || MI.isCFIInstruction())
    return 0;
  if (MI.isInlineAsm())
    return inlineAsmSize(MI);
  const TargetInstrInfo &TII = *MI.getMF()->getSubtarget().getInstrInfo();
  if (!UseEncoder) {
    unsigned Size = TII.getInstSizeInBytes(MI);
    return Size != ~0U ? Size : worstInstBytes(MI);
  }
  auto [Known, New] = EncodedSizes.try_emplace(&MI, 0);
  if (New)
    Known->second = encodedSize(MI);
  uint64_t Size = Known->second;
  if (LongBranches && MI.isBranch() && !MI.isIndirectBranch())
    Size += BranchRelaxGrowth;
  return Size;
}

/// The least bytes \p MI may assemble to: its encoding with rel8 branches
/// where the encoder sizes it; nothing where the upper bound is a guess.
uint64_t InstSizeEstimator::instLowerBound(const MachineInstr &MI) const {
  if (MI.isMetaInstruction() || MI.isLabel() || MI.isCFIInstruction() ||
      MI.isInlineAsm())
    return 0;
  if (!UseEncoder) {
    unsigned Size =
        MI.getMF()->getSubtarget().getInstrInfo()->getInstSizeInBytes(MI);
    return Size != ~0U ? Size : 0;
  }
  if (MI.getDesc().isPseudo() || MI.isBundle())
    return 0;
  std::optional<uint64_t> Size = encodeAs(MI, MI.getOpcode());
  return Size ? shortImmediateSize(MI, *Size) : 0;
}

uint64_t InstSizeEstimator::paddingBound(const MachineBasicBlock &MBB) {
  uint64_t Pad = MBB.getAlignment().value() - 1;
  if (unsigned Max = MBB.getMaxBytesForAlignment())
    Pad = std::min<uint64_t>(Pad, Max);
  return Pad;
}

/// Upper bounds on every block of the function (all branches long, all
/// alignment padding taken): what lies between a branch and its target.
const InstSizeEstimator::LayoutBounds &
InstSizeEstimator::blockBounds(const MachineFunction &MF) const {
  if (CodeBoundsOf != &MF)
    forgetFunction();
  CodeBoundsOf = &MF;
  LayoutBounds &L = Layout;
  bool SameOrder = L.Order.size() == MF.size();
  if (SameOrder) {
    unsigned N = 0;
    for (const MachineBasicBlock &MBB : MF)
      if (L.Order[N++] != &MBB) {
        SameOrder = false;
        break;
      }
  }
  if (!SameOrder) {
    SmallPtrSet<const MachineBasicBlock *, 1> None;
    L.Index.clear();
    L.Order.clear();
    L.Code.clear();
    for (const MachineBasicBlock &MBB : MF) {
      L.Index[&MBB] = L.Order.size();
      L.Order.push_back(&MBB);
      auto [Code, New] = CodeBounds.try_emplace(&MBB, 0);
      if (New) {
        for (const MachineInstr &MI : MBB.instrs())
          Code->second += instSize(MI, None, /*LongBranches=*/true);
        Code->second += aarch64Additions(MBB, None, 0);
      }
      L.Code.push_back(Code->second);
    }
  }
  L.Prefix.assign(1, 0);
  for (unsigned N = 0, E = L.Order.size(); N != E; ++N)
    L.Prefix.push_back(L.Prefix.back() + paddingBound(*L.Order[N]) + L.Code[N]);
  return L;
}

void InstSizeEstimator::forgetFunction() const {
  CodeBounds.clear();
  CodeBoundsOf = nullptr;
  EncodedSizes.clear();
  ShortCodes.clear();
  Layout = LayoutBounds();
}

const InstSizeEstimator::ShortCode &
InstSizeEstimator::shortCode(const MachineBasicBlock &MBB) const {
  auto [It, New] = ShortCodes.try_emplace(&MBB);
  if (New) {
    SmallPtrSet<const MachineBasicBlock *, 1> None;
    for (const MachineInstr &MI : MBB.instrs()) {
      It->second.Bytes += instSize(MI, None, /*LongBranches=*/false);
      if (MI.isBranch() && !MI.isIndirectBranch())
        It->second.Branches.push_back(&MI);
    }
  }
  return It->second;
}

/// x86: the bytes a direct branch of the span grows by when the assembler
/// relaxes it to rel32. It stays rel8 when everything between it and its
/// target, counted at its largest (every branch relaxed, every alignment's
/// padding taken; hotalign's own padding before the span for an exit to a
/// block above it), is within rel8's reach. A branch to a block of the span
/// is taken as short without a look when \p SpanFits: the whole span is
/// within reach. Judging each branch by its own distance matters once a
/// span is longer than that reach: xz's lzma_mf_bt4_skip, a 175-byte outer
/// loop, had its inner loop's short back jump counted relaxed and the inner
/// loop placed across a line.
uint64_t InstSizeEstimator::branchGrowth(const MachineInstr &MI,
                                         const BlockSet &Span,
                                         const LayoutBounds &Bounds,
                                         unsigned TopIndex,
                                         bool SpanFits) const {
  if (!UseEncoder || !MI.isBranch() || MI.isIndirectBranch())
    return 0;
  for (const MachineOperand &MO : MI.operands()) {
    if (!MO.isMBB())
      continue;
    bool Inside = Span.count(MO.getMBB());
    if (Inside && SpanFits)
      continue;
    auto From = Bounds.Index.find(MI.getParent());
    auto To = Bounds.Index.find(MO.getMBB());
    if (From == Bounds.Index.end() || To == Bounds.Index.end())
      return BranchRelaxGrowth;
    // hotalign's own padding goes right before the span's top block, so
    // only an exit to a block above the span crosses it.
    uint64_t Between = !Inside && To->second < TopIndex ? MaxOwnPadding : 0;
    Between += Bounds.between(From->second, To->second);
    if (Between > ShortBranchReach)
      return BranchRelaxGrowth;
  }
  return 0;
}

/// AArch64 code that later passes add inside the span (see the constants).
uint64_t InstSizeEstimator::aarch64Additions(const MachineBasicBlock &MBB,
                                             const BlockSet &Span,
                                             uint64_t FunctionBytes) const {
  const MachineFunction &MF = *MBB.getParent();
  if (!TM.getTargetTriple().isAArch64())
    return 0;
  const Function &F = MF.getFunction();
  uint64_t Bytes = 0;
  bool BTI = F.hasFnAttribute("branch-target-enforcement") &&
             F.getFnAttribute("branch-target-enforcement").getValueAsString() !=
                 "false";
  bool IsJumpTarget = false;
  if (const MachineJumpTableInfo *JTI = MF.getJumpTableInfo())
    for (const MachineJumpTableEntry &JT : JTI->getJumpTables())
      IsJumpTarget |= is_contained(JT.MBBs, &MBB);
  if (BTI && (MBB.hasAddressTaken() || MBB.isEHPad() || IsJumpTarget))
    Bytes += LandingPadBytes;
  bool SLS = F.getFnAttribute("target-features")
                 .getValueAsString()
                 .contains("+harden-sls-retbr");
  for (const MachineInstr &MI : MBB) {
    if (SLS && (MI.isIndirectBranch() || MI.isReturn()))
      Bytes += SLSBarrierBytes;
    bool Leaves = any_of(MI.operands(), [&](const MachineOperand &MO) {
      return MO.isMBB() && !Span.count(MO.getMBB());
    });
    if (MI.isConditionalBranch() && Leaves && FunctionBytes > TbzReachBytes)
      Bytes += RelaxedBranchBytes;
  }
  return Bytes;
}

uint64_t
InstSizeEstimator::spanSize(ArrayRef<const MachineBasicBlock *> Blocks) const {
  uint64_t Bytes = 0;
  for (uint64_t B : blockSizes(Blocks))
    Bytes += B;
  return Bytes;
}

std::vector<uint64_t>
InstSizeEstimator::codeSizes(ArrayRef<const MachineBasicBlock *> Blocks,
                             const MachineInstr *Last, bool SpanFits) const {
  SmallPtrSet<const MachineBasicBlock *, 8> Span(Blocks.begin(), Blocks.end());
  const LayoutBounds &Bounds = blockBounds(*Blocks.front()->getParent());
  // Blocks are in layout order: the first is the span's top block.
  unsigned TopIndex = Bounds.Index.lookup(Blocks.front());
  uint64_t FunctionBytes = Bounds.total();
  std::vector<uint64_t> Out;
  for (const MachineBasicBlock *MBB : Blocks) {
    uint64_t Bytes = 0;
    if (Last && Last->getParent() == MBB) {
      // The span ends inside this block: its code up to Last.
      for (const MachineInstr &MI : MBB->instrs()) {
        Bytes += instSize(MI, Span, /*LongBranches=*/false);
        Bytes += branchGrowth(MI, Span, Bounds, TopIndex, SpanFits);
        if (&MI == Last)
          break;
      }
    } else {
      const ShortCode &Code = shortCode(*MBB);
      Bytes = Code.Bytes;
      for (const MachineInstr *Branch : Code.Branches)
        Bytes += branchGrowth(*Branch, Span, Bounds, TopIndex, SpanFits);
    }
    Bytes += aarch64Additions(*MBB, Span, FunctionBytes);
    Out.push_back(Bytes);
  }
  return Out;
}

std::vector<uint64_t>
InstSizeEstimator::withPadding(ArrayRef<const MachineBasicBlock *> Blocks,
                               std::vector<uint64_t> Code) {
  // Inner blocks may pad up to their alignment (or their max-skip).
  for (size_t N = 0; N < Blocks.size(); ++N)
    if (Blocks[N] != Blocks.front())
      Code[N] += paddingBound(*Blocks[N]);
  return Code;
}

static uint64_t sum(ArrayRef<uint64_t> Sizes) {
  uint64_t Total = 0;
  for (uint64_t B : Sizes)
    Total += B;
  return Total;
}

std::vector<uint64_t>
InstSizeEstimator::blockSizes(ArrayRef<const MachineBasicBlock *> Blocks,
                              const MachineInstr *Last, bool Padding) const {
  if (Blocks.empty())
    return {};
  auto Sizes = [&](bool SpanFits) {
    std::vector<uint64_t> Code = codeSizes(Blocks, Last, SpanFits);
    return Padding ? withPadding(Blocks, std::move(Code)) : Code;
  };
  std::vector<uint64_t> Short = Sizes(/*SpanFits=*/true);
  return sum(Short) <= ShortBranchReach ? Short : Sizes(/*SpanFits=*/false);
}

InstSizeEstimator::SpanSizes
InstSizeEstimator::spanSizes(ArrayRef<const MachineBasicBlock *> Blocks,
                             const MachineInstr *Last) const {
  if (Blocks.empty())
    return {};
  // Each way of sizing the span's own branches measured once, by their reach
  // only when either answer needs it (the padded span may pass rel8's reach
  // where the code does not).
  std::vector<uint64_t> Short = codeSizes(Blocks, Last, /*SpanFits=*/true);
  std::optional<std::vector<uint64_t>> Long;
  auto LongCode = [&]() -> const std::vector<uint64_t> & {
    if (!Long)
      Long = codeSizes(Blocks, Last, /*SpanFits=*/false);
    return *Long;
  };
  SpanSizes Out;
  std::vector<uint64_t> ShortPadded = withPadding(Blocks, Short);
  Out.Padded = sum(ShortPadded) <= ShortBranchReach
                   ? std::move(ShortPadded)
                   : withPadding(Blocks, LongCode());
  Out.Code = sum(Short) <= ShortBranchReach ? std::move(Short) : LongCode();
  return Out;
}

std::vector<uint64_t>
InstSizeEstimator::blockLowerBounds(ArrayRef<const MachineBasicBlock *> Blocks,
                                    const MachineInstr *Last) const {
  std::vector<uint64_t> Out;
  for (const MachineBasicBlock *MBB : Blocks) {
    uint64_t Bytes = 0;
    for (const MachineInstr &MI : MBB->instrs()) {
      Bytes += instLowerBound(MI);
      if (&MI == Last)
        break;
    }
    Out.push_back(Bytes);
  }
  return Out;
}

} // namespace hotlayout
