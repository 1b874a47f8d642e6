#include "hotlayout/Tool/Profile/Fdata.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

using namespace hotlayout;
using namespace llvm;

namespace {
/// A .fdata file with \p Text, removed when the test ends.
class ScratchFdata {
public:
  explicit ScratchFdata(StringRef Text) {
    int FD = -1;
    EXPECT_FALSE(sys::fs::createTemporaryFile("hotness", "fdata", FD, Path));
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
  }
  ~ScratchFdata() { sys::fs::remove(Path); }
  StringRef path() const { return Path; }

private:
  SmallString<128> Path;
};
} // namespace

TEST(Hotness, FdataFieldsSplitOnRunsOfSpaces) {
  // Runs of spaces separate fields as one space does, as in llvm-bolt.
  ScratchFdata F("1 f 10 1 f 0 0 7\n"
                 "1 f  4 1 f   20 0 5  \n"
                 "1 g 0 1 f 0 0 3\n");
  auto P = BranchProfile::read(F.path());
  ASSERT_TRUE(bool(P)) << toString(P.takeError());
  const FunctionProfile *FP = P->functionProfile("f");
  ASSERT_NE(FP, nullptr);
  ASSERT_EQ(FP->Branches.size(), 2u);
  EXPECT_EQ(FP->Branches[1].From, 4u);
  EXPECT_EQ(FP->Branches[1].To, 0x20u);
  EXPECT_EQ(FP->Branches[1].Count, 5u);
  EXPECT_EQ(FP->Entries, 3u);
  auto C = FunctionCounts::read(F.path());
  ASSERT_TRUE(bool(C)) << toString(C.takeError());
  EXPECT_EQ(C->Count.lookup("f"), 15u);
  EXPECT_EQ(C->Count.lookup("g"), 3u);
}

TEST(Hotness, FdataTabsAndFormFeedsAreRefusedAsLlvmBoltDoes) {
  // llvm-bolt separates fields by spaces only: a tab, \v or \f fails its
  // reader ("expected field separator"), so the line is refused here first.
  for (StringRef Separator : {"\t", "\v", "\f"}) {
    ScratchFdata F(
        ("1 f 10 1 f 0 0 7\n1" + Separator + "f 4 1 f 20 0 5\n").str());
    auto P = BranchProfile::read(F.path());
    ASSERT_FALSE(bool(P));
    std::string Message = toString(P.takeError());
    EXPECT_NE(Message.find("line 2 has a"), std::string::npos) << Message;
    EXPECT_NE(Message.find("spaces only"), std::string::npos) << Message;
  }
}

TEST(Hotness, FdataRecordWithAFieldMissingIsAnError) {
  // Seven fields: whitespace never makes an empty field.
  ScratchFdata F("1 f 10 1 f 0  7\n");
  auto P = BranchProfile::read(F.path());
  ASSERT_FALSE(bool(P));
  EXPECT_NE(toString(P.takeError()).find("is not a branch record"),
            std::string::npos);
}

TEST(Hotness, SameNamedLocalsTakeTheirOwnRecords) {
  // Two static fill: llvm-bolt names them fill/1 and fill/2. A range whose
  // name other locals share takes its own NAME/N's records, not the name's
  // sum; one with none of its own has none (not its namesake's). The
  // twin: a range with a name of its own still finds it without /N.
  ScratchFdata F("1 fill/1 a 1 fill/1 5 0 1000\n"
                 "1 fill/2 a 1 fill/2 5 0 2000\n"
                 "1 run 0 1 fill/2 0 0 3\n"
                 "2 spin/1 3 2 spin/1 1 0 70\n");
  auto P = BranchProfile::read(F.path());
  ASSERT_TRUE(bool(P)) << toString(P.takeError());
  CodeRange Second;
  Second.Name = "fill";
  Second.ProfileNames = {"fill/2", "fill/b.c/1"};
  const FunctionProfile *FP = P->functionProfile(Second);
  ASSERT_NE(FP, nullptr);
  ASSERT_EQ(FP->Branches.size(), 1u);
  EXPECT_EQ(FP->Branches[0].Count, 2000u);
  EXPECT_EQ(FP->Entries, 3u);
  EXPECT_TRUE(P->hasRecordsFrom(Second));
  CodeRange Third = Second;
  Third.ProfileNames = {"fill/3"};
  EXPECT_EQ(P->functionProfile(Third), nullptr);
  EXPECT_FALSE(P->hasRecordsFrom(Third));
  // By the shared name alone: both, summed (what every fill got before).
  ASSERT_NE(P->functionProfile("fill"), nullptr);
  EXPECT_EQ(P->functionProfile("fill")->Branches.size(), 2u);
  CodeRange Spin;
  Spin.Name = "spin";
  FP = P->functionProfile(Spin);
  ASSERT_NE(FP, nullptr);
  EXPECT_EQ(FP->Branches[0].Count, 70u);
}
