//===- DiffReport.cpp - The printers of hotlayout diff --------------------===//

#include "hotlayout/Tool/Diff/Diff.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace llvm;

namespace hotlayout {

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
  if (F.Realigned)
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
  std::string Note = L.Realigned ? "alignment changed" : "";
  if (L.B.straddles())
    Note += Note.empty() ? "straddles in both" : ", straddles in both";
  // Lines of a loop larger than tight are listed, never counted.
  if (!L.A.tight() || !L.B.tight())
    Note += Note.empty() ? "not tight" : ", not tight";
  return Note;
}

static void printUnmatched(StringRef Which,
                           ArrayRef<UnmatchedFunction> Functions,
                           raw_ostream &OS) {
  for (const UnmatchedFunction &U : Functions)
    OS << "only in " << Which << ": " << U.Name << " at "
       << hexAddress(U.Address) << " (" << U.HotLoops << " hot loops)\n";
}

void printDiffText(const DiffResult &R, raw_ostream &OS) {
  unsigned Line = R.LineSize;
  auto LineOffset = [&](uint64_t Address) {
    return std::to_string(Address % Line);
  };
  OS << "hotlayout diff: " << R.A.Path << " -> " << R.B.Path << " (" << R.Arch
     << ", " << Line << "-byte lines)\n";
  std::string RuleA = R.A.Judge.ruleText(), RuleB = R.B.Judge.ruleText();
  if (RuleA == RuleB) {
    OS << "hot loops: " << RuleA << '\n';
  } else {
    OS << "hot loops in A: " << RuleA << '\n';
    OS << "hot loops in B: " << RuleB << '\n';
  }
  for (const DiffSide *S : {&R.A, &R.B})
    if (S->Judge.IgnoredStaleMap)
      OS << "note: '" << S->Path << "' " << StaleMapNote << '\n';
  if (size_t NotJudged = R.A.NotJudged + R.B.NotJudged)
    OS << "note: " << NotJudged
       << " loops lie in code without block frequencies and were not judged\n";

  std::string ModA = formatv("A%{0}", Line), ModB = formatv("B%{0}", Line);
  if (!R.Functions.empty()) {
    std::vector<std::vector<std::string>> Rows = {
        {"FUNCTION", "ADDR-A", "ADDR-B", ModA, ModB, "SIZE-A", "SIZE-B",
         "MOVED", ""}};
    for (const FunctionDiff &F : R.Functions)
      Rows.push_back({F.Name, hexAddress(F.AddressA), hexAddress(F.AddressB),
                      LineOffset(F.AddressA), LineOffset(F.AddressB),
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
                      hexAddress(L.A.L.Start), hexAddress(L.B.L.Start),
                      LineOffset(L.A.L.Start), LineOffset(L.B.L.Start),
                      std::to_string(L.A.Bytes), std::to_string(L.A.Lines),
                      std::to_string(L.B.Lines), std::to_string(L.A.MinLines),
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

static void writeSideJSON(json::OStream &J, const DiffSide &S) {
  J.attribute("file", S.Path);
  J.attribute("arch", S.Arch);
  J.attribute("stale_bb_addr_map_ignored", S.Judge.IgnoredStaleMap);
  S.Judge.writeJSON(J);
  J.attribute("not_judged", int64_t(S.NotJudged));
}

static void writeUnmatchedJSON(json::OStream &J, StringRef Key,
                               ArrayRef<UnmatchedFunction> Functions) {
  J.attributeArray(Key, [&] {
    for (const UnmatchedFunction &U : Functions)
      J.object([&] {
        J.attribute("name", U.Name);
        J.attribute("address", hexAddress(U.Address));
        J.attribute("hot_loops", int64_t(U.HotLoops));
      });
  });
}

void printDiffJSON(const DiffResult &R, raw_ostream &OS) {
  int64_t Line = R.LineSize;
  json::OStream J(OS, 2);
  J.object([&] {
    J.attributeObject("a", [&] { writeSideJSON(J, R.A); });
    J.attributeObject("b", [&] { writeSideJSON(J, R.B); });
    J.attribute("line_size", Line);
    J.attributeArray("functions", [&] {
      for (const FunctionDiff &F : R.Functions)
        J.object([&] {
          J.attribute("name", F.Name);
          J.attribute("address_a", hexAddress(F.AddressA));
          J.attribute("address_b", hexAddress(F.AddressB));
          J.attribute("line_offset_a", int64_t(F.AddressA % Line));
          J.attribute("line_offset_b", int64_t(F.AddressB % Line));
          J.attribute("size_a", int64_t(F.SizeA));
          J.attribute("size_b", int64_t(F.SizeB));
          J.attribute("moved", F.moved());
          J.attribute("alignment_changed", F.Realigned);
          J.attribute("shape_changed", F.ShapeChanged);
        });
    });
    J.attributeArray("loops", [&] {
      for (const LoopDiff &L : R.Loops)
        J.object([&] {
          J.attribute("function", L.Function);
          J.attribute("ordinal", int64_t(L.Ordinal));
          J.attribute("start_a", hexAddress(L.A.L.Start));
          J.attribute("start_b", hexAddress(L.B.L.Start));
          J.attribute("line_offset_a", int64_t(L.A.L.Start % Line));
          J.attribute("line_offset_b", int64_t(L.B.L.Start % Line));
          J.attribute("size", int64_t(L.A.L.size()));
          J.attribute("lines_a", int64_t(L.A.Lines));
          J.attribute("lines_b", int64_t(L.B.Lines));
          J.attribute("min_lines", int64_t(L.A.MinLines));
          J.attribute("alignment_changed", L.Realigned);
          J.attribute("straddles_a", L.A.straddles());
          J.attribute("straddles_b", L.B.straddles());
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

} // namespace hotlayout
