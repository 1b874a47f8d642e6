## The program most diff tests link twice: `_start` calls `hot`, whose one
## 4-byte loop (`dec %ecx; jnz`) starts 20 bytes into it. B differs from A
## only by symbols set with -Wa,--defsym (0 when not set):
##   PAD=N    N bytes of padding before `hot` (the function moves);
##   INPAD=N  N bytes inside `hot` before its loop (only the loop moves).
## With neither, `hot` starts a 64-byte line and the loop is bytes [20, 24)
## of it; `hot` is 25 bytes (+INPAD), its jnz at hot+0x16 (+INPAD).
  .ifndef PAD
  .set PAD, 0
  .endif
  .ifndef INPAD
  .set INPAD, 0
  .endif
  .text
  .globl _start
  .type _start,@function
  .p2align 6
_start:
  call hot
  ret
  .size _start, .-_start

  .p2align 6
  .fill PAD, 1, 0x90
  .globl hot
  .type hot,@function
hot:
  .fill 20 + INPAD, 1, 0x90
.Lloop:
  dec %ecx
  jnz .Lloop
  ret
  .size hot, .-hot
