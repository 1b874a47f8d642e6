//===- Error.cpp - Errors and warnings of the tool library ----------------===//

#include "hotlayout/Tool/Support/Error.h"

#include "hotlayout/Support/InputFile.h"

using namespace llvm;

namespace hotlayout {

Error makeError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

Error fileError(const Twine &File, const Twine &Message) {
  return makeError("'" + File + "' " + Message);
}

// `hotlayout flags` reads the loop profile the plugin reads: one limit.
static_assert(input_limits::LoopProfile == LoopProfileMaxBytes);

// The checks are the plugin's too (readRegularFile()); the CLI's errors add
// the fix for the option the file came from.
Expected<std::unique_ptr<MemoryBuffer>>
readInputFile(StringRef Path, uint64_t MaxSize, const Twine &Fix, bool IsText) {
  auto Buffer = readRegularFile(Path, MaxSize, IsText);
  if (!Buffer)
    return fileError(Path, toString(Buffer.takeError()) + "; " + Fix);
  return std::move(*Buffer);
}

std::string printable(StringRef Text, size_t Max) {
  std::string Out;
  for (unsigned char C : Text.take_front(Max)) {
    if (C >= 0x20 && C < 0x7f && C != '\\') {
      Out += char(C);
      continue;
    }
    static const char Digits[] = "0123456789abcdef";
    Out += "\\x";
    Out += Digits[C >> 4];
    Out += Digits[C & 15];
  }
  if (Text.size() > Max)
    Out += "...";
  return Out;
}

void printNamesNote(raw_ostream &OS, const Twine &Text,
                    ArrayRef<std::string> Names) {
  if (Names.empty())
    return;
  OS << "note: " << Text << ':';
  for (const std::string &N : Names)
    OS << ' ' << N;
  OS << '\n';
}

void Diagnostics::warning(Error E) const {
  if (OnWarning)
    OnWarning(std::move(E));
  else
    consumeError(std::move(E));
}

void Diagnostics::progress(const Twine &Line) const {
  if (OnProgress)
    OnProgress(Line);
}

} // namespace hotlayout
