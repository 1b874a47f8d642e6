//===- hotlayout/Compat.h - LLVM 19 / 22 and host differences -------------===//
//
// hotlayout builds against LLVM 19 and LLVM 22. Every API difference between
// the two that the project meets is wrapped here, so passes and registration
// code contain no LLVM_VERSION_MAJOR checks of their own. So is every
// difference between the hosts that load the plugin (clang, opt, llc,
// ld.lld): which entry point of ours each one calls, how options reach us,
// and which remark flags its diagnostic handler honours.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_COMPAT_H
#define HOTLAYOUT_COMPAT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"

// The plugin header moved from Passes/ to Plugins/ in LLVM 22 (API version 2).
#if LLVM_VERSION_MAJOR >= 22
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif

#include <functional>

namespace llvm {
class LLVMContext;
class MachineFunctionPass;
} // namespace llvm

namespace hotlayout {
namespace compat {

/// A pipeline extension that only needs the module pass manager and the
/// optimisation level; the LTO phase argument that LLVM 20+ adds to some
/// callbacks is dropped here because no hotlayout pass depends on it.
using ModuleEPCallback =
    std::function<void(llvm::ModulePassManager &, llvm::OptimizationLevel)>;

inline void registerOptimizerLastEP(llvm::PassBuilder &PB,
                                    ModuleEPCallback CB) {
#if LLVM_VERSION_MAJOR >= 20
  PB.registerOptimizerLastEPCallback(
      [CB](llvm::ModulePassManager &MPM, llvm::OptimizationLevel Level,
           llvm::ThinOrFullLTOPhase) { CB(MPM, Level); });
#else
  PB.registerOptimizerLastEPCallback(CB);
#endif
}

inline void registerFullLTOLastEP(llvm::PassBuilder &PB, ModuleEPCallback CB) {
  PB.registerFullLinkTimeOptimizationLastEPCallback(CB);
}

/// Makes every codegen pipeline in this process run \p Creates' passes, in
/// that order, right after StackMap liveness: after block placement and the
/// target's pre-emit passes, when the layout is final. With basic-block
/// sections (a -fbasic-block-sections=list= block order), which re-lay
/// functions later, right after BasicBlockSections instead (LLVM 21+ only).
/// LLVM 21+ has a supported hook (RegisterTargetPassConfigCallback); on LLVM 19
/// the constructor that the pipeline uses for StackMap liveness is replaced by
/// one that builds that pass and ours together (CodegenHook.cpp). Call once,
/// at plugin load:
/// codegen offers plugins no other entry point.
/// Nothing is inserted into a -O0 pipeline (LLVM 21+; LLVM 19's wrapper is
/// always there, and the pass itself does nothing at -O0).
using LateMachinePassCtor = llvm::MachineFunctionPass *(*)();
/// True where those passes run after BasicBlockSections (LLVM 21+): there
/// they see whether a block order laid a function out.
inline constexpr bool LateMachinePassesSeeBlockSections =
    LLVM_VERSION_MAJOR >= 21;
void insertLateMachinePasses(llvm::ArrayRef<LateMachinePassCtor> Creates);

/// True for the names hotlayout owns, in options and in remarks: those
/// starting with "flushelim", "hotalign" or "hotlayout".
bool isHotlayoutName(llvm::StringRef Name);

/// Applies HOTLAYOUT_OPTIONS (e.g. "-flushelim-mode=check") to hotlayout's
/// own options, once per process, whichever entry point gets here first:
/// llvmGetPassPluginInfo (opt, clang -fpass-plugin, ld.lld, llc
/// -load-pass-plugin), the LLVM 21+ codegen hook as a TargetPassConfig is
/// built, or a hotalign pass constructor (every codegen pipeline, llc -load
/// and clang -fplugin alone included). An option the command line already set
/// is left alone, and a host that parses its command line later overrides
/// the variable anyway: the command line wins in every host. A word that is
/// not a hotlayout option, or a bad value, stops the process with a message
/// naming it: the variable may never change a host's own settings.
void applyEnvironmentOptions();

/// Makes \p Ctx report hotlayout's remarks where asked even when the host's
/// diagnostic handler would not: clang's ignores `-mllvm -pass-remarks=`,
/// and `-hotlayout-remarks=` (through HOTLAYOUT_OPTIONS, for builds that
/// cannot carry -Rpass) works in every host. Wraps the context's handler
/// once, and only when one of those options is given; other diagnostics
/// reach the host's handler as before.
void installRemarkSink(llvm::LLVMContext &Ctx);

} // namespace compat
} // namespace hotlayout

#endif // HOTLAYOUT_COMPAT_H
