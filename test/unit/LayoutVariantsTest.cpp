// The seeded layouts `hotlayout ab` asks llvm-bolt for (plain part).
#include "hotlayout/Tool/AB/LayoutVariants.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <map>

using namespace hotlayout;

static std::vector<std::string> names(unsigned N) {
  std::vector<std::string> V;
  for (unsigned I = 0; I < N; ++I)
    V.push_back("f" + std::to_string(I));
  return V;
}

// Every function exactly once, duplicates dropped.
TEST(LayoutVariants, OrderIsAPermutation) {
  std::vector<std::string> In = names(50);
  In.push_back("f3");
  LayoutPerturbation L = seededLayout(In, 1);
  std::vector<std::string> Sorted = L.Order;
  std::sort(Sorted.begin(), Sorted.end());
  std::vector<std::string> Want = names(50);
  std::sort(Want.begin(), Want.end());
  EXPECT_EQ(Sorted, Want);
}

// The same seed gives the same layout; another seed another order,
// another padding and another environment size.
TEST(LayoutVariants, SeedDecides) {
  LayoutPerturbation A = seededLayout(names(200), 1);
  LayoutPerturbation B = seededLayout(names(200), 1);
  LayoutPerturbation C = seededLayout(names(200), 2);
  EXPECT_EQ(A.Order, B.Order);
  EXPECT_EQ(A.Padding, B.Padding);
  EXPECT_EQ(A.EnvPadBytes, B.EnvPadBytes);
  EXPECT_NE(A.Order, C.Order);
  EXPECT_NE(A.Padding, C.Padding);
  EXPECT_NE(A.EnvPadBytes, C.EnvPadBytes);
}

// Two builds of one program (the linker ordered them differently, B has a
// function more) get the same relative order of what they share.
TEST(LayoutVariants, SharedFunctionsKeepTheirRelativeOrder) {
  std::vector<std::string> InA = names(100), InB = names(100);
  std::reverse(InB.begin(), InB.end());
  InB.push_back("added");
  LayoutPerturbation A = seededLayout(InA, 7), B = seededLayout(InB, 7);
  std::vector<std::string> BWithout;
  for (const std::string &N : B.Order)
    if (N != "added")
      BWithout.push_back(N);
  EXPECT_EQ(A.Order, BWithout);
}

// About one function in 8 is padded, by 16, 32 or 48 bytes.
TEST(LayoutVariants, PaddingIsSparseAndInSixteens) {
  LayoutPerturbation L = seededLayout(names(4000), 3);
  EXPECT_GT(L.Padding.size(), 4000u / 8 / 2);
  EXPECT_LT(L.Padding.size(), 4000u / 8 * 2);
  std::map<uint64_t, unsigned> Seen;
  for (const auto &[Name, Bytes] : L.Padding)
    ++Seen[Bytes];
  EXPECT_EQ(Seen.size(), 3u);
  for (const auto &[Bytes, Count] : Seen)
    EXPECT_TRUE(Bytes == 16 || Bytes == 32 || Bytes == 48) << Bytes;
}

TEST(LayoutVariants, EnvPadIsBelowAPage) {
  for (uint64_t S = 0; S < 100; ++S)
    EXPECT_LT(envPadBytes(S), 4096u);
  EXPECT_EQ(seededLayout(names(3), 9).EnvPadBytes, envPadBytes(9));
}
