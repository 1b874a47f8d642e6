#include "hotlayout/Tool/Lock/LayoutLock.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

using namespace hotlayout;
using namespace llvm;

static LayoutLock sampleLock() {
  LayoutLock L;
  L.Binary = "prog";
  L.BuildID = "0123456789abcdef";
  L.HotTextAlignment = 64;
  L.Plan.LineSize = 64;
  L.Plan.SlackPercent = 12;
  L.Plan.Functions = {{"f_hot", "ca45d2570f801829", 0, 100, 128},
                      {"f_warm", "d22786684f058145", 128, 40, 64}};
  return L;
}

static std::string text(const LayoutLock &L) {
  std::string S;
  raw_string_ostream OS(S);
  writeLock(L, OS);
  return S;
}

/// The message of parsing \p Text, or "" when it parses.
static std::string parseError(StringRef Text) {
  Expected<LayoutLock> L = parseLock(Text, "x.lock");
  return L ? "" : toString(L.takeError());
}

/// sampleLock() written, with \p From replaced by \p To.
static std::string edited(StringRef From, StringRef To) {
  std::string S = text(sampleLock());
  size_t At = S.find(From.str());
  EXPECT_NE(At, std::string::npos) << From.str();
  return S.replace(At, From.size(), To.str());
}

TEST(LayoutLock, WrittenFormatIsStable) {
  EXPECT_EQ(text(sampleLock()),
            "{\n"
            "  \"format\": \"hotlayout-lock\",\n"
            "  \"version\": 1,\n"
            "  \"binary\": \"prog\",\n"
            "  \"build_id\": \"0123456789abcdef\",\n"
            "  \"line_size\": 64,\n"
            "  \"slack_percent\": 12,\n"
            "  \"hot_text_alignment\": 64,\n"
            "  \"hot_text_size\": 192,\n"
            "  \"functions\": [\n"
            "    {\"offset\":0,\"reserved\":128,\"size\":100,\"name\":"
            "\"f_hot\",\"hash\":\"ca45d2570f801829\"},\n"
            "    {\"offset\":128,\"reserved\":64,\"size\":40,\"name\":"
            "\"f_warm\",\"hash\":\"d22786684f058145\"}\n"
            "  ]\n"
            "}\n");
}

TEST(LayoutLock, ParseOfWriteGivesTheSameLockAndText) {
  LayoutLock In = sampleLock();
  Expected<LayoutLock> Out = parseLock(text(In), "x.lock");
  ASSERT_TRUE(bool(Out)) << toString(Out.takeError());
  EXPECT_EQ(Out->Binary, In.Binary);
  EXPECT_EQ(Out->BuildID, In.BuildID);
  EXPECT_EQ(Out->HotTextAlignment, In.HotTextAlignment);
  EXPECT_EQ(Out->Plan.LineSize, In.Plan.LineSize);
  EXPECT_EQ(Out->Plan.SlackPercent, In.Plan.SlackPercent);
  ASSERT_EQ(Out->Plan.Functions.size(), 2u);
  const PlacedFunction &W = Out->Plan.Functions[1];
  EXPECT_EQ(W.Name, "f_warm");
  EXPECT_EQ(W.Hash, "d22786684f058145");
  EXPECT_EQ(W.Offset, 128u);
  EXPECT_EQ(W.Size, 40u);
  EXPECT_EQ(W.Reserved, 64u);
  EXPECT_EQ(text(*Out), text(In));
}

TEST(LayoutLock, EmptyLockRoundTrips) {
  LayoutLock In = sampleLock();
  In.Plan.Functions.clear();
  In.BuildID = "";
  Expected<LayoutLock> Out = parseLock(text(In), "x.lock");
  ASSERT_TRUE(bool(Out)) << toString(Out.takeError());
  EXPECT_TRUE(Out->Plan.Functions.empty());
  EXPECT_EQ(text(*Out), text(In));
}

TEST(LayoutLock, NotJSONIsNamed) {
  StringRef Prefix = "'x.lock' is not a valid hotlayout lock: not JSON (";
  EXPECT_TRUE(StringRef(parseError("{")).starts_with(Prefix))
      << parseError("{");
}

/// The message of an invalid lock whose problem is \p What.
static std::string invalid(const std::string &What) {
  return "'x.lock' is not a valid hotlayout lock: " + What +
         "; rerun hotlayout plan without --update to write a new one";
}

TEST(LayoutLock, HeaderErrorsSayWhichField) {
  EXPECT_EQ(parseError("[]"), invalid("top level: expected an object"));
  EXPECT_EQ(parseError(edited("\"hotlayout-lock\"", "\"other\"")),
            invalid("format: expected \"hotlayout-lock\", got \"other\""));
  EXPECT_EQ(parseError(edited("\"version\": 1", "\"version\": 4")),
            invalid("version: this hotlayout reads versions 1 to 3, not 4"));
  EXPECT_EQ(parseError(edited("\"line_size\": 64", "\"line_size\": 48")),
            invalid("line_size: expected a power of two, got 48"));
  EXPECT_EQ(parseError(edited("\"build_id\": \"0123456789abcdef\"",
                              "\"build_id\": 5")),
            invalid("top level.build_id: expected a string"));
  EXPECT_EQ(parseError(edited("  \"build_id\": \"0123456789abcdef\",\n", "")),
            invalid("top level: missing 'build_id'"));
}

