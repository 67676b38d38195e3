/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * m4sim.h: what a Cortex-M4 firmware needs so that m4sim can measure it.
 *
 *   #include "m4sim.h"            compile with -I"$(m4sim --include-dir)"
 *
 *   M4SIM_REGION("sha3", sha3(out, in, len));    cycles, instructions and stack of the statements
 *   m4sim_region_begin("x"); ...; m4sim_region_end();             the same, spelled out
 *   m4sim_ct_seed[0..31]                         the secret bytes m4sim ct varies from run to run
 *
 * In exactly ONE .c file of the firmware, define the markers and the seed:
 *
 *   #define M4SIM_DEFINE
 *   #include "m4sim.h"
 *
 * The definitions are empty functions: on QEMU or a board they cost a call and a return. m4sim
 * finds them by their symbol names (m4sim_region_begin, m4sim_region_end, m4sim_ct_seed) in the
 * ELF file and hooks their entry; nothing else is needed (no startup code, no linker script
 * entries). What a region counts: from the first instruction after m4sim_region_begin returns up
 * to, not including, the call of m4sim_region_end (docs/m4sim.md, "Regions").
 *
 * m4sim_ct_seed:
 *  - lives in .data (initialised, not zero): m4sim writes each run's seed at its load address and
 *    at its run address, and the startup code's copy of .data then brings it in. In .bss the
 *    startup code would clear it after m4sim wrote it.
 *  - survives -Wl,--gc-sections: m4sim_region_begin takes its address, so wherever regions are
 *    used the seed is linked too, even before the firmware reads it.
 *  - the firmware derives every secret from it (a key = the seed, or a hash of it) and keeps
 *    public inputs fixed; `m4sim ct` then checks that the regions' instruction, memory-address
 *    and cycle traces do not depend on it.
 *
 * Written for m4sim (m4crypt project); usable by any firmware.
 */
#ifndef M4SIM_H
#define M4SIM_H

#ifdef __cplusplus
extern "C" {
#endif

#define M4SIM_CT_SEED_BYTES 32

/* Opens a region named name (a string that stays valid: m4sim reads it at the call). */
void m4sim_region_begin(const char *name);
/* Closes the innermost open region. Regions nest. */
void m4sim_region_end(void);
/* The secret seed of a constant-time check (m4sim ct): a different value on each run. */
extern volatile unsigned char m4sim_ct_seed[M4SIM_CT_SEED_BYTES];

/* Runs the statements in a region: M4SIM_REGION("name", f(x); g(y)); */
#define M4SIM_REGION(name, ...)                                                                    \
    do {                                                                                           \
        m4sim_region_begin(name);                                                                  \
        __VA_ARGS__;                                                                               \
        m4sim_region_end();                                                                        \
    } while (0)


#ifdef __cplusplus
}
#endif
#endif /* M4SIM_H */

/* The definitions, outside the include guard: a file may include m4sim.h (through another header)
 * before it defines M4SIM_DEFINE and includes it again. */
#if defined(M4SIM_DEFINE) && !defined(M4SIM_DEFINED_)
#define M4SIM_DEFINED_
#ifdef __cplusplus
extern "C" {
#endif
#if defined(__GNUC__) && !defined(__clang__)
#define M4SIM_NOINLINE_ __attribute__((noipa, used))
#else
#define M4SIM_NOINLINE_ __attribute__((noinline, used))
#endif
volatile unsigned char m4sim_ct_seed[M4SIM_CT_SEED_BYTES] = {1};

M4SIM_NOINLINE_ void m4sim_region_begin(const char *name)
{
    /* the seed's address keeps it (and its section) in the link under --gc-sections */
    __asm__ volatile("" : : "r"(name), "r"(m4sim_ct_seed) : "memory");
}

M4SIM_NOINLINE_ void m4sim_region_end(void)
{
    __asm__ volatile("" : : : "memory");
}
#undef M4SIM_NOINLINE_
#ifdef __cplusplus
}
#endif
#endif /* M4SIM_DEFINE */
