//===- Diff.cpp - What moved between two binaries -------------------------===//
//
//  1. Open both binaries (same architecture, both with .symtab: functions
//     are matched by name), cut them into function ranges, apply the
//     function filter (a name must exist in at least one of them).
//  2. Pick each binary's hotness rule (the rules of check) and judge every
//     loop of every function of each.
//  3. Match functions by name: the k-th range (in address order) carrying a
//     name in A pairs with the k-th carrying it in B; aliases count as
//     names. A function is hot when one of its loops is hot in A or in B
//     (or, in a BOLT-rewritten binary, when the profile counts it).
//  4. Match the loops of a pair by ordinal (the n-th loop by start address,
//     hot or not); when the two have different loop counts, or loops of the
//     same ordinal differ in size, the function "changed shape" and its
//     loops are not compared.
//  5. The result lists the pairs, their hot loops and the hot functions
//     found in only one binary (printers in DiffReport.cpp); it is costly
//     when a hot function changed alignment mod the line size or a hot loop
//     newly straddles a line.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Diff/Diff.h"

#include "hotlayout/Tool/Binary/BinaryFile.h"
#include "hotlayout/Tool/Binary/LoopFinder.h"
#include "hotlayout/Tool/Binary/SymbolIndex.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <memory>
#include <optional>

using namespace llvm;

namespace hotlayout {

size_t DiffResult::moved() const {
  return count_if(Functions, [](const FunctionDiff &F) { return F.moved(); });
}
size_t DiffResult::realignedFunctions() const {
  return count_if(Functions, [](const FunctionDiff &F) { return F.Realigned; });
}
size_t DiffResult::shapeChanged() const {
  return count_if(Functions,
                  [](const FunctionDiff &F) { return F.ShapeChanged; });
}
size_t DiffResult::realignedLoops() const {
  return count_if(Loops, [](const LoopDiff &L) { return L.Realigned; });
}
size_t DiffResult::regressed() const {
  return count_if(Loops, [](const LoopDiff &L) { return L.regressed(); });
}
size_t DiffResult::improved() const {
  return count_if(Loops, [](const LoopDiff &L) { return L.improved(); });
}

namespace {
/// One of the two binaries, read and judged (steps 1-2).
struct Side {
  std::string Path;
  std::unique_ptr<BinaryFile> File;
  std::vector<CodeRange> Ranges; ///< Functions, by address.
  HotnessJudge Judge;
  /// The loops of Ranges[I], sorted by start.
  std::vector<std::vector<JudgedLoop>> Loops;
  size_t NotJudged = 0;

