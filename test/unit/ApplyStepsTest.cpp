// The small steps of `hotlayout apply` that need no BOLT: the --smoke
// command line (Process.h's commandWithPath, which ab --run shares) and
// the profile filter.

#include "hotlayout/Tool/Apply/Apply.h"
#include "hotlayout/Tool/Profile/Fdata.h"
#include "hotlayout/Tool/Support/Process.h"
#include "hotlayout/Tool/Support/TempFiles.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

#include <string>

using namespace hotlayout;
using namespace llvm;

TEST(ApplySteps, SmokeReplacesEveryBraceWithTheQuotedPath) {
  EXPECT_EQ(commandWithPath("{} 7 > a.txt && cmp {} ref", "/t/out"),
            "'/t/out' 7 > a.txt && cmp '/t/out' ref");
}

TEST(ApplySteps, SmokeAppendsThePathWithoutBraces) {
  EXPECT_EQ(commandWithPath("./check.sh", "/t/out"), "./check.sh '/t/out'");
}

// A path with a quote or shell syntax in it stays one word: the command
// runs the binary, never part of its name.
TEST(ApplySteps, SmokeQuotesShellSyntaxInThePath) {
  EXPECT_EQ(commandWithPath("{}", "/t/it's $(x)"), "'/t/it'\\''s $(x)'");
}

TEST(ApplySteps, ProfileFilterDropsRecordsNamingAFunction) {
  auto Dir = TempDir::createInSystemTemp("hotlayout-unit");
  ASSERT_TRUE(bool(Dir)) << toString(Dir.takeError());
  std::string In = Dir->file("in.fdata"), Out = Dir->file("out.fdata");
  {
    std::error_code EC;
    raw_fd_ostream OS(In, EC, sys::fs::OF_Text);
    ASSERT_FALSE(EC);
    OS << "1 main 10 1 helper 0 0 5\n"
       << "1 hot/1 20 1 hot/1 4 0 900\n"
       << "1 keep 8 1 keep 0 0 7\n";
  }
  StringSet<> Drop;
  Drop.insert("helper");
  Drop.insert("hot");
  auto Profile = FdataFile::read(In);
  ASSERT_TRUE(bool(Profile)) << toString(Profile.takeError());
  Expected<bool> Kept = Profile->writeWithout(Drop, Out);
  ASSERT_TRUE(bool(Kept)) << toString(Kept.takeError());
  EXPECT_TRUE(*Kept);
  auto Text = MemoryBuffer::getFile(Out);
  ASSERT_TRUE(bool(Text));
  // The call into helper and BOLT's local-suffixed hot/1 go; keep stays.
  EXPECT_EQ((*Text)->getBuffer(), "1 keep 8 1 keep 0 0 7\n\n");
  Drop.insert("keep");
  Kept = Profile->writeWithout(Drop, Out);
  ASSERT_TRUE(bool(Kept)) << toString(Kept.takeError());
  EXPECT_FALSE(*Kept) << "no branch record left";
}

TEST(ApplySteps, ProfileFilterNamesAnUnreadableProfile) {
  auto Profile = FdataFile::read("/nonexistent-hotlayout/p.fdata");
  ASSERT_FALSE(bool(Profile));
  EXPECT_TRUE(StringRef(toString(Profile.takeError()))
                  .starts_with("'/nonexistent-hotlayout/p.fdata' "
                               "cannot be read: No such file or "
                               "directory"));
}

TEST(ApplySteps, ProfileFilterNamesAnUnwritableOutput) {
  auto Dir = TempDir::createInSystemTemp("hotlayout-unit");
  ASSERT_TRUE(bool(Dir)) << toString(Dir.takeError());
  std::string In = Dir->file("in.fdata");
  {
    std::error_code EC;
    raw_fd_ostream OS(In, EC, sys::fs::OF_Text);
    ASSERT_FALSE(EC);
    OS << "1 keep 8 1 keep 0 0 7\n";
  }
  auto Profile = FdataFile::read(In);
  ASSERT_TRUE(bool(Profile)) << toString(Profile.takeError());
  StringSet<> Drop;
  Expected<bool> Kept =
      Profile->writeWithout(Drop, "/nonexistent-hotlayout/q.fdata");
  EXPECT_EQ(toString(Kept.takeError()), "'/nonexistent-hotlayout/q.fdata' "
                                        "cannot be written: No such file or "
                                        "directory");
}

/// A report of one placed function with the given code sizes.
static std::string reportWithSizes(uint64_t In, uint64_t Out, uint64_t Cold) {
  ApplyResult R;
  R.BinaryPath = "in";
  R.OutputPath = "out";
  R.OutputFileSize = 6000000;
  R.InputCodeSize = In;
  R.OutputCodeSize = Out;
  R.OutputColdCodeSize = Cold;
  std::string S;
  raw_string_ostream OS(S);
  printApplyReport(R, OS);
  return S;
}

// More code than the input's: the report says by how much and why (the
// reservations, and cold fragments of functions outside the lock).
TEST(ApplySteps, CodeGrowthIsExplained) {
  std::string S = reportWithSizes(1000, 1600, 400);
  EXPECT_NE(S.find("code grew by 600 bytes (1.600x): the hot text holds the "
                   "lock's reservations"),
            std::string::npos)
      << S;
  EXPECT_NE(S.find("400 bytes are .text.cold"), std::string::npos) << S;
}

// Twins: no cold code (no profile: nothing split), no cold clause; no
// growth, no line at all.
TEST(ApplySteps, CodeGrowthClausesOnlyWhenTheyApply) {
  std::string NoCold = reportWithSizes(1000, 1600, 0);
  EXPECT_NE(NoCold.find("code grew by 600 bytes"), std::string::npos);
  EXPECT_EQ(NoCold.find(".text.cold"), std::string::npos) << NoCold;
  EXPECT_EQ(NoCold.find("never ran"), std::string::npos) << NoCold;
  std::string Same = reportWithSizes(1000, 1000, 300);
  EXPECT_EQ(Same.find("code grew"), std::string::npos) << Same;
}

// --time: the phases and the rest, which is what the total leaves; without
// it, no time line.
TEST(ApplySteps, TimesReportedOnlyWhenAsked) {
  ApplyResult R;
  R.Runs = 1;
  std::string Without;
  raw_string_ostream W(Without);
  printApplyReport(R, W);
  EXPECT_EQ(Without.find("time:"), std::string::npos) << Without;
  R.Times = ApplyTimes{0.25, 1.5, 0.125, 2.0};
  std::string With;
  raw_string_ostream OS(With);
  printApplyReport(R, OS);
  EXPECT_NE(With.find("time: 2.000 s: inputs 0.250 s, llvm-bolt 1.500 s (1 "
                      "run), verification 0.125 s, rest 0.125 s\n"),
            std::string::npos)
      << With;
}
