//===- Error.cpp - Errors and warnings of the tool library ----------------===//

#include "hotlayout/Tool/Error.h"

using namespace llvm;

namespace hotlayout {

Error makeError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

Error fileError(const Twine &File, const Twine &Message) {
  return makeError("'" + File + "' " + Message);
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
