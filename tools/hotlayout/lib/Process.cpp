//===- Process.cpp - Running child processes ------------------------------===//

#include "hotlayout/Tool/Process.h"

#include "hotlayout/Tool/Error.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

using namespace llvm;

namespace hotlayout {

std::string ProcessResult::why() const {
  if (ExecFailed || Status < 0)
    return ErrMsg;
  return "exit status " + std::to_string(Status);
}

ProcessResult runProcess(StringRef Program, ArrayRef<StringRef> Argv,
                         ArrayRef<std::optional<StringRef>> Redirects) {
  ProcessResult R;
  R.Status = sys::ExecuteAndWait(Program, Argv, /*Env=*/std::nullopt, Redirects,
                                 /*SecondsToWait=*/0,
                                 /*MemoryLimit=*/0, &R.ErrMsg, &R.ExecFailed);
  return R;
}

/// The lines of \p LogPath worth quoting: error lines, else the last few.
static std::string quoteLog(StringRef LogPath) {
  auto Buffer = MemoryBuffer::getFile(LogPath, /*IsText=*/true);
  if (!Buffer)
    return "";
  SmallVector<StringRef, 64> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
  SmallVector<StringRef, 8> Quoted;
  for (StringRef L : Lines)
    if (L.contains("ERROR") || L.contains("error:"))
      Quoted.push_back(L.trim());
  if (Quoted.empty())
    for (StringRef L : ArrayRef(Lines).take_back(3))
      Quoted.push_back(L.trim());
  std::string S;
  // A tool may echo bytes of a damaged input: escaped, like every quote.
  for (StringRef Q : ArrayRef(Quoted).take_front(5))
    S += "\n  " + printable(Q, 400);
  return S;
}

Error runLogged(ArrayRef<std::string> Args, StringRef LogPath,
                const Twine &What) {
  SmallVector<StringRef, 16> Argv(Args.begin(), Args.end());
  std::optional<StringRef> Redirects[] = {StringRef(""), LogPath, LogPath};
  ProcessResult R = runProcess(Args[0], Argv, Redirects);
  if (R.ExecFailed)
    return makeError(What + " failed: cannot run '" + Args[0] +
                     "': " + R.ErrMsg);
  if (R.succeeded())
    return Error::success();
  // The log is in a temporary directory the caller removes: what matters
  // of it is quoted here.
  return makeError(What + " failed (" + R.why() + "):" + quoteLog(LogPath));
}

std::string shellQuote(StringRef S) {
  std::string Quoted = "'";
  for (char C : S)
    Quoted += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Quoted + "'";
}

} // namespace hotlayout
