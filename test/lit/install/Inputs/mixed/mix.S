/* Preprocessed assembly (cpp runs first): a macro for the constant. */
#define MIX_MULT 0x9e3779b97f4a7c15
        .text
        .globl  asm_mix
        .type   asm_mix,@function
asm_mix:
        movabsq $MIX_MULT, %rax
        imulq   %rdi, %rax
        rolq    $17, %rax
        ret
        .size   asm_mix, .-asm_mix
        .section .note.GNU-stack,"",@progbits
