//===- JumpTableBase.cpp - Set a jump table's address where it is read ----===//
//
// hotalign-jt-base (hotlayout/JumpTableBase.h says why): gives every jump
// table dispatch whose table address Machine LICM hoisted out of its block
// that address again, in the block, so that llvm-bolt can read the dispatch,
// and so profile, instrument and lay out the function. Without it, 3 to 10
// functions of each program we measured (Lua's luaH_newkey, match, llex, ...)
// were opaque to BOLT and their loops were judged on the compiler's estimates.
// For each function:
//  1. Does nothing at -O0, on optnone functions (skipFunction), for a
//     target other than x86-64 and AArch64 (hotlayout/CodegenTargets.h;
//     hotalign's remark says so), or when off: -hotalign-jt-base-enable=false,
//     or by default where -hotalign-loop-profile names a file (the recipe's
//     final build, which apply copies byte for byte: JumpTableBase.h says
//     why).
//  2. Finds each instruction that reads a jump table (a memory operand on
//     the jump-table pseudo source) and each register it reads.
//  3. Walks back from there over every path (predecessor blocks, any depth)
//     to the instructions that last set that register. The dispatch is
//     restored only when every path ends at a copy of one instruction that
//     materialises a jump table's address: it names the table, sets that
//     register and nothing else, and reads only reserved registers (the
//     program counter), so its value is the same wherever it runs. A path that
//     reaches the function's entry (the caller's value, also when the entry
//     block is a loop header), a call that clobbers the register, or any
//     other setter leaves the dispatch as it is (it may hold another value).
//     A setter in the dispatching block itself needs nothing.
//  4. Inserts a copy of that instruction right before the read. It sets the
//     register to the value it already holds: no other register, flag or
//     memory changes, so behaviour is unchanged. It runs before hotalign, so
//     hotalign's size estimates count it.
// Targets whose jump-table address takes more than one instruction (AArch64:
// adrp + add) are left as they are; their dispatch reads a register whose
// setter reads another register, which step 3 refuses.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/JumpTableBase.h"
#include "hotlayout/CodegenTargets.h"
#include "hotlayout/Compat.h"
#include "hotlayout/HotAlign.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/PseudoSourceValue.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/InitializePasses.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;
using namespace hotlayout;

#define DEBUG_TYPE "hotalign-jt-base"

STATISTIC(NumRestored, "Number of jump-table dispatches given their table's "
                       "address in their own block");
STATISTIC(NumUnproven, "Number of jump-table dispatches left: their table's "
                       "address is not provably the same on every path");

static cl::opt<cl::boolOrDefault> Enable(
    "hotalign-jt-base-enable",
    cl::desc("Set a jump table's address again in the block that dispatches "
             "through it when Machine LICM hoisted it out, so that llvm-bolt "
             "can profile and lay out the function (default: on, but off "
             "where -hotalign-loop-profile names a file)"),
    cl::Hidden);

/// -hotalign-jt-base-enable, or its default: on in the build `hotlayout
/// loops` counts, off in the final one (the one with a loop profile). One
/// option then marks the final build, so the recipe passes one word pair
/// through -Xclang, which build systems that de-duplicate options keep.
static bool enabled(const Module &M) {
  if (Enable == cl::BOU_UNSET)
    return !hotAlignHasLoopProfile(M);
  return Enable == cl::BOU_TRUE;
}

