// chain(n, m): n outer iterations, each walking an inner loop m times, in
// the shape clang gives a chain walk (Lua's luaS_resize): the inner loop's
// exit jumps back to the outer loop's latch, which lies before it. That jump
// is a backward jump whose cycle runs through code before its target (the
// outer loop's head): a loop of its own, taken n times. -DFORWARD makes the
// inner loop's exit return instead: no cycle, no third loop.
        .text
        .globl chain
        .type chain,@function
        .p2align 6
chain:
        xorl %eax, %eax
        movq %rdi, %rdx
.Louter:
        movq %rsi, %rcx
        testq %rcx, %rcx
        jne .Linner
.Llatch:
        decq %rdx
        jne .Louter
        retq
.Linner:
        addq %rcx, %rax
        decq %rcx
        jne .Linner
#ifdef FORWARD
        retq
#else
        jmp .Llatch
#endif
        .size chain, .-chain
