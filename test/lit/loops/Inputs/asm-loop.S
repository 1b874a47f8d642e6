// asmloop(n): a hand-written loop of n iterations, assembled from a .S
// file: no compiler lays it out, so .llvm_bb_addr_map has no entry for it.
        .text
        .globl asmloop
        .type asmloop,@function
        .p2align 4
asmloop:
        xorq %rax, %rax
        movq %rdi, %rcx
.Lasmloop:
        addq %rcx, %rax
        imulq $3, %rax, %rax
        decq %rcx
        jnz .Lasmloop
        retq
        .size asmloop, .-asmloop
        .section .note.GNU-stack,"",@progbits
