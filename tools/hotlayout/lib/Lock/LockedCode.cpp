//===- LockedCode.cpp - Did llvm-bolt keep a locked function's code? ------===//
//
// The steps are in LockedCode.h. Offsets below are from a function's start:
// I in the input, O in the output.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Lock/LockedCode.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace hotlayout {

bool sameCodeHash(ArrayRef<uint8_t> In, uint64_t InAddress,
                  ArrayRef<uint8_t> Out, ArrayRef<RelocatedField> Fields) {
  if (Out.size() < In.size())
    return false;
  // The output's bytes as if at the input's address: the input's fields
  // then mask the same bytes of both (the lock's one definition).
  return maskedContentHash(In, InAddress, Fields) ==
         maskedContentHash(Out.take_front(In.size()), InAddress, Fields);
}

std::string hexBytes(ArrayRef<uint8_t> Bytes) {
  std::string S;
  raw_string_ostream OS(S);
  ListSeparator Sep(" ");
  for (uint8_t B : Bytes)
    OS << Sep << format_hex_no_prefix(B, 2);
  return S;
}

namespace {
/// Compares the input's bytes with the output's, but not those a relocated
/// field of the input covers.
class MaskedBytes {
public:
  MaskedBytes(const FunctionCode &In, const FunctionCode &Out,
              ArrayRef<RelocatedField> Fields)
      : In(In), Out(Out), Fields(Fields) {}

  /// The first K < N where input byte I + K differs from output byte O + K
  /// outside the fields (bytes past either end differ); none when all agree.
  std::optional<uint64_t> firstDifference(uint64_t I, uint64_t O,
                                          uint64_t N) const {
    for (uint64_t K = 0; K < N; ++K) {
      if (I + K >= In.Bytes.size() || O + K >= Out.Bytes.size())
        return K;
      if (In.Bytes[I + K] != Out.Bytes[O + K] && !masked(I + K))
        return K;
    }
    return std::nullopt;
  }

  /// The change at input offset \p I, output offset \p O.
  CodeChange change(uint64_t I, uint64_t O) const {
    CodeChange C;
    C.Offset = I;
    auto Some = [](ArrayRef<uint8_t> B, uint64_t From) {
      return From < B.size() ? B.slice(From).take_front(8)
                             : ArrayRef<uint8_t>();
    };
    C.In.append(Some(In.Bytes, I).begin(), Some(In.Bytes, I).end());
    C.Out.append(Some(Out.Bytes, O).begin(), Some(Out.Bytes, O).end());
    return C;
  }

private:
  bool masked(uint64_t I) const {
    uint64_t A = In.Address + I;
    // A field is at most 8 bytes: only those starting in (A - 8, A] cover A.
    auto It = lower_bound(
        Fields, A > 7 ? A - 7 : 0,
        [](const RelocatedField &F, uint64_t X) { return F.Address < X; });
    for (; It != Fields.end() && It->Address <= A; ++It)
      if (A < It->Address + It->Size)
        return true;
    return false;
  }

  const FunctionCode &In;
  const FunctionCode &Out;
  ArrayRef<RelocatedField> Fields;
};
} // namespace

/// Step 3: what the output has from \p O on may only be direct jumps (a
/// conditional tail call's, appended by llvm-bolt). Sets C.Appended, or
/// C.Change at the input's end.
static void checkAppended(const FunctionCode &In, const FunctionCode &Out,
                          uint64_t O, const MaskedBytes &Bytes,
                          CodeComparison &C) {
  uint64_t Next = Out.Address + O;
  for (const DecodedInst &D : Out.Insts) {
    if (D.Address < Next)
      continue;
    if (D.Address != Next || !D.IsBranch || D.FallsThrough)
      break;
    Next += D.Size;
  }
  if (Next >= Out.Address + Out.Bytes.size()) {
    C.Appended = Out.Bytes.size() - O;
    return;
  }
  C.Change = Bytes.change(In.Bytes.size(), Next - Out.Address);
}

/// Step 2b: true when \p A, a conditional branch over the unconditional
/// jump \p Jump right after it, became \p B, one branch on the opposite
/// condition (to where the jump went: checked with the other branches).
/// That is llvm-bolt's CFG emitting a block whose taken successor is the
/// next in the layout (BinaryFunction::fixBranches): clang leaves `je +5;
/// jmp T` now and then (SQLite's btreeOverwriteContent, a block order
/// build). Only when no branch of the input goes to the jump: the jump would
/// then start a block of its own, which llvm-bolt keeps.
static bool invertedOverJump(const DecodedInst &A, const DecodedInst &Jump,
                             const DecodedInst &B,
                             ArrayRef<DecodedInst> InInsts) {
  if (!A.IsBranch || !A.FallsThrough || !A.InvertedForm ||
      Jump.Address != A.Address + A.Size || !Jump.IsBranch ||
      Jump.FallsThrough || A.Target != Jump.Address + Jump.Size ||
      !B.IsBranch || !B.FallsThrough || B.Form != A.InvertedForm)
    return false;
  return none_of(InInsts, [&](const DecodedInst &D) {
    return D.IsBranch && D.Target == Jump.Address;
  });
}

