/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Call graph and grouping for the size tests. */
#include "rt.h"
static volatile uint32_t sink;
uint32_t asm_helper(uint32_t x);                     /* size_asm.S: no .size */
uint32_t asm_tail_entry(uint32_t x);                 /* size_asm.S: ends in asm_shared */
uint32_t asm_near_entry(uint32_t x);                 /* size_asm.S: ends in asm_near_shared */
__attribute__((noinline)) uint32_t m4crypt_keccak_f(uint32_t x) { for (int i = 0; i < 5; i++) x = (x << 3) ^ (x >> 7) ^ (uint32_t)i; return x; }
__attribute__((noinline)) uint32_t m4crypt_sha3_256(uint32_t x) { return m4crypt_keccak_f(x) + 1; }
__attribute__((noinline)) uint32_t m4crypt_mlkem_leaf(uint32_t x) { return x * 3329u + asm_helper(x); }
__attribute__((noinline)) uint32_t m4crypt_mlkem_keypair(uint32_t x) { return m4crypt_sha3_256(x) ^ m4crypt_mlkem_leaf(x); }
typedef uint32_t (*fn_t)(uint32_t);
__attribute__((noinline)) uint32_t m4crypt_x25519_base(uint32_t x) { volatile fn_t f = m4crypt_keccak_f; return f(x); }
__attribute__((noinline)) uint32_t unrelated(uint32_t x) { return x + 99; }
int main(int argc, char **argv)
{
    (void)argv;
    sink = m4crypt_mlkem_keypair((uint32_t)argc);
    sink = m4crypt_x25519_base((uint32_t)argc);
    sink = unrelated((uint32_t)argc);
    sink = asm_tail_entry((uint32_t)argc);
    sink = asm_near_entry((uint32_t)argc);
    return 0;
}
