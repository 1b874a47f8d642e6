// The block and function order from counts (BlockOrder.h), without a binary.

#include "hotlayout/Tool/Loops/BlockOrder.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace hotlayout;

/// Entry 0 branches to 1 (rarely) or 2 (mostly); both go on to 3, the
/// return. Block 4 (an error path) never runs. The compiler's order is the
/// IDs' order.
static FunctionFlow diamond() {
  FunctionFlow F;
  F.Name = "f";
  F.Blocks = {{0, 16, 100}, {1, 32, 1}, {2, 8, 99}, {3, 4, 100}, {4, 20, 0}};
  F.Edges = {{0, 1, 1}, {0, 2, 99}, {1, 3, 1}, {2, 3, 99}};
  return F;
}

TEST(BlockOrder, HotPathFallsThroughAndColdBlocksAreLeftOut) {
  // ext-tsp makes 0 -> 2 -> 3 fall through; 1 ran, so it is listed, after
  // them; 4 never ran: clang puts it in .text.split.
  EXPECT_EQ(hotBlockOrder(diamond()), (std::vector<uint32_t>{0, 2, 3, 1}));
}

TEST(BlockOrder, FunctionNeverEnteredHasNoCluster) {
  // Negative twin: without counts nothing is listed, so the compiler's order
  // stays.
  FunctionFlow F = diamond();
  for (OrderBlock &B : F.Blocks)
    B.Count = 0;
  F.Edges.clear();
  EXPECT_TRUE(hotBlockOrder(F).empty());
}

TEST(BlockOrder, EntryStaysFirstEvenWhenColderThanItsLoop) {
  // 0 enters a loop 1 <-> 2 taken 1000 times, then 3 returns.
  FunctionFlow F;
  F.Name = "loop";
  F.Blocks = {{0, 8, 1}, {1, 8, 1000}, {2, 8, 1000}, {3, 4, 1}};
  F.Edges = {{0, 1, 1}, {1, 2, 1000}, {2, 1, 999}, {2, 3, 1}};
  std::vector<uint32_t> Order = hotBlockOrder(F);
  ASSERT_EQ(Order.size(), 4u);
  EXPECT_EQ(Order.front(), 0u);
}

TEST(BlockOrder, FunctionOrderKeepsOnlyEnteredFunctions) {
  FunctionFlow Hot = diamond();
  FunctionFlow Callee = diamond();
  Callee.Name = "g";
  FunctionFlow Never = diamond();
  Never.Name = "never";
  for (OrderBlock &B : Never.Blocks)
    B.Count = 0;
  std::vector<FunctionFlow> Functions = {Never, Hot, Callee};
  std::vector<size_t> Order = functionOrder(Functions, {{1, 2, 100}});
  ASSERT_EQ(Order.size(), 2u);
  EXPECT_NE(Order[0], 0u);
  EXPECT_NE(Order[1], 0u);
  BlockOrder O = computeBlockOrder(Functions, {{1, 2, 100}});
  ASSERT_EQ(O.Functions.size(), 2u);
}

TEST(BlockOrder, WholeFunctionsListNeverRunBlocksLast) {
  // --whole-functions: the cluster ends with 4, which never ran, so clang
  // splits nothing off f (no f.cold part for llvm-bolt to re-lay). The twin
  // (default): 4 is left out, for .text.split.
  std::vector<FunctionFlow> Functions = {diamond()};
  BlockOrder Whole = computeBlockOrder(Functions, {}, /*WholeFunctions=*/true);
  ASSERT_EQ(Whole.Functions.size(), 1u);
  EXPECT_EQ(Whole.Functions[0].Hot, (std::vector<uint32_t>{0, 2, 3, 1}));
  EXPECT_EQ(Whole.Functions[0].Cold, (std::vector<uint32_t>{4}));
  std::string List;
  {
    llvm::raw_string_ostream OS(List);
    writeBlockSectionsList(Whole, OS);
  }
  EXPECT_EQ(List, "v1\nf f\nc 0 2 3 1 4\n");
  BlockOrder Split = computeBlockOrder(Functions, {});
  ASSERT_EQ(Split.Functions.size(), 1u);
  EXPECT_TRUE(Split.Functions[0].Cold.empty());
}

TEST(BlockOrder, WritesClangListAndSymbolOrder) {
  BlockOrder O;
  O.Comments = {"binary: app"};
  O.Functions = {{"f", {0, 2, 3}}, {"g", {0}}};
  std::string List, Symbols;
  {
    llvm::raw_string_ostream OS(List);
    writeBlockSectionsList(O, OS);
  }
  {
    llvm::raw_string_ostream OS(Symbols);
    writeSymbolOrder(O, OS);
  }
  EXPECT_EQ(List, "v1\n# binary: app\nf f\nc 0 2 3\nf g\nc 0\n");
  EXPECT_EQ(Symbols, "f\ng\n");
}
