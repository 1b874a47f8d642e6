//===- hotlayout/Tool/Flags/Flags.h - The build recipe as compiler flags --===//
//
// The one way to build a program for hotlayout, as clang and linker flags:
// `hotlayout flags` prints them, the CMake package (hotlayout_add_flags) and
// hotlayout.pc take them from it, and the README, the demo, bench/ and the
// tests build with them. Three stages:
//
//   stage       compile flags                       link flags
//   layout      -ffunction-sections                 -fuse-ld=lld
//               -fpass-plugin=PLUGIN                -Wl,--emit-relocs
//   instrument  -fprofile-generate                  -fprofile-generate
//   use         -fprofile-use=PROFDATA              as layout
//               -fbasic-block-address-map
//               -mllvm=-pgo-analysis-map=func-entry-count,bb-freq,br-prob
//               -mllvm=-use-iterative-bfi-inference
//               then the layout flags
//
// With a loop profile (use, with the plugin), after the plugin:
//               [-Xclang=-load -Xclang=PLUGIN]  (clang before 22)
//               -Xclang=-mllvm -Xclang=-hotalign-loop-profile=FILE
//
// With a block order and a function order (use; `hotlayout loops
// --block-order O --function-order F` of the first use build):
//               -fbasic-block-sections=list=O   -Wl,--symbol-ordering-file=F
//                                               -Wl,--no-warn-symbol-ordering
//
// Why each one:
//  - -fbasic-block-sections=list= and --symbol-ordering-file: the block
//    and function order of the first build's exact counts (BlockOrder.h),
//    so the compiler lays each hot function out as llvm-bolt's ext-tsp
//    would, with its never-run blocks in .text.split.NAME, and hotalign
//    aligns the loops of that final layout. Functions the order does not
//    name keep the compiler's order. The IDs are the use build's address
//    map's, so only with --use; not under LTO, where a promoted local's
//    name (NAME.llvm.N) changes from build to build. Clang 19 reads the
//    same format. --no-warn-symbol-ordering: a profiled function the final
//    build inlined everywhere has no symbol left, which is no error.
//  - -fpass-plugin: hotalign (hot loops on their fewest cache lines) and
//    flushelim run in clang's pipeline.
//  - -ffunction-sections: each function in its own section, which the
//    linker orders (the PGO call graph, --shuffle-sections) and BOLT moves.
//  - ld.lld with --emit-relocs: BOLT (hotlayout profile, apply, ab) needs
//    the static relocations; -fuse-ld=lld picks the clang's own major's
//    ld.lld (/usr/lib/llvm-N/bin/ld.lld).
//  - IR PGO (-fprofile-generate / -fprofile-use): the profile names the hot
//    loops hotalign aligns; front-end PGO gives a computed goto's edges no
//    weights, IR PGO weighs them from its counts.
//  - the PGO analysis map (-fbasic-block-address-map with its -mllvm
//    options): the compiler's block frequencies and branch probabilities
//    kept in the binary, which `hotlayout profile` turns into records for
//    the functions BOLT cannot instrument (a computed-goto interpreter) and
//    `check` reads without a profile; iterative block-frequency inference
//    keeps an irreducible dispatch's counts right. Only with a profile: a
//    map of static estimates would pass guesses off as counts.
//  - -hotalign-loop-profile: the counts of the binary's own blocks and
//    loops (`hotlayout loops`, Loops.h), which hotalign trusts over
//    the PGO block frequencies that inlining and peeling make wrong. It also
//    marks the final build, where hotalign-jt-base is off by default
//    (hotlayout/JumpTableBase.h: apply copies those functions as the
//    compiler laid them out). It is the plugin's option, so it goes to
//    clang's -cc1 jobs only (-Xclang=): the integrated assembler (.S, .s)
//    loads no plugin and would take it for an unknown option (clang prints
//    its option list, exits 0 and writes no object). Clang 19 parses -mllvm
//    before it loads -fpass-plugin plugins, and gives -fplugin to no
//    preprocessing job, so there each -cc1 job loads the plugin first
//    (-Xclang=-load); clang 22 loads pass plugins first.
// Under LTO (--lto thin|full), every stage compiles and links with
// -flto=thin or -flto through ld.lld, and code is generated in ld.lld: it
// loads the plugin (-Wl,--load-pass-plugin=PLUGIN) and takes the address
// map (-Wl,--lto-basic-block-address-map) and the PGO map's options
// (-Wl,-mllvm=..., one feature a word: -Wl, splits at commas) itself;
// clang forwards none of them. ld.lld parses -mllvm before it loads a
// plugin, so the loop profile cannot reach hotalign there as an option: the
// compile records it in the module (HotAlignRecordOptionsPass) and hotalign
// reads it back in ld.lld's codegen.
// Every option is one word (`-mllvm=X`, `-Xclang=X`), so no build system
// splits a pair. CMake de-duplicates repeated compile options: the recipe
// repeats no word, and hotlayout_add_flags keeps each -Xclang=-mllvm with
// its option (SHELL:) all the same.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_RECIPE_H
#define HOTLAYOUT_TOOL_RECIPE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hotlayout {

