/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * libFuzzer target for X-Wing encapsulation to an arbitrary public key: pk_M must pass the
 * FIPS 203 section 7.2 modulus check (M4CRYPT_ERR_PUBLIC_KEY otherwise, with ct and ss zeroed)
 * and any pk_X is accepted (the draft has no check on it). Encapsulation must be deterministic in
 * eseed, must not read or write outside its buffers (ASan), and to the honest key it must give a
 * ciphertext that the honest secret key decapsulates to the same shared secret.
 *
 * Input: byte 0: bit 0 set = the public key is the input itself (zero-padded or cut to 1216
 * bytes; random bytes almost never pass the modulus check), else the honest public key patched
 * with the input's bytes from the offset in bytes 1-2 (so that valid keys are explored too).
 * The 64 bytes of eseed are the last 64 input bytes (zero-padded).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../mlkem/mlkem_ek_check.h"
#include "fuzz_reader.h"
#include "m4crypt/mlkem.h"
#include "m4crypt/xwing.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint8_t honest_pk[M4CRYPT_XWING_PUBLICKEYBYTES], honest_sk[M4CRYPT_XWING_SECRETKEYBYTES];
static int ready;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ready) {
        uint8_t seed[32];
        for (int i = 0; i < 32; i++)
            seed[i] = (uint8_t)(0x5c ^ i);
        if (m4crypt_xwing_keypair_derand(honest_pk, honest_sk, seed) != 0)
            abort();
        ready = 1;
    }
    if (size < 3)
        return 0;
    uint8_t eseed[64] = {0};
    const size_t e = size - 3 < 64 ? size - 3 : 64;
    memcpy(eseed + 64 - e, data + size - e, e);

    uint8_t *pk = fuzz_alloc(M4CRYPT_XWING_PUBLICKEYBYTES);
    uint8_t *ct = fuzz_alloc(M4CRYPT_XWING_CIPHERTEXTBYTES);
    uint8_t *ct2 = fuzz_alloc(M4CRYPT_XWING_CIPHERTEXTBYTES);
    uint8_t ss[32], ss2[32];
    if (data[0] & 1) {
        memset(pk, 0, M4CRYPT_XWING_PUBLICKEYBYTES);
        memcpy(pk, data + 1, size - 1 < M4CRYPT_XWING_PUBLICKEYBYTES ? size - 1
                                                                   : M4CRYPT_XWING_PUBLICKEYBYTES);
    } else {
        memcpy(pk, honest_pk, M4CRYPT_XWING_PUBLICKEYBYTES);
        const size_t off = ((size_t)data[1] << 8 | data[2]) % M4CRYPT_XWING_PUBLICKEYBYTES;
        for (size_t i = 3; i + e < size; i++)
            pk[(off + i - 3) % M4CRYPT_XWING_PUBLICKEYBYTES] ^= data[i];
    }

    const int r = m4crypt_xwing_enc_derand(ct, ss, pk, eseed);
    const int expect = mlkem_ek_reduced(pk, 3) ? 0 : M4CRYPT_ERR_PUBLIC_KEY;
    if (r != expect)
        abort();
    if (r != 0) {
        if (!t_all_zero(ct, M4CRYPT_XWING_CIPHERTEXTBYTES) || !t_all_zero(ss, 32))
            abort();
    } else {
        if (m4crypt_xwing_enc_derand(ct2, ss2, pk, eseed) != 0 ||
            memcmp(ct, ct2, M4CRYPT_XWING_CIPHERTEXTBYTES) != 0 || memcmp(ss, ss2, 32) != 0)
            abort();
        if (memcmp(pk, honest_pk, M4CRYPT_XWING_PUBLICKEYBYTES) == 0 &&
            (m4crypt_xwing_dec(ss2, ct, honest_sk) != 0 || memcmp(ss, ss2, 32) != 0))
            abort();
    }
    free(pk);
    free(ct);
    free(ct2);
    return 0;
}
