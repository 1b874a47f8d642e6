//===- LockedHotLoops.cpp - Hot loops per locked function -----------------===//

#include "hotlayout/Tool/Lock/LockedHotLoops.h"

#include "hotlayout/Tool/Binary/SymbolIndex.h"

#include "llvm/ADT/StringMap.h"

using namespace llvm;

namespace hotlayout {

/// The hot loops of \p Names in \p File, judged by \p Opts (its
/// ProfiledBinary says which binary the profile is of).
static Expected<std::vector<FunctionHotLoops>>
hotLoopsByFunction(const BinaryFile &File, ArrayRef<std::string> Names,
                   const BranchProfile &Profile, const JudgeOptions &Opts) {
  auto Report = judgeHotLoops(File, Profile, Opts);
  if (!Report)
    return Report.takeError();
  StringMap<size_t> Wanted;
  for (size_t I = 0; I < Names.size(); ++I)
    Wanted[Names[I]] = I;
  // In the order of Names, so reports follow the lock.
  std::vector<FunctionHotLoops> ByName(Names.size());
  for (const JudgedHotLoop &L : Report->Loops) {
    auto It = Wanted.find(L.Function);
    if (!L.Hot || It == Wanted.end())
      continue;
    FunctionHotLoops &F = ByName[It->second];
    F.Name = L.Function;
    if (!L.tight()) {
      ++F.LargeLoops;
      continue;
    }
    HotLoopBytes B;
    B.Taken = L.Taken;
    B.Head = L.Start - L.FunctionAddress;
    for (const ByteInterval &I : L.HotBytes)
      B.Bytes.push_back(
          {I.Start - L.FunctionAddress, I.End - L.FunctionAddress});
    F.Loops.push_back(std::move(B));
  }
  std::vector<FunctionHotLoops> Result;
  for (FunctionHotLoops &F : ByName)
    if (!F.Loops.empty() || F.LargeLoops)
      Result.push_back(std::move(F));
  return Result;
}

Expected<std::vector<FunctionHotLoops>>
outputHotLoops(const BinaryFile &Out, const BinaryFile &In,
               ArrayRef<std::string> Names, const BranchProfile &Profile,
               JudgeOptions Opts) {
  Opts.ProfiledBinary = &In;
  return hotLoopsByFunction(Out, Names, Profile, Opts);
}

Expected<std::vector<FunctionHotLoops>>
inputHotLoops(const BinaryFile &In, ArrayRef<std::string> Names,
              const BranchProfile &Profile, JudgeOptions Opts) {
  Opts.ProfiledBinary = nullptr;
  return hotLoopsByFunction(In, Names, Profile, Opts);
}

Expected<StringMap<uint64_t>> compilerShifts(const BinaryFile &In,
                                             ArrayRef<std::string> Names,
                                             const BranchProfile &Profile,
                                             JudgeOptions Opts) {
  auto Loops = inputHotLoops(In, Names, Profile, Opts);
  if (!Loops)
    return Loops.takeError();
  RangeSource Source;
  auto Ranges = In.codeRanges(Source);
  if (!Ranges)
    return Ranges.takeError();
  SymbolIndex Index(*Ranges);
  StringMap<uint64_t> Shifts;
  for (const FunctionHotLoops &F : *Loops)
    if (const IndexedSymbol *S = Index.find(F.Name))
      Shifts[F.Name] = compilerShift(F, S->Address % Opts.LineSize,
                                     Opts.LineSize, In.minFunctionAlignment());
  return Shifts;
}

} // namespace hotlayout
