//===- hotlayout/Support/OptionParsers.h - Validated cl::opt values -------===//
//
// An option with an impossible value (a 48-byte cache line, a percentile
// past the profile summary's last cutoff) must fail where options are
// parsed, naming the option, not crash or silently switch a pass off later.
// These parsers reject such values in every host: opt, llc, clang -mllvm
// and HOTLAYOUT_OPTIONS.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_SUPPORT_OPTIONPARSERS_H
#define HOTLAYOUT_SUPPORT_OPTIONPARSERS_H

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MathExtras.h"

namespace hotlayout {

/// Accepts only non-zero powers of two (cache-line sizes).
struct PowerOfTwoParser : public llvm::cl::parser<unsigned> {
  using llvm::cl::parser<unsigned>::parser;
  bool parse(llvm::cl::Option &O, llvm::StringRef ArgName, llvm::StringRef Arg,
             unsigned &Value) {
    if (llvm::cl::parser<unsigned>::parse(O, ArgName, Arg, Value))
      return true;
    if (!llvm::isPowerOf2_32(Value))
      return O.error("'" + Arg + "' is not a power of two");
    return false;
  }
};

/// Accepts integers in [Min, Max] only.
template <int Min, int Max>
struct IntRangeParser : public llvm::cl::parser<int> {
  using llvm::cl::parser<int>::parser;
  bool parse(llvm::cl::Option &O, llvm::StringRef ArgName, llvm::StringRef Arg,
             int &Value) {
    if (llvm::cl::parser<int>::parse(O, ArgName, Arg, Value))
      return true;
    if (Value < Min || Value > Max)
      return O.error("'" + Arg + "' is outside " + llvm::Twine(Min) + ".." +
                     llvm::Twine(Max));
    return false;
  }
};

} // namespace hotlayout

#endif // HOTLAYOUT_SUPPORT_OPTIONPARSERS_H
