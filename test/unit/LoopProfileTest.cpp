//===- LoopProfileTest.cpp - The loop profile file hotalign reads ---------===//
//
// writeLoopProfile()'s bytes, parseLoopProfile() (hotalign's reader) on
// them and on bad files, and the header check `hotlayout flags
// --loop-profile` applies.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Loops/Loops.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

using namespace hotlayout;
using namespace llvm;

namespace {
/// A scratch directory, removed with its files.
struct Scratch {
  SmallString<128> Dir;
  Scratch() { EXPECT_FALSE(sys::fs::createUniqueDirectory("hl-loops", Dir)); }
  ~Scratch() { sys::fs::remove_directories(Dir); }
  std::string write(StringRef Name, StringRef Bytes) const {
    std::string Path = (Dir + "/" + Name).str();
    std::error_code EC;
    raw_fd_ostream OS(Path, EC);
    EXPECT_FALSE(EC);
    OS << Bytes;
    return Path;
  }
};
} // namespace

// Version 1, exactly: the header, comments, then each function followed by
// its blocks, its loops and its edges, single spaces, decimal, hot as 0 or 1.
TEST(LoopProfile, WritesVersionOne) {
  LoopProfile P;
  P.Comments = {"binary: app"};
  LoopProfileFunction F;
  F.Name = "hot";
  F.Blocks = {{0, 100}, {2, 100000}};
  F.Loops = {{2, 99900, 100, 100, true}};
  F.Edges = {{0, 2, 100}, {2, 2, 99900}};
  P.Functions.push_back(F);
  LoopProfileFunction G;
  G.Name = "cold";
  G.Loops = {{3, 2, 1, 0, false}};
  P.Functions.push_back(G);
  std::string Text;
  raw_string_ostream OS(Text);
  writeLoopProfile(P, OS);
  EXPECT_EQ(Text, "hotlayout-loop-profile 1\n"
                  "# binary: app\n"
                  "function hot\n"
                  "block 0 100\n"
                  "block 2 100000\n"
                  "loop 2 99900 100 100 1\n"
                  "edge 0 2 100\n"
                  "edge 2 2 99900\n"
                  "function cold\n"
                  "loop 3 2 1 0 0\n");
  EXPECT_EQ(P.loopCount(), 2u);
  EXPECT_EQ(P.hotLoopCount(), 1u);
}

// What the writer writes, the reader reads back: every field, in order.
// Twin: a file that differs only in naming a function twice is refused.
TEST(LoopProfile, ReadsWhatItWrites) {
  LoopProfile P;
  P.Comments = {"binary: app"};
  P.HotThreshold = 4992;
  LoopProfileFunction F;
  F.Name = "hot";
  F.Blocks = {{0, 100}, {2, 100000}};
  F.Loops = {{2, 99900, 100, 7, true}, {5, 3, 1, 0, false}};
  F.Edges = {{0, 2, 93}, {2, 5, 4000000000}};
  P.Functions.push_back(F);
  std::string Text;
  raw_string_ostream OS(Text);
  writeLoopProfile(P, OS);
  Expected<LoopProfile> Back = parseLoopProfile(Text, "app.loops");
  ASSERT_TRUE(bool(Back)) << toString(Back.takeError());
  EXPECT_EQ(Back->HotThreshold, 4992u);
  ASSERT_EQ(Back->Functions.size(), 1u);
  const LoopProfileFunction &G = Back->Functions[0];
  EXPECT_EQ(G.Name, "hot");
  ASSERT_EQ(G.Blocks.size(), 2u);
  EXPECT_EQ(G.Blocks[1].ID, 2u);
  EXPECT_EQ(G.Blocks[1].Count, 100000u);
  ASSERT_EQ(G.Loops.size(), 2u);
  EXPECT_EQ(G.Loops[0].TargetID, 2u);
  EXPECT_EQ(G.Loops[0].Taken, 99900u);
  EXPECT_EQ(G.Loops[0].Entries, 100u);
  EXPECT_EQ(G.Loops[0].FallIn, 7u);
  EXPECT_TRUE(G.Loops[0].Hot);
  EXPECT_FALSE(G.Loops[1].Hot);
  ASSERT_EQ(G.Edges.size(), 2u);
  EXPECT_EQ(G.Edges[1].FromID, 2u);
  EXPECT_EQ(G.Edges[1].ToID, 5u);
  EXPECT_EQ(G.Edges[1].Count, 4000000000u);

  Expected<LoopProfile> Twice =
      parseLoopProfile(Text + "function hot\n", "app.loops");
  ASSERT_FALSE(bool(Twice));
  EXPECT_EQ(toString(Twice.takeError()),
            "app.loops:11: function 'hot' given twice");
}

