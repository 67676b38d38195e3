/* FIPS 202 tests (quick self-check version; the vector tests follow). */
#include <string.h>

#include "fips202/fips202_internal.h"
#include "harness.h"

static void hex2bin(uint8_t *out, const char *hex)
{
    for (size_t i = 0; hex[2 * i]; i++) {
        unsigned v = 0;
        for (int k = 0; k < 2; k++) {
            char c = hex[2 * i + k];
            v = v * 16 + (unsigned)(c <= '9' ? c - '0' : c - 'a' + 10);
        }
        out[i] = (uint8_t)v;
    }
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    uint64_t s[25] = {0};
    m4crypt_keccakf1600(s);
    CHECK(s[0] == 0xF1258F7940E1DDE7ULL);
    uint8_t out[64], exp[64];
    m4crypt_sha3_256(out, (const uint8_t *)"abc", 3);
    hex2bin(exp, "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
    CHECK_MEM(out, exp, 32);
    m4crypt_sha3_512(out, 0, 0);
    hex2bin(exp, "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a615b2123af1f5f94c11"
                 "e3e9402c3ac558f500199d95b6d3e301758586281dcd26");
    CHECK_MEM(out, exp, 64);
    m4crypt_shake128(out, 32, 0, 0);
    hex2bin(exp, "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26");
    CHECK_MEM(out, exp, 32);
    m4crypt_shake256(out, 64, 0, 0);
    hex2bin(exp, "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762fd75dc4ddd8c0f200cb"
                 "05019d67b592f6fc821c49479ab48640292eacb3b7c4be");
    CHECK_MEM(out, exp, 64);
    return t_summary("fips202");
}
