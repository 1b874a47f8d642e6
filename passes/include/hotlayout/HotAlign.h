//===- hotlayout/HotAlign.h - Keep hot loops off cache-line boundaries ----===//
//
// hotalign: a late codegen pass. It reads the laid-out function's loops as
// the project's one hot-loop definition does (hotlayout/Support/
// HotLoopRules.h: back jumps to one target, hot bytes, tight), and puts the
// first block of every tight hot loop on a line start (`.p2align
// log2(line), , line-1`; -hotalign-line-start=false: the max-skip K, from the
// estimated hot bytes, that pads exactly when they would otherwise touch more
// cache lines than they need). Hot small functions get their entry aligned to
// a line. Only for x86-64 and AArch64 (hotlayout/CodegenTargets.h): other
// targets' code is left as it is, with one missed remark per module.
//
// Built like LLVM's MachineBlockPlacement: the algorithm is one class with
// run(MachineFunction &) (HotAlign.cpp) under a legacy pass adapter,
// registered as "hotalign" (INITIALIZE_PASS). That adapter is what codegen
// runs in LLVM 19 and 22 (hotlayout/Compat.h inserts it after the pre-emit
// passes), and what `llc -load=libHotLayout.so -run-pass=hotalign x.mir`
// runs alone.
//
// There is no new-pass-manager adapter because no host could run it: LLVM
// 22's llc loads `-load-pass-plugin` libraries but never gives their
// PassBuilder callbacks its new-PM PassBuilder (it calls only their
// PreCodeGenCallback), so `llc -passes=hotalign` answers "unknown pass name"
// whatever a plugin registers; LLVM 19's llc loads no pass plugins at all.
// (Upstream llvm-project#217727 registered the callbacks and was reverted,
// #218119.) When llc does, the adapter is a PassInfoMixin calling the same
// class with the analyses from MachineFunctionAnalysisManager.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_HOTALIGN_H
#define HOTLAYOUT_HOTALIGN_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class MachineFunctionPass;
class Module;
class PassRegistry;
/// Registers the legacy pass under the name "hotalign" (INITIALIZE_PASS).
void initializeHotAlignLegacyPass(PassRegistry &);
} // namespace llvm

namespace hotlayout {

/// A new legacy hotalign pass (owned by the caller's pass manager).
llvm::MachineFunctionPass *createHotAlignPass();

/// True when hotalign has a loop profile for \p M (-hotalign-loop-profile,
/// or the one its compile recorded): the recipe's final build, the one
/// `hotlayout apply` copies (hotalign-jt-base keys on it).
bool hotAlignHasLoopProfile(const llvm::Module &M);

/// hotalign-record-options: records -hotalign-loop-profile in the module
/// (named metadata `hotlayout.loop_profile`), so that hotalign finds it where
/// the module's code is generated: in ld.lld under (Thin)LTO, which cannot
/// take a plugin's options (it parses -mllvm before it loads the plugin).
/// Runs at the start of clang's pipeline; a module that already names one
/// keeps its own unless the option is given.
struct HotAlignRecordOptionsPass
    : llvm::PassInfoMixin<HotAlignRecordOptionsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace hotlayout

#endif // HOTLAYOUT_HOTALIGN_H
