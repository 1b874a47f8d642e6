0000000000000000 <flush_batched>:
       0:      	testq	%rsi, %rsi
       3:      	je	0x21 <flush_batched+0x21>
       5:      	sfence
       8:      	xorl	%eax, %eax
       a:      	nopw	(%rax,%rax)
      10:      	clflushopt	(%rdi,%rax)
      15:      	addq	$0x40, %rax
      19:      	cmpq	%rsi, %rax
      1c:      	jb	0x10 <flush_batched+0x10>
      1e:      	sfence
      21:      	retq
