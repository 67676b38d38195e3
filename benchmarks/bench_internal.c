/* Regions for ML-KEM's polynomial arithmetic: whichever implementation the build selects
 * (portable C, or the armv7m backend through src/mlkem/backend.h). */
#include "bench_internal.h"
#include "mlkem/poly.h"
#include "platform.h"

static m4crypt_poly poly_a, poly_b, poly_r;

void bench_internal(void)
{
    for (unsigned i = 0; i < M4CRYPT_MLKEM_N; i++) {
        poly_a.coeffs[i] = (int16_t)((i * 1237u + 11u) % M4CRYPT_MLKEM_Q);
        poly_b.coeffs[i] = (int16_t)((i * 2971u + 5u) % M4CRYPT_MLKEM_Q);
        poly_r.coeffs[i] = 0;
    }
    m4sim_region_begin("mlkem.ntt");
    m4crypt_poly_ntt(&poly_a);
    m4sim_region_end();
    m4crypt_poly_ntt(&poly_b);
    m4sim_region_begin("mlkem.basemul");
    m4crypt_poly_basemul_acc(&poly_r, &poly_a, &poly_b);
    m4sim_region_end();
    m4sim_region_begin("mlkem.invntt");
    m4crypt_poly_invntt(&poly_r);
    m4sim_region_end();
}
