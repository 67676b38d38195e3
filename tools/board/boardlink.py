# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Host side of the m4crypt board link: console text and vector files over one serial line.

The firmware side and the protocol are described in platform/stm32-common/link.c. In short, the
device sends console text and request lines 0x01 "<seq> <op> <args>\\n" (S hello, O open,
R read, C close, X exit); the host answers each (but X) with 0x02 "<seq> <status> <len> <crc32>\\n"
followed by <len> bytes.

Vector files are served from one directory, by base name only (a request cannot reach any other
file). The firmware always runs with --quick, which reads only the first 25 records of every group;
the server sends exactly those records (the same selection as tests/common/harness.c: records are
blank-line separated "key = value" lines, '#' comments, a change of the "group" value compared on
its first 63 characters starts a new group), so a board reads ~5 MB instead of ~60 MB at
115200 baud.

Used by run_netduinoplus2.py (QEMU), board_tests.py and serial_bench.py (boards).
"""
from __future__ import annotations

import os
import re
import select
import subprocess
import threading
import time
import zlib
from pathlib import Path

REQ, RSP = 0x01, 0x02
QUICK_LIMIT = 25
GROUP_CHARS = 63


def not_run(message: str, code: int = 1) -> int:
    """A suite that cannot run: the message, the summary line run_tests.py counts as one failure,
    and the exit code to return."""
    print(message)
    print("0 passed, 1 failed")
    return code


def quick_subset(data: bytes, limit: int = QUICK_LIMIT) -> bytes:
    """The records of a .vec file that a --quick test program uses, as a .vec file."""
    out: list[bytes] = []
    group_prev = b""
    count = 0

    def flush(fields: list[bytes]):
        nonlocal group_prev, count
        group = b""
        for line in fields:
            key, _, value = line.partition(b"=")
            if key.rstrip(b" ") == b"group":
                group = value.lstrip(b" ")
                break
        group = group[:GROUP_CHARS]
        if group != group_prev:
            group_prev, count = group, 0
        if count >= limit:
            return
        count += 1
        out.append(b"\n".join(fields) + b"\n\n")

    fields: list[bytes] = []
    for raw in data.split(b"\n"):
        line = raw.replace(b"\r", b"")
        if not line:
            if fields:
                flush(fields)
                fields = []
            continue
        if line.startswith(b"#") or b"=" not in line:
            continue
        fields.append(line)
    if fields:
        flush(fields)
    return b"".join(out)


class LinkServer:
    """Parses the device's byte stream, answers its requests, collects its console text."""

    def __init__(self, vecdir: Path | str | None, records: int = QUICK_LIMIT, echo=None,
                 semihost_dir: Path | None = None, semihost_over: int = 0):
        """records: how many records of each vector group to serve (25: the whole --quick
        subset, what the test programs expect). semihost_dir, semihost_over (QEMU only): a file
        whose served data is larger than semihost_over bytes is written to semihost_dir and its
        path sent instead (status -2), for the firmware to read with semihosting."""
        self.vecdir = Path(vecdir) if vecdir else None
        self.records = records
        self.semihost_dir = semihost_dir
        self.semihost_over = semihost_over
        self.bytes_semihosted = 0
        self.echo = echo            # called with each piece of console text (str)
        self.text = bytearray()     # all console text
        self.exit_code: int | None = None
        self.hello: str | None = None
        self.requests = 0
        self.bytes_served = 0
        self.errors: list[str] = []
        self._line = bytearray()
        self._in_req = False
        self._files: dict[int, bytes] = {}
        self._next_handle = 1
        self._cache: dict[str, bytes] = {}

    # -- files
    def _load(self, name: str) -> bytes | None:
        if name in self._cache:
            return self._cache[name]
        if (self.vecdir is None or not re.fullmatch(r"[A-Za-z0-9_.+-]+", name)
                or name.startswith(".")):
            return None
        path = self.vecdir / name
        if not path.is_file():
            return None
        data = path.read_bytes()
        if name.endswith(".vec"):
            data = quick_subset(data, self.records)
        self._cache[name] = data
        return data

    _copy_lock = threading.Lock()

    def _semihost_copy(self, name: str, data: bytes) -> Path:
        assert self.semihost_dir is not None
        path = (self.semihost_dir / name).resolve()
        with LinkServer._copy_lock:
            if not path.exists() or path.stat().st_size != len(data):
                tmp = path.with_suffix(".tmp")
                tmp.write_bytes(data)
                os.replace(tmp, path)
        return path

    # -- protocol
    @staticmethod
    def answer(seq: int, status: int, payload: bytes = b"") -> bytes:
        head = b"%d %d %d %08x\n" % (seq, status, len(payload), zlib.crc32(payload) & 0xFFFFFFFF)
        return bytes([RSP]) + head + payload

    def _request(self, line: str) -> bytes:
        self.requests += 1
        parts = line.split(" ", 2)
        try:
            seq = int(parts[0])
            op = parts[1]
        except (IndexError, ValueError):
            self.errors.append(f"malformed request {line!r}")
            return b""
        arg = parts[2] if len(parts) > 2 else ""
        if op == "S":
            self.hello = arg
            return self.answer(seq, 0)
        if op == "O":
            name = os.path.basename(arg)
            data = self._load(name)
            if data is None:
                return self.answer(seq, -1)
            if self.semihost_dir is not None and len(data) > self.semihost_over:
                path = self._semihost_copy(name, data)
                self.bytes_semihosted += len(data)
                return self.answer(seq, -2, str(path).encode())
            h = self._next_handle
            self._next_handle += 1
            self._files[h] = data
            return self.answer(seq, h)
        if op == "R":
            try:
                h, off, n = (int(x) for x in arg.split())
            except ValueError:
                return self.answer(seq, -1)
            data = self._files.get(h)
            if data is None or off < 0 or n < 0:
                return self.answer(seq, -1)
            chunk = data[off:off + n]
            self.bytes_served += len(chunk)
            return self.answer(seq, len(chunk), chunk)
        if op == "C":
            try:
                self._files.pop(int(arg), None)
            except ValueError:
                pass
            return self.answer(seq, 0)
        if op == "X":
            try:
                self.exit_code = int(arg)
            except ValueError:
                self.errors.append(f"bad exit request {line!r}")
                self.exit_code = 255
            return b""
        self.errors.append(f"unknown request {line!r}")
        return self.answer(seq, -1)

    def feed(self, data: bytes) -> bytes:
        """Consumes bytes from the device; returns the bytes to send back."""
        reply = bytearray()
        text = bytearray()
        for b in data:
            if self._in_req:
                if b == 0x0A:
                    self._in_req = False
                    reply += self._request(self._line.decode("ascii", "replace"))
                    self._line.clear()
                elif len(self._line) < 4096:
                    self._line.append(b)
            elif b == REQ:
                self._in_req = True
                self._line.clear()
            else:
                text.append(b)
        if text:
            self.text += text
            if self.echo:
                self.echo(text.decode("utf-8", "replace"))
        return bytes(reply)

    @property
    def output(self) -> str:
        return self.text.decode("utf-8", "replace")


