/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Constant-time check of examples/pqsession's device side under valgrind memcheck
 * (tests/common/ct.h; the file includes pqsession.c). Must be clean:
 *  - boot: pqs_identity_init with the device's secret key marked secret. ML-KEM key generation
 *    branches on rho, public as part of the public key: declassified through ML-KEM's hook
 *    m4crypt_mlkem_ct_declassify, which this program defines; then the public parts of the
 *    identity (the public key inside the expanded key, h after "<- s") are declared public;
 *  - the handshake: pqs_respond with exactly the secret parts of the identity marked, and the
 *    device's random bytes (its encapsulation coins) secret, on an honest message 1 and on one
 *    whose ct_s was changed (implicit rejection); message 2 and the confirmation record are
 *    declassified only after the call (they are sent on the line);
 *  - records: pqs_record_seal of a secret plaintext with the secret keys, pqs_record_open of an
 *    honest and of a forged record (the outcome, a return code, is public).
 */
#include <string.h>

#include "../../examples/pqsession/pqsession.c"
#include "ct.h"
#include "harness.h"

void m4crypt_mlkem_ct_declassify(const void *p, size_t len);
void m4crypt_mlkem_ct_declassify(const void *p, size_t len)
{
    CT_PUBLIC(p, len);
}

/* The device's random generator: a test stream whose output is marked secret. */
static pqs_identity id;
static uint8_t msg1[PQS_MSG1_BYTES], msg2[PQS_MSG2_BYTES], conf[PQS_CONFIRM_BYTES];
static uint8_t rec[PQS_MAX_RECORD], pt[PQS_MAX_FRAGMENT];

static void mark_identity(pqs_identity *d)
{
    CT_SECRET(d->key.sk_m, 1152);        /* dk_PKE */
    CT_SECRET(d->key.sk_m + 2368, 32);   /* z */
    CT_SECRET(d->key.sk_x, 32);
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(0xc7c8);
    uint8_t sk[32], pk[M4CRYPT_XWING_PUBLICKEYBYTES];
    pqs_initiator hs;
    pqs_keys dev, host;

    /* boot */
    t_rand_bytes(sk, 32);
    CT_SECRET(sk, 32);
    int r = pqs_identity_init(&id, sk);
    CT_PUBLIC(&r, sizeof r);
    CHECK(r == PQS_OK);
    CT_PUBLIC(id.key.sk_m + 1152, 1184 + 32); /* ek || H(ek) */
    CT_PUBLIC(id.key.pk_x, 32);
    CT_PUBLIC(id.h0, 32);
    CT_PUBLIC(&id, sizeof id);
    pqs_identity_public_key(pk, &id);

    for (int variant = 0; variant < 2; variant++) {
        CHECK(pqs_initiate(&hs, msg1, pk) == PQS_OK); /* the host: public to the device */
        if (variant)
            msg1[100] ^= 0x10; /* ct_s changed: implicit rejection, keys that will not confirm */
        mark_identity(&id);
        m4crypt_set_randombytes(ct_secret_rng, NULL);
        r = pqs_respond(&id, &dev, msg2, conf, msg1);
        m4crypt_set_randombytes(NULL, NULL);
        CT_PUBLIC(&r, sizeof r);
        CT_PUBLIC(msg2, sizeof msg2);
        CT_PUBLIC(conf, sizeof conf);
        CT_PUBLIC(dev.h, sizeof dev.h);
        CT_PUBLIC(&dev.send_n, sizeof dev.send_n);
        CT_PUBLIC(&dev.recv_n, sizeof dev.recv_n);
        CT_PUBLIC(&id, sizeof id);
        CHECK(r == PQS_OK);
        CHECK(pqs_initiator_finish(&hs, &host, rec, msg2) == PQS_OK);
        CT_PUBLIC(&host, sizeof host);
        CT_PUBLIC(&dev, sizeof dev);
        CHECK((memcmp(host.send_key, dev.recv_key, 32) == 0) == (variant == 0));
    }

    /* records under the (honest) keys of the last handshake's device side */
    CHECK(pqs_initiate(&hs, msg1, pk) == PQS_OK);
    CHECK(pqs_respond(&id, &dev, msg2, conf, msg1) == PQS_OK);
    CHECK(pqs_initiator_finish(&hs, &host, rec, msg2) == PQS_OK);
    for (int variant = 0; variant < 3; variant++) {
        size_t n = variant == 2 ? PQS_MAX_FRAGMENT : 64, len = 0;
        t_rand_bytes(pt, n);
        pqs_keys s = dev, h = host;
        h.recv_n = s.send_n;
        CT_SECRET(s.send_key, 32);
        CT_SECRET(pt, n);
        r = pqs_record_seal(&s, rec, PQS_DATA, 0, pt, n);
        CT_PUBLIC(&r, sizeof r);
        CT_PUBLIC(rec, PQS_HEADER_BYTES + n + PQS_TAG_BYTES);
        CHECK(r == PQS_OK);
        if (variant == 1)
            rec[PQS_HEADER_BYTES + 3] ^= 1; /* forged */
        CT_SECRET(h.recv_key, 32);
        r = pqs_record_open(&h, rec, PQS_HEADER_BYTES + n + PQS_TAG_BYTES, &len);
        CT_PUBLIC(&r, sizeof r);
        CT_PUBLIC(rec, PQS_HEADER_BYTES + n + PQS_TAG_BYTES);
        CT_PUBLIC(pt, n);
        CHECK(r == (variant == 1 ? PQS_ERR_AUTH : PQS_OK));
        CHECK(variant == 1 || memcmp(rec + PQS_HEADER_BYTES, pt, n) == 0);
    }
    pqs_identity_wipe(&id);
    return t_summary("ct_pqsession");
}
