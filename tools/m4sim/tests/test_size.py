# SPDX-License-Identifier: Apache-2.0 OR MIT
import json
import subprocess
import sys

from m4sim.size import CodeSize
from conftest import needs_toolchain, build_c

pytestmark = needs_toolchain


def test_size(tmp_path):
    elf = build_c(tmp_path, "size", "size_test.c", "size_asm.S")
    cs = CodeSize(elf)
    fn = {f.name: f for f in cs.functions}
    assert not fn["asm_helper"].sized and fn["asm_helper"].size == 8  # adds(2) + eors.w(4) + bx(2)
    assert fn["asm_after"].sized and fn["asm_after"].size == 2
    assert [f.name for f in cs.unsized()] == ["asm_helper"]
    r = cs.reachable("m4crypt_mlkem_keypair")
    assert r == {"m4crypt_mlkem_keypair", "m4crypt_sha3_256", "m4crypt_keccak_f",
                 "m4crypt_mlkem_leaf", "asm_helper"}
    assert cs.reachable_bytes("m4crypt_mlkem_keypair") == sum(fn[n].size for n in r)
    # function pointer in a literal pool
    assert "m4crypt_keccak_f" in cs.reachable("m4crypt_x25519_base")
    g = cs.group_sizes()
    assert g["mlkem"] == fn["m4crypt_mlkem_leaf"].size + fn["m4crypt_mlkem_keypair"].size
    assert g["keccak"] == fn["m4crypt_keccak_f"].size + fn["m4crypt_sha3_256"].size
    assert g["x25519"] == fn["m4crypt_x25519_base"].size
    out = subprocess.run([sys.executable, "-m", "m4sim.cli", "size", str(elf), "--json",
                          "--reachable", "m4crypt_mlkem_keypair"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["reachable"]["m4crypt_mlkem_keypair"]["bytes"] == cs.reachable_bytes("m4crypt_mlkem_keypair")
    assert data["unsized"] == ["asm_helper"]
    txt = subprocess.run([sys.executable, "-m", "m4sim.cli", "size", str(elf)],
                         capture_output=True, text=True).stdout
    assert "no .size" in txt and "mlkem" in txt