def run_qemu(elf: Path, vecdir: Path | None, timeout: float, records: int = QUICK_LIMIT,
             semihost_dir: Path | None = None, semihost_over: int = 0,
             qemu: str = "qemu-system-arm", echo=None) -> tuple[int, LinkServer, float]:
    """Runs one firmware in QEMU's netduinoplus2 with USART2 on a pipe served by a LinkServer.

    QEMU connects its -serial options to USART1, USART2, ... in order (hw/arm/stm32f405_soc.c),
    so USART2, the Discovery's console, is the second. The exit code comes from semihosting
    SYS_EXIT_EXTENDED (-2: the firmware sent its exit message but QEMU did not stop, as a
    board image without semihosting does; -1: timeout); with semihost_dir, files larger than
    semihost_over go that way too (see LinkServer). Returns (exit code, server, seconds)."""
    cmd = [qemu, "-M", "netduinoplus2", "-display", "none", "-monitor", "none",
           "-serial", "null", "-serial", "stdio",
           "-semihosting-config", "enable=on,target=native", "-kernel", str(elf)]
    server = LinkServer(vecdir, records=records, echo=echo, semihost_dir=semihost_dir,
                        semihost_over=semihost_over)
    t0 = time.time()
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    assert p.stdin and p.stdout and p.stderr
    out_fd, err_fd = p.stdout.fileno(), p.stderr.fileno()
    err = bytearray()
    open_fds = {out_fd, err_fd}
    rc = None
    exit_seen = None
    try:
        while open_fds:
            left = timeout - (time.time() - t0)
            if left <= 0:
                break
            if exit_seen is not None and time.time() - exit_seen > 5:
                break  # a board image (no semihosting exit) loops after its exit message
            ready, _, _ = select.select(list(open_fds), [], [], min(left, 1.0))
            for fd in ready:
                chunk = os.read(fd, 65536)
                if not chunk:
                    open_fds.discard(fd)
                elif fd == err_fd:
                    err += chunk
                else:
                    reply = server.feed(chunk)
                    if server.exit_code is not None and exit_seen is None:
                        exit_seen = time.time()
                    if reply:
                        try:
                            p.stdin.write(reply)
                            p.stdin.flush()
                        except BrokenPipeError:
                            pass
        if open_fds and exit_seen is not None:
            p.kill()
            p.wait()
            rc = -2
        elif open_fds:  # timed out
            p.kill()
            p.wait()
            rc = -1
            server.text += f"\nTIMEOUT after {timeout:.0f} s\n".encode()
        else:
            rc = p.wait(timeout=10)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    if err.strip():
        server.text += b"\n[qemu stderr] " + bytes(err)
    return rc, server, time.time() - t0
