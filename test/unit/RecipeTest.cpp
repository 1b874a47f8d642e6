//===- RecipeTest.cpp - The build recipe's words and where they come from -===//
//
// recipeFlags() per stage, shellWord()/shellLine() (the one-line,
// shell-quoted output of `hotlayout flags`), the plugin's place relative to
// the CLI, a clang's major from its --version text, and the profile check.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Flags/Flags.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"
#include <algorithm>

#include <string>
#include <vector>

using namespace hotlayout;
using namespace llvm;

namespace {
/// A scratch directory, removed with its files.
struct Scratch {
  SmallString<128> Dir;
  Scratch() { EXPECT_FALSE(sys::fs::createUniqueDirectory("hl-recipe", Dir)); }
  ~Scratch() { sys::fs::remove_directories(Dir); }
  std::string path(StringRef Name) const { return (Dir + "/" + Name).str(); }
  void write(StringRef Name, StringRef Bytes) const {
    SmallString<128> Parent(path(Name));
    sys::path::remove_filename(Parent);
    ASSERT_FALSE(sys::fs::create_directories(Parent));
    std::error_code EC;
    raw_fd_ostream OS(path(Name), EC);
    ASSERT_FALSE(EC);
    OS << Bytes;
  }
};

std::string errorText(Error E) { return toString(std::move(E)); }
} // namespace

TEST(RecipeTest, LayoutStageHasPluginAndLayoutFlags) {
  RecipeConfig C;
  C.PluginPath = "/p/libHotLayout.so";
  RecipeFlags F = recipeFlags(C);
  EXPECT_EQ(F.Compile,
            (std::vector<std::string>{"-ffunction-sections",
                                      "-fpass-plugin=/p/libHotLayout.so"}));
  EXPECT_EQ(F.Link,
            (std::vector<std::string>{"-fuse-ld=lld", "-Wl,--emit-relocs"}));
}

// The loop profile is the plugin's option, right after the plugin and only
// for clang's -cc1 jobs (-Xclang=): the integrated assembler loads no
// plugin. Clang 19 parses -mllvm before it loads -fpass-plugin plugins, so
// there every -cc1 job loads the plugin first (-load). Twins: without the
// plugin nothing, and the no-PGO stage (no address map to key it) nothing.
TEST(RecipeTest, LoopProfileFollowsThePlugin) {
  RecipeConfig C;
  C.Stage = RecipeStage::Use;
  C.ProfilePath = "/w/app.profdata";
  C.PluginPath = "/p/libHotLayout.so";
  C.LoopProfilePath = "/w/app.loops";
  std::vector<std::string> Compile = recipeFlags(C).Compile;
  std::vector<std::string> Tail(Compile.end() - 3, Compile.end());
  EXPECT_EQ(Tail, (std::vector<std::string>{
                      "-fpass-plugin=/p/libHotLayout.so", "-Xclang=-mllvm",
                      "-Xclang=-hotalign-loop-profile=/w/app.loops"}));
  C.CompilerMajor = 19;
  Compile = recipeFlags(C).Compile;
  Tail.assign(Compile.end() - 5, Compile.end());
  EXPECT_EQ(Tail, (std::vector<std::string>{
                      "-fpass-plugin=/p/libHotLayout.so", "-Xclang=-load",
                      "-Xclang=/p/libHotLayout.so", "-Xclang=-mllvm",
                      "-Xclang=-hotalign-loop-profile=/w/app.loops"}));
  // No word repeats: CMake de-duplicates compile options.
  llvm::sort(Compile);
  EXPECT_EQ(std::adjacent_find(Compile.begin(), Compile.end()), Compile.end());
  C.Stage = RecipeStage::Layout;
  for (const std::string &W : recipeFlags(C).Compile)
    EXPECT_EQ(W.find("hotalign"), std::string::npos) << W;
  C.Stage = RecipeStage::Use;
  C.PluginPath.clear();
  for (const std::string &W : recipeFlags(C).Compile)
    EXPECT_EQ(W.find("hotalign"), std::string::npos) << W;
}