/// Which build of the recipe.
enum class RecipeStage {
  Layout,     ///< No PGO: the plugin and the layout flags.
  Instrument, ///< The PGO training build.
  Use,        ///< The final build, with the training runs' profile.
};

/// Link-time optimisation: hotalign then runs in ld.lld's codegen.
enum class RecipeLTO { None, Thin, Full };

/// The first clang major that loads -fpass-plugin plugins before it parses
/// -mllvm options.
inline constexpr unsigned FirstMajorLoadingPassPluginsFirst = 22;

struct RecipeConfig {
  RecipeStage Stage = RecipeStage::Layout;
  std::string ProfilePath; ///< Use: the indexed profile (absolute).
  std::string PluginPath;  ///< Empty: the recipe without the plugin.
  /// Use with the plugin: hotalign's loop profile (absolute); empty: none.
  /// Ignored without the plugin, whose option it is, and in the other
  /// stages (its block IDs come from Use's address map).
  std::string LoopProfilePath;
  /// Use: the block order and the function order (absolute); empty: none.
  std::string BlockOrderPath;
  std::string FunctionOrderPath;
  /// The compiler's LLVM major, for how the plugin takes options; 0: the
  /// CLI's own.
  unsigned CompilerMajor = 0;
  /// -flto=thin or -flto in every stage; the codegen flags go to ld.lld.
  RecipeLTO LTO = RecipeLTO::None;
};

/// The recipe's words, in the order they are printed.
struct RecipeFlags {
  std::vector<std::string> Compile;
  std::vector<std::string> Link;
};

/// The flags of \p C's stage (Instrument never loads the plugin: the
/// training build only counts).
RecipeFlags recipeFlags(const RecipeConfig &C);

/// \p Word as a POSIX shell reads it back as one word: unchanged when it
/// holds only characters no shell treats specially, else single-quoted.
std::string shellWord(llvm::StringRef Word);

/// \p Words as one line of shell words (shellWord each, blank-separated).
std::string shellLine(llvm::ArrayRef<std::string> Words);

/// Where the plugin for LLVM \p Major lives relative to the CLI \p ToolPath
/// (an absolute path of the hotlayout executable): <its folder>/../
/// \p PluginRoot /llvm-<Major>/libHotLayout.so, without `..` (the same
/// relative place in a build tree and an install prefix).
std::string pluginPathFor(llvm::StringRef ToolPath, llvm::StringRef PluginRoot,
                          unsigned Major);

/// The majors that have a plugin under <ToolPath's folder>/../PluginRoot,
/// ascending.
std::vector<unsigned> installedPluginMajors(llvm::StringRef ToolPath,
                                            llvm::StringRef PluginRoot);

/// The plugin for LLVM \p Major, or an error that names the path looked at
/// and the majors that are installed.
llvm::Expected<std::string> findPlugin(llvm::StringRef ToolPath,
                                       llvm::StringRef PluginRoot,
                                       unsigned Major);

/// The LLVM major in a clang's `--version` text ("... clang version 22.1.8
/// ..."); an error naming \p Compiler and quoting its first line when the
/// text is not clang's.
llvm::Expected<unsigned> clangMajorFromVersion(llvm::StringRef VersionText,
                                               llvm::StringRef Compiler);

/// Runs `\p Compiler --version` (a path, or a name looked up on PATH) and
/// returns its LLVM major (clangMajorFromVersion).
llvm::Expected<unsigned> compilerMajor(llvm::StringRef Compiler);

/// \p Path made absolute, after checking that it is an indexed LLVM profile
/// (what `llvm-profdata merge` writes): a missing file, a raw .profraw or
/// anything else is an error that says what to run.
llvm::Expected<std::string> checkedProfile(llvm::StringRef Path);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_RECIPE_H
