# SPDX-License-Identifier: Apache-2.0 OR MIT
# ML-KEM sources compiled once per parameter set (-DM4CRYPT_MLKEM_SET=512|768|1024);
# everything else in src/mlkem/ is built once (see src/mlkem/params.h).
MLKEM_PERSET_SRCS := src/mlkem/kpke.c src/mlkem/kem.c src/mlkem/nistapi.c
