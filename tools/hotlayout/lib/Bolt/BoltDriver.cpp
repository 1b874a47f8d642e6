//===- BoltDriver.cpp - llvm-bolt, perf2bolt, merge-fdata -----------------===//
//
// 1. find(): resolve the directory (--bolt-dir or the build's LLVM bin dir)
//    and each tool to its real path, so BOLT finds its runtime library
//    beside its real self; check libbolt_rt_instr.a is there when
//    instrumenting.
// 2. openForBolt(): the checks BOLT would otherwise fail late or obscurely
//    on (a script, a stripped binary, no relocations), each with a fix.
// 3. The command lines: instrument, merge, perf2bolt, rewrite; each run
//    through runLogged() (Process.h), which quotes BOLT-ERROR lines and
//    stops a run that outlasts BoltTools::TimeoutSeconds.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Bolt/BoltDriver.h"
#include "hotlayout/Tool/Support/Error.h"
#include "hotlayout/Tool/Support/Process.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <optional>

using namespace llvm;
using namespace llvm::object;

namespace hotlayout {

StringRef defaultBoltDir() { return HOTLAYOUT_LLVM_BINDIR; }

/// The major of the LLVM hotlayout was built with, for "install bolt-N".
static StringRef llvmMajor() {
  StringRef V = HOTLAYOUT_LLVM_VERSION;
  return V.take_until([](char C) { return C == '.'; });
}

/// \p Name in \p Dir, resolved to its real path; an error when it is not
/// an executable file there.
static Expected<std::string> toolIn(StringRef Dir, StringRef Name,
                                    StringRef DirHint) {
  SmallString<256> Path(Dir);
  sys::path::append(Path, Name);
  SmallString<256> Real;
  if (sys::fs::real_path(Path, Real) || !sys::fs::can_execute(Real) ||
      sys::fs::is_directory(Real))
    return fileError(Dir, "has no " + Name + "; " + DirHint);
  return std::string(Real);
}

Expected<BoltTools> BoltTools::find(StringRef Dir,
                                    bool NeedInstrumentationRuntime,
                                    unsigned TimeoutSeconds) {
  bool Default = Dir.empty();
  if (Default)
    Dir = defaultBoltDir();
  std::string Hint =
      Default ? ("install BOLT for LLVM " + llvmMajor() +
                 " (apt-get install "
                 "bolt-" +
                 llvmMajor() +
                 ") or pass --bolt-dir=<dir holding "
                 "llvm-bolt>")
                    .str()
              : std::string("pass --bolt-dir=<the bin directory of an LLVM "
                            "with BOLT>, e.g. ") +
                    defaultBoltDir().str();
  SmallString<256> RealDir;
  if (sys::fs::real_path(Dir, RealDir) || !sys::fs::is_directory(RealDir))
    return makeError("BOLT directory '" + Dir + "' does not exist; " + Hint);

  BoltTools T;
  T.Dir = std::string(RealDir);
  T.TimeoutSeconds = TimeoutSeconds;
  SmallString<256> BuildDir;
  T.BuildLLVM =
      !sys::fs::real_path(defaultBoltDir(), BuildDir) && BuildDir == RealDir;
  auto Bolt = toolIn(Dir, "llvm-bolt", Hint);
  if (!Bolt)
    return Bolt.takeError();
  T.LLVMBolt = *Bolt;
  auto Perf2Bolt = toolIn(Dir, "perf2bolt", Hint);
  if (!Perf2Bolt)
    return Perf2Bolt.takeError();
  T.Perf2Bolt = *Perf2Bolt;
  auto Merge = toolIn(Dir, "merge-fdata", Hint);
  if (!Merge)
    return Merge.takeError();
  T.MergeFdata = *Merge;

  if (NeedInstrumentationRuntime) {
    // Where llvm-bolt looks: <dir of its executable>/../lib. The executable
    // is its real path, since that is how it is run.
    SmallString<256> Lib(
        sys::path::parent_path(sys::path::parent_path(T.LLVMBolt)));
    sys::path::append(Lib, "lib", "libbolt_rt_instr.a");
    if (!sys::fs::exists(Lib))
      return fileError(T.LLVMBolt,
                       "cannot instrument: its runtime "
                       "library '" +
                           Lib + "' is missing; reinstall bolt-" + llvmMajor() +
                           " or pass --bolt-dir=<a complete LLVM bin "
                           "directory>");
  }
  return T;
}

bool hasCodeRelocations(const ELFObjectFileBase &Obj) {
  for (ELFSectionRef Sec : Obj.sections()) {
    if (Sec.getType() != ELF::SHT_RELA && Sec.getType() != ELF::SHT_REL)
      continue;
    Expected<section_iterator> Target = Sec.getRelocatedSection();
    if (!Target) {
      consumeError(Target.takeError());
      continue;
    }
    if (*Target != Obj.section_end() && (*Target)->isText())
      return true;
  }
  return false;
}

Error requireCodeRelocations(const BinaryFile &File) {
  if (hasCodeRelocations(File.object()))
    return Error::success();
  return fileError(File.path(),
                   "has no relocations; BOLT needs them to move functions: "
                   "relink with -Wl,--emit-relocs");
}

Error requireSaneSectionAlignments(const BinaryFile &File) {
  // The raw sh_addralign: a damaged one need not be a power of two, which
  // SectionRef::getAlignment() (an Align) assumes. BinaryFile::open() takes
  // ELF64 little-endian files only.
  const auto &Obj = cast<ELF64LEObjectFile>(File.object());
  for (ELFSectionRef Sec : Obj.sections()) {
    uint64_t Align = Obj.getSection(Sec.getRawDataRefImpl())->sh_addralign;
    if (Align <= MaxBoltSectionAlignment)
      continue;
    Expected<StringRef> Name = Sec.getName();
    std::string Which = Name ? ("'" + *Name + "'").str()
                             : "[index " + std::to_string(Sec.getIndex()) + "]";
    if (!Name)
      consumeError(Name.takeError());
    return fileError(File.path(),
                     "has section " + Which + " aligned to " + Twine(Align) +
                         " bytes, past the " + Twine(MaxBoltSectionAlignment) +
                         " llvm-bolt is given (it pads its output to each "
                         "section's alignment); the binary may be damaged: "
                         "rebuild it");
  }
  return Error::success();
}

Expected<std::unique_ptr<BinaryFile>> openForBolt(StringRef Path,
                                                  BoltRequirements Req) {
  // A script runs some other binary; BOLT needs that binary.
  if (auto Head = MemoryBuffer::getFileSlice(Path, 2, 0))
    if ((*Head)->getBuffer() == "#!")
      return fileError(Path, "is a script, not an ELF executable; profile the "
                             "binary it runs: hotlayout profile -o P.fdata "
                             "-- BINARY ARGS...");
  auto File = BinaryFile::open(Path);
  if (!File)
    return File.takeError();
  const ELFObjectFileBase &Obj = (*File)->object();
  if (Obj.getArch() != Triple::x86_64)
    return fileError(Path, "is not an x86-64 binary; hotlayout profile drives "
                           "BOLT instrumentation, which it supports on x86-64 "
                           "only");
  if (!any_of(Obj.sections(), [](const ELFSectionRef &Sec) {
        return Sec.getType() == ELF::SHT_SYMTAB;
      }))
    return fileError(Path, "is stripped (no .symtab); BOLT needs function "
                           "symbols: profile an unstripped build (link "
                           "without -s, do not run strip)");
  if (Req.Relocations && !hasCodeRelocations(Obj))
    return fileError(Path, "has no relocations; BOLT instrumentation needs "
                           "them: relink with -Wl,--emit-relocs");
  if (Error E = requireSaneSectionAlignments(**File))
    return std::move(E);
  return File;
}

/// \p Names, one per line, into \p Path.
static Error writeNames(StringRef Path, ArrayRef<std::string> Names) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
  if (EC)
    return fileError(Path, "cannot be written: " + EC.message());
  for (const std::string &Name : Names)
    OS << Name << "\n";
  return Error::success();
}

