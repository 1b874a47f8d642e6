//===- Flags.cpp - The build recipe as compiler flags ---------------------===//
//
// The flags of each stage (Flags.h says why each one is there), how they
// are printed for a shell, where the plugin of an LLVM major lives relative
// to the CLI, and which major a compiler is.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Flags/Flags.h"

#include "hotlayout/Tool/Support/Error.h"
#include "hotlayout/Tool/Support/Process.h"
#include "hotlayout/Tool/Support/TempFiles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace hotlayout {

/// \p Option for the plugin, through clang's -cc1 only (`-Xclang=`): the
/// integrated assembler (`clang -c x.S`, `.s`) never loads a plugin and would
/// take a plugin's `-mllvm` option as unknown (it prints its option list,
/// exits 0 and writes no object). -cc1 jobs compile C and C++ and preprocess
/// `.S`; clang 22 loads -fpass-plugin plugins into each of them before it
/// parses -mllvm.
static void addPluginOption(StringRef Option, RecipeFlags &F) {
  F.Compile.push_back("-Xclang=-mllvm");
  F.Compile.push_back(("-Xclang=" + Option).str());
}

/// The final build's loop profile for hotalign (after the plugin).
static void addLoopProfileFlags(const RecipeConfig &C, RecipeFlags &F) {
  if (C.PluginPath.empty() || C.LoopProfilePath.empty())
    return;
  // Clang 19 parses -mllvm before it loads -fpass-plugin plugins, and
  // passes -fplugin to no preprocessing job: every -cc1 job loads the
  // plugin first with -load, or it rejects the plugin's option.
  if (C.CompilerMajor && C.CompilerMajor < FirstMajorLoadingPassPluginsFirst) {
    F.Compile.push_back("-Xclang=-load");
    F.Compile.push_back("-Xclang=" + C.PluginPath);
  }
  // hotalign-jt-base is off where a loop profile is named
  // (hotlayout/JumpTableBase.h): this one option marks the final build.
  addPluginOption("-hotalign-loop-profile=" + C.LoopProfilePath, F);
}

/// The final build's block and function order (Recipe.h says why).
static void addOrderFlags(const RecipeConfig &C, RecipeFlags &F) {
  if (!C.BlockOrderPath.empty())
    F.Compile.push_back("-fbasic-block-sections=list=" + C.BlockOrderPath);
  if (!C.FunctionOrderPath.empty()) {
    F.Link.push_back("-Wl,--symbol-ordering-file=" + C.FunctionOrderPath);
    F.Link.push_back("-Wl,--no-warn-symbol-ordering");
  }
}

/// -flto=thin or -flto, compile and link, through ld.lld (the clang's own
/// major's: a system linker would need the LLVM gold plugin).
static void addLTOFlags(const RecipeConfig &C, RecipeFlags &F) {
  if (C.LTO == RecipeLTO::None)
    return;
  const char *Flag = C.LTO == RecipeLTO::Thin ? "-flto=thin" : "-flto";
  F.Compile.push_back(Flag);
  F.Link.push_back(Flag);
  F.Link.push_back("-fuse-ld=lld");
}

/// Under LTO, code is generated in ld.lld: the PGO map's flags go to it,
/// one word each (-Wl, splits at commas, so one feature a word).
static void addLTOAddressMapFlags(const RecipeConfig &C, RecipeFlags &F) {
  if (C.LTO == RecipeLTO::None)
    return;
  F.Link.push_back("-Wl,--lto-basic-block-address-map");
  for (const char *Feature : {"func-entry-count", "bb-freq", "br-prob"})
    F.Link.push_back(std::string("-Wl,-mllvm=-pgo-analysis-map=") + Feature);
  F.Link.push_back("-Wl,-mllvm=-use-iterative-bfi-inference");
}

