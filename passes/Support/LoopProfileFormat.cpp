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
/// only, no overflow). By hand: every compile of a program reads the
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

namespace {
/// The records of a loop profile's text, line by line: blank lines and
/// comments skipped, each record trimmed, its line counted for messages.
class RecordReader {
public:
  RecordReader(StringRef Text, StringRef Name, unsigned LineNo = 0)
      : Text(Text), Name(Name), LineNo(LineNo) {}

  /// The next record into \p Line; false at the end.
  bool next(StringRef &Line) {
    while (!Text.empty()) {
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
      if (!Line.empty() && Line.front() != '#')
        return true;
    }
    return false;
  }
  /// Where the text after the last record read starts.
  const char *rest() const { return Text.data(); }
  unsigned line() const { return LineNo; }
  Error bad(const Twine &What) const {
    return createStringError(inconvertibleErrorCode(),
                             Name + ":" + Twine(LineNo) + ": " + What);
  }

private:
  StringRef Text, Name;
  unsigned LineNo;
};

/// What the records outside the functions' own say (readOuterRecord).
struct OuterState {
  bool SawHeader = false;
  bool InFunction = false;
  uint64_t HotThreshold = 0;
  StringSet<> Seen;
};
} // namespace

/// Is \p Keyword one of a function's own records (block, loop, edge)?
static bool isFunctionRecord(StringRef Keyword) {
  return Keyword == "block" || Keyword == "loop" || Keyword == "edge";
}

/// A function's own record \p Fields into \p F (null: before any function,
/// an error); R's error for a record that does not read.
static Error readFunctionRecord(ArrayRef<StringRef> Fields,
                                LoopProfileFunction *F, const RecordReader &R) {
  SmallVector<uint64_t, 5> N;
  if (Fields[0] == "block") {
    if (!F || !readNumbers(Fields, 2, N) || N[0] > UINT32_MAX)
      return R.bad("expected `block <id> <count>` after a function");
    F->Blocks.push_back({uint32_t(N[0]), N[1]});
  } else if (Fields[0] == "loop") {
    if (!F || !readNumbers(Fields, 5, N) || N[0] > UINT32_MAX || N[4] > 1)
      return R.bad("expected `loop <target-id> <taken> <entries> <fallin> "
                   "<hot 0|1>` after a function");
    F->Loops.push_back({uint32_t(N[0]), N[1], N[2], N[3], N[4] == 1});
  } else {
    if (!F || !readNumbers(Fields, 3, N) || N[0] > UINT32_MAX ||
        N[1] > UINT32_MAX)
      return R.bad("expected `edge <from-id> <to-id> <count>` after a "
                   "function");
    F->Edges.push_back({uint32_t(N[0]), uint32_t(N[1]), N[2]});
  }
  return Error::success();
}

/// Any record but a function's own: the header (first), the threshold,
/// `function NAME` (\p NewFunction gets the name); an unknown keyword is an
/// error.
static Error readOuterRecord(ArrayRef<StringRef> Fields, OuterState &S,
                             const RecordReader &R,
                             std::optional<StringRef> &NewFunction) {
  if (!S.SawHeader) {
    if (Fields.size() != 2 || Fields[0] != LoopProfileMagic)
      return R.bad("not a loop profile (`hotlayout loops` writes them)");
    if (Fields[1] != Twine(LoopProfileVersion).str())
      return R.bad("loop profile version " + quoted(Fields[1]) +
                   " (this hotalign reads version " +
                   Twine(LoopProfileVersion) + ")");
    S.SawHeader = true;
    return Error::success();
  }
  SmallVector<uint64_t, 1> N;
  if (Fields[0] == "threshold") {
    if (S.InFunction || !readNumbers(Fields, 1, N))
      return R.bad("expected `threshold <count>` before the functions");
    S.HotThreshold = N[0];
  } else if (Fields[0] == "function") {
    if (Fields.size() != 2)
      return R.bad("expected `function <name>`");
    if (!S.Seen.insert(Fields[1]).second)
      return R.bad("function " + quoted(Fields[1]) + " given twice");
    S.InFunction = true;
    NewFunction = Fields[1];
  } else {
    return R.bad("unknown record " + quoted(Fields[0]));
  }
  return Error::success();
}

Expected<LoopProfile> parseLoopProfile(StringRef Text, StringRef Name) {
  LoopProfile P;
  LoopProfileFunction *Current = nullptr;
  OuterState S;
  RecordReader R(Text, Name);
  StringRef Line;
  while (R.next(Line)) {
    SmallVector<StringRef, 8> Fields;
    splitFields(Line, Fields);
    if (S.SawHeader && isFunctionRecord(Fields[0])) {
      if (Error E = readFunctionRecord(Fields, Current, R))
        return std::move(E);
      continue;
    }
    std::optional<StringRef> NewFunction;
    if (Error E = readOuterRecord(Fields, S, R, NewFunction))
      return std::move(E);
    if (NewFunction) {
      Current = &P.Functions.emplace_back();
      Current->Name = NewFunction->str();
    }
  }
  if (!S.SawHeader)
    return R.bad("empty: not a loop profile");
  P.HotThreshold = S.HotThreshold;
  return std::move(P);
}

Expected<LoopProfileIndex> LoopProfileIndex::scan(StringRef Text,
                                                  StringRef Name) {
  LoopProfileIndex Index;
  Index.Name = Name.str();
  OuterState S;
  RecordReader R(Text, Name);
  Body *Current = nullptr;
  StringRef Line;
  while (R.next(Line)) {
    StringRef Keyword = Line.take_until([](char C) { return C == ' '; });
    if (S.SawHeader && isFunctionRecord(Keyword)) {
      // Read when the function is asked for; only its place is checked.
      if (!Current) {
        SmallVector<StringRef, 8> Fields;
        splitFields(Line, Fields);
        return readFunctionRecord(Fields, nullptr, R);
      }
      Current->End = R.rest();
      continue;
    }
    SmallVector<StringRef, 8> Fields;
    splitFields(Line, Fields);
    std::optional<StringRef> NewFunction;
    if (Error E = readOuterRecord(Fields, S, R, NewFunction))
      return std::move(E);
    if (NewFunction) {
      Current = &Index.Bodies[*NewFunction];
      Current->Begin = Current->End = R.rest();
      Current->Line = R.line();
      Index.Names.push_back(*NewFunction);
    }
  }
  if (!S.SawHeader)
    return R.bad("empty: not a loop profile");
  Index.HotThreshold = S.HotThreshold;
  return std::move(Index);
}

Expected<std::optional<LoopProfileFunction>>
LoopProfileIndex::function(StringRef Function) const {
  auto It = Bodies.find(Function);
  if (It == Bodies.end())
    return std::nullopt;
  const Body &B = It->second;
  LoopProfileFunction F;
  F.Name = Function.str();
  RecordReader R(StringRef(B.Begin, B.End - B.Begin), Name, B.Line);
  StringRef Line;
  while (R.next(Line)) {
    SmallVector<StringRef, 8> Fields;
    splitFields(Line, Fields);
    if (Error E = readFunctionRecord(Fields, &F, R))
      return std::move(E);
  }
  return std::move(F);
}

} // namespace hotlayout
