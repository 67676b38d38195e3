/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Read-only data reached from code, for the size tests: a table read through its start and end
 * pointers (computed here), a table of
 * function pointers, a table read by a MOVW / MOVT pair (size_data_asm.S), one no code reads,
 * a loop by start and end pointers and a constant that equals an address of the vector table at
 * 0 (size_data_asm.S). */
#include "rt.h"
static volatile uint32_t sink;
__attribute__((used)) const uint32_t table_loop[24] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
__attribute__((used)) const uint32_t table_after[64] = {7};  /* often right after table_loop */
__attribute__((used)) const uint32_t table_unused[32] = {9};
__attribute__((noinline)) uint32_t m4crypt_sum(void)
{
    uint32_t s = 0;
    for (const volatile uint32_t *p = table_loop; p < table_loop + 24; p++)
        s += *p;
    return s;
}
__attribute__((noinline)) uint32_t m4crypt_twice(uint32_t x) { return 2 * x; }
__attribute__((noinline)) uint32_t m4crypt_thrice(uint32_t x) { return 3 * x; }
typedef uint32_t (*op_t)(uint32_t);
const op_t ops_table[2] = {m4crypt_twice, m4crypt_thrice};
__attribute__((noinline)) uint32_t m4crypt_dispatch(uint32_t i, uint32_t x)
{
    return ops_table[i & 1](x);
}
uint32_t m4crypt_asm_table_sum(void);   /* size_data_asm.S */
uint32_t m4crypt_asm_end_pointer(void); /* size_data_asm.S */
__attribute__((noinline)) uint32_t m4crypt_small_constant(void)
{
    volatile uint32_t v = 0x10; /* inside the vector table, but not an address */
    return v * 0x12345;
}
int main(int argc, char **argv)
{
    (void)argv;
    sink = m4crypt_sum();
    sink = m4crypt_dispatch((uint32_t)argc, 5);
    sink = m4crypt_asm_table_sum();
    sink = m4crypt_small_constant();
    sink = m4crypt_asm_end_pointer();
    return 0;
}
