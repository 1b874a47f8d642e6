// int run(const unsigned char *Ops, long N): N ops through a switch, in the
// shape clang -O1 gives such a loop (rotated: entered at its dispatch, the
// cases jump back to the head) with one case laid out before the head,
// falling into it (RandomX's executeSuperscalar has one that jumps there).
// The table's address is loaded in the dispatching block: llvm-bolt
// recognises a jump table only so, and then profiles where it went.
// -DLEAVES: case 2 leaves the loop instead, to an enclosing loop laid out
// before the head that enters it anew at its dispatch.
        .text
        .globl  run
        .type   run,@function
        .p2align 4
run:
        xorl    %eax, %eax
        xorl    %ecx, %ecx
        testq   %rsi, %rsi
        jle     .Ldone
#ifdef LEAVES
        jmp     .Louter
        .p2align 4
.Lcase2:
        incq    %rcx
        cmpq    %rsi, %rcx
        jge     .Ldone
.Louter:
        addl    $100, %eax
        jmp     .Ldispatch
#else
        jmp     .Ldispatch
        .p2align 4
.Lcase2:
        xorl    $5, %eax
#endif
.Lhead:
        incq    %rcx
        cmpq    %rcx, %rsi
        je      .Ldone
.Ldispatch:
        movzbl  (%rdi,%rcx), %edx
        cmpq    $3, %rdx
        ja      .Lhead
        leaq    .Ltable(%rip), %r8
        movslq  (%r8,%rdx,4), %rdx
        addq    %r8, %rdx
        jmpq    *%rdx
.Lcase0:
        leal    (%rax,%rax,2), %eax
        jmp     .Lhead
.Lcase3:
        addl    $-7, %eax
        jmp     .Lhead
.Lcase1:
        incl    %eax
        jmp     .Lhead
.Ldone:
        retq
        .size   run, .-run

        .section .rodata,"a",@progbits
        .p2align 2
.Ltable:
        .long   .Lcase0-.Ltable
        .long   .Lcase1-.Ltable
        .long   .Lcase2-.Ltable
        .long   .Lcase3-.Ltable

        .section .note.GNU-stack,"",@progbits