/// The layout flags of every final build: compile, then link.
static void addLayoutFlags(const RecipeConfig &C, RecipeFlags &F) {
  F.Compile.push_back("-ffunction-sections");
  if (!C.PluginPath.empty())
    F.Compile.push_back("-fpass-plugin=" + C.PluginPath);
  if (C.LTO == RecipeLTO::None)
    F.Link.push_back("-fuse-ld=lld");
  F.Link.push_back("-Wl,--emit-relocs");
  // ld.lld generates the code: hotalign runs there.
  if (C.LTO != RecipeLTO::None && !C.PluginPath.empty())
    F.Link.push_back("-Wl,--load-pass-plugin=" + C.PluginPath);
}

RecipeFlags recipeFlags(const RecipeConfig &C) {
  RecipeFlags F;
  addLTOFlags(C, F);
  switch (C.Stage) {
  case RecipeStage::Instrument:
    // The runtime that writes the counts comes with the same flag at link.
    F.Compile.push_back("-fprofile-generate");
    F.Link.push_back("-fprofile-generate");
    return F;
  case RecipeStage::Use:
    F.Compile.push_back("-fprofile-use=" + C.ProfilePath);
    F.Compile.push_back("-fbasic-block-address-map");
    F.Compile.push_back(
        "-mllvm=-pgo-analysis-map=func-entry-count,bb-freq,br-prob");
    F.Compile.push_back("-mllvm=-use-iterative-bfi-inference");
    addLTOAddressMapFlags(C, F);
    addLayoutFlags(C, F);
    addOrderFlags(C, F);
    addLoopProfileFlags(C, F);
    return F;
  case RecipeStage::Layout:
    addLayoutFlags(C, F);
    return F;
  }
  llvm_unreachable("unknown recipe stage");
}

std::string shellWord(StringRef Word) {
  // Characters that mean nothing to sh (nor to make, CMake's
  // separate_arguments or pkg-config) anywhere in a word.
  auto Plain = [](char C) {
    return isAlnum(C) || StringRef("-_=+,./:@%^").contains(C);
  };
  if (!Word.empty() && all_of(Word, Plain))
    return Word.str();
  return shellQuote(Word);
}

std::string shellLine(ArrayRef<std::string> Words) {
  std::string Line;
  for (const std::string &W : Words) {
    if (!Line.empty())
      Line += ' ';
    Line += shellWord(W);
  }
  return Line;
}

