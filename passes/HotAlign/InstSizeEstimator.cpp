//===- InstSizeEstimator.cpp - Byte sizes of machine code before emission -===//
//
// Upper bounds on instruction sizes, see InstSizeEstimator.h for why upper.
//
//===----------------------------------------------------------------------===//

#include "InstSizeEstimator.h"

#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
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

InstSizeEstimator::InstSizeEstimator(const TargetMachine &TM) : TM(TM) {
  // Only x86 lacks table-driven sizes (getInstSizeInBytes returns ~0U).
  UseEncoder = TM.getTargetTriple().isX86();
  if (!UseEncoder)
    return;
  Ctx = std::make_unique<MCContext>(TM.getTargetTriple(), TM.getMCAsmInfo(),
                                    TM.getMCRegisterInfo(),
                                    TM.getMCSubtargetInfo(), nullptr,
                                    &TM.Options.MCOptions, false);
  Emitter.reset(TM.getTarget().createMCCodeEmitter(*TM.getMCInstrInfo(), *Ctx));
  if (!Emitter) {
    UseEncoder = false;
    return;
  }
  const MCInstrInfo &MII = *TM.getMCInstrInfo();
  for (unsigned Op = 0, E = MII.getNumOpcodes(); Op < E; ++Op)
    OpcodeByName[MII.getName(Op)] = Op;
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
      Short = (Name.drop_back(Suffix.size()) + Suffix.take_front(2) + "8").str();
      break;
    }
  if (Short.empty())
    return Size;
  auto Alt = OpcodeByName.find(Short);
  const MachineOperand *Imm = nullptr;
  for (const MachineOperand &MO : MI.explicit_operands())
    if (MO.isImm())
      Imm = &MO;
  if (Alt == OpcodeByName.end() || !Imm || !isInt<8>(Imm->getImm()))
    return Size;
  std::optional<uint64_t> AltSize = encodeAs(MI, Alt->second);
  return AltSize ? std::min(Size, *AltSize) : Size;
}

uint64_t InstSizeEstimator::encodedSize(const MachineInstr &MI) const {
  const TargetSubtargetInfo &STI = MI.getMF()->getSubtarget();
  unsigned Worst = TM.getMCAsmInfo()->getMaxInstLength(&STI);
  if (MI.isInlineAsm())
    return STI.getInstrInfo()->getInlineAsmLength(
        MI.getOperand(0).getSymbolName(), *TM.getMCAsmInfo(), &STI);
  if (MI.getDesc().isPseudo() || MI.isBundle())
    return Worst;
  std::optional<uint64_t> Size = encodeAs(MI, MI.getOpcode());
  return Size ? shortImmediateSize(MI, *Size) : Worst;
}

uint64_t InstSizeEstimator::instSize(const MachineInstr &MI,
                                     const BlockSet &Span,
                                     bool LongBranches) const {
  if (MI.isMetaInstruction() || MI.isLabel() || MI.isCFIInstruction())
    return 0;
  const TargetInstrInfo &TII = *MI.getMF()->getSubtarget().getInstrInfo();
  if (!UseEncoder) {
    unsigned Size = TII.getInstSizeInBytes(MI);
    return Size != ~0U ? Size : TM.getMCAsmInfo()->getMaxInstLength();
  }
  uint64_t Size = encodedSize(MI);
  if (MI.isBranch() && !MI.isIndirectBranch()) {
    bool Leaves = any_of(MI.operands(), [&](const MachineOperand &MO) {
      return MO.isMBB() && !Span.count(MO.getMBB());
    });
    if (LongBranches || Leaves)
      Size += BranchRelaxGrowth;
  }
  return Size;
}

uint64_t
InstSizeEstimator::spanSize(ArrayRef<const MachineBasicBlock *> Blocks) const {
  SmallPtrSet<const MachineBasicBlock *, 8> Span(Blocks.begin(), Blocks.end());
  auto Total = [&](bool LongBranches) {
    uint64_t Bytes = 0;
    for (const MachineBasicBlock *MBB : Blocks) {
      // The first block's own alignment is what hotalign replaces; inner
      // blocks may pad up to their alignment (or their max-skip).
      if (MBB != Blocks.front() && MBB->getAlignment().value() > 1) {
        uint64_t Pad = MBB->getAlignment().value() - 1;
        if (unsigned Max = MBB->getMaxBytesForAlignment())
          Pad = std::min<uint64_t>(Pad, Max);
        Bytes += Pad;
      }
      for (const MachineInstr &MI : MBB->instrs())
        Bytes += instSize(MI, Span, LongBranches);
    }
    return Bytes;
  };
  uint64_t Short = Total(false);
  return Short <= ShortBranchReach ? Short : Total(true);
}

} // namespace hotlayout
