# Plain assembly: no preprocessor.
        .text
        .globl  asm_seven
        .type   asm_seven,@function
asm_seven:
        movl    $7, %eax
        ret
        .size   asm_seven, .-asm_seven
        .section .note.GNU-stack,"",@progbits