/// <ToolPath's folder>/../<PluginRoot>, without `..`.
static std::string pluginRoot(StringRef ToolPath, StringRef PluginRoot) {
  SmallString<256> P(sys::path::parent_path(ToolPath));
  sys::path::append(P, "..", PluginRoot);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

static constexpr StringRef PluginFile = "libHotLayout.so";

std::string pluginPathFor(StringRef ToolPath, StringRef PluginRoot,
                          unsigned Major) {
  SmallString<256> P(pluginRoot(ToolPath, PluginRoot));
  sys::path::append(P, "llvm-" + std::to_string(Major), PluginFile);
  return std::string(P);
}

std::vector<unsigned> installedPluginMajors(StringRef ToolPath,
                                            StringRef PluginRoot) {
  std::vector<unsigned> Majors;
  std::error_code EC;
  for (sys::fs::directory_iterator I(pluginRoot(ToolPath, PluginRoot), EC), E;
       I != E && !EC; I.increment(EC)) {
    StringRef Name = sys::path::filename(I->path());
    unsigned Major = 0;
    if (Name.consume_front("llvm-") && !Name.getAsInteger(10, Major) &&
        sys::fs::exists(pluginPathFor(ToolPath, PluginRoot, Major)))
      Majors.push_back(Major);
  }
  llvm::sort(Majors);
  return Majors;
}

Expected<std::string> findPlugin(StringRef ToolPath, StringRef PluginRoot,
                                 unsigned Major) {
  std::string Path = pluginPathFor(ToolPath, PluginRoot, Major);
  if (sys::fs::exists(Path))
    return Path;
  std::vector<unsigned> Majors = installedPluginMajors(ToolPath, PluginRoot);
  std::string Have;
  for (unsigned M : Majors)
    Have += (Have.empty() ? "" : ", ") + std::to_string(M);
  return fileError(
      Path, "does not exist: this hotlayout has no plugin for LLVM " +
                Twine(Major) + " (" +
                (Majors.empty() ? std::string("it has none")
                                : "it has LLVM " + Have) +
                "); a plugin loads only into the clang of its own major: "
                "install the plugin built against LLVM " +
                Twine(Major) + ", or use a clang of a major listed");
}

Expected<unsigned> clangMajorFromVersion(StringRef VersionText,
                                         StringRef Compiler) {
  SmallVector<StringRef, 2> Match;
  if (Regex("clang version ([0-9]+)\\.").match(VersionText, &Match)) {
    unsigned Major = 0;
    if (!Match[1].getAsInteger(10, Major))
      return Major;
  }
  StringRef First = VersionText.trim().split('\n').first;
  return makeError("'" + Compiler + "' is not clang (its --version says: " +
                   (First.empty() ? std::string("nothing") : printable(First)) +
                   "); hotlayout's plugin loads only into clang: give --cc "
                   "the clang the build uses");
}

Expected<unsigned> compilerMajor(StringRef Compiler) {
  std::string Program = Compiler.str();
  if (!Compiler.contains('/')) {
    ErrorOr<std::string> Found = sys::findProgramByName(Compiler);
    if (!Found)
      return makeError("cannot find '" + Compiler +
                       "' on PATH; give --cc the compiler's path");
    Program = *Found;
  } else if (!sys::fs::can_execute(Program)) {
    return fileError(Compiler, "is not an executable; give --cc the path of "
                               "the clang the build uses");
  }
  auto Dir = TempDir::createInSystemTemp("hotlayout-flags");
  if (!Dir)
    return Dir.takeError();
  std::string Out = Dir->file("version.txt");
  StringRef Argv[] = {Program, "--version"};
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Out),
                                          StringRef(Out)};
  ProcessResult R = runProcess(Program, Argv, Redirects);
  if (!R.succeeded())
    return makeError("'" + Compiler + " --version' failed (" + R.why() +
                     "); give --cc the clang the build uses");
  auto Text = MemoryBuffer::getFile(Out, /*IsText=*/true);
  if (!Text)
    return fileError(Out, "cannot be read: " + Text.getError().message());
  return clangMajorFromVersion((*Text)->getBuffer(), Compiler);
}

/// The largest --use profile: 64 GiB (mapped; only its magic is read).
static constexpr uint64_t MaxIndexedProfileBytes = uint64_t(64) << 30;

Expected<std::string> checkedProfile(StringRef Path) {
  const std::string Merge = "; merge the training runs' raw profiles into "
                            "one first: llvm-profdata merge -o " +
                            Path.str() + " *.profraw";
  SmallString<256> Abs(Path);
  if (std::error_code EC = sys::fs::make_absolute(Abs))
    return fileError(Path, "cannot be made absolute: " + EC.message());
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  // A regular file, like every input: --use /dev/zero was read until memory
  // ran out (an internal error), a pipe blocked. Only the magic is read; a
  // large profile is mapped, not copied.
  auto Buffer = readInputFile(
      Path, MaxIndexedProfileBytes,
      "pass --use the indexed profile llvm-profdata merge writes of the "
      "training runs (llvm-profdata merge -o P.profdata *.profraw)",
      /*IsText=*/false);
  if (!Buffer)
    return Buffer.takeError();
  // The first 8 bytes: the magic numbers of LLVM's indexed profile
  // (0x8169666f72706cff) and raw profile (0xff6c70726f667281), stored
  // little-endian.
  StringRef Head = (*Buffer)->getBuffer().take_front(8);
  if (Head == StringRef("\xfflprofi\x81", 8))
    return std::string(Abs);
  if (Head == StringRef("\x81rforpl\xff", 8))
    return fileError(Path,
                     "is a raw profile, as a training run writes it" + Merge);
  return fileError(Path, "is not an indexed LLVM profile (a sample profile "
                         "is not the recipe's)" +
                             Merge);
}

} // namespace hotlayout
