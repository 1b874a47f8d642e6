#include "hotlayout/Tool/BoltDriver.h"

#include "gtest/gtest.h"

#include <algorithm>
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
