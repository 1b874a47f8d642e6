//===- HotLayoutPlugin.cpp - Every hotlayout pass registered here ---------===//
//
// The one place that names passes and picks extension points. The same .so
// serves `opt -load-pass-plugin`, `clang -fpass-plugin`, `llc -load` and
// `ld.lld --load-pass-plugin` (full and thin LTO).
//
// Options: opt takes them directly; clang takes them as `-mllvm -flag` (clang
// 19 parses -mllvm before loading -fpass-plugin, so there the .so must also
// be loaded early with `-fplugin=`); lld has no way to pass a plugin's
// options, so every host also reads them from HOTLAYOUT_OPTIONS. An option
// given on the command line wins over the same one in HOTLAYOUT_OPTIONS.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Compat.h"
#include "hotlayout/FlushAvailability.h"
#include "hotlayout/FlushBatch.h"
#include "hotlayout/FlushElim.h"
#include "hotlayout/HotAlign.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/PassRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;
using namespace hotlayout;

namespace {

/// Applies HOTLAYOUT_OPTIONS (e.g. "-flushelim-mode=check") to hotlayout's own
/// options only, so a host's options are never re-parsed or reset, and
/// never to an option the command line already set.
void applyEnvironmentOptions() {
  const char *Env = std::getenv("HOTLAYOUT_OPTIONS");
  if (!Env || !*Env)
    return;
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *, 8> Args;
  cl::TokenizeGNUCommandLine(Env, Saver, Args);
  auto &Registered = cl::getRegisteredOptions();
  for (StringRef Arg : Args) {
    auto [Name, Value] = Arg.ltrim('-').split('=');
    bool Ours = Name.starts_with("flushelim") || Name.starts_with("hotalign") ||
                Name.starts_with("hotlayout");
    auto It = Registered.find(Name);
    if (!Ours || It == Registered.end())
      report_fatal_error(
          Twine("HOTLAYOUT_OPTIONS: '") + Arg +
              "' is not a hotlayout option (see `opt "
              "-load-pass-plugin=libHotLayout.so --help-hidden`)",
          /*gen_crash_diag=*/false);
    if (It->second->getNumOccurrences())
      continue;
    if (It->second->addOccurrence(0, Name, Value))
      report_fatal_error(Twine("HOTLAYOUT_OPTIONS: bad value in '") + Arg + "'",
                         /*gen_crash_diag=*/false);
  }
}

void addFlushElim(ModulePassManager &MPM) {
  MPM.addPass(FlushElimPass());
  if (isFlushBatchEnabled())
    MPM.addPass(createModuleToFunctionPassAdaptor(FlushBatchPass()));
}

void registerCallbacks(PassBuilder &PB) {
  PB.registerAnalysisRegistrationCallback([](ModuleAnalysisManager &MAM) {
    MAM.registerPass([] { return FlushAvailabilityAnalysis(); });
  });

  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "flushelim") {
          addFlushElim(MPM);
          return true;
        }
        if (Name == "print<flushelim>") {
          MPM.addPass(FlushAvailabilityPrinterPass(errs()));
          return true;
        }
        return false;
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "flushelim-batch") {
          FPM.addPass(FlushBatchPass());
          return true;
        }
        return false;
      });

  // flushelim wants inlining done: inlined callees put both flushes of a
  // pair into one function. OptimizerLast is the last IR point of a clang
  // -O1+ compile and of lld's ThinLTO backend (a ThinLTO build runs it twice:
  // the pass is idempotent).
  compat::registerOptimizerLastEP(
      PB, [](ModulePassManager &MPM, OptimizationLevel Level) {
        if (Level != OptimizationLevel::O0)
          addFlushElim(MPM);
      });
  // Full LTO has no OptimizerLast: its last IR point is this one, after the
  // cross-module inliner has brought a JIT's writer and its make-executable
  // step together.
  compat::registerFullLTOLastEP(
      PB, [](ModulePassManager &MPM, OptimizationLevel Level) {
        if (Level != OptimizationLevel::O0)
          addFlushElim(MPM);
      });
}

} // namespace

// Codegen offers plugins no entry point, so hotalign is put into every codegen
// pipeline when the .so is loaded: clang -fpass-plugin, llc -load and
// ld.lld --load-pass-plugin all dlopen it before their codegen starts.
// Registering it by name lets `llc -load=... -run-pass=hotalign` find it.
static const bool HotAlignInserted =
    (initializeHotAlignLegacyPass(*PassRegistry::getPassRegistry()),
     compat::insertLateMachinePass(createHotAlignPass), true);

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  applyEnvironmentOptions();
  return {LLVM_PLUGIN_API_VERSION, "HotLayout", HOTLAYOUT_VERSION,
          registerCallbacks};
}
