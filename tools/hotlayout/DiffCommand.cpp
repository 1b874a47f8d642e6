//===- DiffCommand.cpp - hotlayout diff: what moved between two binaries --===//
//
// Code that only moves can cost time: a hot loop that starts to cross a
// cache line runs 1.4-1.8x slower, so a change elsewhere shows up as a
// swing in a benchmark. `hotlayout diff A B` says which hot functions and hot
// loops moved between two builds, and which of the moves changed the offset
// within a line (address mod --line-size), the kind that can cost time.
//
//  1. Open both binaries (same architecture, both with .symtab: functions
//     are matched by name), cut them into function ranges, apply --function
//     (a name must exist in at least one of them).
//  2. Pick each binary's hotness rule (the rules of check) and judge every
//     loop of every function of each.
//  3. Match functions by name: the k-th range (in address order) carrying a
//     name in A pairs with the k-th carrying it in B; aliases count as
//     names. A function is hot when one of its loops is hot in A or in B
//     (or, in a BOLT-rewritten binary, when --profile counts it).
//  4. Match the loops of a pair by ordinal (the n-th loop by start address,
//     hot or not); when the two have different loop counts, or loops of the
//     same ordinal differ in size, the function "changed shape" and its
//     loops are not compared.
//  5. Print the pairs, their hot loops, the hot functions found in only one
//     binary, and a summary (or --json); exit 1 when a hot function changed
//     alignment mod the line size or a hot loop newly straddles a line,
//     0 otherwise, 2 on errors.
//
//===----------------------------------------------------------------------===//

#include "CommandOptions.h"
#include "Commands.h"
#include "hotlayout/Tool/BinaryFile.h"
#include "hotlayout/Tool/Error.h"
#include "hotlayout/Tool/HotLoops.h"
#include "hotlayout/Tool/LoopFinder.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;

namespace hotlayout {

cl::SubCommand DiffSubcommand(
    "diff", "Report hot functions and hot loops that moved between two "
            "linked binaries (exit 1 if a hot function changed alignment mod "
            "the line size or a hot loop newly straddles a line, 2 on "
            "errors)");

static const std::string DiffHelp =
    std::string(HotLoopRulesHelp) +
    " A function is hot when one of its loops is hot in A or in B. "
    "Functions are matched by symbol name (aliases included), loops by their "
    "ordinal within the function; a function whose loop count or loop sizes "
    "differ changed shape and its loops are not compared.";

static cl::OptionCategory DiffCategory("hotlayout diff options", DiffHelp);

static cl::opt<std::string> PathA(cl::Positional, cl::Required,
                                  cl::desc("<binary A>"),
                                  cl::sub(DiffSubcommand),
                                  cl::cat(DiffCategory));

static cl::opt<std::string> PathB(cl::Positional, cl::Required,
                                  cl::desc("<binary B>"),
                                  cl::sub(DiffSubcommand),
                                  cl::cat(DiffCategory));

static HotLoopOptions Opts(DiffSubcommand, DiffCategory);

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
};

/// A hot function found in both binaries.
struct FunctionDiff {
  std::string Name; ///< A's name for it.
  uint64_t AddressA = 0, AddressB = 0;
  uint64_t SizeA = 0, SizeB = 0;
  bool ShapeChanged = false;

  bool moved() const { return AddressA != AddressB; }
  bool realigned() const {
    return AddressA % Opts.LineSize != AddressB % Opts.LineSize;
  }
};

/// A loop, hot in A or in B, of a function that kept its shape.
struct LoopDiff {
  std::string Function;
  size_t Ordinal = 0; ///< 1 for the function's first loop.
  const JudgedLoop *A = nullptr;
  const JudgedLoop *B = nullptr;

  bool realigned() const {
    return A->L.Start % Opts.LineSize != B->L.Start % Opts.LineSize;
  }
  bool regressed() const { return !A->straddles() && B->straddles(); }
  bool improved() const { return A->straddles() && !B->straddles(); }
};

