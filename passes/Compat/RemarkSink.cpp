//===- RemarkSink.cpp - hotlayout's remarks, whatever the host's flags ----===//
//
// Which remark flags reach a pass depends on the host, and real builds break
// the usual ones: libtool reads clang's `-Rpass=...` in CFLAGS as a run path
// and stops the link, and clang's diagnostic handler ignores
// `-mllvm -pass-remarks=...` (it honours only -R flags), so that prints
// nothing. This sink wraps the host's handler and:
//  1. passes every diagnostic that is not a hotlayout remark to the host's
//     handler, filtered as LLVMContext would (a remark only when the host
//     enabled it), so the host sees what it saw before;
//  2. hands a hotlayout remark the host enabled to the host, which prints it
//     its own way (-Rpass in clang, -pass-remarks in opt, llc and ld.lld);
//  3. prints a hotlayout remark that only `-pass-remarks=` (LLVM's flag, as
//     `-mllvm` in clang) or `-hotlayout-remarks=` asked for, in clang's
//     format `file:line:col: remark: text [-Rpass=flushelim]`, on stderr;
//  4. with `-hotlayout-remarks-file=F`, appends the remarks
//     `-hotlayout-remarks=` selects to F instead, one write per line, so the
//     parallel compiles of a build can share one file.
// It is installed only when one of those options is given.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Compat.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <mutex>
#include <optional>

using namespace llvm;
using namespace hotlayout;

namespace {

/// Rejects a pattern that is not a regular expression where options are
/// parsed, naming it, instead of matching nothing later.
struct RegexParser : public cl::parser<std::string> {
  using cl::parser<std::string>::parser;
  bool parse(cl::Option &O, StringRef ArgName, StringRef Arg,
             std::string &Value) {
    std::string Why;
    if (!Regex(Arg).isValid(Why))
      return O.error("'" + Arg + "' is not a regular expression: " + Why);
    Value = Arg.str();
    return false;
  }
};

cl::OptionCategory RemarkCategory("hotlayout remark options");

cl::opt<std::string, false, RegexParser> RemarksPattern(
    "hotlayout-remarks",
    cl::desc("Report every remark (passed, missed, analysis) of the hotlayout "
             "passes whose name matches this regular expression, whatever "
             "remark flags the host honours; for builds that cannot carry "
             "-Rpass (libtool), given in HOTLAYOUT_OPTIONS (default: none)"),
    cl::value_desc("regex"), cl::cat(RemarkCategory));

cl::opt<std::string> RemarksFile(
    "hotlayout-remarks-file",
    cl::desc("Append the remarks -hotlayout-remarks selects to this file, one "
             "line each, instead of stderr; use an absolute path, a build "
             "compiles in many directories (default: stderr)"),
    cl::value_desc("path"), cl::cat(RemarkCategory));

/// What the sink shares between contexts and threads (ThinLTO backends).
struct SinkState {
  std::mutex Lock;
  /// The sinks alive now, to install at most one per context.
  SmallPtrSet<const DiagnosticHandler *, 4> Live;
  /// -hotlayout-remarks-file, opened at the first install.
  std::unique_ptr<raw_fd_ostream> File;
  /// The file could not be opened: said once, not per function.
  bool FileFailed = false;
  std::optional<Regex> Pattern;
};

SinkState &state() {
  static SinkState S;
  return S;
}

/// The -Rpass flag clang names a remark of this kind with.
StringRef clangFlag(const DiagnosticInfoOptimizationBase &R) {
  if (R.isPassed())
    return "-Rpass";
  return R.isMissed() ? "-Rpass-missed" : "-Rpass-analysis";
}

/// Whether \p H enables remarks of \p R's kind for \p R's pass.
bool enables(const DiagnosticHandler &H,
             const DiagnosticInfoOptimizationBase &R) {
  if (R.isPassed())
    return H.isPassedOptRemarkEnabled(R.getPassName());
  if (R.isMissed())
    return H.isMissedOptRemarkEnabled(R.getPassName());
  return H.isAnalysisRemarkEnabled(R.getPassName());
}

/// The host's handler, plus hotlayout's remarks where asked (see above).
class RemarkSink final : public DiagnosticHandler {
public:
  explicit RemarkSink(std::unique_ptr<DiagnosticHandler> Host)
      : DiagnosticHandler(Host->DiagnosticContext), Host(std::move(Host)) {
    DiagHandlerCallback = this->Host->DiagHandlerCallback;
  }

