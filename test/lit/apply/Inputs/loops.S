// Hot loops at known offsets, for `hotlayout apply`'s loop placement tests.
// Every instruction is real code (BOLT strips nops): movabs is 10 bytes,
// the register moves and arithmetic 3, imul 4, jnz 2. Each function takes n
// in %rdi and returns a value that depends on every iteration.
        .text
        .macro FILL10 reg
        movabsq $0x0101010101010101, \reg
        .endm

// The first immediate of straddler (and rotated); -DEDIT gives it another value (same
// size and layout, other bytes: an edited function).
#ifdef EDIT
#define FIRST 0x0202020202020202
#else
#define FIRST 0x0101010101010101
#endif

// straddler(n): 50 bytes, then an 18-byte loop at offset 53: it crosses the
// line at 64 when the function starts on a line; shifts 12 to 56 fit it.
// -DREPRET: it returns with `rep ret` (f3 c3), as hand-written assembly
// does (OpenSSL's perlasm).
// -DRIPTABLE: it loads %rdx's value from a table kept in .text before it,
// by a RIP-relative operand the assembler resolves (no relocation), as
// hand-written assembly does (nettle's SHA-NI SHA-256); the same 10 bytes.
#ifdef RIPTABLE
.Lstraddler_table:
        .quad 0x0101010101010101
#endif
        .globl straddler
        .type straddler,@function
        .p2align 6
straddler:
        movabsq $FIRST, %rax
#ifdef RIPTABLE
        movq .Lstraddler_table(%rip), %rdx
        movq %rdx, %rdx
#else
        FILL10 %rdx
#endif
        FILL10 %rsi
        FILL10 %r8
        FILL10 %r9
        movq %rdi, %rcx
.Lstraddler_loop:
        imulq %rdx, %rax
        addq %rsi, %rax
        xorq %r8, %rax
        addq %r9, %rax
        decq %rcx
        jnz .Lstraddler_loop
#ifdef REPRET
        rep ret
#else
        retq
#endif
        .size straddler, .-straddler

// cold_straddler(n): the same shape, run with n = 1: its loop never iterates,
// so it is not hot and no shift is chosen for it.
        .globl cold_straddler
        .type cold_straddler,@function
        .p2align 6
cold_straddler:
        FILL10 %rax
        FILL10 %rdx
        FILL10 %rsi
        FILL10 %r8
        FILL10 %r9
        movq %rdi, %rcx
.Lcold_loop:
        imulq %rdx, %rax
        addq %rsi, %rax
        xorq %r8, %rax
        addq %r9, %rax
        decq %rcx
        jnz .Lcold_loop
        retq
        .size cold_straddler, .-cold_straddler

// twoloops(n): loop A (45 bytes) at offset 43 fits one line at shifts 21 to
// 40; loop B (45 bytes) at offset 145 at 0 to 2 and 47 to 63: no shift fits
// both. A runs n times, B n/4 times: A's fit wins (shift 22, even).
        .globl twoloops
        .type twoloops,@function
        .p2align 6
twoloops:
        FILL10 %rax
        FILL10 %rdx
        FILL10 %rsi
        FILL10 %r8
        movq %rdi, %rcx
.Ltwo_a:
        FILL10 %r10
        FILL10 %r11
        FILL10 %rsi
        imulq %rdx, %rax
        addq %r10, %rax
        addq %r11, %rax
        decq %rcx
        jnz .Ltwo_a
        movq %rdi, %rcx
        shrq $2, %rcx
        FILL10 %r8
        FILL10 %r9
        FILL10 %r10
        FILL10 %r11
        FILL10 %rsi
.Ltwo_b:
        FILL10 %r10
        FILL10 %r11
        FILL10 %rsi
        imulq %rdx, %rax
        addq %r10, %rax
        addq %r11, %rax
        decq %rcx
        jnz .Ltwo_b
        retq
        .size twoloops, .-twoloops

// paddedloops(n): twoloops with the compiler's alignment: nops before each
// loop (.p2align 6, as hotalign pads) put A at 64 and B at 192, each on one
// line. BOLT strips nops, which gives back twoloops' layout, where no shift
// fits both; only the input's code (nops kept) has both on one line.
        .globl paddedloops
        .type paddedloops,@function
        .p2align 6
