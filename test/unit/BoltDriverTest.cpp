#include "hotlayout/Tool/Bolt/BoltDriver.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

using namespace hotlayout;

static BoltTools tools() {
  BoltTools T;
  T.LLVMBolt = "/bolt/bin/llvm-bolt";
  return T;
}

static BoltRewrite aligned() {
  BoltRewrite R;
  R.Input = "in";
  R.Output = "out";
  R.FunctionOrder = {"f", "g"};
  R.FunctionOrderPath = "/tmp/order.txt";
  R.FunctionAlignment = 64;
  R.Padding = {{"f", 10}, {"g", 0}};
  return R;
}

/// The arguments every rewrite of aligned()'s input starts with.
static std::vector<std::string> head() {
  return {"/bolt/bin/llvm-bolt",
          "in",
          "-o",
          "out",
          "-reorder-functions=user",
          "-function-order=/tmp/order.txt",
          "-bolt-info=0"};
}

/// \p A followed by \p B.
static std::vector<std::string> concat(std::vector<std::string> A,
                                       const std::vector<std::string> &B) {
  A.insert(A.end(), B.begin(), B.end());
  return A;
}

// What apply runs without a profile: every function on a line (the compact
// aligner would skip small ones), blocks left in their order, a zero pad
// left out.
TEST(BoltDriver, AlignedRewriteWithoutProfile) {
  EXPECT_EQ(
      rewriteArguments(tools(), aligned()),
      concat(head(), {"-align-functions=64", "-align-functions-max-bytes=64",
                      "-use-compact-aligner=false", "-use-old-text=0",
                      "-pad-funcs=f(/.*)?:10"}));
}

// KeepInputCode: the options with which llvm-bolt emits a function as its
// input has it, SCTC off among them (it erases nops after a jmp in a
// function with a conditional tail call) and rep-ret stripping (it drops
// the `rep` of `rep ret`); without it, none of them.
TEST(BoltDriver, KeepInputCodeTurnsSCTCOff) {
  BoltRewrite R = aligned();
  R.KeepInputCode = true;
  std::vector<std::string> Args = rewriteArguments(tools(), R);
  for (const char *A :
       {"-keep-nops", "-shorten-instructions=0", "-eliminate-unreachable=0",
        "-simplify-conditional-tail-calls=0", "-strip-rep-ret=0"})
    EXPECT_EQ(std::count(Args.begin(), Args.end(), A), 1) << A;
  std::vector<std::string> Plain = rewriteArguments(tools(), aligned());
  for (const char *A :
       {"-simplify-conditional-tail-calls=0", "-strip-rep-ret=0"})
    EXPECT_EQ(std::count(Plain.begin(), Plain.end(), A), 0) << A;
}

// A profile orders blocks, splits cold ones, and turns lite mode off (it
// would leave functions without samples in place); the skip list follows.
TEST(BoltDriver, ProfileAndSkipListAddTheirArguments) {
  BoltRewrite R = aligned();
  R.Profile = "p.fdata";
  R.SkipArgument = "-skip-funcs-file=skip.txt";
  R.Padding.clear();
  std::vector<std::string> Args = rewriteArguments(tools(), R);
  std::vector<std::string> Tail(Args.begin() + 11, Args.end());
  std::vector<std::string> Expected = {
      "-data=p.fdata",    "-lite=0",         "-reorder-blocks=ext-tsp",
      "-split-functions", "-split-all-cold", "-skip-funcs-file=skip.txt"};
  EXPECT_EQ(Tail, Expected);
}

// Without alignment (a plain reordering) none of the aligner options
// appear.
TEST(BoltDriver, UnalignedRewriteHasNoAlignerOptions) {
  BoltRewrite R = aligned();
  R.FunctionAlignment = 0;
  R.Padding.clear();
  EXPECT_EQ(rewriteArguments(tools(), R), concat(head(), {"-use-old-text=0"}));
}

