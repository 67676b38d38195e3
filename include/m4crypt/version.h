/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * m4crypt version. Versions follow Semantic Versioning 2.0.0 (README, "Versions"): the API is
 * what the headers under include/ declare; until 1.0.0 a minor release may change it, and
 * CHANGELOG.md says how.
 *
 * The macros give the version of the headers a program was compiled with; m4crypt_version()
 * gives the version of the library it is linked with. They differ only when the two were mixed.
 */
#ifndef M4CRYPT_VERSION_H
#define M4CRYPT_VERSION_H

#ifdef __cplusplus
extern "C" {
#endif

#define M4CRYPT_VERSION_MAJOR 0
#define M4CRYPT_VERSION_MINOR 1
#define M4CRYPT_VERSION_PATCH 0

#define M4CRYPT_VERSION_STR_(x) #x
#define M4CRYPT_VERSION_STR(x) M4CRYPT_VERSION_STR_(x)
/* "MAJOR.MINOR.PATCH", e.g. "0.1.0". */
#define M4CRYPT_VERSION_STRING                                                                   \
    M4CRYPT_VERSION_STR(M4CRYPT_VERSION_MAJOR)                                                   \
    "." M4CRYPT_VERSION_STR(M4CRYPT_VERSION_MINOR) "." M4CRYPT_VERSION_STR(M4CRYPT_VERSION_PATCH)
/* One number that grows with every release: MAJOR * 10000 + MINOR * 100 + PATCH. */
#define M4CRYPT_VERSION_NUMBER                                                                   \
    (M4CRYPT_VERSION_MAJOR * 10000 + M4CRYPT_VERSION_MINOR * 100 + M4CRYPT_VERSION_PATCH)

/* The version of the linked library, as M4CRYPT_VERSION_STRING (a static string). */
const char *m4crypt_version(void);

#ifdef __cplusplus
}
#endif
#endif
