// The small steps of `hotlayout apply` that need no BOLT: the --smoke
// command line (Process.h's commandWithPath, which ab --run shares) and
// the profile filter.

#include "hotlayout/Tool/Apply.h"
#include "hotlayout/Tool/Process.h"
#include "hotlayout/Tool/TempFiles.h"

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
  ASSERT_FALSE(bool(writeProfileWithout(In, Drop, Out)));
  auto Text = MemoryBuffer::getFile(Out);
  ASSERT_TRUE(bool(Text));
  // The call into helper and BOLT's local-suffixed hot/1 go; keep stays.
  EXPECT_EQ((*Text)->getBuffer(), "1 keep 8 1 keep 0 0 7\n\n");
}

TEST(ApplySteps, ProfileFilterNamesAnUnreadableProfile) {
  StringSet<> Drop;
  Error E = writeProfileWithout("/nonexistent-hotlayout/p.fdata", Drop,
                                "/nonexistent-hotlayout/q.fdata");
  EXPECT_EQ(toString(std::move(E)), "'/nonexistent-hotlayout/p.fdata' cannot "
                                    "be read: No such file or directory");
}
