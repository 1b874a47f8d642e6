//===- FlagsCommand.cpp - hotlayout flags: the build recipe's flags -------===//
//
// The shell of `hotlayout flags [--instrument | --use P.profdata] [--cc CC]
// [--loop-profile FILE] [--block-order FILE] [--function-order FILE]
// [--lto thin|full] [--cflags] [--ldflags]
// [--no-plugin] [--print-plugin]`, on the model of llvm-config and pkg-config:
// prints the recipe's compiler and linker flags (Flags.h) on one line,
// shell-quoted, with the path of the plugin that sits beside this hotlayout
// (<bin>/../lib/hotlayout/llvm-N/, in a build tree as in an install prefix)
// for the compiler's major. Exit 0, or 2 on errors (nothing is printed on
// stdout then).
//
//===----------------------------------------------------------------------===//

#include "Commands.h"

#include "hotlayout/Tool/Flags/Flags.h"
#include "hotlayout/Tool/Loops/BlockOrder.h"
#include "hotlayout/Tool/Loops/Loops.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace llvm;

namespace hotlayout {

cl::SubCommand FlagsSubcommand(
    "flags", "Print the compiler and linker flags of hotlayout's build "
             "recipe, with the installed plugin, on one shell-quoted line: "
             "CFLAGS=\"$(hotlayout flags --cflags --use app.profdata)\" "
             "(exit 2 on errors)");

static cl::OptionCategory FlagsCategory(
    "hotlayout flags options",
    "The recipe, in three builds: `--instrument` (IR PGO training build; run "
    "it, then llvm-profdata merge -o P.profdata *.profraw), `--use "
    "P.profdata` (the final build: the profile, the PGO analysis map, the "
    "plugin, -ffunction-sections, ld.lld with --emit-relocs), or no option "
    "(the same without PGO). --loop-profile FILE, with --use, adds the "
    "counts `hotlayout loops` wrote of the first --use build for hotalign "
    "(-Xclang=-mllvm -Xclang=-hotalign-loop-profile=FILE). The plugin is the "
    "one for "
    "the compiler's LLVM major, found beside this hotlayout in "
    "<prefix>/lib/hotlayout/llvm-N/.");

static cl::opt<bool>
    Instrument("instrument",
               cl::desc("The PGO training build (-fprofile-generate); no "
                        "plugin"),
               cl::sub(FlagsSubcommand), cl::cat(FlagsCategory));

static cl::opt<std::string>
    UseProfile("use",
               cl::desc("The final build, with this indexed profile "
                        "(llvm-profdata merge of the training runs)"),
               cl::value_desc("profdata"), cl::sub(FlagsSubcommand),
               cl::cat(FlagsCategory));

static cl::opt<std::string> LoopProfile(
    "loop-profile",
    cl::desc("With --use and the plugin, the final build: hotalign uses "
             "this loop profile (hotlayout loops of the first --use build, "
             "profiled), made absolute (default: none)"),
    cl::value_desc("file"), cl::sub(FlagsSubcommand), cl::cat(FlagsCategory));

static cl::opt<std::string> BlockOrder(
    "block-order",
    cl::desc("With --use, the final build: clang lays each profiled "
             "function's blocks out in this order "
             "(-fbasic-block-sections=list=FILE; hotlayout loops "
             "--block-order of the first --use build), made absolute "
             "(default: none)"),
    cl::value_desc("file"), cl::sub(FlagsSubcommand), cl::cat(FlagsCategory));

static cl::opt<std::string> FunctionOrder(
    "function-order",
    cl::desc("With --use, the final build: ld.lld orders the functions by "
             "this file (--symbol-ordering-file; hotlayout loops "
             "--function-order), made absolute (default: none)"),
    cl::value_desc("file"), cl::sub(FlagsSubcommand), cl::cat(FlagsCategory));

static cl::opt<std::string> Compiler(
    "cc",
    cl::desc("The clang the flags are for: its LLVM major picks the plugin "
             "(default: LLVM " HOTLAYOUT_LLVM_MAJOR_TEXT
             ", the one hotlayout is built with)"),
    cl::value_desc("path"), cl::sub(FlagsSubcommand), cl::cat(FlagsCategory));

static cl::opt<bool>
    CFlagsOnly("cflags",
               cl::desc("Print the compile flags (with --ldflags: both, "
                        "compile flags first; neither: both)"),
               cl::sub(FlagsSubcommand), cl::cat(FlagsCategory));

static cl::opt<bool>
    LDFlagsOnly("ldflags", cl::desc("Print the link flags (see --cflags)"),
                cl::sub(FlagsSubcommand), cl::cat(FlagsCategory));

static cl::opt<bool> NoPlugin(
    "no-plugin",
    cl::desc("The same recipe without the plugin: the baseline to compare "
             "the plugin's build with"),
    cl::sub(FlagsSubcommand), cl::cat(FlagsCategory));

static cl::opt<RecipeLTO>
    LTO("lto",
        cl::desc("Link-time optimisation in every stage (default: none); "
                 "hotalign then runs in ld.lld, which loads the plugin"),
        cl::values(clEnumValN(RecipeLTO::None, "none", "no LTO"),
                   clEnumValN(RecipeLTO::Thin, "thin", "-flto=thin"),
                   clEnumValN(RecipeLTO::Full, "full", "-flto")),
        cl::init(RecipeLTO::None), cl::sub(FlagsSubcommand),
        cl::cat(FlagsCategory));

static cl::opt<bool> PrintPlugin(
    "print-plugin",
    cl::desc("Print only the plugin's path, unquoted (e.g. for ld.lld's "
             "--load-pass-plugin= in an LTO link)"),
    cl::sub(FlagsSubcommand), cl::cat(FlagsCategory));

static int flagsError(Error E) { return reportError("flags", std::move(E)); }

/// The plugin for LLVM \p Major.
static Expected<std::string> plugin(unsigned Major) {
  std::string Self = sys::fs::getMainExecutable(nullptr, (void *)&plugin);
  return findPlugin(Self, HOTLAYOUT_PLUGIN_ROOT, Major);
}

/// --cc's major (default: the CLI's own).
static Expected<unsigned> major() {
  if (Compiler.empty())
    return HOTLAYOUT_LLVM_MAJOR;
  return compilerMajor(Compiler);
}

int runFlagsCommand() {
  if (Instrument && !UseProfile.empty())
    return flagsError(
        makeError("--instrument and --use are two builds: give one of them"));
  if (PrintPlugin &&
      (Instrument || !UseProfile.empty() || NoPlugin || !LoopProfile.empty() ||
       !BlockOrder.empty() || !FunctionOrder.empty() || CFlagsOnly ||
       LDFlagsOnly || LTO.getNumOccurrences()))
    return flagsError(
        makeError("--print-plugin prints the plugin's path alone: give it "
                  "with --cc only"));
  // The loop profile is for hotalign, in a build that runs it.
  if (!LoopProfile.empty() && Instrument)
    return flagsError(makeError(
        "--loop-profile is for the final build (--use): the training build "
        "(--instrument) loads no plugin"));
  // Its counts are keyed by basic-block address-map IDs, which only the
  // --use build's -fbasic-block-address-map gives: without it every count
  // would miss, silently.
  if (!LoopProfile.empty() && UseProfile.empty())
    return flagsError(makeError(
        "--loop-profile needs --use P.profdata: the loop profile names blocks "
        "by the address map of the build `hotlayout flags --use P.profdata` "
        "gives (the first build, which `hotlayout loops` read); give the "
        "same --use again"));
  // The orders name blocks by the --use build's address map and functions
  // by its symbols, like the loop profile.
  for (auto [Option, Path] : {std::pair("--block-order", &BlockOrder),
                              std::pair("--function-order", &FunctionOrder)}) {
    if (Path->empty())
      continue;
    if (UseProfile.empty())
      return flagsError(makeError(
          Twine(Option) +
          " needs --use P.profdata: the order names the blocks and "
          "functions of the build `hotlayout flags --use P.profdata` gives "
          "(the first build, which `hotlayout loops` read); give the same "
          "--use again"));
    if (LTO != RecipeLTO::None)
      return flagsError(makeError(
          Twine(Option) +
          " cannot be used with --lto: ThinLTO renames promoted local "
          "functions (NAME.llvm.N) from build to build, so the order would "
          "miss them; drop --lto, or drop the order (the compiler's own "
          "order is kept)"));
  }
  if (!LoopProfile.empty() && NoPlugin)
    return flagsError(
        makeError("--loop-profile is read by the plugin's hotalign: drop "
                  "--no-plugin, or drop --loop-profile for the baseline"));

  RecipeConfig C;
  C.LTO = LTO;
  if (Instrument)
    C.Stage = RecipeStage::Instrument;
  if (!UseProfile.empty()) {
    C.Stage = RecipeStage::Use;
    Expected<std::string> Profile = checkedProfile(UseProfile);
    if (!Profile)
      return flagsError(Profile.takeError());
    C.ProfilePath = *Profile;
  }
  if (!LoopProfile.empty()) {
    Expected<std::string> Loops = checkedLoopProfile(LoopProfile);
    if (!Loops)
      return flagsError(Loops.takeError());
    C.LoopProfilePath = *Loops;
  }
  if (!BlockOrder.empty()) {
    Expected<std::string> Order = checkedBlockOrder(BlockOrder);
    if (!Order)
      return flagsError(Order.takeError());
    C.BlockOrderPath = *Order;
  }
  if (!FunctionOrder.empty()) {
    Expected<std::string> Order = checkedFunctionOrder(FunctionOrder);
    if (!Order)
      return flagsError(Order.takeError());
    C.FunctionOrderPath = *Order;
  }
  // The plugin is looked up (and --cc asked) for every stage, also those
  // that do not load it, so that a compiler without a plugin is refused
  // before its training build, not after.
  Expected<unsigned> Major = major();
  if (!Major)
    return flagsError(Major.takeError());
  C.CompilerMajor = *Major;
  // LLVM 19 gives a plugin no place in codegen after BasicBlockSections:
  // hotalign would align the compiler's order, which the block order then
  // re-lays (CodegenHook.cpp).
  if (!BlockOrder.empty() && !NoPlugin && *Major < 21)
    return flagsError(makeError(
        "--block-order with the plugin needs clang 21 or later: in LLVM " +
        Twine(*Major) +
        " hotalign runs before the block order is applied, so it would "
        "align loops the order then moves; use a newer clang, or add "
        "--no-plugin (the order without hotalign)"));
  Expected<std::string> Path = plugin(*Major);
  if (!Path)
    return flagsError(Path.takeError());
  if (PrintPlugin) {
    outs() << *Path << '\n';
    return ExitClean;
  }
  if (!NoPlugin)
    C.PluginPath = *Path;

  RecipeFlags F = recipeFlags(C);
  bool Both = CFlagsOnly == LDFlagsOnly;
  std::vector<std::string> Words;
  if (Both || CFlagsOnly)
    Words.insert(Words.end(), F.Compile.begin(), F.Compile.end());
  // One line for a command that compiles and links: a link word the compile
  // words already hold (-fprofile-generate, -flto=thin) is said once. Every
  // word is self-contained (-mllvm=X, -Wl,X), so dropping a repeat drops no
  // option's argument.
  if (Both || LDFlagsOnly)
    for (const std::string &W : F.Link)
      if (!Both || !llvm::is_contained(Words, W))
        Words.push_back(W);
  outs() << shellLine(Words) << '\n';
  return ExitClean;
}

} // namespace hotlayout