Expected<std::string> skipLabelsArgument(ArrayRef<std::string> Labels,
                                         StringRef Path) {
  if (Labels.empty())
    return "";
  if (Error E = writeNames(Path, Labels))
    return std::move(E);
  return "-skip-funcs-file=" + Path.str();
}

Error instrument(const BoltTools &Tools, StringRef Binary,
                 StringRef ProfilePrefix, StringRef Instrumented,
                 StringRef LogPath, StringRef SkipArgument) {
  // -instrumentation-file-append-pid: every process (each run, each forked
  // child) writes its own file, so runs never overwrite each other.
  std::vector<std::string> Args = {Tools.LLVMBolt,
                                   Binary.str(),
                                   "-instrument",
                                   "-instrumentation-file=" +
                                       ProfilePrefix.str(),
                                   "-instrumentation-file-append-pid",
                                   "-o",
                                   Instrumented.str()};
  if (!SkipArgument.empty())
    Args.push_back(SkipArgument.str());
  return runLogged(Args, LogPath, "llvm-bolt -instrument '" + Binary + "'",
                   Tools.TimeoutSeconds);
}

Error mergeProfiles(const BoltTools &Tools, ArrayRef<std::string> Inputs,
                    StringRef Output, StringRef LogPath) {
  std::vector<std::string> Args = {Tools.MergeFdata};
  Args.insert(Args.end(), Inputs.begin(), Inputs.end());
  Args.push_back("-o");
  Args.push_back(Output.str());
  return runLogged(Args, LogPath, "merge-fdata", Tools.TimeoutSeconds);
}