paddedloops:
        FILL10 %rax
        FILL10 %rdx
        FILL10 %rsi
        FILL10 %r8
        movq %rdi, %rcx
        .p2align 6
.Lpad_a:
        FILL10 %r10
        FILL10 %r11
        FILL10 %rsi
        imulq %rdx, %rax
        addq %r10, %rax
        addq %r11, %rax
        decq %rcx
        jnz .Lpad_a
        movq %rdi, %rcx
        shrq $2, %rcx
        FILL10 %r8
        FILL10 %r9
        FILL10 %r10
        FILL10 %r11
        FILL10 %rsi
        .p2align 6
.Lpad_b:
        FILL10 %r10
        FILL10 %r11
        FILL10 %rsi
        imulq %rdx, %rax
        addq %r10, %rax
        addq %r11, %rax
        decq %rcx
        jnz .Lpad_b
        retq
        .size paddedloops, .-paddedloops

// tight(n): straddler's loop, then 50 bytes run once before the return: 122
// bytes, so a reservation without slack (128) leaves 6 bytes of room, fewer
// than the 12 the loop needs.
        .globl tight
        .type tight,@function
        .p2align 6
tight:
        FILL10 %rax
        FILL10 %rdx
        FILL10 %rsi
        FILL10 %r8
        FILL10 %r9
        movq %rdi, %rcx
.Ltight_loop:
        imulq %rdx, %rax
        addq %rsi, %rax
        xorq %r8, %rax
        addq %r9, %rax
        decq %rcx
        jnz .Ltight_loop
        FILL10 %rdx
        addq %rdx, %rax
        FILL10 %rsi
        addq %rsi, %rax
        FILL10 %r8
        addq %r8, %rax
        FILL10 %r9
        addq %r9, %rax
        retq
        .size tight, .-tight

#ifdef SHORTENED
// shortened(n): 56 bytes, then a tail call to straddler for n == 0 (never
// taken: `jmp straddler`, 5 bytes with its relocation, as the compiler
// encodes a tail call), then an 18-byte loop that the compiler's alignment
// puts on a line start, at offset 64. The lock puts straddler within 127
// bytes of the call, so llvm-bolt emits it in 2 bytes: the loop moves up
// 3, to 61, across the line, unless the function starts 3 or more bytes
// later.
        .globl shortened
        .type shortened,@function
        .p2align 6
shortened:
        FILL10 %rax
        FILL10 %rdx
        FILL10 %rsi
        FILL10 %r8
        FILL10 %r9
        movq %rdi, %rcx
        testq %rdi, %rdi
        jnz .Lshortened_loop
        jmp straddler
        .p2align 6
.Lshortened_loop:
        imulq %rdx, %rax
        addq %rsi, %rax
        xorq %r8, %rax
        addq %r9, %rax
        decq %rcx
        jnz .Lshortened_loop
        retq
        .size shortened, .-shortened
#endif

#ifdef JUMPNEXT
// jumpnext(n): 53 bytes, then a jump to the next instruction (`eb 00`, as
// clang leaves one where an empty block sits between a block and its
// jump's target: C++ landing pads; -DJUMPNEXT_COND: `test; jne` there),
// then an 18-byte loop that the compiler's alignment puts on a line start,
// at offset 64. llvm-bolt drops the jump or branch (in its CFG it is the
// fall-through): the loop moves up 2, to 62, across the line, unless the
// function starts 2 or more bytes later.
        .globl jumpnext
        .type jumpnext,@function
        .p2align 6
jumpnext:
        FILL10 %rax
        FILL10 %rdx
        FILL10 %rsi
        FILL10 %r8
        FILL10 %r9
        movq %rdi, %rcx
#ifdef JUMPNEXT_COND
        // A conditional branch to the next instruction (3 + 2 bytes).
        testq %rdi, %rdi
        jne .Ljumpnext_next
#else
        jmp .Ljumpnext_next
#endif
.Ljumpnext_next:
        .p2align 6
.Ljumpnext_loop:
        imulq %rdx, %rax
        addq %rsi, %rax
        xorq %r8, %rax
        addq %r9, %rax
        decq %rcx
        jnz .Ljumpnext_loop
        retq
        .size jumpnext, .-jumpnext
#endif

