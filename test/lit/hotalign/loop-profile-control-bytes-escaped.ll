; REQUIRES: x86-registered
;
; A damaged loop profile's bytes are quoted escaped in the error (\XX for
; each byte outside printable ASCII): the plugin printed an unknown record
; raw, so a control byte reached the terminal and split the build log's
; line (loop_profile_fuzz.py, seed 2: 'bl\xeb c\x1d'). Negative twin: a
; printable unknown record is quoted as it is.
;
; RUN: rm -rf %t && mkdir %t
; RUN: printf 'hotlayout-loop-profile 1\nfunction f\nbl\353c\035 1 2\n' > %t/ctl.txt
; RUN: printf 'hotlayout-loop-profile 1\nfunction f\nblk 1 2\n' > %t/plain.txt
; RUN: not %llc -load=%plugin -mtriple=x86_64-linux-gnu -basic-block-address-map \
; RUN:   -hotalign-loop-profile=%t/ctl.txt %s -o /dev/null 2> %t/ctl.err
; RUN: FileCheck --check-prefix=CTL %s < %t/ctl.err
; RUN: %python -c "import sys; d = open(sys.argv[1], 'rb').read(); sys.exit(any(b < 32 and b != 10 or b > 126 for b in d))" %t/ctl.err
; RUN: not %llc -load=%plugin -mtriple=x86_64-linux-gnu -basic-block-address-map \
; RUN:   -hotalign-loop-profile=%t/plain.txt %s -o /dev/null 2>&1 \
; RUN:   | FileCheck --check-prefix=PLAIN %s

; CTL: error: hotalign: {{.*}}ctl.txt:3: unknown record 'bl\EBc\1D'
; PLAIN: error: hotalign: {{.*}}plain.txt:3: unknown record 'blk'

define void @f() {
  ret void
}