  ~RemarkSink() override {
    SinkState &S = state();
    std::lock_guard<std::mutex> Guard(S.Lock);
    S.Live.erase(this);
  }

  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (DI.getSeverity() == DS_Error)
      Host->HasErrors = true;
    auto *R = dyn_cast<DiagnosticInfoOptimizationBase>(&DI);
    bool Ours = R && compat::isHotlayoutName(R->getPassName()) &&
                (R->isPassed() || R->isMissed() || R->isAnalysis());
    if (!Ours) {
      // Step 1: LLVMContext's own filter (isDiagnosticEnabled), with the
      // host's answers.
      if (R && !(R->isEnabled() && (!R->isVerbose() || R->getHotness())))
        return true;
      return Host->handleDiagnostics(DI);
    }
    bool Selected = selected(R->getPassName());
    if (Selected && !RemarksFile.empty())
      write(*R, *state().File);
    if (enables(*Host, *R)) // Step 2.
      return Host->handleDiagnostics(DI);
    // Step 3.
    if (enables(LLVMFlags, *R) || (Selected && RemarksFile.empty()))
      write(*R, errs());
    return true;
  }

  bool isAnalysisRemarkEnabled(StringRef Pass) const override {
    return Host->isAnalysisRemarkEnabled(Pass) ||
           ours(Pass, LLVMFlags.isAnalysisRemarkEnabled(Pass));
  }
  bool isMissedOptRemarkEnabled(StringRef Pass) const override {
    return Host->isMissedOptRemarkEnabled(Pass) ||
           ours(Pass, LLVMFlags.isMissedOptRemarkEnabled(Pass));
  }
  bool isPassedOptRemarkEnabled(StringRef Pass) const override {
    return Host->isPassedOptRemarkEnabled(Pass) ||
           ours(Pass, LLVMFlags.isPassedOptRemarkEnabled(Pass));
  }
  bool isAnyRemarkEnabled() const override {
    return Host->isAnyRemarkEnabled() || LLVMFlags.isAnyRemarkEnabled() ||
           !RemarksPattern.empty();
  }

private:
  static bool selected(StringRef Pass) {
    const std::optional<Regex> &P = state().Pattern;
    return P && P->match(Pass);
  }

  /// Whether hotlayout's own rules enable remarks of \p Pass: LLVM's flag
  /// (\p ByFlag) or -hotlayout-remarks.
  static bool ours(StringRef Pass, bool ByFlag) {
    return compat::isHotlayoutName(Pass) && (ByFlag || selected(Pass));
  }

  /// One line, written at once: parallel compiles append to one file.
  static void write(const DiagnosticInfoOptimizationBase &R, raw_ostream &OS) {
    SmallString<256> Line;
    raw_svector_ostream(Line)
        << R.getLocationStr() << ": remark: " << R.getMsg() << " ["
        << clangFlag(R) << '=' << R.getPassName() << "]\n";
    std::lock_guard<std::mutex> Guard(state().Lock);
    OS << Line;
    OS.flush();
  }

  std::unique_ptr<DiagnosticHandler> Host;
  /// The base class's answers are LLVM's -pass-remarks* flags.
  DiagnosticHandler LLVMFlags;
};

} // namespace

namespace hotlayout {
namespace compat {

/// Opens -hotlayout-remarks-file once per process; the error names the file.
static Error openRemarksFile(SinkState &S) {
  if (RemarksFile.empty() || S.File)
    return Error::success();
  std::error_code EC;
  auto File = std::make_unique<raw_fd_ostream>(
      RemarksFile, EC, sys::fs::OF_Append | sys::fs::OF_Text);
  if (EC)
    return createStringError(
        "-hotlayout-remarks-file: cannot open '" + RemarksFile +
        "': " + EC.message() +
        "; give a writable path, or leave the option out for stderr");
  File->SetUnbuffered();
  S.File = std::move(File);
  return Error::success();
}

void installRemarkSink(LLVMContext &Ctx) {
  // Without a request the host's handler stays untouched.
  if (RemarksPattern.empty() && !DiagnosticHandler().isAnyRemarkEnabled())
    return;
  SinkState &S = state();
  Error Failed = Error::success();
  {
    std::lock_guard<std::mutex> Guard(S.Lock);
    if (S.FileFailed || S.Live.count(Ctx.getDiagHandlerPtr()))
      return;
    if (!RemarksPattern.empty() && !S.Pattern)
      S.Pattern.emplace(RemarksPattern);
    Failed = openRemarksFile(S);
    S.FileFailed = bool(Failed);
    if (!S.FileFailed) {
      auto Sink = std::make_unique<RemarkSink>(Ctx.getDiagnosticHandler());
      S.Live.insert(Sink.get());
      Ctx.setDiagnosticHandler(std::move(Sink));
    }
  }
  // Reported outside the lock: a host may exit on an error diagnostic.
  if (Failed)
    Ctx.emitError(toString(std::move(Failed)));
}

} // namespace compat
} // namespace hotlayout
