/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * m4crypt version. The one place it is written: the Makefile's install (the pkg-config and CMake
 * package files) and CMakeLists.txt (project VERSION) read it from here.
 */
#ifndef M4CRYPT_VERSION_H
#define M4CRYPT_VERSION_H

#define M4CRYPT_VERSION_MAJOR 0
#define M4CRYPT_VERSION_MINOR 1
#define M4CRYPT_VERSION_PATCH 0
#define M4CRYPT_VERSION_STRING "0.1.0"

#endif