Expected<PerfDataInfo> readPerfDataHeader(StringRef Path) {
  if (!sys::fs::exists(Path))
    return fileError(Path, "does not exist; record one with perf record -e "
                           "cycles:u -j any,u -- PROGRAM, or drop --perf-data "
                           "to profile by instrumentation");
  // Mapped, not read: a recording may be large, but it must be a file
  // (--perf-data /dev/zero would be read without end).
  auto Buffer = readInputFile(Path, input_limits::PerfData,
                              "pass the perf.data perf record wrote",
                              /*IsText=*/false);
  if (!Buffer)
    return Buffer.takeError();
  StringRef Data = (*Buffer)->getBuffer();
  // struct perf_file_header: magic, size, attr_size, then the attrs
  // section {offset, size}; each attr is a perf_event_attr (sample_type at
  // byte 24) followed by a 16-byte ids section.
  if (!Data.starts_with("PERFILE2") || Data.size() < 40)
    return fileError(Path, "is not a perf.data file (perf record writes one; "
                           "pipe-mode output is not supported)");
  auto U64 = [&](size_t Off) {
    return support::endian::read64le(Data.data() + Off);
  };
  uint64_t AttrSize = U64(16), AttrsOff = U64(24), AttrsSize = U64(32);
  if (AttrSize < 32 || AttrsOff > Data.size() ||
      AttrsSize > Data.size() - AttrsOff)
    return fileError(Path, "is a truncated or malformed perf.data file; "
                           "record it again");
  constexpr uint64_t PERF_SAMPLE_BRANCH_STACK = 1U << 11;
  PerfDataInfo Info;
  for (uint64_t Off = AttrsOff; Off + AttrSize <= AttrsOff + AttrsSize;
       Off += AttrSize)
    if (U64(Off + 24) & PERF_SAMPLE_BRANCH_STACK)
      Info.HasBranchStack = true;
  return Info;
}

Error convertPerfData(const BoltTools &Tools, StringRef PerfData,
                      StringRef Binary, StringRef Output, StringRef LogPath) {
  if (!sys::findProgramByName("perf"))
    return makeError("perf2bolt reads '" + PerfData +
                     "' with the perf tool, "
                     "which is not on PATH; install it (apt-get install "
                     "linux-perf) or profile by instrumentation instead (drop "
                     "--perf-data)");
  std::vector<std::string> Args = {
      Tools.Perf2Bolt, "-p", PerfData.str(), "-o", Output.str(), Binary.str()};
  return runLogged(Args, LogPath, "perf2bolt on '" + PerfData + "'",
                   Tools.TimeoutSeconds);
}

std::string padFunctionPattern(StringRef Name) {
  // Without the suffix, every local function's padding was silently
  // dropped (Lua: 287 of 289 locked functions off their offsets), while
  // -function-order takes the plain name. Callers lock no name that
  // several local functions share (SymbolIndex), so the suffix cannot pick
  // up another function.
  return Regex::escape(Name) + "(/.*)?";
}