/// A hot function that only one binary has.
struct Unmatched {
  std::string Name;
  uint64_t Address = 0;
  size_t HotLoops = 0;
};

struct Report {
  std::string Arch;
  std::vector<FunctionDiff> Functions;
  std::vector<LoopDiff> Loops;
  std::vector<Unmatched> OnlyInA, OnlyInB;

  size_t moved() const {
    return count_if(Functions, [](const FunctionDiff &F) { return F.moved(); });
  }
  size_t realignedFunctions() const {
    return count_if(Functions,
                    [](const FunctionDiff &F) { return F.realigned(); });
  }
  size_t shapeChanged() const {
    return count_if(Functions,
                    [](const FunctionDiff &F) { return F.ShapeChanged; });
  }
  size_t realignedLoops() const {
    return count_if(Loops, [](const LoopDiff &L) { return L.realigned(); });
  }
  size_t regressed() const {
    return count_if(Loops, [](const LoopDiff &L) { return L.regressed(); });
  }
  size_t improved() const {
    return count_if(Loops, [](const LoopDiff &L) { return L.improved(); });
  }
  /// What CI gates on: the layout changes that cost time.
  bool costly() const { return realignedFunctions() || regressed(); }
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
  RangeSource Source;
  auto Ranges = S.File->codeRanges(Source);
  if (!Ranges)
    return Ranges.takeError();
  if (Source != RangeSource::Symbols)
    return fileError(Path, "has no .symtab function symbols, and diff "
                           "matches functions by name; diff unstripped "
                           "copies of both binaries");
  S.Ranges = std::move(*Ranges);
  return S;
}

static StringRef archName(const Side &S) {
  return Triple::getArchTypeName(S.File->object().getArch());
}

/// Judges every loop of \p S (step 2).
static Error judgeSide(Side &S, const LoopFinder &Finder) {
  auto Judge = makeJudge(*S.File, Opts.config(), commandDiagnostics("diff"));
  if (!Judge)
    return Judge.takeError();
  S.Judge = std::move(*Judge);
  for (const CodeRange &R : S.Ranges) {
    S.Loops.push_back(judgeLoops(Finder, S.Judge, R, Opts.LineSize));
    S.NotJudged += count_if(S.Loops.back(),
                            [](const JudgedLoop &L) { return !L.V.Judged; });
  }
  return Error::success();
}

