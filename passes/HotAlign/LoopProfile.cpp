//===- LoopProfile.cpp - The binary's own loop counts, for hotalign -------===//

#include "LoopProfile.h"
#include "LayoutLoops.h"

#include "hotlayout/Support/HotLoopRules.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace hotlayout {

namespace {

/// The numbers of a record after its keyword, which must be \p Count.
bool readNumbers(ArrayRef<StringRef> Fields, size_t Count,
                 SmallVectorImpl<uint64_t> &Out) {
  if (Fields.size() != Count + 1)
    return false;
  for (StringRef F : Fields.drop_front()) {
    uint64_t V;
    if (F.getAsInteger(10, V))
      return false;
    Out.push_back(V);
  }
  return true;
}

/// Address-map ID of \p MBB; nullopt without one.
std::optional<unsigned> blockID(const MachineBasicBlock &MBB) {
  if (std::optional<UniqueBBID> ID = MBB.getBBID())
    return ID->BaseID;
  return std::nullopt;
}

/// An iterating loop, over the judge's floor, whose count x \p Slack
/// reaches \p HotThreshold (the least hot count): the slack hotalign gives
/// the compiler's counts against the profile summary's threshold too.
bool nearCut(const MeasuredLoop &L, uint64_t HotThreshold, unsigned Slack) {
  return HotThreshold && loopIterates(L.Taken, L.Entries) &&
         L.Taken >= DefaultMinCount &&
         SaturatingMultiply(L.Taken, uint64_t(Slack)) >= HotThreshold;
}

} // namespace

Expected<LoopProfile> LoopProfile::parse(StringRef Text, StringRef Name) {
  LoopProfile P;
  MeasuredFunction *Current = nullptr;
  unsigned LineNo = 0;
  bool SawHeader = false;
  auto Bad = [&](const Twine &What) {
    return createStringError(inconvertibleErrorCode(),
                             Name + ":" + Twine(LineNo) + ": " + What);
  };
  while (!Text.empty()) {
    StringRef Line;
    std::tie(Line, Text) = Text.split('\n');
    ++LineNo;
    Line = Line.trim();
    if (Line.empty() || Line.starts_with("#"))
      continue;
    SmallVector<StringRef, 8> Fields;
    Line.split(Fields, ' ', -1, /*KeepEmpty=*/false);
    if (!SawHeader) {
      if (Fields.size() != 2 || Fields[0] != "hotlayout-loop-profile")
        return Bad("not a loop profile (`hotlayout loops` writes them)");
      if (Fields[1] != "1")
        return Bad("loop profile version " + Fields[1] +
                   " (this hotalign reads version 1)");
      SawHeader = true;
      continue;
    }
    SmallVector<uint64_t, 5> N;
    if (Fields[0] == "threshold") {
      if (Current || !readNumbers(Fields, 1, N))
        return Bad("expected `threshold <count>` before the functions");
      P.HotThreshold = N[0];
    } else if (Fields[0] == "function") {
      if (Fields.size() != 2)
        return Bad("expected `function <name>`");
      if (P.Functions.count(Fields[1]))
        return Bad("function '" + Fields[1] + "' given twice");
      Current = &P.Functions[Fields[1]];
    } else if (Fields[0] == "block") {
      if (!Current || !readNumbers(Fields, 2, N) || N[0] > UINT32_MAX)
        return Bad("expected `block <id> <count>` after a function");
      Current->BlockCounts[unsigned(N[0])] = N[1];
    } else if (Fields[0] == "loop") {
      if (!Current || !readNumbers(Fields, 5, N) || N[0] > UINT32_MAX ||
          N[4] > 1)
        return Bad("expected `loop <target-id> <taken> <entries> <fallin> "
                   "<hot 0|1>` after a function");
      Current->Loops[unsigned(N[0])] = {N[1], N[2], N[3], N[4] == 1};
    } else {
      return Bad("unknown record '" + Fields[0] + "'");
    }
  }
  if (!SawHeader)
    return Bad("empty: not a loop profile");
  return std::move(P);
}

Expected<LoopProfile> LoopProfile::read(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return createStringError(Buf.getError(),
                             "cannot read loop profile '" + Path +
                                 "': " + Buf.getError().message());
  return parse((*Buf)->getBuffer(), Path);
}

const MeasuredFunction *LoopProfile::find(StringRef Function) const {
  auto It = Functions.find(Function);
  return It == Functions.end() ? nullptr : &It->second;
}

bool applyMeasuredCounts(std::vector<LayoutLoop> &Loops,
                         const MeasuredFunction &M, uint64_t HotThreshold,
                         unsigned Slack) {
  // Fit first: every hot loop of the binary is a loop of this layout, and
  // every block can be named.
  DenseMap<unsigned, size_t> ByTarget;
  for (size_t N = 0; N < Loops.size(); ++N) {
    for (const MachineBasicBlock *MBB : Loops[N].Span)
      if (!blockID(*MBB))
        return false;
    ByTarget[*blockID(*Loops[N].Target)] = N;
  }
  for (const auto &[Target, L] : M.Loops)
    if (L.Hot && !ByTarget.count(Target))
      return false;
  auto CountOf = [&](const MachineBasicBlock *MBB) {
    return M.BlockCounts.lookup(*blockID(*MBB));
  };
  for (LayoutLoop &L : Loops) {
    auto It = M.Loops.find(*blockID(*L.Target));
    MeasuredLoop Measured = It == M.Loops.end() ? MeasuredLoop() : It->second;
    L.Taken = BlockFrequency(Measured.Taken);
    L.Entries = BlockFrequency(Measured.Entries);
    L.FallIn = BlockFrequency(Measured.FallIn);
    L.MeasuredHot = Measured.Hot || nearCut(Measured, HotThreshold, Slack);
    for (size_t B = 0; B < L.Span.size(); ++B)
      L.Hot[B] = isHotByte(CountOf(L.Span[B]), Measured.Taken);
  }
  return true;
}

} // namespace hotlayout