TEST(RecipeTest, OrdersGoToTheCompilerAndTheLinker) {
  RecipeConfig C;
  C.Stage = RecipeStage::Use;
  C.ProfilePath = "/w/app.profdata";
  C.BlockOrderPath = "/w/app.order";
  C.FunctionOrderPath = "/w/app.funcs";
  RecipeFlags F = recipeFlags(C);
  EXPECT_NE(std::find(F.Compile.begin(), F.Compile.end(),
                      "-fbasic-block-sections=list=/w/app.order"),
            F.Compile.end());
  EXPECT_NE(std::find(F.Link.begin(), F.Link.end(),
                      "-Wl,--symbol-ordering-file=/w/app.funcs"),
            F.Link.end());
  // Negative twin: without them, neither word.
  C.BlockOrderPath.clear();
  C.FunctionOrderPath.clear();
  F = recipeFlags(C);
  for (const std::string &W : F.Compile)
    EXPECT_EQ(W.find("basic-block-sections"), std::string::npos) << W;
  for (const std::string &W : F.Link)
    EXPECT_EQ(W.find("symbol-ordering"), std::string::npos) << W;
}

TEST(RecipeTest, InstrumentStageOnlyCounts) {
  RecipeConfig C;
  C.Stage = RecipeStage::Instrument;
  C.PluginPath = "/p/libHotLayout.so"; // Never loaded by the training build.
  RecipeFlags F = recipeFlags(C);
  EXPECT_EQ(F.Compile, std::vector<std::string>{"-fprofile-generate"});
  EXPECT_EQ(F.Link, std::vector<std::string>{"-fprofile-generate"});
}

TEST(RecipeTest, UseStageAddsProfileAndMapBeforeLayout) {
  RecipeConfig C;
  C.Stage = RecipeStage::Use;
  C.ProfilePath = "/w/app.profdata";
  C.PluginPath = "/p/libHotLayout.so";
  RecipeFlags F = recipeFlags(C);
  EXPECT_EQ(F.Compile,
            (std::vector<std::string>{
                "-fprofile-use=/w/app.profdata", "-fbasic-block-address-map",
                "-mllvm=-pgo-analysis-map=func-entry-count,bb-freq,br-prob",
                "-mllvm=-use-iterative-bfi-inference", "-ffunction-sections",
                "-fpass-plugin=/p/libHotLayout.so"}));
  EXPECT_EQ(F.Link,
            (std::vector<std::string>{"-fuse-ld=lld", "-Wl,--emit-relocs"}));
  // Without a plugin only the plugin's word goes.
  C.PluginPath.clear();
  RecipeFlags NoPlugin = recipeFlags(C);
  EXPECT_EQ(NoPlugin.Compile.size(), F.Compile.size() - 1);
  for (const std::string &W : NoPlugin.Compile)
    EXPECT_EQ(StringRef(W).find("-fpass-plugin"), StringRef::npos);
}

TEST(RecipeTest, ShellWordQuotesOnlyWhatAShellWouldSplit) {
  EXPECT_EQ(shellWord("-mllvm=-pgo-analysis-map=func-entry-count,bb-freq"),
            "-mllvm=-pgo-analysis-map=func-entry-count,bb-freq");
  EXPECT_EQ(shellWord("-fpass-plugin=/usr/lib/hotlayout/llvm-22/x.so"),
            "-fpass-plugin=/usr/lib/hotlayout/llvm-22/x.so");
  EXPECT_EQ(shellWord("-fprofile-use=/my work/a.profdata"),
            "'-fprofile-use=/my work/a.profdata'");
  EXPECT_EQ(shellWord("/a/it's"), "'/a/it'\\''s'");
  EXPECT_EQ(shellWord("$HOME"), "'$HOME'");
  EXPECT_EQ(shellWord("*"), "'*'");
  EXPECT_EQ(shellWord(""), "''");
  EXPECT_EQ(shellLine({"-a", "b c", "-d"}), "-a 'b c' -d");
  EXPECT_EQ(shellLine({}), "");
}

