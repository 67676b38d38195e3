/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ChaCha20 assembly backend for ARMv7E-M (Cortex-M4F), see src/chacha20/backend.h.
 */
#ifndef M4CRYPT_CHACHA20_ARMV7M_BACKEND_H
#define M4CRYPT_CHACHA20_ARMV7M_BACKEND_H

/* Same contract as m4crypt_chacha20_xor_job_c (chacha20_xor_job.S). Uses s0-s15 (caller-saved;
 * those that held key-dependent words are wiped before it returns). */
void m4crypt_chacha20_xor_job_armv7m(const m4crypt_chacha20_job *job);
#define M4CRYPT_CHACHA20_HAVE_XOR_JOB 1

#endif