/// For every range of \p A, the index of its partner in \p B, if any
/// (step 3).
static std::vector<std::optional<size_t>> matchFunctions(const Side &A,
                                                         const Side &B) {
  StringMap<std::vector<size_t>> BByName;
  for (size_t I = 0; I < B.Ranges.size(); ++I) {
    BByName[B.Ranges[I].Name].push_back(I);
    for (const std::string &Alias : B.Ranges[I].Aliases)
      BByName[Alias].push_back(I);
  }
  std::vector<bool> Taken(B.Ranges.size());
  StringMap<size_t> SeenInA; // How many earlier A ranges carried a name.
  std::vector<std::optional<size_t>> Partner(A.Ranges.size());
  for (size_t I = 0; I < A.Ranges.size(); ++I) {
    const CodeRange &R = A.Ranges[I];
    SmallVector<StringRef, 2> Names{R.Name};
    Names.append(R.Aliases.begin(), R.Aliases.end());
    for (StringRef Name : Names) {
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
static std::vector<Unmatched> unmatchedHot(const Side &S,
                                           const std::vector<bool> &Matched) {
  std::vector<Unmatched> Out;
  for (size_t I = 0; I < S.Ranges.size(); ++I)
    if (!Matched[I] && S.isHot(I))
      Out.push_back(
          {S.Ranges[I].Name, S.Ranges[I].Address, hotLoops(S.Loops[I])});
  return Out;
}

/// Steps 3-4: pairs, their hot loops, and what only one side has.
static Report compare(const Side &A, const Side &B) {
  Report R;
  R.Arch = archName(A).str();
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
    R.Functions.push_back(F);
    if (F.ShapeChanged)
      continue;
    for (size_t N = 0; N < A.Loops[I].size(); ++N) {
      const JudgedLoop &LA = A.Loops[I][N], &LB = B.Loops[J][N];
      if (LA.V.Hot || LB.V.Hot)
        R.Loops.push_back({F.Name, N + 1, &LA, &LB});
    }
  }
  R.OnlyInA = unmatchedHot(A, MatchedA);
  R.OnlyInB = unmatchedHot(B, MatchedB);
  return R;
}

static std::string lineOffset(uint64_t Address) {
  return std::to_string(Address % Opts.LineSize);
}

/// A table whose columns are as wide as their widest cell, two spaces apart;
/// the last column is left unpadded.
static void printTable(ArrayRef<std::vector<std::string>> Rows,
                       raw_ostream &OS) {
  std::vector<size_t> Width;
  for (const auto &Row : Rows)
    for (size_t C = 0; C < Row.size(); ++C) {
      Width.resize(std::max(Width.size(), Row.size()));
      Width[C] = std::max(Width[C], Row[C].size());
    }
  for (const auto &Row : Rows) {
    std::string Line;
    for (size_t C = 0; C < Row.size(); ++C) {
      if (C)
        Line += "  ";
      Line += Row[C];
      if (C + 1 < Row.size())
        Line.append(Width[C] - Row[C].size(), ' ');
    }
    OS << StringRef(Line).rtrim() << '\n';
  }
}

static std::string functionNote(const FunctionDiff &F) {
  std::string Note;
  if (F.realigned())
    Note = "ALIGNMENT CHANGED";
  if (F.ShapeChanged)
    Note += Note.empty() ? "changed shape" : ", changed shape";
  return Note;
}

static std::string loopNote(const LoopDiff &L) {
  if (L.regressed())
    return "REGRESSED (now straddles)";
  if (L.improved())
    return "IMPROVED (no longer straddles)";
  std::string Note = L.realigned() ? "alignment changed" : "";
  if (L.B->straddles())
    Note += Note.empty() ? "straddles in both" : ", straddles in both";
  return Note;
}

static void printUnmatched(StringRef Which, ArrayRef<Unmatched> Functions,
                           raw_ostream &OS) {
  for (const Unmatched &U : Functions)
    OS << "only in " << Which << ": " << U.Name << " at "
       << hexAddress(U.Address) << " (" << U.HotLoops << " hot loops)\n";
}

static void printText(const Side &A, const Side &B, const Report &R,
                      raw_ostream &OS) {
  unsigned Line = Opts.LineSize;
  OS << "hotlayout diff: " << A.Path << " -> " << B.Path << " (" << R.Arch
     << ", " << Line << "-byte lines)\n";
  std::string RuleA = A.Judge.ruleText(), RuleB = B.Judge.ruleText();
  if (RuleA == RuleB) {
    OS << "hot loops: " << RuleA << '\n';
  } else {
    OS << "hot loops in A: " << RuleA << '\n';
    OS << "hot loops in B: " << RuleB << '\n';
  }
  for (const Side *S : {&A, &B})
    if (S->Judge.IgnoredStaleMap)
      OS << "note: '" << S->Path << "' " << StaleMapNote << '\n';
  if (size_t NotJudged = A.NotJudged + B.NotJudged)
    OS << "note: " << NotJudged
       << " loops lie in code without block frequencies and were not judged\n";

  std::string ModA = formatv("A%{0}", Line), ModB = formatv("B%{0}", Line);
  if (!R.Functions.empty()) {
    std::vector<std::vector<std::string>> Rows = {
        {"FUNCTION", "ADDR-A", "ADDR-B", ModA, ModB, "SIZE-A", "SIZE-B",
         "MOVED", ""}};
    for (const FunctionDiff &F : R.Functions)
      Rows.push_back({F.Name, hexAddress(F.AddressA), hexAddress(F.AddressB),
                      lineOffset(F.AddressA), lineOffset(F.AddressB),
                      std::to_string(F.SizeA), std::to_string(F.SizeB),
                      F.moved() ? "yes" : "no", functionNote(F)});
    printTable(Rows, OS);
  }
  if (!R.Loops.empty()) {
    std::vector<std::vector<std::string>> Rows = {
        {"FUNCTION", "LOOP", "START-A", "START-B", ModA, ModB, "SIZE",
         "LINES-A", "LINES-B", "MIN", ""}};
    for (const LoopDiff &L : R.Loops)
      Rows.push_back({L.Function, "#" + std::to_string(L.Ordinal),
                      hexAddress(L.A->L.Start), hexAddress(L.B->L.Start),
                      lineOffset(L.A->L.Start), lineOffset(L.B->L.Start),
                      std::to_string(L.A->L.size()), std::to_string(L.A->Lines),
                      std::to_string(L.B->Lines), std::to_string(L.A->MinLines),
                      loopNote(L)});
    printTable(Rows, OS);
  }
  printUnmatched("A", R.OnlyInA, OS);
  printUnmatched("B", R.OnlyInB, OS);
  if (size_t Changed = R.shapeChanged())
    OS << "note: " << Changed
       << " hot functions changed shape (another number or size of loops); "
          "their loops are not compared\n";
  OS << R.Functions.size() << " hot functions: " << R.moved() << " moved, "
     << R.realignedFunctions() << " changed alignment mod " << Line << "; "
     << R.Loops.size() << " hot loops: " << R.realignedLoops()
     << " changed alignment, " << R.regressed() << " now straddle, "
     << R.improved() << " no longer straddle\n";
}

static void writeSideJSON(json::OStream &J, const Side &S) {
  J.attribute("file", S.Path);
  J.attribute("arch", archName(S));
  J.attribute("stale_bb_addr_map_ignored", S.Judge.IgnoredStaleMap);
  S.Judge.writeJSON(J);
  J.attribute("not_judged", int64_t(S.NotJudged));
}

static void writeUnmatchedJSON(json::OStream &J, StringRef Key,
                               ArrayRef<Unmatched> Functions) {
  J.attributeArray(Key, [&] {
    for (const Unmatched &U : Functions)
      J.object([&] {
        J.attribute("name", U.Name);
        J.attribute("address", hexAddress(U.Address));
        J.attribute("hot_loops", int64_t(U.HotLoops));
      });
  });
}

static void printJSON(const Side &A, const Side &B, const Report &R,
                      raw_ostream &OS) {
  json::OStream J(OS, 2);
  J.object([&] {
    J.attributeObject("a", [&] { writeSideJSON(J, A); });
    J.attributeObject("b", [&] { writeSideJSON(J, B); });
    J.attribute("line_size", int64_t(Opts.LineSize));
    J.attributeArray("functions", [&] {
      for (const FunctionDiff &F : R.Functions)
        J.object([&] {
          J.attribute("name", F.Name);
          J.attribute("address_a", hexAddress(F.AddressA));
          J.attribute("address_b", hexAddress(F.AddressB));
          J.attribute("line_offset_a", int64_t(F.AddressA % Opts.LineSize));
          J.attribute("line_offset_b", int64_t(F.AddressB % Opts.LineSize));
          J.attribute("size_a", int64_t(F.SizeA));
          J.attribute("size_b", int64_t(F.SizeB));
          J.attribute("moved", F.moved());
          J.attribute("alignment_changed", F.realigned());
          J.attribute("shape_changed", F.ShapeChanged);
        });
    });
    J.attributeArray("loops", [&] {
      for (const LoopDiff &L : R.Loops)
        J.object([&] {
          J.attribute("function", L.Function);
          J.attribute("ordinal", int64_t(L.Ordinal));
          J.attribute("start_a", hexAddress(L.A->L.Start));
          J.attribute("start_b", hexAddress(L.B->L.Start));
          J.attribute("line_offset_a", int64_t(L.A->L.Start % Opts.LineSize));
          J.attribute("line_offset_b", int64_t(L.B->L.Start % Opts.LineSize));
          J.attribute("size", int64_t(L.A->L.size()));
          J.attribute("lines_a", int64_t(L.A->Lines));
          J.attribute("lines_b", int64_t(L.B->Lines));
          J.attribute("min_lines", int64_t(L.A->MinLines));
          J.attribute("alignment_changed", L.realigned());
          J.attribute("straddles_a", L.A->straddles());
          J.attribute("straddles_b", L.B->straddles());
          J.attribute("regressed", L.regressed());
          J.attribute("improved", L.improved());
        });
    });
    writeUnmatchedJSON(J, "only_in_a", R.OnlyInA);
    writeUnmatchedJSON(J, "only_in_b", R.OnlyInB);
    J.attributeObject("summary", [&] {
      J.attribute("hot_functions", int64_t(R.Functions.size()));
      J.attribute("moved", int64_t(R.moved()));
      J.attribute("alignment_changed", int64_t(R.realignedFunctions()));
      J.attribute("shape_changed", int64_t(R.shapeChanged()));
      J.attribute("hot_loops", int64_t(R.Loops.size()));
      J.attribute("loop_alignment_changed", int64_t(R.realignedLoops()));
      J.attribute("now_straddle", int64_t(R.regressed()));
      J.attribute("no_longer_straddle", int64_t(R.improved()));
      J.attribute("only_in_a", int64_t(R.OnlyInA.size()));
      J.attribute("only_in_b", int64_t(R.OnlyInB.size()));
    });
  });
  OS << '\n';
}

/// Keeps the functions --function names in both sides; each name must be
/// in at least one of them (a function may be new or gone).
static Error selectFunctions(Side &A, Side &B) {
  if (std::optional<std::string> Name =
          Opts.config().unknownFunction(A.Ranges, B.Ranges))
    return makeError("neither '" + A.Path + "' nor '" + B.Path +
                     "' has a function named '" + *Name +
                     "'; list them with llvm-nm");
  for (Side *S : {&A, &B})
    llvm::erase_if(S->Ranges, [](const CodeRange &R) {
      return !Opts.config().selects(R);
    });
  return Error::success();
}

static Expected<bool> diff() {
  if (Error E = Opts.config().validate())
    return E;
  auto A = openSide(PathA);
  if (!A)
    return A.takeError();
  auto B = openSide(PathB);
  if (!B)
    return B.takeError();
  if (A->File->object().getArch() != B->File->object().getArch())
    return makeError("'" + PathA + "' is " + archName(*A) + " but '" + PathB +
                     "' is " + archName(*B) +
                     "; diff compares two builds of one program for one "
                     "architecture");
  if (Error E = selectFunctions(*A, *B))
    return E;

  auto Finder = LoopFinder::create(A->File->triple());
  if (!Finder)
    return fileError(PathA,
                     "cannot be disassembled: " + toString(Finder.takeError()));
  for (Side *S : {&*A, &*B})
    if (Error E = judgeSide(*S, **Finder))
      return E;
  if (const auto &Profile = A->Judge.Profile;
      Profile &&
      none_of(A->Ranges,
              [&](const CodeRange &F) { return Profile->mentions(F); }) &&
      none_of(B->Ranges,
              [&](const CodeRange &F) { return Profile->mentions(F); }))
    reportWarning("diff", fileError(Opts.ProfilePath,
                                    "names none of the compared functions "
                                    "of '" +
                                        PathA + "' or '" + PathB +
                                        "'; was it recorded on one of them?"));

  Report R = compare(*A, *B);
  if (Opts.EmitJSON)
    printJSON(*A, *B, R, outs());
  else
    printText(*A, *B, R, outs());
  return R.costly();
}

int runDiffCommand() {
  Expected<bool> Costly = diff();
  if (!Costly)
    return reportError("diff", Costly.takeError());
  return *Costly ? ExitFindings : ExitClean;
}

} // namespace hotlayout
