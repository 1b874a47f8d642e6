0000000000000000 <flush_batched>:
       0:      	testq	%rsi, %rsi
       3:      	je	0x1b <flush_batched+0x1b>
       5:      	sfence
       8:      	xorl	%eax, %eax
       a:      	clflushopt	(%rdi,%rax)
       f:      	addq	$0x40, %rax
      13:      	cmpq	%rsi, %rax
      16:      	jb	0xa <flush_batched+0xa>
      18:      	sfence
      1b:      	retq
