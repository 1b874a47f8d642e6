//===- OutputRule.cpp - No output may name an input -----------------------===//

#include "hotlayout/Tool/Support/OutputRule.h"

#include "hotlayout/Tool/Support/Error.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace hotlayout {

/// The real path of \p P's directory plus its file name: what \p P will
/// name once created, through any symbolic link in its directories. Empty
/// when the directory does not resolve.
static std::string realName(StringRef P) {
  SmallString<256> Dir(P);
  if (sys::fs::make_absolute(Dir))
    return "";
  sys::path::remove_filename(Dir);
  SmallString<256> Real;
  if (sys::fs::real_path(Dir, Real))
    return "";
  sys::path::append(Real, sys::path::filename(P));
  return std::string(Real);
}

bool sameFile(StringRef A, StringRef B) {
  // stat() follows symbolic links and compares st_dev and st_ino, so a
  // hard link or a link to the file is caught too.
  bool Same = false;
  if (!sys::fs::equivalent(A, B, Same))
    return Same;
  std::string RA = realName(A), RB = realName(B);
  return !RA.empty() && RA == RB;
}

Error checkOutputNotInput(StringRef Command, StringRef Output,
                          ArrayRef<NamedInput> Inputs) {
  for (const NamedInput &In : Inputs) {
    if (In.Path.empty() || !sameFile(Output, In.Path))
      continue;
    std::string Which = In.Role.str();
    if (In.Path != Output)
      Which += " '" + In.Path.str() + "'";
    return fileError(Output, "is the input " + Which + "; " + Command +
                                 " never modifies its input: choose another "
                                 "-o");
  }
  return Error::success();
}

} // namespace hotlayout
