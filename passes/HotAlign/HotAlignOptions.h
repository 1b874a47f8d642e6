//===- HotAlignOptions.h - hotalign's command-line options -------*- C++
//-*-===//
//
// Declared once for the files of hotalign that read them (HotAlign.cpp,
// HotAlignNested.cpp); defined, with their help, in HotAlignOptions.cpp.
// Private to passes/HotAlign.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_HOTALIGN_HOTALIGNOPTIONS_H
#define HOTLAYOUT_HOTALIGN_HOTALIGNOPTIONS_H

#include "hotlayout/Support/OptionParsers.h"

#include "llvm/Support/CommandLine.h"

#include <cstdint>
#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace hotlayout {
namespace hotalign {

extern llvm::cl::OptionCategory HotAlignCategory;
extern llvm::cl::opt<bool> Enable;
extern llvm::cl::opt<std::string> LoopProfilePath;
extern llvm::cl::opt<unsigned, false, PowerOfTwoParser> LineBytes;
extern llvm::cl::opt<unsigned> MaxPad;
extern llvm::cl::opt<unsigned> FunctionBudget;
extern llvm::cl::opt<unsigned> ModuleBudget;
extern llvm::cl::opt<unsigned> MaxLoopBytes;
extern llvm::cl::opt<bool> UseStatic;
extern llvm::cl::opt<double> StaticRatio;
extern llvm::cl::opt<int, false, IntRangeParser<1, 999999>> HotPercentile;
extern llvm::cl::opt<unsigned> ProfileSlack;
extern llvm::cl::opt<unsigned> MaxCountRatio;
extern llvm::cl::opt<unsigned> MinNestedIterations;
extern llvm::cl::opt<unsigned> MaxFunctionBytes;
extern llvm::cl::opt<uint64_t> WarmMinCount;
extern llvm::cl::opt<bool> DropBlockAlignments;
extern llvm::cl::opt<bool> LineStart;
extern llvm::cl::opt<bool> LineStartOnlyWhenNeeded;
extern llvm::cl::opt<unsigned> LineStartNopShare;

/// The loop profile for \p M: -hotalign-loop-profile, else the one its
/// compile recorded (the first, when full LTO merged several modules);
/// empty: none.
std::string loopProfilePath(const llvm::Module &M);

} // namespace hotalign
} // namespace hotlayout

#endif // HOTLAYOUT_HOTALIGN_HOTALIGNOPTIONS_H
