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
    # a branch into the middle of another function (a shared tail) reaches it: the mapping
    # symbols say the branch is an instruction; in the same section too (no relocation)
    assert cs.reachable("asm_tail_entry") == {"asm_tail_entry", "asm_shared"}
    assert cs.reachable("asm_near_entry") == {"asm_near_entry", "asm_near_shared"}
    relocs_elf = build_c(tmp_path, "size_relocs", "size_test.c", "size_asm.S",
                         extra=("-Wl,--emit-relocs",))
    relocs = CodeSize(relocs_elf)
    assert relocs.precise
    assert relocs.reachable("asm_tail_entry") == {"asm_tail_entry", "asm_shared"}
    assert relocs.reachable("m4crypt_mlkem_keypair") == r
    # with relocations, a function pointer is a word that carries an absolute relocation: the
    # same bytes without it (a constant, or an instruction, that happens to equal a function's
    # address) are not followed
    assert "m4crypt_keccak_f" in relocs.reachable("m4crypt_x25519_base")
    base = next(f for f in relocs.functions if f.name == "m4crypt_x25519_base")
    pointers = [a for a, kind in relocs.image.relocs.items()
                if kind == "R_ARM_ABS32" and base.addr <= a < base.addr + base.size]
    assert pointers
    no_pointer = CodeSize(relocs_elf)
    for a in pointers:
        del no_pointer.image.relocs[a]
    assert "m4crypt_keccak_f" not in no_pointer.reachable("m4crypt_x25519_base")
    # without mapping symbols (stripped of them) only the relocation tells: plain image, no
    # relocation, so the shared tail is not followed (a literal word could look the same)
    cs._mark_addrs, cs._mark_kinds, cs._calls = [], [], None
    assert cs.reachable("asm_tail_entry") == {"asm_tail_entry"}
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


def test_reachable_rodata(tmp_path):
    """Read-only data reached from code: literal pools, end pointers, MOVW / MOVT pairs, tables
    of function pointers; exact with the relocations kept (--emit-relocs)."""
    flags = ("-ffunction-sections", "-fdata-sections")  # as m4crypt is built (see m4sim.size)
    elf = build_c(tmp_path, "size_data", "size_data.c", "size_data_asm.S",
                  extra=flags + ("-Wl,--emit-relocs",))
    cs = CodeSize(elf)
    assert cs.precise
    obj = {o.name: o for o in cs.objects}
    assert obj["table_loop"].size == 96 and obj["asm_table"].size == 16
    # the loop's start and end pointers: table_loop only, whatever follows it
    assert cs.reachable_rodata("m4crypt_sum") == {"table_loop"}
    assert cs.reachable_rodata_bytes("m4crypt_sum") == 96
    # a table of function pointers brings its functions into the code size
    assert cs.reachable_rodata("m4crypt_dispatch") == {"ops_table"}
    assert {"m4crypt_twice", "m4crypt_thrice"} <= cs.reachable("m4crypt_dispatch")
    # MOVW / MOVT of an assembly table without .type (sized STT_NOTYPE)
    assert cs.reachable_rodata("m4crypt_asm_table_sum") == {"asm_table"}
    # a small constant is no address (the vector table is at 0), and a literal end pointer
    # (asm_tab_a + 16 = asm_tab_b) is asm_tab_a's end
    assert cs.reachable_rodata("m4crypt_small_constant") == set()
    assert cs.reachable_rodata("m4crypt_asm_end_pointer") == {"asm_tab_a"}
    assert "table_unused" not in cs.reachable_rodata("main")
    assert cs.reachable_rodata("main") == {"table_loop", "ops_table", "asm_table", "asm_tab_a"}
    out = subprocess.run([sys.executable, "-m", "m4sim.cli", "size", str(elf), "--json",
                          "--reachable", "m4crypt_sum"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["reachable"]["m4crypt_sum"]["rodata_bytes"] == 96 and data["relocations"]
    # without relocations: not exact (an upper bound: small constants may look like addresses),
    # and said so
    plain = CodeSize(build_c(tmp_path, "size_data_plain", "size_data.c", "size_data_asm.S",
                             extra=flags))
    assert not plain.precise
    assert "table_loop" in plain.reachable_rodata("m4crypt_sum")
    assert plain.reachable_rodata("m4crypt_asm_end_pointer") == {"asm_tab_a", "vectors"}
    assert plain.reachable("m4crypt_sum") == {"m4crypt_sum"}