  bool isHot(size_t I) const {
    return Judge.isHotFunction(Ranges[I]) ||
           any_of(Loops[I], [](const JudgedLoop &L) { return L.V.Hot; });
  }
  StringRef arch() const {
    return Triple::getArchTypeName(File->object().getArch());
  }
};
} // namespace

/// Opens \p Path and cuts it into function ranges (step 1).
static Expected<Side> openSide(StringRef Path) {
  Side S;
  S.Path = Path.str();
  auto File = BinaryFile::open(Path);
  if (!File)
    return File.takeError();
  S.File = std::move(*File);
  auto Ranges = symbolRanges(*S.File, "diff matches functions by name; diff "
                                      "unstripped copies of both binaries");
  if (!Ranges)
    return Ranges.takeError();
  S.Ranges = std::move(*Ranges);
  return S;
}

/// Judges every loop of \p S (step 2).
static Error judgeSide(Side &S, const LoopFinder &Finder,
                       const HotLoopConfig &Config, const Diagnostics &Diag) {
  auto Judge = makeJudge(*S.File, Config, Diag);
  if (!Judge)
    return Judge.takeError();
  S.Judge = std::move(*Judge);
  for (const CodeRange &R : S.Ranges) {
    S.Loops.push_back(judgeLoops(Finder, S.Judge, R, Config.LineSize));
    S.NotJudged += count_if(S.Loops.back(),
                            [](const JudgedLoop &L) { return !L.V.Judged; });
  }
  return Error::success();
}

/// The names \p R is matched by: a local function whose name other local
/// functions share goes by its place in the symbol table (LocalKey), not
/// by the shared name's Nth range by address: llvm-bolt keeps the table's
/// order but may reorder the functions.
static SmallVector<StringRef, 2> matchNames(const CodeRange &R) {
  SmallVector<StringRef, 2> Names{R.matchName()};
  Names.append(R.Aliases.begin(), R.Aliases.end());
  return Names;
}

/// For every range of \p A, the index of its partner in \p B, if any
/// (step 3).
static std::vector<std::optional<size_t>> matchFunctions(const Side &A,
                                                         const Side &B) {
  StringMap<std::vector<size_t>> BByName;
  for (size_t I = 0; I < B.Ranges.size(); ++I)
    for (StringRef Name : matchNames(B.Ranges[I]))
      BByName[Name].push_back(I);
  std::vector<bool> Taken(B.Ranges.size());
  StringMap<size_t> SeenInA; // How many earlier A ranges carried a name.
  std::vector<std::optional<size_t>> Partner(A.Ranges.size());
  for (size_t I = 0; I < A.Ranges.size(); ++I) {
    for (StringRef Name : matchNames(A.Ranges[I])) {
      size_t Nth = SeenInA[Name]++;
      auto It = BByName.find(Name);
      if (Partner[I] || It == BByName.end() || Nth >= It->second.size() ||
          Taken[It->second[Nth]])
        continue;
      Partner[I] = It->second[Nth];
      Taken[*Partner[I]] = true;
    }
  }
  return Partner;
}

/// True when the loops of a pair cannot be matched by ordinal (step 4).
static bool shapeChanged(ArrayRef<JudgedLoop> A, ArrayRef<JudgedLoop> B) {
  if (A.size() != B.size())
    return true;
  for (size_t I = 0; I < A.size(); ++I)
    if (A[I].L.size() != B[I].L.size())
      return true;
  return false;
}

static size_t hotLoops(ArrayRef<JudgedLoop> Loops) {
  return count_if(Loops, [](const JudgedLoop &L) { return L.V.Hot; });
}

/// The hot functions of \p S that no function of the other side matched.
static std::vector<UnmatchedFunction>
unmatchedHot(const Side &S, const std::vector<bool> &Matched) {
  std::vector<UnmatchedFunction> Out;
  for (size_t I = 0; I < S.Ranges.size(); ++I)
    if (!Matched[I] && S.isHot(I))
      Out.push_back(
          {S.Ranges[I].Name, S.Ranges[I].Address, hotLoops(S.Loops[I])});
  return Out;
}

static DiffSide describe(const Side &S) {
  return {S.Path, S.arch().str(), S.Judge, S.NotJudged};
}

/// Steps 3-4: pairs, their hot loops, and what only one side has.
static DiffResult compare(const Side &A, const Side &B, unsigned LineSize) {
  DiffResult R;
  R.A = describe(A);
  R.B = describe(B);
  R.Arch = A.arch().str();
  R.LineSize = LineSize;
  auto Realigned = [&](uint64_t X, uint64_t Y) {
    return X % LineSize != Y % LineSize;
  };
  std::vector<std::optional<size_t>> Partner = matchFunctions(A, B);
  std::vector<bool> MatchedA(A.Ranges.size()), MatchedB(B.Ranges.size());
  for (size_t I = 0; I < A.Ranges.size(); ++I) {
    if (!Partner[I])
      continue;
    size_t J = *Partner[I];
    MatchedA[I] = MatchedB[J] = true;
    if (!A.isHot(I) && !B.isHot(J))
      continue;
    FunctionDiff F;
    F.Name = A.Ranges[I].Name;
    F.AddressA = A.Ranges[I].Address;
    F.AddressB = B.Ranges[J].Address;
    F.SizeA = A.Ranges[I].Bytes.size();
    F.SizeB = B.Ranges[J].Bytes.size();
    F.ShapeChanged = shapeChanged(A.Loops[I], B.Loops[J]);
    F.Realigned = Realigned(F.AddressA, F.AddressB);
    R.Functions.push_back(F);
    if (F.ShapeChanged)
      continue;
    for (size_t N = 0; N < A.Loops[I].size(); ++N) {
      const JudgedLoop &LA = A.Loops[I][N], &LB = B.Loops[J][N];
      if (LA.V.Hot || LB.V.Hot)
        R.Loops.push_back(
            {F.Name, N + 1, LA, LB, Realigned(LA.L.Start, LB.L.Start)});
    }
  }
  R.OnlyInA = unmatchedHot(A, MatchedA);
  R.OnlyInB = unmatchedHot(B, MatchedB);
  return R;
}

/// Keeps the functions the filter names in both sides; each name must be
/// in at least one of them (a function may be new or gone).
static Error selectFunctions(Side &A, Side &B, const HotLoopConfig &Config) {
  if (std::optional<std::string> Name =
          Config.unknownFunction(A.Ranges, B.Ranges))
    return makeError("neither '" + A.Path + "' nor '" + B.Path +
                     "' has a function named '" + *Name +
                     "'; list them with llvm-nm");
  for (Side *S : {&A, &B})
    llvm::erase_if(S->Ranges,
                   [&](const CodeRange &R) { return !Config.selects(R); });
  return Error::success();
}

/// True when \p Profile counts a branch in one of \p Ranges.
static bool mentionsAny(const BranchProfile &Profile,
                        ArrayRef<CodeRange> Ranges) {
  return any_of(Ranges,
                [&](const CodeRange &F) { return Profile.mentions(F); });
}

Expected<DiffResult> runDiff(const DiffConfig &Config,
                             const Diagnostics &Diag) {
  if (Error E = Config.Loops.validate())
    return E;
  auto A = openSide(Config.PathA);
  if (!A)
    return A.takeError();
  auto B = openSide(Config.PathB);
  if (!B)
    return B.takeError();
  if (A->File->object().getArch() != B->File->object().getArch())
    return makeError("'" + Config.PathA + "' is " + A->arch() + " but '" +
                     Config.PathB + "' is " + B->arch() +
                     "; diff compares two builds of one program for one "
                     "architecture");
  if (Error E = selectFunctions(*A, *B, Config.Loops))
    return E;

  auto Finder = LoopFinder::create(A->File->triple());
  if (!Finder)
    return fileError(Config.PathA,
                     "cannot be disassembled: " + toString(Finder.takeError()));
  for (Side *S : {&*A, &*B})
    if (Error E = judgeSide(*S, **Finder, Config.Loops, Diag))
      return E;
  if (const auto &Profile = A->Judge.Profile;
      Profile && !mentionsAny(*Profile, A->Ranges) &&
      !mentionsAny(*Profile, B->Ranges))
    Diag.warning(fileError(Config.Loops.ProfilePath,
                           "names none of the compared functions of '" +
                               Config.PathA + "' or '" + Config.PathB +
                               "'; was it recorded on one of them?"));
  return compare(*A, *B, Config.Loops.LineSize);
}

} // namespace hotlayout