// An edge is three numbers after a function, its IDs 32-bit. Twins: before
// any function, with a field missing, and an ID past 32 bits are refused.
TEST(LoopProfile, EdgeRecordsChecked) {
  Expected<LoopProfile> Good = parseLoopProfile(
      "hotlayout-loop-profile 1\nfunction f\nedge 1 2 3\n", "a.loops");
  ASSERT_TRUE(bool(Good)) << toString(Good.takeError());
  ASSERT_EQ(Good->Functions[0].Edges.size(), 1u);
  EXPECT_EQ(Good->Functions[0].Edges[0].Count, 3u);
  for (const char *Bad : {"hotlayout-loop-profile 1\nedge 1 2 3\n",
                          "hotlayout-loop-profile 1\nfunction f\nedge 1 2\n",
                          "hotlayout-loop-profile 1\nfunction f\n"
                          "edge 4294967296 2 3\n"}) {
    Expected<LoopProfile> P = parseLoopProfile(Bad, "a.loops");
    ASSERT_FALSE(bool(P)) << Bad;
    EXPECT_NE(toString(P.takeError())
                  .find("expected `edge <from-id> <to-id> "
                        "<count>` after a function"),
              std::string::npos);
  }
}

// flags takes a file whose first line is this version's header, made
// absolute. Twins: another version and another file are refused, each
// saying so.
TEST(LoopProfile, FlagsTakeOnlyThisVersion) {
  Scratch S;
  std::string Good = S.write("app.loops", "hotlayout-loop-profile 1\n# x\n");
  Expected<std::string> Path = checkedLoopProfile(Good);
  ASSERT_TRUE(bool(Path)) << toString(Path.takeError());
  EXPECT_EQ(*Path, Good);

  std::string V2 = S.write("v2.loops", "hotlayout-loop-profile 2\n");
  Expected<std::string> Newer = checkedLoopProfile(V2);
  ASSERT_FALSE(bool(Newer));
  EXPECT_NE(toString(Newer.takeError()).find("of another version"),
            std::string::npos);

  std::string Other = S.write("x.fdata", "1 main 0 1 main 4 0 1\n");
  Expected<std::string> NotOne = checkedLoopProfile(Other);
  ASSERT_FALSE(bool(NotOne));
  EXPECT_NE(toString(NotOne.takeError()).find("is not a loop profile"),
            std::string::npos);
}

// The index a compile reads: each function's records, the same as the whole
// file's parse, read when asked for; a damaged record fails only the
// function that holds it, at its line. Twins: the other function reads, one
// the file lacks has no value, and damage outside the functions' records
// (a record before the header's check, a function given twice) is refused
// by the scan itself.
TEST(LoopProfile, IndexReadsOneFunctionAtATime) {
  std::string Text = "hotlayout-loop-profile 1\n"
                     "threshold 50\n"
                     "function hot\n"
                     "block 0 100\n"
                     "# a comment inside\n"
                     "loop 2 99900 100 7 1\n"
                     "edge 2 2 99900\n"
                     "function broken\n"
                     "block 1 x\n";
  Expected<LoopProfileIndex> Index = LoopProfileIndex::scan(Text, "a.loops");
  ASSERT_TRUE(bool(Index)) << toString(Index.takeError());
  EXPECT_EQ(Index->hotThreshold(), 50u);
  ASSERT_EQ(Index->names().size(), 2u);
  EXPECT_EQ(Index->names()[1], "broken");

  Expected<std::optional<LoopProfileFunction>> Hot = Index->function("hot");
  ASSERT_TRUE(bool(Hot)) << toString(Hot.takeError());
  ASSERT_TRUE(Hot->has_value());
  ASSERT_EQ((*Hot)->Blocks.size(), 1u);
  ASSERT_EQ((*Hot)->Loops.size(), 1u);
  EXPECT_EQ((*Hot)->Loops[0].FallIn, 7u);
  ASSERT_EQ((*Hot)->Edges.size(), 1u);
  EXPECT_EQ((*Hot)->Edges[0].Count, 99900u);

  Expected<std::optional<LoopProfileFunction>> None = Index->function("cold");
  ASSERT_TRUE(bool(None));
  EXPECT_FALSE(None->has_value());

  Expected<std::optional<LoopProfileFunction>> Broken =
      Index->function("broken");
  ASSERT_FALSE(bool(Broken));
  EXPECT_EQ(toString(Broken.takeError()),
            "a.loops:9: expected `block <id> <count>` after a function");
  // The whole file's parse meets the same record first.
  Expected<LoopProfile> Whole = parseLoopProfile(Text, "a.loops");
  ASSERT_FALSE(bool(Whole));
  EXPECT_EQ(toString(Whole.takeError()),
            "a.loops:9: expected `block <id> <count>` after a function");

  for (const char *Bad : {"hotlayout-loop-profile 1\nblock 1 2\n",
                          "hotlayout-loop-profile 1\nfunction f\nfunction f\n",
                          "hotlayout-loop-profile 1\nfunction f\nblk 1 2\n"}) {
    Expected<LoopProfileIndex> P = LoopProfileIndex::scan(Bad, "b.loops");
    ASSERT_FALSE(bool(P)) << Bad;
    consumeError(P.takeError());
  }
}
