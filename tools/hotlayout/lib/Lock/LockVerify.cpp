//===- LockVerify.cpp - Did each locked function land? --------------------===//

#include "hotlayout/Tool/Lock/LockVerify.h"

#include "hotlayout/Tool/Binary/BinaryFile.h"
#include "hotlayout/Tool/Support/TempFiles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace hotlayout {

bool Verification::someMoved() const {
  return any_of(Verdicts, [](const PlacementVerdict &D) {
    return D.Out && !D.OK && !D.Stayed;
  });
}

/// ": NAME takes N bytes, M are locked for it" for the last function before
/// \p F that BOLT emitted larger than its space, or "" when none did.
static std::string overflowBefore(const PlacedFunction &F,
                                  ArrayRef<Placement> P,
                                  const StringMap<uint64_t> &Bodies) {
  std::string Culprit;
  for (const Placement &X : P) {
    if (X.Locked == &F)
      break;
    uint64_t Body = Bodies.lookup(X.Locked->Name);
    if (Body > X.Space)
      Culprit = ": " + X.Locked->Name + " takes " + std::to_string(Body) +
                " bytes, " + std::to_string(X.Space) + " are locked for it";
  }
  return Culprit;
}

/// Why \p F, found in the output at \p OutAddress, is not at its offset.
static std::string whyMoved(const PlacedFunction &F, uint64_t OutAddress,
                            const SymbolIndex &In, ArrayRef<Placement> P,
                            const StringMap<uint64_t> &Bodies, bool &Stayed) {
  Stayed = OutAddress == In.find(F.Name)->Address;
  if (Stayed)
    return "BOLT left it at its input address (it did not rewrite it; its "
           "space stays empty)";
  const Placement *X =
      find_if(P, [&](const Placement &Y) { return Y.Locked == &F; });
  if (X != P.end() && Bodies.lookup(F.Name) > X->Space)
    return "BOLT emitted " + std::to_string(Bodies.lookup(F.Name)) +
           " bytes, more than the " + std::to_string(X->Space) +
           " to the next locked function";
  return "an earlier function did not fit" + overflowBefore(F, P, Bodies);
}

Verification judgePlacement(const LayoutLock &Lock, const SymbolIndex &In,
                            const SymbolIndex &Out, ArrayRef<Placement> P,
                            StringRef InputPath,
                            const StringMap<uint64_t> &Bodies) {
  Verification V;
  std::optional<uint64_t> First;
  StringMap<uint64_t> Shift;
  // The sizes the reasons below explain overflows with: what BOLT emitted
  // where the output says, else what was expected.
  StringMap<uint64_t> Sizes = Bodies;
  for (const Placement &X : P) {
    Shift[X.Locked->Name] = X.Shift;
    const IndexedSymbol *S = Out.find(X.Locked->Name);
    if (!S)
      continue;
    uint64_t Emitted = S->Size > X.Padding ? S->Size - X.Padding : 0;
    V.Emitted[X.Locked->Name] = Emitted;
    Sizes[X.Locked->Name] = Emitted;
    if (!First && S->Address >= X.Locked->Offset + X.Shift)
      First = S->Address - X.Locked->Offset - X.Shift;
  }
  V.Start = First.value_or(0);
  uint64_t End = V.Start + Lock.Plan.size();
  StringSet<> Locked = Lock.Plan.names();
  for (const auto &E : Out.names())
    if (E.getValue().Address >= V.Start && E.getValue().Address < End &&
        !Locked.count(E.getKey()) && !E.getKey().contains(".cold"))
      V.Intruders.insert(E.getKey());

  for (const PlacedFunction &F : Lock.Plan.Functions) {
    PlacementVerdict D;
    D.Locked = F;
    const IndexedSymbol *S = Out.find(F.Name);
    if (!In.contains(F.Name))
      D.Why = "not in '" + InputPath.str() + "'";
    else if (!S)
      D.Why = "no symbol in the output";
    else {
      D.Out = *S;
      D.Shift = Shift.lookup(F.Name);
      D.Actual = int64_t(S->Address - V.Start);
      D.OK = D.Actual == int64_t(F.Offset + D.Shift);
      if (!D.OK)
        D.Why = whyMoved(F, S->Address, In, P, Sizes, D.Stayed);
    }
    V.Verdicts.push_back(std::move(D));
  }
  if (V.Start % Lock.HotTextAlignment)
    for (PlacementVerdict &D : V.Verdicts)
      if (D.OK) {
        D.OK = false;
        D.Why = "hot text starts at 0x" +
                utohexstr(V.Start, /*LowerCase=*/true) +
                ", not a multiple of " + std::to_string(Lock.HotTextAlignment);
      }
  return V;
}

Expected<SymbolIndex> readLockedSymbols(const BinaryFile &File) {
  auto Ranges = symbolRanges(
      File, "the lock is keyed by symbol name; apply to an unstripped build");
  if (!Ranges)
    return Ranges.takeError();
  return SymbolIndex(*Ranges);
}

Error boltOutputError(Error E, StringRef OutputPath, StringRef InputPath) {
  std::string Why =
      withoutTempPath(toString(std::move(E)), OutputPath, "llvm-bolt's output");
  // The reader's own advice is for a file the user has; this one is
  // rebuilt from the input, which the message below says.
  StringRef Advice = DamagedFileAdvice;
  if (StringRef(Why).ends_with(Advice))
    Why.resize(Why.size() - Advice.size());
  return fileError(InputPath,
                   "was rewritten by llvm-bolt into a file hotlayout cannot "
                   "read back (" +
                       Why + "); the input may be damaged: rebuild it");
}

Expected<std::unique_ptr<BinaryFile>> openBoltOutput(StringRef OutputPath,
                                                     StringRef InputPath) {
  auto File = BinaryFile::open(OutputPath);
  if (!File)
    return boltOutputError(File.takeError(), OutputPath, InputPath);
  return File;
}

Expected<Verification>
verifyPlacement(StringRef OutputPath, const LayoutLock &Lock,
                const SymbolIndex &In, ArrayRef<Placement> P,
                StringRef InputPath, const StringMap<uint64_t> &Bodies) {
  auto File = openBoltOutput(OutputPath, InputPath);
  if (!File)
    return File.takeError();
  // The output opens but its symbols may not read (a damaged input's
  // .symtab copied along): still the input's fault, not the temporary's.
  auto Out = readLockedSymbols(**File);
  if (!Out)
    return boltOutputError(Out.takeError(), OutputPath, InputPath);
  return judgePlacement(Lock, In, *Out, P, InputPath, Bodies);
}

} // namespace hotlayout
