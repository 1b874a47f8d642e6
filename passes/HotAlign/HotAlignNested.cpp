//===- HotAlignNested.cpp - hotalign step 9: loops placed for nested ones ===//
//
// Step 9 of hotalign (HotAlign.cpp's banner has the steps): a loop that
// step 6 refused padding of its own is placed by the padding before the
// loop that holds it, which runs once per entry of that loop; that padding
// is a block of nops of its own (padBefore), inserted here.
//
//===----------------------------------------------------------------------===//

#include "HotAlignImpl.h"

#include "hotlayout/Support/AlignmentPlan.h"
#include "hotlayout/Support/PaddingNops.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/MC/MCSymbol.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <optional>

using namespace llvm;

#define DEBUG_TYPE "hotalign"

STATISTIC(NumLoopsPlacedForNested,
          "Number of loops started off a line start for their nested loops");
STATISTIC(NumNestedPaddedAfterAll,
          "Number of nested loops given padding of their own when the "
          "estimate could not place them through their enclosing loop");
STATISTIC(NumMaybeTightLineStart,
          "Number of enclosing loops tight by their lower bounds started on a "
          "line when no start for their nested loops was sure");
STATISTIC(NumAnchorsPaddingCostly,
          "Number of loops not padded before for their nested loops: the "
          "nops would cost more than their work per fall into them");
STATISTIC(NumPadsCountedFromLine,
          "Number of step 9 pad blocks whose nops count from the function's "
          "line start, so a fall-in early in the line runs no line of nops");
STATISTIC(NumAnchorsPaddedAtDeadPoint,
          "Number of loops placed for their nested loops by nops before an "
          "earlier block that nothing falls into: they never run");
STATISTIC(NumNestedLeftUncertain,
          "Number of nested loops left where they fall: the estimate could "
          "not place them and padding of their own costs too much");