std::vector<std::string> rewriteArguments(const BoltTools &Tools,
                                          const BoltRewrite &R) {
  std::vector<std::string> Args = {Tools.LLVMBolt,
                                   R.Input,
                                   "-o",
                                   R.Output,
                                   "-reorder-functions=user",
                                   "-function-order=" + R.FunctionOrderPath,
                                   "-bolt-info=0"};
  // -bolt-info=0: the .note.bolt_info note records this command line, and
  // with it the random name of apply's temporary directory, so two applies
  // of the same inputs would differ in it; without the note the
  // output depends on the inputs only (checked: byte-identical runs).
  // -use-compact-aligner=false: the compact aligner skips aligning small
  // functions, and apply needs every locked offset on a line boundary.
  if (R.FunctionAlignment) {
    std::string A = std::to_string(R.FunctionAlignment);
    Args.insert(Args.end(), {"-align-functions=" + A,
                             "-align-functions-max-bytes=" +
                                 std::string(R.ExactGaps ? "0" : A),
                             "-use-compact-aligner=false"});
  }
  Args.push_back("-use-old-text=0");
  if (R.AddressTranslation)
    Args.push_back("-enable-bat");
  if (R.NoHugePages)
    Args.push_back("-no-huge-pages");
  // Checked on bzip2 (llvm-bolt 22, every function unprofiled): with these
  // three every instruction sits at its input offset from a line-aligned
  // start; -keep-nops alone still moves code.
  // -simplify-conditional-tail-calls=0: llvm-bolt routes a conditional tail
  // call (`je other`) through a jump it appends to the function, and SCTC
  // folds it back, then erases the blocks nothing branches to: hotalign's
  // nops after a `jmp` went (checked on llvm-bolt 22, whole function,
  // test/lit/apply/Inputs/loops.S -DTAILCALL: a loop on a line start
  // moved 48 bytes up; -sctc-mode=preserve erases them too). Without SCTC
  // the input's bytes stay, the conditional tail call jumps to the appended
  // jump (LockedCode.h accepts it), and -eliminate-unreachable=0 keeps the
  // nops. -strip-rep-ret=0: llvm-bolt drops the `rep` of `rep ret` (f3 c3),
  // which hand-written assembly has (OpenSSL's perlasm emits it as bytes),
  // and the locked code after it, if any, would move up a byte (checked:
  // llvm-bolt 22 made a locked `f3 c3` a `c3`, and apply refused its output).
  if (R.KeepInputCode)
    Args.insert(Args.end(),
                {"-keep-nops", "-shorten-instructions=0",
                 "-eliminate-unreachable=0",
                 "-simplify-conditional-tail-calls=0", "-strip-rep-ret=0"});
  // Splitting leaves only the run blocks in the ordered text, so a function
  // grows less against its space when cold code is added. -lite=0: in lite
  // mode BOLT leaves functions without a profile where they are, and an
  // ordered function may have none in this build's profile. Without a
  // profile, blocks keep their order (-reorder-blocks stays at none).
  if (!R.Profile.empty())
    Args.insert(Args.end(),
                {"-data=" + R.Profile, "-lite=0", "-reorder-blocks=ext-tsp",
                 "-split-functions", "-split-all-cold"});
  else if (R.AllFunctions)
    Args.push_back("-lite=0");
  if (!R.SkipArgument.empty())
    Args.push_back(R.SkipArgument);
  if (!R.OnlyFunctions.empty())
    Args.push_back("-funcs-file-no-regex=" + R.OnlyFunctionsPath);
  for (const auto &[Name, Bytes] : R.Padding)
    if (Bytes)
      Args.push_back("-pad-funcs=" + padFunctionPattern(Name) + ":" +
                     std::to_string(Bytes));
  for (const auto &[Name, Bytes] : R.PaddingBefore)
    if (Bytes)
      Args.push_back("-pad-funcs-before=" + padFunctionPattern(Name) + ":" +
                     std::to_string(Bytes));
  return Args;
}

std::optional<bool> padBeforeByMajor(unsigned Major) {
  if (Major >= 22)
    return true;
  if (Major <= 19)
    return false;
  return std::nullopt;
}

bool supportsPadBefore(const BoltTools &Tools, StringRef ScratchPath) {
  // Starting llvm-bolt only to read its help costs every apply ~10 ms of
  // CPU and up to 0.1 s on a loaded machine (it is a 60 MB program); the
  // build's own LLVM is known by its major.
  unsigned Major = 0;
  if (Tools.BuildLLVM && !llvmMajor().getAsInteger(10, Major))
    if (std::optional<bool> Known = padBeforeByMajor(Major))
      return *Known;
  // A run that hangs counts as no: the rewrite that follows meets the same
  // limit and says so.
  std::string Args[] = {Tools.LLVMBolt, "--help-hidden"};
  if (!runLimited(Args, ScratchPath, Tools.TimeoutSeconds).succeeded())
    return false;
  auto Help = MemoryBuffer::getFile(ScratchPath, /*IsText=*/true);
  return Help && (*Help)->getBuffer().contains("-pad-funcs-before");
}

Error rewrite(const BoltTools &Tools, const BoltRewrite &R, StringRef LogPath) {
  if (Error E = writeNames(R.FunctionOrderPath, R.FunctionOrder))
    return E;
  if (!R.OnlyFunctions.empty())
    if (Error E = writeNames(R.OnlyFunctionsPath, R.OnlyFunctions))
      return E;
  return runLogged(rewriteArguments(Tools, R), LogPath,
                   "llvm-bolt '" + R.Input + "'", Tools.TimeoutSeconds);
}

} // namespace hotlayout
