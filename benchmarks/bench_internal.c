/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Regions for single internal routines, in whichever implementation the build selects (portable
 * C, or an armv7m backend through the hooks of src/<primitive>/backend.h):
 *   keccak.f1600   the permutation as the sponge calls it, on the backend's own state layout
 *                  (bit-interleaved for armv7m), like the published figures it is compared with;
 *                  the public m4crypt_keccakf1600() adds a layout conversion on a standard state
 *   mlkem.*        NTT, base multiplication with accumulation, inverse NTT of one polynomial */
#include "bench_internal.h"
#include "fips202/backend.h"
#include "mlkem/poly.h"
#include "x25519/fe25519.h"
#include "platform.h"

static uint64_t keccak_state[25];

void bench_internal(void)
{
    m4sim_region_begin("keccak.f1600");
    m4crypt_keccak_permute(keccak_state);
    m4sim_region_end();

#if M4CRYPT_ENABLE_MLKEM /* m4crypt/config.h */
    static m4crypt_mlkem_poly poly_a, poly_b, poly_r;
    for (unsigned i = 0; i < M4CRYPT_MLKEM_N; i++) {
        poly_a.coeffs[i] = (int16_t)((i * 1237u + 11u) % M4CRYPT_MLKEM_Q);
        poly_b.coeffs[i] = (int16_t)((i * 2971u + 5u) % M4CRYPT_MLKEM_Q);
        poly_r.coeffs[i] = 0;
    }

    m4sim_region_begin("mlkem.ntt");
    m4crypt_mlkem_poly_ntt(&poly_a);
    m4sim_region_end();
    m4crypt_mlkem_poly_ntt(&poly_b);
    m4sim_region_begin("mlkem.basemul");
    m4crypt_mlkem_poly_basemul_acc(&poly_r, &poly_a, &poly_b);
    m4sim_region_end();
    m4sim_region_begin("mlkem.invntt");
    m4crypt_mlkem_poly_invntt(&poly_r);
    m4sim_region_end();
#endif

#if M4CRYPT_BUILD_CURVE25519
    static m4crypt_fe25519_bench fe_a, fe_b, fe_r;
    /* fe25519.*: the field functions the selected X25519 ladder runs on (backend.h hooks). */
    for (unsigned i = 0; i < sizeof fe_a.v / sizeof fe_a.v[0]; i++) {
        fe_a.v[i] = (int32_t)(i * 0x1234567u % 0x1ffffffu);
        fe_b.v[i] = (int32_t)(i * 0x2345679u % 0x1ffffffu);
    }
    m4sim_region_begin("fe25519.mul");
    M4CRYPT_FE25519_BENCH_MUL(&fe_r, &fe_a, &fe_b);
    m4sim_region_end();
    m4sim_region_begin("fe25519.sqr");
    M4CRYPT_FE25519_BENCH_SQR(&fe_r, &fe_a);
    m4sim_region_end();
    m4sim_region_begin("fe25519.invert");
    M4CRYPT_FE25519_BENCH_INVERT(&fe_r, &fe_a);
    m4sim_region_end();
#endif
}
