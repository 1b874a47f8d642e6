//===- HostOptions.cpp - HOTLAYOUT_OPTIONS, the same in every host --------===//
//
// ld.lld cannot hand a plugin its options (-mllvm is parsed before plugins
// load), so every host also reads them from HOTLAYOUT_OPTIONS. Hosts reach
// the plugin through different doors: opt, clang -fpass-plugin, ld.lld and
// llc -load-pass-plugin call llvmGetPassPluginInfo; llc -load and clang
// -fplugin alone only dlopen the .so, and then the first thing of ours that
// runs is a hotalign constructor. Each door calls applyEnvironmentOptions,
// which reads the variable once (std::call_once: ThinLTO backends load the
// plugin from several threads).
//
// Which wins when both set an option: the command line. A host that parses
// its command line before we get here (llc, clang 19 with -fplugin) has
// counted the option's occurrence, and we leave it; one that parses it after
// (opt, clang 22) overrides what we set. A static initialiser would be too
// early: the options of other files of the .so may not be constructed yet.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Compat.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/StringSaver.h"

#include <cstdlib>
#include <mutex>

using namespace llvm;

namespace hotlayout {
namespace compat {

bool isHotlayoutName(StringRef Name) {
  return Name.starts_with("flushelim") || Name.starts_with("hotalign") ||
         Name.starts_with("hotlayout");
}

namespace {

/// Sets each option of \p Words that the command line has not set; an
/// error names the first word that is not a hotlayout option or whose value
/// the option rejects.
Error applyWords(ArrayRef<const char *> Words) {
  auto &Registered = cl::getRegisteredOptions();
  for (StringRef Word : Words) {
    auto [Name, Value] = Word.ltrim('-').split('=');
    auto It = Registered.find(Name);
    if (!isHotlayoutName(Name) || It == Registered.end())
      return createStringError(
          "HOTLAYOUT_OPTIONS: '" + Word +
          "' is not a hotlayout option (see `opt "
          "-load-pass-plugin=libHotLayout.so --help-hidden`)");
    if (It->second->getNumOccurrences())
      continue;
    if (It->second->addOccurrence(0, Name, Value))
      return createStringError("HOTLAYOUT_OPTIONS: bad value in '" + Word +
                               "'");
  }
  return Error::success();
}

void applyOnce() {
  const char *Env = std::getenv("HOTLAYOUT_OPTIONS");
  if (!Env || !*Env)
    return;
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *, 8> Words;
  cl::TokenizeGNUCommandLine(Env, Saver, Words);
  // The plugin is this process's "main" for its own settings: a word it
  // cannot apply ends the compile or link, as a bad flag would.
  if (Error E = applyWords(Words))
    report_fatal_error(std::move(E), /*gen_crash_diag=*/false);
}

} // namespace

void applyEnvironmentOptions() {
  static std::once_flag Once;
  std::call_once(Once, applyOnce);
}

} // namespace compat
} // namespace hotlayout
