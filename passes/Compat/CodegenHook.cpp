//===- CodegenHook.cpp - Put MachineFunction passes into codegen ----------===//
//
// LLVM 21+: RegisterTargetPassConfigCallback lets a plugin insert passes into
// each TargetPassConfig: after StackMap liveness, or, where basic-block
// sections re-lay functions later (a block order), after BasicBlockSections.
// LLVM 19 has no supported hook; the pipeline creates StackMap liveness by ID
// through the PassRegistry, so its registered constructor is swapped for one
// that returns a wrapper running the original pass, then ours (a chain of such
// wrappers when there are several). A wrapper requires what both its passes
// require and hands each inner pass an analysis resolver of its own, filled
// from the wrapper's. BasicBlockSections is created directly, not by ID, so
// LLVM 19's passes run before it: a block order re-lays what hotalign aligned
// (hotlayout flags refuses --block-order with the plugin for clang 19).
// test/lit/hotalign/codegen-hook-*.ll checks both paths, and that StackMap
// liveness still does its job under the wrapper.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Compat.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/Passes.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/IR/Function.h"
#include "llvm/InitializePasses.h"
#include "llvm/PassRegistry.h"
#include "llvm/Target/TargetMachine.h"

#if LLVM_VERSION_MAJOR >= 21
#include "llvm/Target/RegisterTargetPassConfigCallback.h"
#endif

#include <algorithm>
#include <iterator>
#include <memory>

using namespace llvm;

namespace hotlayout {
namespace compat {

#if LLVM_VERSION_MAJOR >= 21

/// BasicBlockSections' pass ID, which LLVM does not export: the pipeline
/// creates the pass directly, and addPass matches insertions by the ID of
/// the pass it adds.
static AnalysisID basicBlockSectionsID() {
  static const AnalysisID ID = [] {
    std::unique_ptr<Pass> P(createBasicBlockSectionsPass());
    return P->getPassID();
  }();
  return ID;
}

void insertLateMachinePasses(ArrayRef<LateMachinePassCtor> Creates) {
  // Registered for the life of the process: plugins are never unloaded.
  static auto *Hook = new RegisterTargetPassConfigCallback(
      [Creates = SmallVector<LateMachinePassCtor, 2>(Creates)](
          TargetMachine &TM, PassManagerBase &, TargetPassConfig *Config) {
        // Every codegen pipeline passes here, -O0 too: a bad
        // HOTLAYOUT_OPTIONS stops llc -load -O0 like any other compile.
        applyEnvironmentOptions();
        // -O0 asks for no optimisation: its pipeline stays LLVM's own.
        if (TM.getOptLevel() == CodeGenOptLevel::None)
          return;
        // With basic-block sections (a -fbasic-block-sections=list= block
        // order, or =all), BasicBlockSections re-lays each listed function
        // after StackMap liveness: the late passes go after it, so that
        // hotalign measures and aligns the final order. It is added only
        // then, so without sections they stay after StackMap liveness.
        AnalysisID After = TM.getBBSectionsType() != BasicBlockSection::None
                               ? basicBlockSectionsID()
                               : &StackMapLivenessID;
        // Passes inserted after one pass run in the order inserted.
        for (LateMachinePassCtor Create : Creates)
          Config->insertPass(After, IdentifyingPassPtr(Create()));
      });
  (void)Hook;
}

#else

namespace {

/// Runs First, then Second, on each machine function, as one legacy pass.
class RunInSequence : public MachineFunctionPass {
public:
  static char ID;
  RunInSequence(Pass *First, MachineFunctionPass *Second)
      : MachineFunctionPass(ID), First(First), Second(Second) {}

  StringRef getPassName() const override { return First->getPassName(); }

  void getAnalysisUsage(AnalysisUsage &AU) const override {
    // Through Pass: MachineFunctionPass makes these protected.
    static_cast<const Pass &>(*First).getAnalysisUsage(AU);
    static_cast<const Pass &>(*Second).getAnalysisUsage(AU);
    MachineFunctionPass::getAnalysisUsage(AU);
  }

  // The pass manager initialises only the wrapper; the inner passes keep
  // per-module state (hotalign's module budget) that must be reset too.
  bool doInitialization(Module &M) override {
    bool Changed = static_cast<Pass &>(*First).doInitialization(M);
    Changed |= static_cast<Pass &>(*Second).doInitialization(M);
    return MachineFunctionPass::doInitialization(M) || Changed;
  }

  bool doFinalization(Module &M) override {
    bool Changed = static_cast<Pass &>(*First).doFinalization(M);
    Changed |= static_cast<Pass &>(*Second).doFinalization(M);
    return MachineFunctionPass::doFinalization(M) || Changed;
  }

  bool runOnMachineFunction(MachineFunction &MF) override {
    bool Changed = runInner(*First, MF);
    return runInner(*Second, MF) || Changed;
  }

private:
  /// Gives \p Inner the analyses the pass manager computed for this wrapper
  /// on this function, then runs it through its public FunctionPass entry.
  bool runInner(Pass &Inner, MachineFunction &MF) {
    AnalysisResolver *Outer = getResolver();
    AnalysisResolver *Own = Inner.getResolver();
    if (!Own) {
      Own = new AnalysisResolver(Outer->getPMDataManager());
      Inner.setResolver(Own); // Owned and deleted by Inner.
    }
    Own->clearAnalysisImpls();
    AnalysisUsage AU;
    Inner.getAnalysisUsage(AU);
    for (const auto *Set :
         {&AU.getRequiredSet(), &AU.getRequiredTransitiveSet()})
      for (AnalysisID ID : *Set)
        if (Pass *Impl = Outer->findImplPass(ID))
          Own->addAnalysisImplsPair(ID, Impl);
    return static_cast<FunctionPass &>(Inner).runOnFunction(MF.getFunction());
  }

  std::unique_ptr<Pass> First;
  std::unique_ptr<MachineFunctionPass> Second;
};

char RunInSequence::ID = 0;

// Plain pointers and an array: constant-initialised, so they hold what the
// plugin's own static initialiser stores whatever order the two run in.
PassInfo::NormalCtor_t OriginalCtor = nullptr;
LateMachinePassCtor LateCtors[4] = {};
size_t NumLateCtors = 0;

/// The late passes from \p From on, in order, as one pass: a chain of
/// RunInSequence.
MachineFunctionPass *createLate(size_t From) {
  if (From + 1 == NumLateCtors)
    return LateCtors[From]();
  return new RunInSequence(LateCtors[From](), createLate(From + 1));
}

Pass *createOriginalThenLate() {
  return new RunInSequence(OriginalCtor(), createLate(0));
}

} // namespace

void insertLateMachinePasses(ArrayRef<LateMachinePassCtor> Creates) {
  PassRegistry &Registry = *PassRegistry::getPassRegistry();
  initializeStackMapLivenessPass(Registry);
  const PassInfo *Info = Registry.getPassInfo(&StackMapLivenessID);
  if (!Info || Info->getNormalCtor() == createOriginalThenLate ||
      Creates.empty() || Creates.size() > std::size(LateCtors))
    return;
  OriginalCtor = Info->getNormalCtor();
  NumLateCtors = Creates.size();
  std::copy(Creates.begin(), Creates.end(), LateCtors);
  const_cast<PassInfo *>(Info)->setNormalCtor(createOriginalThenLate);
}

#endif

} // namespace compat
} // namespace hotlayout
