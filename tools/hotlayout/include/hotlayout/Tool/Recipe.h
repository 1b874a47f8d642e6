//===- hotlayout/Tool/Recipe.h - The build recipe as compiler flags -------===//
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
// With a loop profile (layout or use, with the plugin), after the plugin:
//               [-fplugin=PLUGIN]  (clang before 22)
//               -mllvm=-hotalign-loop-profile=FILE
//               -mllvm=-hotalign-jt-base-enable=false
//
// Why each one:
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
//    loops (`hotlayout loops`, LoopProfile.h), which hotalign trusts over
//    the PGO block frequencies that inlining and peeling make wrong. It is
//    the plugin's option: clang 19 parses -mllvm before it loads
//    -fpass-plugin plugins and would reject it, so there the plugin is also
//    loaded early with -fplugin (clang 22 loads pass plugins first).
//  - -hotalign-jt-base-enable=false, with the loop profile: the plugin sets
//    a jump table's address again where the table is read (hotalign-jt-base)
//    so that llvm-bolt can instrument every function with a jump table; the
//    first build, whose counts `hotlayout loops` reads, needs that. The
//    final build is the one apply re-lays out, and llvm-bolt re-encodes the
//    functions it can read: a jump LLVM's assembler relaxed to 5 bytes comes
//    out in 2, the hot loops after it move 3 bytes, and no function start
//    can undo an odd shift (BOLT starts x86 functions on even addresses).
//    Left unreadable, those functions are copied byte for byte, as the
//    compiler placed their loops (Lua strings-and-sort: apply 3 straddling
//    hot loops with the pass, 0 without; bench/aligned-lock).
// Every option is one word (`-mllvm=X`, not `-mllvm X`), so no build system
// splits or merges a pair (CMake de-duplicates repeated compile options).
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

/// The first clang major that loads -fpass-plugin plugins before it parses
/// -mllvm options.
inline constexpr unsigned FirstMajorLoadingPassPluginsFirst = 22;

struct RecipeConfig {
  RecipeStage Stage = RecipeStage::Layout;
  std::string ProfilePath; ///< Use: the indexed profile (absolute).
  std::string PluginPath;  ///< Empty: the recipe without the plugin.
  /// Layout or Use with the plugin: hotalign's loop profile (absolute);
  /// empty: none. Ignored without the plugin, whose option it is.
  std::string LoopProfilePath;
  /// The compiler's LLVM major, for how the plugin takes options; 0: the
  /// CLI's own.
  unsigned CompilerMajor = 0;
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