namespace {

/// True when \p MI reads a jump table.
bool readsJumpTable(const MachineInstr &MI) {
  for (const MachineMemOperand *MMO : MI.memoperands())
    if (const PseudoSourceValue *PSV = MMO->getPseudoValue())
      if (PSV->kind() == PseudoSourceValue::JumpTable)
        return true;
  return false;
}

/// True when \p MI sets \p Reg, and nothing else, to a jump table's address
/// that does not depend on where it runs: it names a jump table and reads no
/// register but reserved ones (the program counter).
bool materialisesJumpTable(const MachineInstr &MI, MCRegister Reg,
                           const MachineRegisterInfo &MRI) {
  if (!MI.getDesc().isRematerializable() || MI.mayLoadOrStore() ||
      MI.hasUnmodeledSideEffects() || MI.isCall())
    return false;
  bool NamesTable = false;
  unsigned Defs = 0;
  for (const MachineOperand &MO : MI.operands()) {
    if (MO.isJTI())
      NamesTable = true;
    else if (MO.isRegMask())
      return false;
    else if (MO.isReg() && MO.isDef()) {
      if (MO.getReg() != Reg || MO.getSubReg())
        return false;
      ++Defs;
    } else if (MO.isReg() && MO.getReg() && !MRI.isReserved(MO.getReg()))
      return false;
  }
  return NamesTable && Defs == 1;
}

/// The last instruction before \p End in \p MBB that changes \p Reg (a def
/// of it or of an overlapping register, or a clobbering call), or null.
const MachineInstr *lastSetter(const MachineBasicBlock &MBB,
                               MachineBasicBlock::const_iterator End,
                               MCRegister Reg, const TargetRegisterInfo &TRI) {
  for (auto I = End; I != MBB.begin();) {
    --I;
    if (I->modifiesRegister(Reg, &TRI))
      return &*I;
  }
  return nullptr;
}

/// The one jump-table materialisation that sets \p Reg on every path into
/// \p MBB, or null when some path holds another value (or none).
const MachineInstr *commonMaterialisation(const MachineBasicBlock &MBB,
                                          MCRegister Reg,
                                          const MachineRegisterInfo &MRI,
                                          const TargetRegisterInfo &TRI) {
  // The function's entry block is also entered from the caller, with the
  // caller's value in the register, whatever branches back to it.
  if (MBB.isEntryBlock())
    return nullptr;
  const MachineInstr *Common = nullptr;
  SmallVector<const MachineBasicBlock *, 8> Work(MBB.pred_begin(),
                                                 MBB.pred_end());
  SmallPtrSet<const MachineBasicBlock *, 16> Seen(Work.begin(), Work.end());
  if (Work.empty())
    return nullptr; // Unreachable: nothing to prove it by.
  while (!Work.empty()) {
    const MachineBasicBlock *B = Work.pop_back_val();
    if (const MachineInstr *Setter = lastSetter(*B, B->end(), Reg, TRI)) {
      if (!materialisesJumpTable(*Setter, Reg, MRI) ||
          (Common && !Setter->isIdenticalTo(*Common)))
        return nullptr;
      Common = Setter;
      continue;
    }
    if (B->isEntryBlock() || B->pred_empty())
      return nullptr;
    for (const MachineBasicBlock *P : B->predecessors())
      if (Seen.insert(P).second)
        Work.push_back(P);
  }
  return Common;
}

class JumpTableBase {
public:
  explicit JumpTableBase(MachineOptimizationRemarkEmitter &ORE) : ORE(ORE) {}

  bool run(MachineFunction &MF);

private:
  /// Steps 3 and 4 for one read of a jump table.
  bool restore(MachineInstr &Read);

