//===- FlushInstrument.cpp - Check and profile modes of flushelim ---------===//
//
// The IR half of runtime/hotlayout_rt.c. flushelim's -flushelim-mode=check
// turns each flush it would remove into a runtime check that aborts when the
// proof was wrong (the source lied to the optimiser, e.g. through `restrict`),
// and snapshots after every kept flush what the checks compare against;
// -flushelim-mode=profile counts, per flush site, how many of the bytes asked
// for had really changed, to find flushes that are redundant in practice.
//
// For every instrumented flush:
//   1. Turn its operands into the IR range [begin, end) it acts on, per the
//      flush table's RangeShape; a one-line flush (x86 clflush family) acts on
//      the whole aligned line that holds its pointer.
//   2. Name its source location as a constant string, one global per distinct
//      string and module.
//   3. Insert the runtime call: before the flush (profile), after it (record),
//      or in its place (check, which then erases the flush).
// A flush whose range cannot be expressed (operands of an unexpected type) is
// left as it is: keeping a flush is always correct.
//
//===----------------------------------------------------------------------===//

#include "FlushInstrument.h"

#include "hotlayout/FlushElimOptions.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <optional>
#include <string>

using namespace llvm;
using namespace hotlayout;

#define DEBUG_TYPE "flushelim"

// FlushElim.cpp counts checks and profiled flushes; these are what only the
// instrumentation sees.
STATISTIC(NumRecordedFlushes,
          "Number of kept flushes snapshotted for run-time checks");
STATISTIC(NumNarrowChecks,
          "Number of run-time checks of bytes a narrowed flush skips");
STATISTIC(NumUninstrumentable,
          "Number of flushes left uninstrumented (range not expressible)");

static const char RecordName[] = "__hotlayout_flush_record";
static const char CheckName[] = "__hotlayout_flush_check";
static const char ProfileName[] = "__hotlayout_flush_profile";
static const char SkipName[] = "__hotlayout_flush_profile_skip";

namespace {

/// The bytes [Begin, End) a flush acts on, as default-address-space pointers
/// (what the runtime's `const void *` parameters are).
struct IRRange {
  Value *Begin;
  Value *End;
};

} // namespace

/// \p V as a pointer in address space 0; null when it is neither a pointer
/// nor an integer (a prototype the flush table does not expect).
static Value *asRuntimePointer(IRBuilderBase &B, Value *V) {
  Type *Ptr = B.getPtrTy();
  if (V->getType() == Ptr)
    return V;
  if (V->getType()->isPointerTy())
    return B.CreateAddrSpaceCast(V, Ptr);
  if (V->getType()->isIntegerTy())
    return B.CreateIntToPtr(V, Ptr);
  return nullptr;
}

/// clflush acts on the line holding its pointer: mask the pointer down to the
/// line start (ptrmask keeps provenance) and add one line.
static IRRange lineRange(IRBuilderBase &B, Value *Ptr, Type *IdxTy) {
  unsigned Bits = IdxTy->getIntegerBitWidth();
  uint64_t Line = opts::LineSize;
  APInt Mask = APInt::getHighBitsSet(Bits, Bits - Log2_64(Line));
  Value *Begin = B.CreateIntrinsic(Intrinsic::ptrmask, {Ptr->getType(), IdxTy},
                                   {Ptr, ConstantInt::get(IdxTy, Mask)},
                                   /*FMFSource=*/nullptr, "flush.line");
  Value *End =
      B.CreatePtrAdd(Begin, ConstantInt::get(IdxTy, Line), "flush.end");
  return {Begin, End};
}

