/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ML-DSA-65: key generation, signing and verification (src/mldsa/sign_set.h for this set). */
#define MLDSA_SET 65
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA65 /* m4crypt/config.h */

#include "sign_set.h"

#endif /* M4CRYPT_ENABLE_MLDSA65 */
