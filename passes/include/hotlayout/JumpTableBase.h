//===- hotlayout/JumpTableBase.h - Jump tables BOLT can read --------------===//
//
// hotalign-jt-base: a late codegen pass, run just before hotalign. A switch
// lowered to a position-independent jump table reads its table through a
// register that one instruction sets (x86-64: `lea .LJTI(%rip), %reg`).
// Machine LICM hoists that instruction out of the loops that dispatch, so the
// dispatching block no longer holds it. llvm-bolt recognises a jump table
// only when the address is set in the dispatching block; without it BOLT
// says "failed to post-process indirect branches" and treats the whole
// function as opaque: it cannot instrument it (`hotlayout profile` then has
// only the compiler's estimates for its loops), nor lay it out. This pass
// sets the address again right before the table is read, where every path
// to that point provably holds the same address already: the value and all
// other registers stay as they were, the dispatch gains one instruction.
//
// On by default in the build whose counts `hotlayout loops` reads; off by
// default where -hotalign-loop-profile names a file (the recipe's final
// build, the one `hotlayout apply` places): llvm-bolt re-encodes the
// functions it can read, a jump LLVM's assembler relaxed to 5 bytes comes
// out in 2, the hot loops after it move 3 bytes, and no function start can
// undo an odd shift (BOLT starts x86 functions on even addresses). Left
// unreadable, those functions are copied byte for byte, as the compiler
// placed their loops (Lua strings-and-sort: apply 3 straddling hot loops
// with the pass, 0 without; bench/aligned-lock).
//
// Registered as "hotalign-jt-base" (INITIALIZE_PASS) for
// `llc -load=libHotLayout.so -run-pass=hotalign-jt-base x.mir`.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_JUMPTABLEBASE_H
#define HOTLAYOUT_JUMPTABLEBASE_H

namespace llvm {
class MachineFunctionPass;
class PassRegistry;
/// Registers the legacy pass as "hotalign-jt-base" (INITIALIZE_PASS).
void initializeJumpTableBaseLegacyPass(PassRegistry &);
} // namespace llvm

namespace hotlayout {

/// A new legacy hotalign-jt-base pass (owned by the caller's pass manager).
llvm::MachineFunctionPass *createJumpTableBasePass();

} // namespace hotlayout

#endif // HOTLAYOUT_JUMPTABLEBASE_H
