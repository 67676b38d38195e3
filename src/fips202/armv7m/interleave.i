/* SPDX-License-Identifier: Apache-2.0 OR MIT */
@ The lane conversion between the standard Keccak layout and the bit-interleaved one of the
@ armv7m permutation (src/fips202/armv7m/backend.h), as macros: keccak_lanes.S (the sponge's
@ absorb and squeeze) and src/mldsa/armv7m/rej.S (ML-DSA's expansion of A, which reads the
@ squeezed block straight from the state). Method: keccak_lanes.S, "Method".

@ cross-word delta swap: t = (b ^ (a >> s)) & m; b ^= t; a ^= t << s
.macro xswap a, b, t, s, m
    eor.w \t, \b, \a, lsr #\s
    and.w \t, \t, #\m
    eor.w \b, \b, \t
    eor.w \a, \a, \t, lsl #\s
.endm

@ standard (lo, hi) -> interleaved: even into \e, odd into \hi, \lo becomes a temporary
.macro to_il lo, hi, e
    pkhbt.w \e, \lo, \hi, lsl #16       @ A = lo[15:0] | hi[15:0] << 16      swap(5,4)
    pkhtb.w \hi, \hi, \lo, asr #16      @ B = lo[31:16] | hi[31:16] << 16
    xswap \e, \hi, \lo, 8, 0x00ff00ff   @ swap(5,3)
    xswap \e, \hi, \lo, 4, 0x0f0f0f0f   @ swap(5,2)
    xswap \e, \hi, \lo, 2, 0x33333333   @ swap(5,1)
    xswap \e, \hi, \lo, 1, 0x55555555   @ swap(5,0)
.endm

@ interleaved (even \e, odd \o) -> standard lo into \lo, hi into \o; \e and \t are clobbered
.macro from_il e, o, lo, t
    xswap \e, \o, \t, 1, 0x55555555     @ swap(5,0)
    xswap \e, \o, \t, 2, 0x33333333     @ swap(5,1)
    xswap \e, \o, \t, 4, 0x0f0f0f0f     @ swap(5,2)
    xswap \e, \o, \t, 8, 0x00ff00ff     @ swap(5,3)
    pkhbt.w \lo, \e, \o, lsl #16        @ lo = A[15:0] | B[15:0] << 16       swap(5,4)
    pkhtb.w \o, \o, \e, asr #16         @ hi = A[31:16] | B[31:16] << 16
.endm
