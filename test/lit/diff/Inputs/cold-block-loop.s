# A loop whose 120-byte span holds a 108-byte block that runs on 16 of its
# 1000 iterations (see profile.fdata in the tests): its hot bytes are the
# 8 bytes at its head and the 4 at its end. FILL (default 13) moves work.
  .text
  .globl _start
  .type _start,@function
  .p2align 6
_start:
  call work
  xor %edi, %edi
  mov $60, %eax
  syscall
  .ifndef FILL
  FILL = 13                # puts work+5, the loop head, 32 bytes into a line
  .endif
  .fill FILL, 1, 0xcc
  .size _start, .-_start

  .globl work
  .type work,@function
work:
  mov $1000, %ecx
.Lhead:                    # the loop: [work+0x5, work+0x7d), 120 bytes
  test $63, %ecx
  jnz .Lskip               # taken unless %ecx is a multiple of 64
  .rept 36                 # the block the loop skips: 108 bytes
  add $1, %eax
  .endr
.Lskip:
  dec %ecx
  jnz .Lhead
  mov $5, %ecx
.Lshort:                   # a loop taken 4 times: under --min-count
  dec %ecx
  jnz .Lshort
  ret
  .size work, .-work
