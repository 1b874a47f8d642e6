#include "hotlayout/Tool/Binary/SymbolIndex.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace hotlayout;

static const uint8_t Code[64] = {};

static CodeRange range(std::string Name, uint64_t Address, size_t Size,
                       std::vector<std::string> Aliases = {}) {
  CodeRange R;
  R.Name = std::move(Name);
  R.Address = Address;
  R.Bytes = llvm::ArrayRef<uint8_t>(Code, Size);
  R.Aliases.append(Aliases.begin(), Aliases.end());
  return R;
}

TEST(SymbolIndex, UniqueNamesFindTheirRange) {
  std::vector<CodeRange> Ranges = {range("main", 0x1000, 32),
                                   range("helper", 0x1040, 16)};
  SymbolIndex Index(Ranges);
  const IndexedSymbol *Helper = Index.find("helper");
  ASSERT_NE(Helper, nullptr);
  EXPECT_EQ(Helper->Range, 1u);
  EXPECT_EQ(Helper->Address, 0x1040u);
  EXPECT_EQ(Helper->Size, 16u);
  EXPECT_TRUE(Index.contains("main"));
  EXPECT_FALSE(Index.contains("absent"));
  EXPECT_EQ(Index.names().size(), 2u);
}

// Two files' static `step` functions: a lock entry "step" could mean
// either, so plan must not lock it and apply must not look it up. The other
// functions are unaffected.
TEST(SymbolIndex, NameTwoRangesShareIsLeftOut) {
  std::vector<CodeRange> Ranges = {range("step", 0x1000, 16),
                                   range("main", 0x1040, 32),
                                   range("step", 0x1080, 24)};
  SymbolIndex Index(Ranges);
  EXPECT_EQ(Index.find("step"), nullptr);
  EXPECT_TRUE(Index.contains("main"));
  EXPECT_EQ(Index.names().size(), 1u);
}

// Aliases are names of their function; an alias that another function
// also carries is ambiguous like any name, and only that name is dropped.
TEST(SymbolIndex, AliasesNameTheirFunctionUnlessShared) {
  std::vector<CodeRange> Ranges = {range("memcpy", 0x1000, 48, {"__memcpy"}),
                                   range("copy", 0x1040, 16, {"impl"}),
                                   range("move", 0x1080, 16, {"impl"})};
  SymbolIndex Index(Ranges);
  ASSERT_TRUE(Index.contains("__memcpy"));
  EXPECT_EQ(Index.find("__memcpy")->Range, 0u);
  EXPECT_EQ(Index.find("memcpy")->Range, 0u);
  EXPECT_FALSE(Index.contains("impl"));
  EXPECT_EQ(Index.find("copy")->Range, 1u);
  EXPECT_EQ(Index.find("move")->Range, 2u);
}
