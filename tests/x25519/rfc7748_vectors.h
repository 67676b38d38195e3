/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * RFC 7748 test data shared by the X25519 tests (test_x25519.c, test_x25519_armv7m.c): the
 * section 5.2 vectors and iterated values, and the low-order points of section 7. Header-only
 * (each test_*.c is a program).
 */
#ifndef M4CRYPT_TEST_RFC7748_VECTORS_H
#define M4CRYPT_TEST_RFC7748_VECTORS_H

/* RFC 7748 section 5.2, the two test vectors (scalar, input u-coordinate, output). The second
 * input u has bit 255 set, which decodeUCoordinate must mask. */
static const char *const rfc7748_52[2][3] = {
    {"a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
     "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
     "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"},
    {"4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
     "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
     "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"},
};

/* RFC 7748 section 5.2, the iterated check: k = u = 9, then (k, u) = (X25519(k, u), k). */
static const char *const rfc7748_iter1 =
    "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079";
static const char *const rfc7748_iter1000 =
    "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51";
static const char *const rfc7748_iter1000000 =
    "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424";

/* The low-order u-coordinates (RFC 7748 section 7 lists them; orders 1, 2, 4, 8 on the curve and
 * its twist) and their non-canonical encodings u + p where that fits in 255 bits, each also with
 * bit 255 set: every scalar maps them to zero. */
static const char *const low_order[7] = {
    "0000000000000000000000000000000000000000000000000000000000000000", /* 0 */
    "0100000000000000000000000000000000000000000000000000000000000000", /* 1 */
    "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800", /* order 8 */
    "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157", /* order 8 */
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p - 1 */
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p = 0 */
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p + 1 = 1 */
};

#endif