/// Step 1: the range of \p Site, computed at \p B's insertion point (before
/// the flush, where its operands are available).
static std::optional<IRRange> buildRange(IRBuilderBase &B,
                                         const FlushSite &Site) {
  Value *Begin = asRuntimePointer(B, Site.Begin);
  if (!Begin)
    return std::nullopt;
  const DataLayout &DL = Site.Call->getModule()->getDataLayout();
  Type *IdxTy = DL.getIndexType(Begin->getType());
  switch (Site.Kind->Shape) {
  case RangeShape::BeginEnd:
    if (Value *End =
            Site.EndOrLen ? asRuntimePointer(B, Site.EndOrLen) : nullptr)
      return IRRange{Begin, End};
    return std::nullopt;
  case RangeShape::BeginLength: {
    if (!Site.EndOrLen || !Site.EndOrLen->getType()->isIntegerTy())
      return std::nullopt;
    // A length is a size_t: never sign-extend it into the GEP index.
    Value *Len = B.CreateZExtOrTrunc(Site.EndOrLen, IdxTy);
    return IRRange{Begin, B.CreatePtrAdd(Begin, Len, "flush.end")};
  }
  case RangeShape::OneLine:
    return lineRange(B, Begin, IdxTy);
  }
  llvm_unreachable("unknown RangeShape");
}

/// Step 2: "file:line:col (function)" for \p Call, or
/// "function:<no debug location>" without debug info. For inlined code the
/// function is the one the line belongs to, so the two always agree.
static std::string siteText(const CallBase &Call) {
  std::string Text;
  raw_string_ostream OS(Text);
  const DILocation *Loc = Call.getDebugLoc().get();
  if (!Loc) {
    OS << Call.getFunction()->getName() << ":<no debug location>";
    return Text;
  }
  const DISubprogram *SP = Loc->getScope()->getSubprogram();
  StringRef Function = SP ? SP->getName() : Call.getFunction()->getName();
  OS << Loc->getFilename() << ':' << Loc->getLine() << ':' << Loc->getColumn()
     << " (" << Function << ')';
  return Text;
}

/// The constant string \p Text as a pointer, reusing the module's global for
/// it. The name carries a hash of the text so the lookup is one probe; on a
/// (harmless) collision a second global is made.
static Constant *siteString(Module &M, StringRef Text) {
  std::string Name = "hotlayout.site." + utohexstr(xxh3_64bits(Text));
  Constant *Init = ConstantDataArray::getString(M.getContext(), Text);
  GlobalVariable *GV = M.getNamedGlobal(Name);
  if (!GV || !GV->hasInitializer() || GV->getInitializer() != Init) {
    GV = new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                            GlobalValue::PrivateLinkage, Init, Name);
    GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    GV->setAlignment(Align(1));
  }
  // Targets whose globals live outside address space 0 still pass a
  // `const char *`.
  return ConstantExpr::getPointerBitCastOrAddrSpaceCast(
      GV, PointerType::getUnqual(M.getContext()));
}

/// `void Name(ptr, ptr, ptr...)` with \p NumSites site strings. nounwind: the
/// runtime is C and ends a failed check with abort(), which does not unwind.
static FunctionCallee runtimeFunction(Module &M, StringRef Name,
                                      unsigned NumSites) {
  LLVMContext &C = M.getContext();
  SmallVector<Type *, 4> Params(2 + NumSites, PointerType::getUnqual(C));
  FunctionType *FTy = FunctionType::get(Type::getVoidTy(C), Params, false);
  AttributeList Attrs = AttributeList().addFnAttribute(C, Attribute::NoUnwind);
  return M.getOrInsertFunction(Name, FTy, Attrs);
}

static bool callsRuntime(const Instruction *I, StringRef Name) {
  const auto *Call = dyn_cast_or_null<CallBase>(I);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  return Callee && Callee->getName() == Name;
}

/// decodeFlushSite only hands out plain calls with unused results; stay safe
/// should that change: an invoke has no point after it in its block, a used
/// result would dangle, and nothing may follow a musttail call.
static bool isInstrumentable(const CallBase &Call) {
  const auto *CI = dyn_cast<CallInst>(&Call);
  return CI && CI->use_empty() && !CI->isMustTailCall();
}

/// Builds the range at the flush or counts the flush as uninstrumentable.
static std::optional<IRRange> rangeAtFlush(IRBuilder<> &B,
                                           const FlushSite &Site) {
  std::optional<IRRange> Range;
  if (isInstrumentable(*Site.Call))
    Range = buildRange(B, Site);
  if (!Range) {
    ++NumUninstrumentable;
    LLVM_DEBUG(dbgs() << "[" DEBUG_TYPE "] cannot instrument " << *Site.Call
                      << "; the flush stays as it is\n");
  }
  return Range;
}

