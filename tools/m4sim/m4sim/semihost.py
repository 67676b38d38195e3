# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Arm semihosting (AArch32), as in Arm's "Semihosting for AArch32 and AArch64"
specification and as QEMU (semihosting/arm-compat-semi.c) implements it.

The firmware executes ``bkpt 0xab`` with r0 = operation, r1 = argument (for
most operations a pointer to a block of 32-bit words); the result goes to r0.

Deviations from QEMU, on purpose: SYS_CLOCK and SYS_ELAPSED count simulated
time (cycles at CLOCK_HZ) so runs are deterministic; SYS_HEAPINFO reports the
heap above the ELF's highest RAM segment and the stack below the initial SP.
"""
import errno as _errno
import io
import os
import struct
import sys
import time

SYS_OPEN = 0x01
SYS_CLOSE = 0x02
SYS_WRITEC = 0x03
SYS_WRITE0 = 0x04
SYS_WRITE = 0x05
SYS_READ = 0x06
SYS_READC = 0x07
SYS_ISERROR = 0x08
SYS_ISTTY = 0x09
SYS_SEEK = 0x0A
SYS_FLEN = 0x0C
SYS_REMOVE = 0x0E
SYS_CLOCK = 0x10
SYS_TIME = 0x11
SYS_ERRNO = 0x13
SYS_GET_CMDLINE = 0x15
SYS_HEAPINFO = 0x16
SYS_EXIT = 0x18
SYS_EXIT_EXTENDED = 0x20
SYS_ELAPSED = 0x30
SYS_TICKFREQ = 0x31

ADP_STOPPED_APPLICATION_EXIT = 0x20026
CLOCK_HZ = 24_000_000

# QEMU implements these extensions and reports them in ":semihosting-features"
FEATURES = b"SHFB" + bytes([0x03])  # SH_EXT_EXIT_EXTENDED | SH_EXT_STDOUT_STDERR

_MODES = ["rb", "rb", "r+b", "r+b", "wb", "wb", "w+b", "w+b", "ab", "ab", "a+b", "a+b"]


class Exit(Exception):
    def __init__(self, code):
        super().__init__(code)
        self.code = code


class _Console:
    def __init__(self, which):
        self.which = which   # 0 stdin, 1 stdout, 2 stderr


class Semihost:
    def __init__(self, mem_read, mem_write, cmdline, heapinfo, cycles, stdin=None,
                 echo=False):
        self.mem_read = mem_read
        self.mem_write = mem_write
        self.cmdline = cmdline
        self.heapinfo = heapinfo
        self.cycles = cycles
        self.stdin = io.BytesIO(stdin or b"") if not hasattr(stdin, "read") else stdin
        self.echo = echo
        self.out = bytearray()
        self.err = bytearray()
        self.errno = 0
        self.fds = {}

    # -- helpers -----------------------------------------------------------------
    def _words(self, addr, n):
        return struct.unpack(f"<{n}I", bytes(self.mem_read(addr, 4 * n)))

    def _handle(self, h, console=True):
        """The file of handle h, or None with errno EBADF when there is none (or, with
        console=False, when it is the console)."""
        obj = self.fds.get(h)
        if obj is None or (not console and isinstance(obj, _Console)):
            self.errno = _errno.EBADF
            return None
        return obj

    def _cstr(self, addr, limit=1 << 16):
        out = bytearray()
        while len(out) < limit:
            a = addr + len(out)
            # aligned chunks never cross the end of a mapped region
            chunk = bytes(self.mem_read(a, 64 - (a & 63)))
            i = chunk.find(b"\0")
            if i >= 0:
                out += chunk[:i]
                return bytes(out)
            out += chunk
        return bytes(out)

    def _console_write(self, which, data):
        if which == 2:
            self.err += data
            if self.echo:
                sys.stderr.buffer.write(data)
                sys.stderr.buffer.flush()
        else:
            self.out += data
            if self.echo:
                sys.stdout.buffer.write(data)
                sys.stdout.buffer.flush()

    def _alloc(self, obj):
        h = 1
        while h in self.fds:
            h += 1
        self.fds[h] = obj
        return h

    def _fail(self, e):
        self.errno = getattr(e, "errno", None) or _errno.EIO
        return 0xFFFFFFFF

    def close_all(self):
        for obj in self.fds.values():
            if not isinstance(obj, (_Console, bytes)):
                try:
                    obj.close()
                except OSError:
                    pass
        self.fds.clear()

    # -- dispatch ------------------------------------------------------------------
    def call(self, op, arg):
        """Execute one semihosting call; return the value for r0 (uint32)."""
        fn = getattr(self, f"_op_{op:02x}", None)
        if fn is None:
            self.errno = _errno.ENOSYS
            return 0xFFFFFFFF
        return fn(arg) & 0xFFFFFFFF

    def _op_01(self, arg):   # SYS_OPEN {name, mode, len}
        p, mode, ln = self._words(arg, 3)
        name = bytes(self.mem_read(p, ln)).decode("utf-8", "surrogateescape")
        if mode > 11:
            self.errno = _errno.EINVAL
            return 0xFFFFFFFF
        if name == ":tt":
            return self._alloc(_Console(0 if mode < 4 else 1 if mode < 8 else 2))
        if name == ":semihosting-features":
            if mode >= 4:
                self.errno = _errno.EACCES
                return 0xFFFFFFFF
            return self._alloc(io.BytesIO(FEATURES))
        try:
            return self._alloc(open(name, _MODES[mode]))
        except OSError as e:
            return self._fail(e)

    def _op_02(self, arg):   # SYS_CLOSE {handle}
        (h,) = self._words(arg, 1)
        obj = self.fds.pop(h, None)
        if obj is None:
            self.errno = _errno.EBADF
            return 0xFFFFFFFF
        if not isinstance(obj, _Console):
            obj.close()
        return 0

    def _op_03(self, arg):   # SYS_WRITEC: r1 points to the character
        self._console_write(1, bytes(self.mem_read(arg, 1)))
        return 0

    def _op_04(self, arg):   # SYS_WRITE0: r1 points to a NUL-terminated string
        self._console_write(1, self._cstr(arg))
        return 0

    def _op_05(self, arg):   # SYS_WRITE {handle, buf, len} -> bytes NOT written
        h, buf, ln = self._words(arg, 3)
        obj = self._handle(h)
        if obj is None:
            return 0xFFFFFFFF
        data = bytes(self.mem_read(buf, ln)) if ln else b""
        if isinstance(obj, _Console):
            if obj.which == 0:
                self.errno = _errno.EBADF
                return ln
            self._console_write(obj.which, data)
            return 0
        try:
            n = obj.write(data)
            return ln - (n if n is not None else ln)
        except (OSError, io.UnsupportedOperation) as e:
            self._fail(e)
            return ln

    def _op_06(self, arg):   # SYS_READ {handle, buf, len} -> bytes NOT read
        h, buf, ln = self._words(arg, 3)
        obj = self._handle(h)
        if obj is None:
            return 0xFFFFFFFF
        try:
            if isinstance(obj, _Console):
                if obj.which != 0:
                    self.errno = _errno.EBADF
                    return ln
                src = self.stdin
                data = src.read1(ln) if hasattr(src, "read1") else src.read(ln)
            else:
                data = obj.read(ln)
        except (OSError, io.UnsupportedOperation) as e:
            self._fail(e)
            return ln
        data = data or b""
        if data:
            self.mem_write(buf, data)
        return ln - len(data)

    def _op_07(self, arg):   # SYS_READC
        data = self.stdin.read(1)
        return data[0] if data else 0xFFFFFFFF

    def _op_08(self, arg):   # SYS_ISERROR {value}
        (v,) = self._words(arg, 1)
        return 1 if v & 0x80000000 else 0

    def _op_09(self, arg):   # SYS_ISTTY {handle}
        (h,) = self._words(arg, 1)
        obj = self._handle(h)
        if obj is None:
            return 0xFFFFFFFF
        if isinstance(obj, _Console):
            # QEMU maps ":tt" to the host's stdin/stdout/stderr and asks isatty()
            if not self.echo:
                return 0
            stream = (sys.stdin, sys.stdout, sys.stderr)[obj.which]
            try:
                return 1 if os.isatty(stream.fileno()) else 0
            except (OSError, ValueError, AttributeError):
                return 0
        return 0

    def _op_0a(self, arg):   # SYS_SEEK {handle, pos}
        h, pos = self._words(arg, 2)
        obj = self._handle(h, console=False)
        if obj is None:
            return 0xFFFFFFFF
        try:
            obj.seek(pos)
            return 0
        except OSError as e:
            return self._fail(e)

    def _op_0c(self, arg):   # SYS_FLEN {handle}
        (h,) = self._words(arg, 1)
        obj = self._handle(h, console=False)
        if obj is None:
            return 0xFFFFFFFF
        if isinstance(obj, io.BytesIO):
            return len(obj.getbuffer())
        try:
            obj.flush()
            return os.fstat(obj.fileno()).st_size
        except OSError as e:
            return self._fail(e)

    def _op_0e(self, arg):   # SYS_REMOVE {name, len}
        p, ln = self._words(arg, 2)
        try:
            os.remove(bytes(self.mem_read(p, ln)).decode("utf-8", "surrogateescape"))
            return 0
        except OSError as e:
            return self._fail(e)

    def _op_10(self, arg):   # SYS_CLOCK: centiseconds (simulated time)
        return self.cycles() * 100 // CLOCK_HZ

    def _op_11(self, arg):   # SYS_TIME: seconds since the epoch (host)
        return int(time.time())

    def _op_13(self, arg):   # SYS_ERRNO
        return self.errno

    def _op_15(self, arg):   # SYS_GET_CMDLINE {buf, len}
        buf, ln = self._words(arg, 2)
        data = self.cmdline.encode() + b"\0"
        if len(data) > ln:
            self.errno = _errno.E2BIG
            return 0xFFFFFFFF
        self.mem_write(buf, data)
        self.mem_write(arg + 4, struct.pack("<I", len(data) - 1))
        return 0

    def _op_16(self, arg):   # SYS_HEAPINFO: r1 -> pointer to a 4-word block
        (blk,) = self._words(arg, 1)
        self.mem_write(blk, struct.pack("<4I", *self.heapinfo))
        return 0

    def _op_18(self, arg):   # SYS_EXIT: AArch32 passes the reason in r1 itself
        raise Exit(0 if arg == ADP_STOPPED_APPLICATION_EXIT else 1)

    def _op_20(self, arg):   # SYS_EXIT_EXTENDED {reason, subcode}
        reason, code = self._words(arg, 2)
        raise Exit((code & 0xFF) if reason == ADP_STOPPED_APPLICATION_EXIT else 1)

    def _op_30(self, arg):   # SYS_ELAPSED: 64-bit tick count into {lo, hi}
        t = self.cycles()
        self.mem_write(arg, struct.pack("<Q", t))
        return 0

    def _op_31(self, arg):   # SYS_TICKFREQ
        return CLOCK_HZ
