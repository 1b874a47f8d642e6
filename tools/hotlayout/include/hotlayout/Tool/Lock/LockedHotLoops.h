//===- Lock/LockedHotLoops.h - Hot loops per locked function --------------===//
//
// What apply's placer and its verification need of a BOLT output: per
// locked function, its hot loops with their hot bytes relative to the
// function's start and their taken counts. The loops are the one
// definition's (judgeHotLoops, HotLoopJudge.h): the input profile mapped to
// the output through BOLT address translation (llvm-bolt -enable-bat), hot
// bytes from per-instruction counts, the --min-count and --hot-coverage
// thresholds. Loops in a function's .cold fragments are not placed with it
// and are left out; loops larger than tight are counted, not listed.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_OUTPUTHOTLOOPS_H
#define HOTLAYOUT_TOOL_OUTPUTHOTLOOPS_H

#include "hotlayout/Tool/Binary/BinaryFile.h"
#include "hotlayout/Tool/Judge/HotLoopJudge.h"
#include "hotlayout/Tool/Lock/LoopShift.h"
#include "hotlayout/Tool/Profile/Fdata.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hotlayout {

/// The hot loops of each function of \p Names in the BOLT output \p Out
/// (written with -enable-bat) of \p In, judged by \p Profile (recorded on
/// \p In or an earlier build) with \p Opts (its ProfiledBinary is set to
/// \p In here). Functions without hot loops get no entry.
llvm::Expected<std::vector<FunctionHotLoops>>
outputHotLoops(const BinaryFile &Out, const BinaryFile &In,
               llvm::ArrayRef<std::string> Names, const BranchProfile &Profile,
               JudgeOptions Opts);

/// The same for the functions of \p In itself (the binary the profile
/// was recorded on, or one built the same way): the compiler's placement.
llvm::Expected<std::vector<FunctionHotLoops>>
inputHotLoops(const BinaryFile &In, llvm::ArrayRef<std::string> Names,
              const BranchProfile &Profile, JudgeOptions Opts);

/// Where in its line each function of \p Names with hot loops in \p In
/// should start when its code is kept as it is (compilerShift, LoopShift.h),
/// by name; functions without hot loops have no entry (their shift is 0).
llvm::Expected<llvm::StringMap<uint64_t>>
compilerShifts(const BinaryFile &In, llvm::ArrayRef<std::string> Names,
               const BranchProfile &Profile, JudgeOptions Opts);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_OUTPUTHOTLOOPS_H