// ab's layouts have no profile and must move every function: AllFunctions
// adds -lite=0 once, blocks keep their order (no -reorder-blocks). The twin
// is AlignedRewriteWithoutProfile: apply's rewrite without it has no -lite.
TEST(BoltDriver, AllFunctionsWithoutProfileTurnsLiteOff) {
  BoltRewrite R = aligned();
  R.FunctionAlignment = 0;
  R.Padding.clear();
  R.AllFunctions = true;
  EXPECT_EQ(rewriteArguments(tools(), R),
            concat(head(), {"-use-old-text=0", "-lite=0"}));
  R.Profile = "p.fdata";
  std::vector<std::string> Args = rewriteArguments(tools(), R);
  EXPECT_EQ(std::count(Args.begin(), Args.end(), "-lite=0"), 1);
}

// BOLT names a local function NAME/N and matches -pad-funcs as an anchored
// regex: the pattern must take the suffix and match the name literally.
TEST(BoltDriver, PadPatternTakesLocalSuffixAndEscapes) {
  EXPECT_EQ(padFunctionPattern("s_hot"), "s_hot(/.*)?");
  EXPECT_EQ(padFunctionPattern("operator+.cold"), "operator\\+\\.cold(/.*)?");
}

// Which llvm-bolt takes -pad-funcs-before is known for the majors checked
// (19: unknown option; 22: taken); 20 and 21 were never checked, so their
// llvm-bolt is asked.
TEST(BoltDriver, PadBeforeKnownOnlyForCheckedMajors) {
  EXPECT_EQ(padBeforeByMajor(18), std::optional<bool>(false));
  EXPECT_EQ(padBeforeByMajor(19), std::optional<bool>(false));
  EXPECT_EQ(padBeforeByMajor(20), std::nullopt);
  EXPECT_EQ(padBeforeByMajor(21), std::nullopt);
  EXPECT_EQ(padBeforeByMajor(22), std::optional<bool>(true));
  EXPECT_EQ(padBeforeByMajor(23), std::optional<bool>(true));
}

/// A scratch directory with an llvm-bolt script whose help prints \p Help.
static std::string fakeBoltDir(llvm::StringRef Help) {
  llvm::SmallString<128> Dir;
  EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("hl-bolt-test", Dir));
  for (llvm::StringRef Tool : {"llvm-bolt", "perf2bolt", "merge-fdata"}) {
    llvm::SmallString<128> Path(Dir);
    llvm::sys::path::append(Path, Tool);
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    EXPECT_FALSE(EC);
    OS << "#!/bin/sh\necho '" << Help << "'\n";
    OS.close();
    llvm::sys::fs::setPermissions(Path, llvm::sys::fs::all_read |
                                            llvm::sys::fs::all_exe |
                                            llvm::sys::fs::owner_write);
  }
  return std::string(Dir);
}

// An llvm-bolt other than the build's is asked: its help decides, either
// way.
TEST(BoltDriver, OtherBoltIsAskedForPadBefore) {
  for (bool Takes : {true, false}) {
    std::string Dir = fakeBoltDir(Takes ? "  -pad-funcs-before=<...>" : "");
    auto T = BoltTools::find(Dir, /*NeedInstrumentationRuntime=*/false);
    ASSERT_TRUE(bool(T)) << llvm::toString(T.takeError());
    EXPECT_FALSE(T->BuildLLVM);
    std::string Scratch = Dir + "/help.txt";
    EXPECT_EQ(supportsPadBefore(*T, Scratch), Takes);
    llvm::sys::fs::remove_directories(Dir);
  }
}

// The build's own llvm-bolt is not started: its major answers (a program
// that does not exist would answer false if it were run).
TEST(BoltDriver, BuildBoltAnswersByMajor) {
  BoltTools T;
  T.LLVMBolt = "/nonexistent/llvm-bolt";
  T.BuildLLVM = true;
  std::optional<bool> Known = padBeforeByMajor(LLVM_VERSION_MAJOR);
  ASSERT_TRUE(Known.has_value());
  EXPECT_EQ(supportsPadBefore(T, "/nonexistent/help.txt"), *Known);
}