namespace hotlayout {

bool instrumentFlushRecord(const FlushSite &Kept) {
  CallBase &Call = *Kept.Call;
  // A second run of the pass (ThinLTO runs it twice) must not record twice.
  if (callsRuntime(Call.getNextNode(), RecordName))
    return false;
  IRBuilder<> B(&Call);
  std::optional<IRRange> Range = rangeAtFlush(B, Kept);
  if (!Range)
    return false;
  Module &M = *Call.getModule();
  Constant *Site = siteString(M, siteText(Call));
  B.SetInsertPoint(Call.getParent(), std::next(Call.getIterator()));
  B.SetCurrentDebugLocation(Call.getDebugLoc());
  B.CreateCall(runtimeFunction(M, RecordName, 1),
               {Range->Begin, Range->End, Site});
  ++NumRecordedFlushes;
  LLVM_DEBUG(dbgs() << "[" DEBUG_TYPE "] recording after " << Call << '\n');
  return true;
}

bool replaceFlushWithCheck(const FlushSite &Elided,
                           const llvm::CallBase &Witness) {
  CallBase &Call = *Elided.Call;
  IRBuilder<> B(&Call);
  std::optional<IRRange> Range = rangeAtFlush(B, Elided);
  if (!Range)
    return false;
  Module &M = *Call.getModule();
  Constant *ElidedSite = siteString(M, siteText(Call));
  Constant *WitnessSite = siteString(M, siteText(Witness));
  LLVM_DEBUG(dbgs() << "[" DEBUG_TYPE "] checking instead of " << Call << '\n');
  B.CreateCall(runtimeFunction(M, CheckName, 2),
               {Range->Begin, Range->End, ElidedSite, WitnessSite});
  Call.eraseFromParent();
  return true;
}

bool isFlushProfiled(const CallBase &Site) {
  return callsRuntime(Site.getPrevNode(), ProfileName);
}

bool instrumentFlushProfile(const FlushSite &Site, bool Skippable) {
  CallBase &Call = *Site.Call;
  // A second run of the pass must not count the flush twice.
  if (isFlushProfiled(Call))
    return false;
  IRBuilder<> B(&Call);
  std::optional<IRRange> Range = rangeAtFlush(B, Site);
  if (!Range)
    return false;
  Module &M = *Call.getModule();
  if (Skippable)
    emitSkipProfile(B, Range->Begin, Range->End, Call);
  B.CreateCall(runtimeFunction(M, ProfileName, 1),
               {Range->Begin, Range->End, siteString(M, siteText(Call))});
  LLVM_DEBUG(dbgs() << "[" DEBUG_TYPE "] profiling " << Call << '\n');
  return true;
}

std::optional<std::pair<Value *, Value *>> flushRangeAt(IRBuilderBase &B,
                                                        const FlushSite &Site) {
  if (std::optional<IRRange> R = buildRange(B, Site))
    return std::make_pair(R->Begin, R->End);
  return std::nullopt;
}

std::string flushSiteText(const CallBase &Call) { return siteText(Call); }

Value *flushSiteString(const CallBase &Call, StringRef Text) {
  return siteString(*const_cast<Module *>(Call.getModule()), Text);
}

void emitFlushCheck(IRBuilderBase &B, Value *Begin, Value *End,
                    const CallBase &Elided, Value *Witness) {
  Module &M = *const_cast<Module *>(Elided.getModule());
  B.CreateCall(runtimeFunction(M, CheckName, 2),
               {Begin, End, siteString(M, siteText(Elided)), Witness});
  ++NumNarrowChecks;
}

void emitSkipProfile(IRBuilderBase &B, Value *Begin, Value *End,
                     const CallBase &Site) {
  Module &M = *const_cast<Module *>(Site.getModule());
  B.CreateCall(runtimeFunction(M, SkipName, 1),
               {Begin, End, siteString(M, siteText(Site))});
}

} // namespace hotlayout
