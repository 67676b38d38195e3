/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Shared by the tables of parameter sets of the test programs (tests/mlkem/mlkem_sets.h,
 * tests/mldsa/mldsa_sets.h), whose entries are structs with the set's id, an int, as their first
 * member. Header-only.
 */
#ifndef M4CRYPT_TEST_PARAM_SETS_H
#define M4CRYPT_TEST_PARAM_SETS_H

#include <stddef.h>

/* The entry of table[0 .. n - 1] (entries of entry_size bytes) whose id is set, or NULL. */
static inline const void *t_set_by_id(const void *table, size_t entry_size, int n, long set)
{
    const unsigned char *entry = table;
    for (int i = 0; i < n; i++, entry += entry_size)
        if (*(const int *)(const void *)entry == set)
            return entry;
    return NULL;
}

#endif
