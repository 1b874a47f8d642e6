0000000000000000 <flush_clflush>:
       0:      	testq	%rsi, %rsi
       3:      	je	0x1d <flush_clflush+0x1d>
       5:      	xorl	%eax, %eax
       7:      	nopw	(%rax,%rax)
      10:      	clflush	(%rdi,%rax)
      14:      	addq	$0x40, %rax
      18:      	cmpq	%rsi, %rax
      1b:      	jb	0x10 <flush_clflush+0x10>
      1d:      	retq