namespace hotlayout {
namespace hotalign {

/// Step 9: where may padding go that places \p X? As step 6 asks of a loop
/// it aligns: \p X is hot, the function is not optimised for size, its
/// source asks for no alignment, it is not the function's first block. Then
/// before \p X's first block, where the nops run once per fall into it:
/// inside a hot loop \p X iterates -hotalign-min-nested-iterations times
/// per entry that falls into it, and the most nops a line offset may take
/// are cheap against \p X's work per fall into it (paddingCost), whether or
/// not that fall is an entry (a case of \p X's own switch laid out before
/// it falls in on iterations). Where they are not, before an earlier block
/// that nothing falls into (deadPadPoint): RandomX 1.1.10's
/// executeSuperscalar, whose dispatch loop would have run 3 nops on 13.2 M
/// iterations (+2.7 % of the program's instructions) and now runs none.
std::optional<PadPoint>
HotAlign::padPointFor(const MachineFunction &MF, const LoopFacts &X,
                      const std::vector<LoopFacts> &All) const {
  if (!X.hot() || SizeAttribute || userLoopAlignment(X.ML) ||
      X.Loop->Target == &MF.front() ||
      (!X.hotDespiteSizeProfile() && sizeByProfile(MF)))
    return std::nullopt;
  if (!paddingRunsTooOften(X, All) &&
      paddingCost(*X.Loop, LineBytes - 1, MinNestedIterations).Cheap) {
    PadPoint At;
    At.Before = X.Loop->Target;
    return At;
  }
  if (std::optional<PadPoint> Dead = deadPadPoint(X, All))
    return Dead;
  ++NumAnchorsPaddingCostly;
  LLVM_DEBUG(dbgs() << "[hotalign] " << printMBBReference(*X.Loop->Target)
                    << ": padding before it would cost more than its work "
                       "per fall into it, and no block before it is dead\n");
  return std::nullopt;
}

/// The most code a dead point may lie before the loop it places: the
/// bytes between are estimated, and every byte more is more doubt.
static constexpr uint64_t MaxDeadPointLead = 256;

/// Step 9: the latest block before \p X's first block that nothing falls
/// into, from which the code falls through to \p X's first block: nops
/// before it never run, and they move \p X as nops right before it would.
/// The code between counts by its estimate, so none of it may be aligned
/// (an alignment absorbs the nops), lie in another hot loop's span (the
/// nops would lengthen that loop), start a section or be a landing pad (the
/// pad must share its section and be entered only by falling), or exceed
/// MaxDeadPointLead bytes.
std::optional<PadPoint>
HotAlign::deadPadPoint(const LoopFacts &X,
                       const std::vector<LoopFacts> &All) const {
  SmallPtrSet<const MachineBasicBlock *, 16> InHotSpans;
  for (const LoopFacts &F : All)
    if (F.hot() && &F != &X)
      InHotSpans.insert(F.Loop->Span.begin(), F.Loop->Span.end());
  MachineBasicBlock *Cur = X.Loop->Target;
  MachineFunction &MF = *Cur->getParent();
  PadPoint At;
  for (;;) {
    if (Cur == &MF.front() || Cur->isBeginSection() || Cur->isEHPad())
      return std::nullopt;
    MachineBasicBlock &Prev = *std::prev(Cur->getIterator());
    if (!fallsThrough(Prev, *Cur) || !Prev.canFallThrough())
      break;
    if (Prev.getAlignment().value() > 1 || InHotSpans.count(&Prev))
      return std::nullopt;
    At.Lead.insert(At.Lead.begin(), &Prev);
    if (Sizes->spanSize(At.Lead) > MaxDeadPointLead)
      return std::nullopt;
    Cur = &Prev;
  }
  if (Cur == X.Loop->Target)
    return std::nullopt;
  At.Before = Cur;
  return At;
}

/// Step 9. A loop that step 6 refused padding of its own still has its
/// place decided by the padding before the loop that holds it, which runs
/// once per entry of that loop or never (padPointFor): choose that padding
/// so that both sit on their fewest lines (line start + K, K from the
/// estimated layout).
bool HotAlign::placeRefusedNested(MachineFunction &MF,
                                  std::vector<LoopFacts> &All) {
  // Nested loops share their enclosing loops: each is asked once.
  DenseMap<int, std::optional<PadPoint>> PadPoints;
  auto PadPointOf = [&](int P) -> const std::optional<PadPoint> & {
    auto [It, New] = PadPoints.try_emplace(P);
    if (New)
      It->second = padPointFor(MF, All[P], All);
    return It->second;
  };
  MapVector<size_t, SmallVector<size_t, 2>> ByAnchor;
  for (size_t N : RefusedNested) {
    int P = All[N].Loop->Parent;
    while (P >= 0 && !PadPointOf(P))
      P = All[P].Loop->Parent;
    if (P >= 0)
      ByAnchor[size_t(P)].push_back(N);
  }
  bool Changed = false;
  for (auto &[X, Nested] : ByAnchor)
    Changed |= placeAnchor(MF, All, X, *PadPoints[int(X)], Nested);
  return Changed;
}

bool HotAlign::placeAnchor(MachineFunction &MF,
                           const std::vector<LoopFacts> &All, size_t X,
                           const PadPoint &At, ArrayRef<size_t> Nested) {
  const LayoutLoop &XL = *All[X].Loop;
  std::vector<uint64_t> Code =
      Sizes->blockSizes(XL.Span, XL.LastJump, /*Padding=*/false);
  std::vector<uint64_t> Least = Sizes->blockLowerBounds(XL.Span, XL.LastJump);
  std::vector<LaidOutBlock> Blocks;
  for (size_t I = 0; I < XL.Span.size(); ++I) {
    LaidOutBlock B;
    B.Bytes = Code[I];
    if (I > 0) {
      B.Align = XL.Span[I]->getAlignment().value();
      B.MaxSkip = XL.Span[I]->getMaxBytesForAlignment();
    }
    Blocks.push_back(B);
  }
  auto Weight = [&](const LoopFacts &F) {
    return HasProfile ? F.Count : F.Loop->Taken.getFrequency();
  };
  // Nops before a dead point end where they should by the Lead's upper
  // bounds: its real code may be shorter by the difference to its lower
  // bounds, and the loops start that much earlier.
  uint64_t LeadBytes = 0, LeadDoubt = 0;
  if (At.dead(All[X])) {
    std::vector<uint64_t> Upper = Sizes->blockSizes(At.Lead, nullptr, false);
    std::vector<uint64_t> Lower = Sizes->blockLowerBounds(At.Lead);
    for (size_t I = 0; I < Upper.size(); ++I) {
      LeadBytes += Upper[I];
      LeadDoubt += Upper[I] - std::min(Upper[I], Lower[I]);
    }
  }
  auto Placed = [&](const LoopFacts &F) {
    PlacedLoop P;
    P.EarlierBy = LeadDoubt;
    size_t First = llvm::find(XL.Span, F.Loop->Target) - XL.Span.begin();
    for (size_t J = 0; J < F.Loop->Hot.size(); ++J)
      if (F.Loop->Hot[J] && First + J < Blocks.size())
        P.HotBlocks.push_back(First + J);
    P.Weight = Weight(F);
    // The estimate's doubt before the loop: its real start may be this
    // much earlier (x86's upper bounds count branches that the assembler
    // keeps short as relaxed; over a long prefix that exceeds a loop's room
    // in its line: zopfli's EncodeTree, 144 bytes, the loop 20 bytes early).
    for (size_t I = 0; I < First && I < Blocks.size(); ++I)
      P.EarlierBy += Code[I] - std::min(Code[I], Least[I]);
    return P;
  };
  std::vector<PlacedLoop> Loops;
  bool Aligned = XL.Target->getAlignment().value() >= LineBytes;
  if (Aligned)
    Loops.push_back(Placed(All[X]));
  for (size_t N : Nested)
    Loops.push_back(Placed(All[N]));
  uint64_t Step = MF.getTarget().getTargetTriple().isAArch64() ? 4 : 1;
  uint64_t Cost = 0;
  uint64_t K = chooseLineOffset(Blocks, Loops, LineBytes, Step, Cost);
  // A loop not aligned for itself (not tight) is pinned only where that
  // puts every refused loop on its fewest lines, whatever the real sizes
  // within the estimate's bounds. Where only that doubt stands in the way
  // the nested loops may still get padding of their own.
  if (!Aligned && Cost > 0) {
    std::vector<PlacedLoop> Sure = Loops;
    for (PlacedLoop &P : Sure)
      P.EarlierBy = 0;
    uint64_t CostByEstimate = 0;
    chooseLineOffset(Blocks, Sure, LineBytes, Step, CostByEstimate);
    if (CostByEstimate > 0)
      return false;
    bool Changed = false;
    for (size_t I = 0; I < Nested.size(); ++I)
      Changed |= padNestedAfterAll(All[Nested[I]], All[X], Loops[I].EarlierBy);
    // Unpinned, the enclosing loop falls where it falls; not tight by its
    // upper bounds, it may be by its lower bounds (the judge counts real
    // bytes: zopfli's EncodeTree loop, 297 hot bytes estimated, 239 real),
    // and then starts a line, its padding once per entry as padPointFor
    // allowed.
    uint64_t LeastHot = 0;
    for (size_t I = 0; I < XL.Span.size(); ++I)
      if (XL.Hot[I])
        LeastHot += Least[I];
    // (Not where its padding would cost too much: that is why the nops
    // were to go before a dead point.)
    if (LeastHot <= MaxLoopBytes && !XL.Target->isEHPad() && !At.dead(All[X])) {
      SpanPlan Plan = planLineStart(LineBytes, MaxPad);
      if (Plan.MaxSkip) {
        XL.Target->setAlignment(Align(LineBytes), Plan.MaxSkip);
        ++NumMaybeTightLineStart;
        LLVM_DEBUG(dbgs() << "[hotalign] " << printMBBReference(*XL.Target)
                          << ": " << LeastHot
                          << " hot bytes at the least, starts a line\n");
        ORE.emit([&] {
          MachineOptimizationRemark R(DEBUG_TYPE, "MaybeTightLineStart",
                                      locationOf(All[X]), XL.Target);
          R << "loop at " << ore::NV("Block", blockName(*XL.Target))
            << " starts a line, max-skip " << ore::NV("MaxSkip", Plan.MaxSkip)
            << ": " << ore::NV("HotBytes", All[X].HotBytes)
            << " hot bytes by the estimate, "
            << ore::NV("LeastHotBytes", LeastHot)
            << " at the least, so it may be tight, and no start for its nested "
               "loops is sure";
          return R;
        });
        Changed = true;
      }
    }
    return Changed;
  }
  // A loop aligned for itself starts a line only where its own span needs
  // it (lineStartPlan); its nested loops need the line start.
  unsigned OwnSkip = XL.Target->getMaxBytesForAlignment();
  if (K == 0 && Aligned && (OwnSkip == 0 || OwnSkip >= LineBytes - 1))
    return false;
  if (At.dead(All[X])) {
    // The nops end LeadBytes before line start + K, and the block that
    // holds them is never run; X's own alignment would run its padding
    // where the nops would cost too much, and only moves X off its place.
    padBefore(MF, *At.Before,
              (K + LineBytes - LeadBytes % LineBytes) % LineBytes);
    XL.Target->setAlignment(Align(1));
    ++NumAnchorsPaddedAtDeadPoint;
  } else if (K && (XL.Target->isBeginSection() || XL.Target->isEHPad())) {
    // The nops need a block of their own in the target's section, entered
    // only by falling: not before a section's first block or a landing pad.
    return false;
  } else if (K == 0) {
    XL.Target->setAlignment(Align(LineBytes), LineBytes - 1);
  } else {
    padBefore(MF, *XL.Target, K);
  }
  ++NumLoopsPlacedForNested;
  LLVM_DEBUG({
    dbgs() << "[hotalign] " << printMBBReference(*XL.Target) << " starts " << K
           << " bytes into a line for " << Nested.size() << " nested loop(s)";
    if (At.dead(All[X]))
      dbgs() << ", nops before " << printMBBReference(*At.Before);
    dbgs() << "\n";
  });
  ORE.emit([&] {
    MachineOptimizationRemark R(DEBUG_TYPE, "PlacedForNested",
                                locationOf(All[X]), XL.Target);
    R << "loop at " << ore::NV("Block", blockName(*XL.Target)) << " starts "
      << ore::NV("LineOffset", K)
      << " bytes into a line so that its nested loop";
    for (size_t N : Nested)
      R << " " << ore::NV("Nested", blockName(*All[N].Loop->Target));
    R << (Cost ? " and it sit on fewer lines"
               : " and it sit on their fewest lines");
    if (At.dead(All[X]))
      R << " (padding before " << ore::NV("DeadPoint", blockName(*At.Before))
        << ", which nothing falls into, never runs; "
        << ore::NV("LeadBytes", LeadBytes) << " bytes of code between)";
    else
      R << " (padding before it runs once per entry)";
    return R;
  });
  return true;
}

/// What padding of up to \p MaxSkip bytes before \p L costs per entry that
/// falls into it, against the work of its iterations: cheap when its most
/// nops are at most 1/\p Share of the instructions its iterations run per
/// such entry (for padding that places a nested loop, the share that
/// -hotalign-min-nested-iterations admits for a loop whose body is no shorter
/// than its nops).
PaddingCost paddingCost(const LayoutLoop &L, uint64_t MaxSkip, unsigned Share) {
  bool AArch64 =
      L.Target->getParent()->getTarget().getTargetTriple().isAArch64();
  // The longest nop the assemblers emit for every x86-64 CPU; AArch64's one.
  uint64_t NopBytes = AArch64 ? 4 : 10;
  PaddingCost C;
  C.Nops = (MaxSkip + NopBytes - 1) / NopBytes;
  for (size_t J = 0; J < L.Span.size(); ++J)
    if (L.Hot[J])
      for (const MachineInstr &MI : *L.Span[J])
        C.Body += !MI.isMetaInstruction();
  C.PerEntry = L.perFallIn();
  C.Floor = std::max(1u, Share);
  C.Cheap = double(C.Nops) * C.Floor <= C.PerEntry * double(C.Body);
  return C;
}

/// Step 9's fallback: \p F, nested in \p Anchor, fits a line by the
/// estimate of the code before it, but that may be \p Doubt bytes long,
/// more than \p F can move and still fit. Padding of its own (step 7's
/// plan, max-skip only where a start needs it) runs on each entry that falls
/// into it; step 6 refused that because \p F iterates fewer than
/// -hotalign-min-nested-iterations times per such entry. It is cheap
/// nonetheless when the most nops it can run per entry are at most
/// 1/-hotalign-min-nested-iterations of the instructions its iterations run
/// per entry: the share that the floor admits for a loop whose body is no
/// shorter than its nops.
bool HotAlign::padNestedAfterAll(const LoopFacts &F, const LoopFacts &Anchor,
                                 uint64_t Doubt) {
  const LayoutLoop &L = *F.Loop;
  SpanPlan Plan = planHotBytesAlignment(F.Bytes, LineBytes, MaxPad);
  if (Plan.MaxSkip == 0 || L.Target->isEHPad())
    return false;
  PaddingCost C = paddingCost(L, Plan.MaxSkip, MinNestedIterations);
  uint64_t Nops = C.Nops, Body = C.Body;
  double PerEntry = C.PerEntry, Floor = C.Floor;
  bool Cheap = C.Cheap;
  LLVM_DEBUG(dbgs() << "[hotalign] " << printMBBReference(*L.Target)
                    << ": placed through "
                    << printMBBReference(*Anchor.Loop->Target)
                    << " only within " << Doubt << " bytes of doubt; " << Nops
                    << " nops per entry against " << PerEntry << " x " << Body
                    << " instructions: "
                    << (Cheap ? "padded for itself" : "left") << "\n");
  // What both remarks say: why the enclosing loop cannot place it, and the
  // share of its work the nops are weighed against.
  auto Doubtful = [&](DiagnosticInfoOptimizationBase &R) {
    R << "its place through the loop at "
      << ore::NV("Anchor", blockName(*Anchor.Loop->Target))
      << " rests on an estimate up to " << ore::NV("Doubt", Doubt)
      << " bytes long, more than it can move and still fit";
  };
  auto Share = [&](DiagnosticInfoOptimizationBase &R) {
    R << "1/" << ore::NV("MinIterations", unsigned(Floor)) << " of its "
      << ore::NV("Instructions", Body) << " instructions x "
      << ore::NV("PerFallIn", perEntryText(PerEntry))
      << " iterations per entry";
  };
  if (!Cheap) {
    ++NumNestedLeftUncertain;
    missed(F, "NestedPlacementUncertain",
           [&](MachineOptimizationRemarkMissed &R) {
             Doubtful(R);
             R << ", and padding of its own (up to " << ore::NV("Nops", Nops)
               << " nops per entry) costs more than ";
             Share(R);
           });
    return false;
  }
  ++NumNestedPaddedAfterAll;
  L.Target->setAlignment(Align(LineBytes), Plan.MaxSkip);
  ORE.emit([&] {
    MachineOptimizationRemark R(DEBUG_TYPE, "NestedPaddedAfterAll",
                                locationOf(F), L.Target);
    R << "aligned nested loop at " << ore::NV("Block", blockName(*L.Target))
      << ", max-skip " << ore::NV("MaxSkip", Plan.MaxSkip) << ": ";
    Doubtful(R);
    R << "; up to " << ore::NV("Nops", Nops) << " nops per entry are within ";
    Share(R);
    return R;
  });
  return true;
}

/// \p Bytes of nops as assembly that both the object writer and a `.s`
/// file keep (MC's `.nops` is lost in textual output): paddingNops' bytes,
/// spelled as bytes (x86) or instruction words (AArch64). `hotlayout loops`
/// recognises the block by them.
std::string nopsAsm(const Triple &TT, uint64_t Bytes) {
  std::string S;
  raw_string_ostream OS(S);
  bool AArch64 = TT.isAArch64();
  ListSeparator Lines("\n");
  for (const PaddingNop &Nop : paddingNops(AArch64, Bytes)) {
    OS << Lines;
    if (AArch64) {
      OS << ".inst " << format_hex(support::endian::read32le(Nop.Bytes), 10);
      continue;
    }
    OS << ".byte ";
    ListSeparator Comma(",");
    for (size_t N = 0; N < Nop.Size; ++N)
      OS << Comma << format_hex(Nop.Bytes[N], 4);
  }
  return S;
}

/// x86-64's nop of \p Size bytes, 1 to 8, as the little-endian value a
/// `.fill` of that size writes.
static uint64_t x86NopValue(unsigned Size) {
  PaddingNop Nop = x86Nop(Size);
  uint64_t V = 0;
  for (size_t N = Nop.Size; N-- > 0;)
    V = V << 8 | Nop.Bytes[N];
  return V;
}

/// Nops that carry the code from where they start to \p Offset bytes after a
/// line start, counted from \p Base, a line-aligned symbol of the same
/// section: MC sizes each `.fill` when it lays the section out, so the
/// count is exact, whatever the estimate said of the code before: the nops
/// of lineOffsetPaddingNops (`hotlayout loops` recognises the block by them).
static std::string lineOffsetNopsAsm(uint64_t Offset, uint64_t LineBytes,
                                     StringRef Base) {
  std::string S;
  raw_string_ostream OS(S);
  std::string Gap = "((" + std::to_string(Offset) + " - (1b - " + Base.str() +
                    ")) & " + std::to_string(LineBytes - 1) + ")";
  OS << "1:\n";
  OS << ".fill " << Gap << " >> 3, 8, " << format_hex(x86NopValue(8), 2);
  // MC's comparisons give -1 for true: & 1 makes it a count.
  for (unsigned N = 1; N < 8; ++N)
    OS << "\n.fill ((" << Gap << " & 7) == " << N << ") & 1, " << N << ", "
       << format_hex(x86NopValue(N), 2);
  return S;
}

/// The symbol padBefore may count line offsets from: the function's own,
/// once the function starts a line, where nothing comes between its
/// alignment and its symbol (prefix data, patchable prefix nops, a KCFI
/// hash), \p Target lies in the function's first section, and the
/// integrated assembler sizes the `.fill`s (GNU as wants their counts
/// known when it reads them). None otherwise, and on AArch64: a `.fill` is
/// data there (a `$d` mapping symbol), which disassemblers and llvm-bolt
/// would take for data in the code, and only an alignment writes a count
/// of NOP instructions that the assembler chooses.
static std::optional<std::string> lineBase(const MachineFunction &MF,
                                           const MachineBasicBlock &Target) {
  const Function &F = MF.getFunction();
  if (MF.getTarget().getTargetTriple().isAArch64() ||
      MF.getTarget().Options.DisableIntegratedAS || F.hasPrefixData() ||
      F.hasFnAttribute("patchable-function-prefix") ||
      F.hasMetadata(LLVMContext::MD_kcfi_type) ||
      Target.getSectionID() != MF.front().getSectionID())
    return std::nullopt;
  std::string Name = MF.getTarget().getSymbol(&F)->getName().str();
  bool Plain =
      !Name.empty() && !isDigit(Name[0]) && llvm::all_of(Name, [](char C) {
        return isAlnum(C) || C == '_' || C == '.';
      });
  if (!Plain)
    return std::nullopt;
  return Name;
}

/// Puts \p Target \p Offset bytes after a line start: a block of its own
/// before it holds the nops, and control falling into \p Target passes
/// through it (a jump to \p Target does not). Where the code falls in
/// after the line start and at most \p Offset bytes into the line, a line
/// start would run a whole line of nops more than needed (bzip2's
/// handle_compress: 71 bytes, 7 nops, where 7 bytes were the need): so the
/// block aligns to a line only when that skips at most the line's last
/// 63 - \p Offset bytes, and then counts the rest from the function's
/// symbol, which starts a line (lineBase). Without such a base: a line
/// start and \p Offset bytes of nops.
void HotAlign::padBefore(MachineFunction &MF, MachineBasicBlock &Target,
                         uint64_t Offset) {
  MachineBasicBlock &Prev = *std::prev(Target.getIterator());
  // A jump table's block has its targets as successors and no branch
  // operand naming them, yet never falls: canFallThrough() tells.
  bool Falls = fallsThrough(Prev, Target) && Prev.canFallThrough();
  MachineBasicBlock *Pad = MF.CreateMachineBasicBlock(Target.getBasicBlock());
  MF.insert(Target.getIterator(), Pad);
  Pad->setSectionID(Target.getSectionID());
  if (Falls)
    Prev.replaceSuccessor(&Target, Pad);
  Pad->addSuccessor(&Target, BranchProbability::getOne());
  const Triple &TT = MF.getTarget().getTargetTriple();
  std::string Nops;
  if (std::optional<std::string> Base = lineBase(MF, Target)) {
    MF.ensureAlignment(Align(LineBytes));
    Pad->setAlignment(Align(LineBytes), LineBytes - 1 - Offset);
    Nops = lineOffsetNopsAsm(Offset, LineBytes, *Base);
    ++NumPadsCountedFromLine;
  } else {
    Pad->setAlignment(Align(LineBytes), LineBytes - 1);
    Nops = nopsAsm(TT, Offset);
  }
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  BuildMI(*Pad, Pad->end(), DebugLoc(), TII.get(TargetOpcode::INLINEASM))
      .addExternalSymbol(MF.createExternalSymbolName(Nops))
      .addImm(InlineAsm::Extra_HasSideEffects);
  Target.setAlignment(Align(1));
}

} // namespace hotalign
} // namespace hotlayout
