# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Host side of the board link: the --quick record selection and the request/answer framing."""
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from boardlink import RSP, LinkServer, quick_subset  # noqa: E402


def records(data: bytes):
    return [r for r in data.decode().split("\n\n") if r.strip()]


def test_quick_subset_keeps_25_per_consecutive_group():
    lines = []
    for i in range(30):
        lines += ["group = a", f"count = {i}", ""]
    for i in range(3):
        lines += ["group = b", f"count = {100 + i}", ""]
    for i in range(30):  # "a" again after "b": a new run, counted afresh (as the harness does)
        lines += ["group = a", f"count = {200 + i}", ""]
    out = records(quick_subset("\n".join(lines).encode()))
    counts = [int(r.split("count = ")[1]) for r in out]
    assert counts == list(range(25)) + [100, 101, 102] + list(range(200, 225))


def test_quick_subset_parses_like_the_harness():
    # comments and lines without '=' are dropped, CR removed, blank lines separate records,
    # a record without a group belongs to the group "", the group compares on 63 characters
    long_a, long_b = "x" * 63 + "A", "x" * 63 + "B"
    text = ("# header\r\nkey = 1\r\nnot a field\r\n\r\n\r\n"
            + "".join(f"group={long_a if i % 2 else long_b}\ncount={i}\n\n" for i in range(30)))
    out = records(quick_subset(text.encode()))
    assert out[0] == "key = 1"
    assert len(out) == 1 + 25  # the two long groups are one group for the harness
    assert all("\r" not in r and "#" not in r for r in out)


def test_quick_subset_limit():
    text = "".join(f"group = g{i // 10}\ncount = {i}\n\n" for i in range(40)).encode()
    assert len(records(quick_subset(text, 3))) == 12
    assert len(records(quick_subset(text, 25))) == 40


def answer_parts(reply: bytes):
    assert reply[0] == RSP
    head, _, payload = reply[1:].partition(b"\n")
    seq, status, length, crc = head.split(b" ")
    assert int(length) == len(payload) and int(crc, 16) == zlib.crc32(payload)
    return int(seq), int(status), payload


def test_server_open_read_close_exit(tmp_path):
    (tmp_path / "x.vec").write_bytes(b"count = 1\nmsg = 00ff\n\n")
    (tmp_path / "secret").write_bytes(b"no")
    s = LinkServer(tmp_path)
    assert answer_parts(s.feed(b"\x011 S m4crypt-link 1 test board\n"))[:2] == (1, 0)
    assert s.hello == "m4crypt-link 1 test board"
    seq, h, _ = answer_parts(s.feed(b"hello text\x012 O vectors/x.vec\n"))
    assert seq == 2 and h > 0
    assert s.output == "hello text"
    _, n, data = answer_parts(s.feed(b"\x013 R %d 8 100\n" % h))
    assert data == b"1\nmsg = 00ff\n\n" and n == len(data)
    _, n, data = answer_parts(s.feed(b"\x014 R %d 100 10\n" % h))
    assert n == 0 and data == b""
    assert answer_parts(s.feed(b"\x015 C %d\n" % h))[1] == 0
    # only .vec-style base names inside the directory; no dot files, no other paths
    for name in (b"../x.vec", b"/etc/passwd", b".hidden", b"missing.vec"):
        st = answer_parts(s.feed(b"\x016 O " + name + b"\n"))[1]
        assert st == -1 or name == b"../x.vec"  # basename() maps ../x.vec to x.vec itself
    assert s.feed(b"\x017 X 3\n") == b"" and s.exit_code == 3
    assert not s.errors


def test_server_hands_large_files_to_semihosting(tmp_path):
    big = "".join(f"count = {i}\nmsg = {'ab' * 100}\n\n" for i in range(20)).encode()
    (tmp_path / "big.vec").write_bytes(big)
    copies = tmp_path / "copies"
    copies.mkdir()
    s = LinkServer(tmp_path, semihost_dir=copies, semihost_over=1000)
    _, st, payload = answer_parts(s.feed(b"\x011 O vectors/big.vec\n"))
    assert st == -2 and Path(payload.decode()).read_bytes() == quick_subset(big)