  MachineOptimizationRemarkEmitter &ORE;
};

bool JumpTableBase::restore(MachineInstr &Read) {
  MachineBasicBlock &MBB = *Read.getParent();
  MachineFunction &MF = *MBB.getParent();
  const MachineRegisterInfo &MRI = MF.getRegInfo();
  const TargetRegisterInfo &TRI = *MF.getSubtarget().getRegisterInfo();
  // The registers the read takes from other blocks: its table's address is
  // one of them, or the read is not one BOLT can follow.
  SmallVector<MCRegister, 2> FromElsewhere;
  for (const MachineOperand &MO : Read.explicit_uses()) {
    if (!MO.isReg() || !MO.getReg().isPhysical() || MRI.isReserved(MO.getReg()))
      continue;
    MCRegister Reg = MO.getReg().asMCReg();
    const MachineInstr *Local = lastSetter(
        MBB, MachineBasicBlock::const_iterator(Read.getIterator()), Reg, TRI);
    if (!Local)
      FromElsewhere.push_back(Reg);
    else if (materialisesJumpTable(*Local, Reg, MRI))
      return false; // Already what BOLT reads.
  }
  for (MCRegister Reg : FromElsewhere) {
    const MachineInstr *Setter = commonMaterialisation(MBB, Reg, MRI, TRI);
    if (!Setter)
      continue;
    MachineInstr *Copy = MF.CloneMachineInstr(Setter);
    Copy->setDebugLoc(Read.getDebugLoc());
    MBB.insert(Read.getIterator(), Copy);
    ++NumRestored;
    LLVM_DEBUG(dbgs() << "[hotalign-jt-base] " << MF.getName() << ": "
                      << printMBBReference(MBB) << " gets " << *Copy);
    ORE.emit([&] {
      return MachineOptimizationRemark(DEBUG_TYPE, "Restored",
                                       Read.getDebugLoc(), &MBB)
             << "jump table's address set again in "
             << ore::NV("Block", ("%bb." + Twine(MBB.getNumber())).str())
             << ", where the table is read: llvm-bolt can profile and lay out "
                "this function";
    });
    return true;
  }
  ++NumUnproven;
  LLVM_DEBUG(dbgs() << "[hotalign-jt-base] " << MF.getName() << ": "
                    << printMBBReference(MBB) << " left: " << Read);
  ORE.emit([&] {
    return MachineOptimizationRemarkMissed(DEBUG_TYPE, "Unproven",
                                           Read.getDebugLoc(), &MBB)
           << "jump table read in "
           << ore::NV("Block", ("%bb." + Twine(MBB.getNumber())).str())
           << " left as it is: its address is neither set in that block nor "
              "provably the same on every path to it (llvm-bolt may not read "
              "this function)";
  });
  return false;
}

bool JumpTableBase::run(MachineFunction &MF) {
  // Registers are physical from here on; MIR from before register
  // allocation (llc -run-pass on an early dump) is left alone.
  if (!enabled(*MF.getFunction().getParent()) ||
      MF.getTarget().getOptLevel() == CodeGenOptLevel::None ||
      !isCodegenTargetSupported(MF.getTarget().getTargetTriple()) ||
      MF.getRegInfo().getNumVirtRegs() != 0)
    return false;
  bool Changed = false;
  for (MachineBasicBlock &MBB : MF)
    for (MachineInstr &MI : MBB)
      // A read that names its table (an absolute table: `jmp *T(,%r,8)`)
      // needs no register for it.
      if (readsJumpTable(MI) &&
          none_of(MI.operands(),
                  [](const MachineOperand &MO) { return MO.isJTI(); }))
        Changed |= restore(MI);
  return Changed;
}

/// The legacy pass manager's hotalign-jt-base: what codegen runs.
class JumpTableBaseLegacy : public MachineFunctionPass {
public:
  static char ID;
  JumpTableBaseLegacy() : MachineFunctionPass(ID) {
    compat::applyEnvironmentOptions();
    initializeJumpTableBaseLegacyPass(*PassRegistry::getPassRegistry());
  }

  StringRef getPassName() const override {
    return "hotlayout: jump-table addresses BOLT can read (hotalign-jt-base)";
  }

  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<MachineOptimizationRemarkEmitterPass>();
    // Nothing is declared preserved. The remark emitter's lazy block
    // frequencies may be another pass's, which a CFG-preserving pass does
    // not keep: kept as CFG-only, the lazy pass pointed at freed ones, and
    // hotalign's remarks with hotness (-fsave-optimization-record) crashed
    // in getBlockProfileCount.
    MachineFunctionPass::getAnalysisUsage(AU);
  }

  bool runOnMachineFunction(MachineFunction &MF) override {
    if (skipFunction(MF.getFunction()))
      return false;
    compat::installRemarkSink(MF.getFunction().getContext());
    return JumpTableBase(
               getAnalysis<MachineOptimizationRemarkEmitterPass>().getORE())
        .run(MF);
  }
};

char JumpTableBaseLegacy::ID = 0;

} // namespace

INITIALIZE_PASS_BEGIN(JumpTableBaseLegacy, DEBUG_TYPE,
                      "hotlayout: jump-table addresses BOLT can read", false,
                      false)
INITIALIZE_PASS_DEPENDENCY(MachineOptimizationRemarkEmitterPass)
INITIALIZE_PASS_END(JumpTableBaseLegacy, DEBUG_TYPE,
                    "hotlayout: jump-table addresses BOLT can read", false,
                    false)

MachineFunctionPass *hotlayout::createJumpTableBasePass() {
  return new JumpTableBaseLegacy();
}