#ifdef TAILCALL
// overpadding(n): a conditional tail call to tail_target (n == 0), then a
// jmp over the compiler's alignment padding (48 bytes of nops, as hotalign
// pads) to a loop on a line start, at offset 64. llvm-bolt's SCTC erases
// the nops (nothing branches to them) unless apply turns it off; without it
// the `je` goes through a jump llvm-bolt appends to the function.
        .globl tail_target
        .type tail_target,@function
        .p2align 4
tail_target:
        leaq 1(%rdi), %rax
        retq
        .size tail_target, .-tail_target

        .globl overpadding
        .type overpadding,@function
        .p2align 6
overpadding:
        testq %rdi, %rdi
        je tail_target
        movq %rdi, %rcx
        xorl %eax, %eax
        jmp .Loverpadding_loop
        .p2align 6
.Loverpadding_loop:
        addq %rcx, %rax
        imulq %rcx, %rax
        decq %rcx
        jnz .Loverpadding_loop
        retq
        .size overpadding, .-overpadding
#endif

#ifdef JUMPOVER
// jumpover(n): 56 bytes, then a conditional branch over the jump right
// after it (`jne +2; jmp`, as clang leaves one now and then: SQLite's
// btreeOverwriteContent), then an 18-byte loop that the compiler's
// alignment puts on a line start, at offset 64; n = 0 jumps past it.
// llvm-bolt emits the two branches as one `je` to the jump's target (its
// CFG's block whose taken successor is the next in the layout): the loop
// moves up 2, to 62, across the line, unless the function starts 2 or
// more bytes later.
        .globl jumpover
        .type jumpover,@function
        .p2align 6
jumpover:
        FILL10 %rax
        FILL10 %rdx
        FILL10 %rsi
        FILL10 %r8
        FILL10 %r9
        movq %rdi, %rcx
        testq %rdi, %rdi
        jne .Ljumpover_body
        jmp .Ljumpover_zero
.Ljumpover_body:
        .p2align 6
.Ljumpover_loop:
        imulq %rdx, %rax
        addq %rsi, %rax
        xorq %r8, %rax
        addq %r9, %rax
        decq %rcx
        jnz .Ljumpover_loop
        retq
.Ljumpover_zero:
        xorl %eax, %eax
        retq
        .size jumpover, .-jumpover
#endif

#if defined DATAINCODE || defined DATAOUTSIDE
// tabled(n): a loop that adds a constant it loads from a table kept inside
// its own code (after its ret, within its .size), as hand-written assembly
// does (nettle 3.8.1's sha3-permute keeps its round constants so). The two
// bytes before the table make a linear decoding run through it (48 b8: a
// movabs of the next 8 bytes), so the table starts inside an instruction:
// llvm-bolt then takes the function for not simple and leaves it in place.
// -DDATAOUTSIDE: the table before the function, outside its symbol.
#ifdef DATAOUTSIDE
.Ltabled_table:
        .quad 0x0101010101010101
#endif
        .globl tabled
        .type tabled,@function
        .p2align 6
tabled:
        leaq .Ltabled_table(%rip), %r8
        xorq %rax, %rax
        movq %rdi, %rcx
.Ltabled_loop:
        addq (%r8), %rax
        imulq %rcx, %rax
        decq %rcx
        jnz .Ltabled_loop
        retq
#ifdef DATAINCODE
        .byte 0x48, 0xb8
.Ltabled_table:
        .quad 0x0101010101010101
#endif
        .size tabled, .-tabled
#endif

// rotated(n): a loop written as a jump down to its test, its body before the
// test with a jump of its own back down to it (a block that never runs
// between them), as hand-written assembly may lay a loop out: two taken
// jumps per iteration. With a profile llvm-bolt lays the body out before the
// test, so that it falls into it: one. -DEDIT changes its first immediate
// too (another code hash, the same layout).
#ifdef ROTATED
        .globl rotated
        .type rotated,@function
        .p2align 6
rotated:
        movabsq $FIRST, %rdx
        xorq %rax, %rax
        movq %rdi, %rcx
        jmp .Lrotated_test
.Lrotated_body:
        imulq %rdx, %rax
        addq %rcx, %rax
        decq %rcx
        jmp .Lrotated_test
.Lrotated_never:
        FILL10 %rax
        retq
.Lrotated_test:
        testq %rcx, %rcx
        jnz .Lrotated_body
        retq
        .size rotated, .-rotated
#endif
