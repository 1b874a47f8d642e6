//===- LoopProfile.cpp - The binary's own loop counts, for hotalign -------===//

#include "LoopProfile.h"
#include "LayoutLoops.h"

#include "hotlayout/Support/HotLoopRules.h"
#include "hotlayout/Support/InputFile.h"
#include "hotlayout/Support/LoopProfileFormat.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <optional>

using namespace llvm;

namespace hotlayout {

namespace {

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

/// \p Name without ThinLTO's promotion suffix (`.llvm.<digits>`), or
/// nullopt when it has none.
std::optional<StringRef> unpromoted(StringRef Name) {
  size_t At = Name.rfind(".llvm.");
  if (At == StringRef::npos || At == 0)
    return std::nullopt;
  StringRef Hash = Name.substr(At + 6);
  if (Hash.empty() || !all_of(Hash, isDigit))
    return std::nullopt;
  return Name.take_front(At);
}

/// The binary's counts of a function's blocks and edges, by block ID (every
/// block has one: countLoopsWithEdges checks first).
class MeasuredCounts final : public LayoutCounts {
public:
  MeasuredCounts(const MeasuredFunction &M, const MachineFunction &MF) : M(M) {
    // Entries by a call: the entry block's runs that no edge of the
    // function brought (a loop back to it is an edge).
    const MachineBasicBlock &Front = MF.front();
    uint64_t Into = 0;
    for (const MachineBasicBlock *Pred : Front.predecessors())
      Into = SaturatingAdd(Into, edge(*Pred, Front).getFrequency());
    uint64_t Runs = block(Front).getFrequency();
    Entry = BlockFrequency(Runs - std::min(Runs, Into));
  }
  BlockFrequency block(const MachineBasicBlock &MBB) const override {
    return BlockFrequency(M.BlockCounts.lookup(*blockID(MBB)));
  }
  BlockFrequency edge(const MachineBasicBlock &From,
                      const MachineBasicBlock &To) const override {
    return BlockFrequency(M.EdgeCounts.lookup({*blockID(From), *blockID(To)}));
  }
  BlockFrequency entry() const override { return Entry; }

private:
  const MeasuredFunction &M;
  BlockFrequency Entry;
};

} // namespace

Expected<MeasuredProfile> MeasuredProfile::read(StringRef Path) {
  // A device or a pipe would be read until memory runs out, and LLVM would
  // abort the compile with a stack dump: refused, naming the file.
  auto Buf = readRegularFile(Path, LoopProfileMaxBytes);
  if (!Buf)
    return createStringError(inconvertibleErrorCode(),
                             "loop profile '" + Path + "' " +
                                 toString(Buf.takeError()) +
                                 "; pass the file `hotlayout loops` wrote");
  Expected<LoopProfileIndex> Index =
      LoopProfileIndex::scan((*Buf)->getBuffer(), Path);
  if (!Index)
    return Index.takeError();
  MeasuredProfile P;
  P.Text = std::move(*Buf);
  P.Index = std::move(*Index);
  for (StringRef Name : P.Index.names())
    if (std::optional<StringRef> Base = unpromoted(Name)) {
      auto [It, New] = P.Promoted.try_emplace(*Base, Name);
      if (!New)
        It->second = StringRef(); // Two modules' locals: neither is sure.
    }
  return std::move(P);
}

Expected<const MeasuredFunction *>
MeasuredProfile::find(StringRef Function) const {
  StringRef Name = Function;
  if (!Index.contains(Function)) {
    std::optional<StringRef> Base = unpromoted(Function);
    auto P = Base ? Promoted.find(*Base) : Promoted.end();
    if (P == Promoted.end() || P->second.empty())
      return nullptr;
    Name = P->second;
  }
  if (auto It = Functions.find(Name); It != Functions.end())
    return &It->second;
  Expected<std::optional<LoopProfileFunction>> F = Index.function(Name);
  if (!F)
    return F.takeError();
  if (!*F)
    return nullptr;
  MeasuredFunction &M = Functions[Name];
  for (const LoopProfileBlock &B : (*F)->Blocks)
    M.BlockCounts[B.ID] = B.Count;
  for (const LoopProfileLoop &L : (*F)->Loops)
    M.Loops[L.TargetID] = {L.Taken, L.Entries, L.FallIn, L.Hot};
  for (const LoopProfileEdge &E : (*F)->Edges)
    M.EdgeCounts[{E.FromID, E.ToID}] += E.Count;
  return &M;
}

/// Returns false, saying why in \p Why when given.
static bool misfit(ProfileMisfit *Why, ProfileMisfit::Kind What, unsigned ID,
                   const MachineBasicBlock *Block = nullptr) {
  if (Why)
    *Why = {What, ID, Block};
  return false;
}

bool applyMeasuredCounts(std::vector<LayoutLoop> &Loops,
                         const MeasuredFunction &M, uint64_t HotThreshold,
                         unsigned Slack, ProfileMisfit *Why) {
  // Fit first: every hot loop of the binary is a loop of this layout, and
  // every block can be named.
  DenseMap<unsigned, size_t> ByTarget;
  for (size_t N = 0; N < Loops.size(); ++N) {
    for (const MachineBasicBlock *MBB : Loops[N].Span)
      if (!blockID(*MBB))
        return misfit(Why, ProfileMisfit::Kind::NoBlockID, 0, MBB);
    ByTarget[*blockID(*Loops[N].Target)] = N;
  }
  // The least such ID, so that the remark does not depend on hash order.
  std::optional<unsigned> NotHere;
  for (const auto &[Target, L] : M.Loops)
    if (L.Hot && !ByTarget.count(Target) && (!NotHere || Target < *NotHere))
      NotHere = Target;
  if (NotHere)
    return misfit(Why, ProfileMisfit::Kind::HotLoopNotHere, *NotHere);
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

bool countLoopsWithEdges(const MachineFunction &MF, const MeasuredFunction &M,
                         uint64_t HotThreshold, unsigned Slack,
                         std::vector<LayoutLoop> &Loops, ProfileMisfit *Why) {
  DenseSet<unsigned> IDs;
  for (const MachineBasicBlock &MBB : MF) {
    std::optional<unsigned> ID = blockID(MBB);
    if (!ID)
      return misfit(Why, ProfileMisfit::Kind::NoBlockID, 0, &MBB);
    IDs.insert(*ID);
  }
  // The least ID no block has, so that the remark does not depend on hash
  // order.
  std::optional<unsigned> Unknown;
  auto Check = [&](unsigned ID) {
    if (!IDs.count(ID) && (!Unknown || ID < *Unknown))
      Unknown = ID;
  };
  for (const auto &[ID, Count] : M.BlockCounts)
    Check(ID);
  for (const auto &[Edge, Count] : M.EdgeCounts) {
    Check(Edge.first);
    Check(Edge.second);
  }
  if (Unknown)
    return misfit(Why, ProfileMisfit::Kind::UnknownBlock, *Unknown);
  Loops = findLayoutLoops(MF, MeasuredCounts(M, MF));
  for (LayoutLoop &L : Loops) {
    MeasuredLoop Counted = {L.Taken.getFrequency(), L.Entries.getFrequency(),
                            L.FallIn.getFrequency(), false};
    L.MeasuredHot = nearCut(Counted, HotThreshold, Slack);
  }
  return true;
}

} // namespace hotlayout