TEST(LayoutLock, FunctionErrorsNameTheEntry) {
  EXPECT_EQ(parseError(edited("\"offset\":128", "\"offset\":-64")),
            invalid("functions[1].offset: expected a non-negative integer"));
  EXPECT_EQ(parseError(edited("\"f_warm\"", "\"f_hot\"")),
            invalid("functions[1] (f_hot): the name appears twice"));
  EXPECT_EQ(parseError(edited("\"offset\":128", "\"offset\":130")),
            invalid("functions[1] (f_warm): offset 130 or reserved 64 is not "
                    "a multiple of the line size 64"));
  EXPECT_EQ(parseError(edited("\"size\":40", "\"size\":65")),
            invalid("functions[1] (f_warm): reserved 64 does not hold its "
                    "size 65"));
  EXPECT_EQ(parseError(edited("\"offset\":128", "\"offset\":64")),
            invalid("functions[1] (f_warm): offset 64 overlaps the "
                    "reservation of 'f_hot' or is out of order (functions "
                    "are sorted by offset)"));
}

TEST(LayoutLock, ChoicesRoundTripAsVersion2) {
  LayoutLock In = sampleLock();
  In.Plan.Functions[0].Shift = 12;
  In.Plan.Functions[0].EmittedSize = 90;
  In.Plan.Functions[0].CodeHash = "00112233aabbccdd";
  std::string T = text(In);
  EXPECT_NE(T.find("\"version\": 2,"), std::string::npos) << T;
  EXPECT_NE(T.find("\"shift\":12,\"emitted_size\":90,\"code_hash\":"
                   "\"00112233aabbccdd\"}"),
            std::string::npos)
      << T;
  Expected<LayoutLock> Out = parseLock(T, "x.lock");
  ASSERT_TRUE(bool(Out)) << toString(Out.takeError());
  EXPECT_EQ(Out->Plan.Functions[0].Shift, std::optional<uint64_t>(12));
  EXPECT_EQ(Out->Plan.Functions[0].EmittedSize, 90u);
  EXPECT_EQ(Out->Plan.Functions[0].CodeHash, "00112233aabbccdd");
  // Negative twin: a function without a choice has none after the trip.
  EXPECT_FALSE(Out->Plan.Functions[1].Shift);
  EXPECT_EQ(text(*Out), T);
}

TEST(LayoutLock, InputCodeChoiceRoundTripsAsVersion3) {
  LayoutLock In = sampleLock();
  for (PlacedFunction *F : {&In.Plan.Functions[0], &In.Plan.Functions[1]}) {
    F->Shift = 4;
    F->EmittedSize = 30;
    F->CodeHash = "00";
  }
  In.Plan.Functions[0].InputLayout = true;
  std::string T = text(In);
  // A version 2 reader would lay f_hot out BOLT's way at f_hot's shift.
  EXPECT_NE(T.find("\"version\": 3,"), std::string::npos) << T;
  EXPECT_NE(T.find("\"code_hash\":\"00\",\"layout\":\"input\"}"),
            std::string::npos)
      << T;
  Expected<LayoutLock> Out = parseLock(T, "x.lock");
  ASSERT_TRUE(bool(Out)) << toString(Out.takeError());
  EXPECT_TRUE(Out->Plan.Functions[0].InputLayout);
  // Negative twin: a choice of BOLT's layout stays one.
  EXPECT_FALSE(Out->Plan.Functions[1].InputLayout);
  EXPECT_EQ(text(*Out), T);
  // Without an input-code choice the lock stays version 2; a flag without
  // a shift is no choice.
  In.Plan.Functions[0].InputLayout = false;
  EXPECT_NE(text(In).find("\"version\": 2,"), std::string::npos);
  LayoutLock NoShift = sampleLock();
  NoShift.Plan.Functions[0].InputLayout = true;
  EXPECT_NE(text(NoShift).find("\"version\": 1,"), std::string::npos);
  EXPECT_EQ(text(NoShift).find("\"layout\""), std::string::npos);
}

TEST(LayoutLock, UnknownLayoutIsAnError) {
  LayoutLock In = sampleLock();
  In.Plan.Functions[0].Shift = 4;
  In.Plan.Functions[0].EmittedSize = 30;
  In.Plan.Functions[0].CodeHash = "00";
  In.Plan.Functions[0].InputLayout = true;
  std::string T = text(In);
  T.replace(T.find("\"input\""), 7, "\"other\"");
  EXPECT_EQ(parseError(T), invalid("functions[0] (f_hot).layout: expected "
                                   "\"input\" or \"bolt\""));
}

TEST(LayoutLock, LockWithoutChoicesStaysVersion1) {
  // Older hotlayouts read what plan writes.
  EXPECT_NE(text(sampleLock()).find("\"version\": 1,"), std::string::npos);
}

TEST(LayoutLock, ChoiceThatOverflowsItsReservationIsAnError) {
  LayoutLock In = sampleLock();
  In.Plan.Functions[1].Shift = 30;
  In.Plan.Functions[1].EmittedSize = 40; // 30 + 40 > 64 reserved
  In.Plan.Functions[1].CodeHash = "00";
  EXPECT_EQ(parseError(text(In)),
            invalid("functions[1] (f_warm).shift: shift 30 and 40 emitted "
                    "bytes do not fit the reservation of 64"));
}

TEST(LayoutLock, MaskedHashIgnoresRelocatedFieldsOnly) {
  // call rel32 at 0x1001..0x1004: a relink changes those bytes only.
  std::vector<uint8_t> A = {0xe8, 1, 2, 3, 4, 0xc3};
  std::vector<uint8_t> B = {0xe8, 9, 9, 9, 9, 0xc3};
  std::vector<RelocatedField> Fields = {{0x1001, 4}};
  EXPECT_EQ(maskedContentHash(A, 0x1000, Fields),
            maskedContentHash(B, 0x1000, Fields));
  EXPECT_NE(contentHash(A), contentHash(B));
  // Negative twin: a byte outside every field is code: it counts.
  B[5] = 0x90;
  EXPECT_NE(maskedContentHash(A, 0x1000, Fields),
            maskedContentHash(B, 0x1000, Fields));
}
