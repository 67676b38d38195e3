/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* m4crypt: constant-time cryptography for the Arm Cortex-M4. One include for the whole API. */
#ifndef M4CRYPT_H
#define M4CRYPT_H
#include "m4crypt/version.h"
#include "m4crypt/common.h"
#include "m4crypt/fips202.h"
#include "m4crypt/mlkem.h"
#include "m4crypt/mldsa.h"
#include "m4crypt/x25519.h"
#include "m4crypt/chacha20.h"
#include "m4crypt/poly1305.h"
#include "m4crypt/chacha20poly1305.h"
#include "m4crypt/xwing.h"
#include "m4crypt/ristretto255.h"
#include "m4crypt/selftest.h"
#endif