CodeComparison compareLockedCode(const FunctionCode &In,
                                 const FunctionCode &Out,
                                 ArrayRef<RelocatedField> Fields,
                                 SameTargetFn SameTarget) {
  CodeComparison C;
  MaskedBytes Bytes(In, Out, Fields);
  auto ChangedAt = [&](uint64_t I, uint64_t O) {
    C.Change = Bytes.change(I, O);
    return C;
  };
  uint64_t Size = In.Bytes.size();
  std::optional<uint64_t> First = Bytes.firstDifference(0, 0, Size);
  if (!First) { // Byte for byte; the output may append jumps.
    checkAppended(In, Out, Size, Bytes, C);
    return C;
  }
  // Step 2. llvm-bolt encodes a branch it emits in the shortest form that
  // reaches (MC's relaxation starts short; -shorten-instructions=0 does not
  // change that), while the input may have a longer one: a tail call (`jmp
  // f`, 5 bytes with its relocation) to a function llvm-bolt put near,
  // emitted in 2 (checked, llvm-bolt 22; seen on bzip2's BZ2_decompress),
  // or a jump an assembler relaxed before alignment padding shrank. The
  // same branch to the same place is the compiler's code; the code after it
  // moves up, which apply's step 4b (reshift) places again. Anything else
  // that differs, or a decoding with holes (undecodable bytes), is a change
  // at the first differing byte.
  std::map<uint64_t, uint64_t> OutOffset; // Input offset -> output offset.
  SmallVector<std::pair<const DecodedInst *, const DecodedInst *>, 4> Branches;
  uint64_t I = 0, O = 0;
  size_t J = 0;
  for (size_t Index = 0; Index < In.Insts.size(); ++Index) {
    const DecodedInst &A = In.Insts[Index];
    if (A.Address != In.Address + I)
      return ChangedAt(*First, *First);
    // A jump to the next instruction is a fall-through in llvm-bolt's CFG,
    // and it emits none (clang leaves one where an empty block sits between
    // a block and its jump's target: C++ landing pads, pugixml's `eb 00`).
    // So is a conditional branch there, taken or not (a block whose two
    // successors are one: fixBranches drops the branch). The same code in
    // no bytes; what follows moves up, as after a shorter jump, and
    // branches to it now reach the next instruction.
    bool Next =
        J < Out.Insts.size() && Out.Insts[J].Address == Out.Address + O &&
        Out.Insts[J].Size == A.Size && !Bytes.firstDifference(I, O, A.Size);
    if (!Next && A.IsBranch && A.Target == A.Address + A.Size) {
      OutOffset[I] = O;
      I += A.Size;
      ++C.Dropped;
      continue;
    }
    if (J == Out.Insts.size() || Out.Insts[J].Address != Out.Address + O)
      return ChangedAt(*First, *First);
    const DecodedInst &B = Out.Insts[J++];
    OutOffset[I] = O;
    if (A.Size != B.Size || Bytes.firstDifference(I, O, A.Size)) {
      if (Index + 1 < In.Insts.size() &&
          invertedOverJump(A, In.Insts[Index + 1], B, In.Insts)) {
        // The jump has no place in the output: a branch to it would be a
        // change (invertedOverJump found none).
        const DecodedInst &Jump = In.Insts[++Index];
        Branches.push_back({&Jump, &B});
        ++C.Inverted;
        I += A.Size + Jump.Size;
        O += B.Size;
        continue;
      }
      if (!A.Form || A.Form != B.Form || A.IsBranch != B.IsBranch) {
        uint64_t K =
            Bytes.firstDifference(I, O, std::max(A.Size, B.Size)).value_or(0);
        return ChangedAt(I + K, O + K);
      }
      Branches.push_back({&A, &B});
    }
    I += A.Size;
    O += B.Size;
  }
  if (I != Size)
    return ChangedAt(*First, *First);
  // Each re-encoded (or re-aimed) branch or call goes to the instruction its
  // input target became, or out of the function to the same place: after a
  // shorter jump, a call of the function itself that the assembler resolved
  // (no relocation: a static function's recursion, Lua's singlevaraux) has
  // another displacement to the same start.
  auto Inside = [](const FunctionCode &F, uint64_t A) {
    return A >= F.Address && A - F.Address < F.Bytes.size();
  };
  for (auto [A, B] : Branches) {
    uint64_t IA = A->Address - In.Address;
    uint64_t TA = A->refersTo(), TB = B->refersTo();
    bool Same;
    if (Inside(In, TA)) {
      auto It = OutOffset.find(TA - In.Address);
      Same = It != OutOffset.end() && TB == Out.Address + It->second;
    } else
      // A PC-relative memory operand with no relocation was resolved by the
      // assembler: a reference into its own section, as hand-written
      // assembly makes to a table it keeps in .text (nettle 3.8.1's SHA-NI
      // SHA-256 loads a byte-swap mask 58 bytes before the instruction).
      // llvm-bolt aims it at the same bytes, which stay at their address
      // (the input's .text is kept as .bolt.org.text): kept code, as a
      // relocated field would be.
      Same = !Inside(Out, TB) &&
             (SameTarget(TA, TB) || (A->MemTarget && TB == TA));
    if (!Same)
      return ChangedAt(IA, OutOffset[IA]);
    C.Reencoded += A->Size != B->Size;
    C.Reaimed += A->MemTarget != 0;
  }
  checkAppended(In, Out, O, Bytes, C);
  return C;
}

} // namespace hotlayout
