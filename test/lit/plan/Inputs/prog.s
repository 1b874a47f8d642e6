# A program whose function sizes the tests choose, for `hotlayout plan`:
#   HOT   size of f_hot in bytes (default 100)
#   WARM  0 drops f_warm (default 1: f_warm is 40 bytes)
#   NEW   1 adds f_new, 30 bytes (default 0)
  .ifndef HOT
  .set HOT, 100
  .endif
  .ifndef WARM
  .set WARM, 1
  .endif
  .ifndef NEW
  .set NEW, 0
  .endif

  .text
  .globl _start
  .type _start,@function
_start:
  call f_hot
  ret
  .size _start, .-_start

  .globl f_hot
  .type f_hot,@function
f_hot:
  .fill HOT-1, 1, 0x90
  ret
  .size f_hot, .-f_hot

  .if WARM
  .globl f_warm
  .type f_warm,@function
f_warm:
  .fill 39, 1, 0x90
  ret
  .size f_warm, .-f_warm
  .endif

  .if NEW
  .globl f_new
  .type f_new,@function
f_new:
  .fill 29, 1, 0x90
  ret
  .size f_new, .-f_new
  .endif

  .globl f_cold
  .type f_cold,@function
f_cold:
  .fill 299, 1, 0x90
  ret
  .size f_cold, .-f_cold