TEST(RecipeTest, PluginPathIsBesideTheCLIWithoutDots) {
  EXPECT_EQ(pluginPathFor("/opt/hl/bin/hotlayout", "lib/hotlayout", 22),
            "/opt/hl/lib/hotlayout/llvm-22/libHotLayout.so");
  EXPECT_EQ(pluginPathFor("/opt/hl/bin/../bin/hotlayout", "lib/hotlayout", 19),
            "/opt/hl/lib/hotlayout/llvm-19/libHotLayout.so");
}

TEST(RecipeTest, FindPluginListsTheMajorsInstalled) {
  Scratch S;
  S.write("bin/hotlayout", "");
  S.write("lib/hotlayout/llvm-22/libHotLayout.so", "");
  S.write("lib/hotlayout/llvm-19/libHotLayout.so", "");
  S.write("lib/hotlayout/llvm-17/README", ""); // A folder without a plugin.
  std::string Tool = S.path("bin/hotlayout");
  EXPECT_EQ(installedPluginMajors(Tool, "lib/hotlayout"),
            (std::vector<unsigned>{19, 22}));
  Expected<std::string> Found = findPlugin(Tool, "lib/hotlayout", 19);
  ASSERT_TRUE(bool(Found)) << errorText(Found.takeError());
  EXPECT_EQ(*Found, S.path("lib/hotlayout/llvm-19/libHotLayout.so"));
  Expected<std::string> Missing = findPlugin(Tool, "lib/hotlayout", 18);
  ASSERT_FALSE(bool(Missing));
  std::string Msg = errorText(Missing.takeError());
  EXPECT_NE(Msg.find("no plugin for LLVM 18 (it has LLVM 19, 22)"),
            std::string::npos)
      << Msg;
}

TEST(RecipeTest, ClangMajorFromVersionText) {
  auto Major = [](StringRef Text) {
    Expected<unsigned> M = clangMajorFromVersion(Text, "cc");
    return M ? *M : (consumeError(M.takeError()), 0u);
  };
  EXPECT_EQ(Major("Debian clang version 22.1.8 (1~deb12u1)\nTarget: x86_64"),
            22u);
  EXPECT_EQ(Major("clang version 19.1.7\n"), 19u);
  EXPECT_EQ(Major("Ubuntu clang version 18.1.3 (1ubuntu1)\n"), 18u);
  Expected<unsigned> GCC =
      clangMajorFromVersion("gcc (Debian 12.2.0-14) 12.2.0\n", "gcc");
  ASSERT_FALSE(bool(GCC));
  EXPECT_NE(errorText(GCC.takeError())
                .find("'gcc' is not clang (its --version says: gcc (Debian "
                      "12.2.0-14) 12.2.0)"),
            std::string::npos);
}

TEST(RecipeTest, ProfileMustBeIndexed) {
  Scratch S;
  S.write("indexed.profdata", StringRef("\xfflprofi\x81\x0c\0\0", 11));
  S.write("raw.profraw", StringRef("\x81rforpl\xff\x0a\0\0", 11));
  S.write("text.txt", "main\n");
  Expected<std::string> Indexed = checkedProfile(S.path("indexed.profdata"));
  ASSERT_TRUE(bool(Indexed)) << errorText(Indexed.takeError());
  EXPECT_EQ(*Indexed, S.path("indexed.profdata"));
  Expected<std::string> Raw = checkedProfile(S.path("raw.profraw"));
  ASSERT_FALSE(bool(Raw));
  EXPECT_NE(errorText(Raw.takeError()).find("is a raw profile"),
            std::string::npos);
  Expected<std::string> Text = checkedProfile(S.path("text.txt"));
  ASSERT_FALSE(bool(Text));
  EXPECT_NE(errorText(Text.takeError()).find("is not an indexed LLVM profile"),
            std::string::npos);
  Expected<std::string> Missing = checkedProfile(S.path("none.profdata"));
  ASSERT_FALSE(bool(Missing));
  EXPECT_NE(errorText(Missing.takeError()).find("llvm-profdata merge -o"),
            std::string::npos);
}
