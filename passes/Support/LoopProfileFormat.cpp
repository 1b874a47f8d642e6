//===- LoopProfileFormat.cpp - The loop profile file ----------------------===//

#include "hotlayout/Support/LoopProfileFormat.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"

#include <cstdint>

using namespace llvm;

namespace hotlayout {

size_t LoopProfile::loopCount() const {
  size_t N = 0;
  for (const LoopProfileFunction &F : Functions)
    N += F.Loops.size();
  return N;
}

size_t LoopProfile::hotLoopCount() const {
  size_t N = 0;
  for (const LoopProfileFunction &F : Functions)
    N += count_if(F.Loops, [](const LoopProfileLoop &L) { return L.Hot; });
  return N;
}

void writeLoopProfile(const LoopProfile &P, raw_ostream &OS) {
  OS << LoopProfileMagic << ' ' << LoopProfileVersion << '\n';
  for (const std::string &C : P.Comments)
    OS << "# " << C << '\n';
  if (P.HotThreshold)
    OS << "threshold " << P.HotThreshold << '\n';
  for (const LoopProfileFunction &F : P.Functions) {
    OS << "function " << F.Name << '\n';
    for (const LoopProfileBlock &B : F.Blocks)
      OS << "block " << B.ID << ' ' << B.Count << '\n';
    for (const LoopProfileLoop &L : F.Loops)
      OS << "loop " << L.TargetID << ' ' << L.Taken << ' ' << L.Entries << ' '
         << L.FallIn << ' ' << (L.Hot ? 1 : 0) << '\n';
    for (const LoopProfileEdge &E : F.Edges)
      OS << "edge " << E.FromID << ' ' << E.ToID << ' ' << E.Count << '\n';
  }
}

/// \p Field as a decimal number (StringRef::getAsInteger(10)'s rule: digits
/// only, no overflow). By hand: every compile of a program reads the whole
/// profile, one number per few bytes.
static bool readDecimal(StringRef Field, uint64_t &V) {
  if (Field.empty())
    return false;
  V = 0;
  for (char C : Field) {
    if (C < '0' || C > '9')
      return false;
    uint64_t Digit = uint64_t(C - '0');
    if (V > (UINT64_MAX - Digit) / 10)
      return false;
    V = V * 10 + Digit;
  }
  return true;
}

/// The numbers of a record after its keyword, which must be \p Count.
static bool readNumbers(ArrayRef<StringRef> Fields, size_t Count,
                        SmallVectorImpl<uint64_t> &Out) {
  if (Fields.size() != Count + 1)
    return false;
  for (StringRef F : Fields.drop_front()) {
    uint64_t V;
    if (!readDecimal(F, V))
      return false;
    Out.push_back(V);
  }
  return true;
}

static bool isTrimmedSpace(char C) {
  return C == ' ' || C == '\t' || C == '\n' || C == '\v' || C == '\f' ||
         C == '\r';
}

/// \p Line's fields: split at spaces, empty fields dropped
/// (StringRef::split(..., ' ', -1, false), as a loop over the bytes).
static void splitFields(StringRef Line, SmallVectorImpl<StringRef> &Fields) {
  size_t Start = 0, End = Line.size();
  for (size_t I = 0; I <= End; ++I)
    if (I == End || Line[I] == ' ') {
      if (I > Start)
        Fields.push_back(Line.slice(Start, I));
      Start = I + 1;
    }
}

/// \p Field as an error quotes it: a damaged file's bytes outside printable
/// ASCII written \XX, so that they reach no terminal (and no control byte
/// breaks the line a build log keeps).
static std::string quoted(StringRef Field) {
  std::string Out = "'";
  raw_string_ostream OS(Out);
  printEscapedString(Field, OS);
  OS << "'";
  return Out;
}

Expected<LoopProfile> parseLoopProfile(StringRef Text, StringRef Name) {
  LoopProfile P;
  LoopProfileFunction *Current = nullptr;
  StringSet<> Seen;
  unsigned LineNo = 0;
  bool SawHeader = false;
  auto Bad = [&](const Twine &What) {
    return createStringError(inconvertibleErrorCode(),
                             Name + ":" + Twine(LineNo) + ": " + What);
  };
  while (!Text.empty()) {
    StringRef Line;
    size_t EndOfLine = Text.find('\n');
    Line = Text.take_front(EndOfLine);
    Text = EndOfLine == StringRef::npos ? StringRef()
                                        : Text.drop_front(EndOfLine + 1);
    ++LineNo;
    // Line.trim(), by hand (see readDecimal).
    while (!Line.empty() && isTrimmedSpace(Line.front()))
      Line = Line.drop_front();
    while (!Line.empty() && isTrimmedSpace(Line.back()))
      Line = Line.drop_back();
    if (Line.empty() || Line.front() == '#')
      continue;
    SmallVector<StringRef, 8> Fields;
    splitFields(Line, Fields);
    if (!SawHeader) {
      if (Fields.size() != 2 || Fields[0] != LoopProfileMagic)
        return Bad("not a loop profile (`hotlayout loops` writes them)");
      if (Fields[1] != Twine(LoopProfileVersion).str())
        return Bad("loop profile version " + quoted(Fields[1]) +
                   " (this hotalign reads version " +
                   Twine(LoopProfileVersion) + ")");
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
      if (!Seen.insert(Fields[1]).second)
        return Bad("function " + quoted(Fields[1]) + " given twice");
      Current = &P.Functions.emplace_back();
      Current->Name = Fields[1].str();
    } else if (Fields[0] == "block") {
      if (!Current || !readNumbers(Fields, 2, N) || N[0] > UINT32_MAX)
        return Bad("expected `block <id> <count>` after a function");
      Current->Blocks.push_back({uint32_t(N[0]), N[1]});
    } else if (Fields[0] == "loop") {
      if (!Current || !readNumbers(Fields, 5, N) || N[0] > UINT32_MAX ||
          N[4] > 1)
        return Bad("expected `loop <target-id> <taken> <entries> <fallin> "
                   "<hot 0|1>` after a function");
      Current->Loops.push_back({uint32_t(N[0]), N[1], N[2], N[3], N[4] == 1});
    } else if (Fields[0] == "edge") {
      if (!Current || !readNumbers(Fields, 3, N) || N[0] > UINT32_MAX ||
          N[1] > UINT32_MAX)
        return Bad("expected `edge <from-id> <to-id> <count>` after a "
                   "function");
      Current->Edges.push_back({uint32_t(N[0]), uint32_t(N[1]), N[2]});
    } else {
      return Bad("unknown record " + quoted(Fields[0]));
    }
  }
  if (!SawHeader)
    return Bad("empty: not a loop profile");
  return std::move(P);
}

} // namespace hotlayout
