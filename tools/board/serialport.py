# SPDX-License-Identifier: Apache-2.0 OR MIT
"""A serial port in raw mode, 8N1, with the standard library only (termios, select).

The boards' console: /dev/ttyACM0 for an ST-LINK virtual COM port (NUCLEO-L4R5ZI, or a
Discovery's ST-LINK/V2-A wired to PA2/PA3), /dev/ttyUSB0 for a USB-serial adapter; or, for a dry
run without a board, QEMU's netduinoplus2 with USART2 on a pseudo-terminal (serve_firmware).
"""
from __future__ import annotations

import os
import re
import select
import subprocess
import termios
import time

BAUDS = {9600: termios.B9600, 19200: termios.B19200, 38400: termios.B38400,
         57600: termios.B57600, 115200: termios.B115200, 230400: termios.B230400,
         460800: termios.B460800, 921600: termios.B921600}


class SerialPortError(Exception):
    """The serial port cannot be opened; the message says why and what to do."""


def open_error(path: str, e: OSError) -> str:
    """What to tell the user when path cannot be opened as the board's serial port."""
    if isinstance(e, FileNotFoundError):
        why = "does not exist: is the board connected by USB (its ST-LINK's virtual COM port)?"
    elif isinstance(e, PermissionError):
        why = ("cannot be opened (permission denied): add yourself to the dialout group, or "
               "run as root")
    else:
        why = f"cannot be opened ({e.strerror or e})"
    return (f"serial port {path} {why} Give another one with PORT=/dev/ttyACM1 (make) or --port "
            f"(the board's console: /dev/ttyACM* for an ST-LINK, /dev/ttyUSB* for a USB-serial "
            f"adapter; ls /dev/ttyACM* /dev/ttyUSB* lists them)")


class SerialPort:
    def __init__(self, path: str, baud: int = 115200):
        if baud not in BAUDS:
            raise ValueError(f"unsupported baud rate {baud}")
        self.path = path
        try:
            self.fd = os.open(path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        except OSError as e:
            raise SerialPortError(open_error(path, e)) from None
        try:
            iflag, oflag, cflag, lflag, _, _, cc = termios.tcgetattr(self.fd)
            iflag &= ~(termios.IGNBRK | termios.BRKINT | termios.PARMRK | termios.ISTRIP |
                       termios.INLCR | termios.IGNCR | termios.ICRNL | termios.IXON |
                       termios.IXOFF | termios.IXANY | termios.INPCK)
            oflag &= ~termios.OPOST
            lflag &= ~(termios.ECHO | termios.ECHONL | termios.ICANON | termios.ISIG |
                       termios.IEXTEN)
            cflag &= ~(termios.CSIZE | termios.PARENB | termios.CSTOPB)
            if hasattr(termios, "CRTSCTS"):
                cflag &= ~termios.CRTSCTS
            cflag |= termios.CS8 | termios.CLOCAL | termios.CREAD
            cc[termios.VMIN] = 0
            cc[termios.VTIME] = 0
            speed = BAUDS[baud]
            termios.tcsetattr(self.fd, termios.TCSANOW,
                              [iflag, oflag, cflag, lflag, speed, speed, cc])
            termios.tcflush(self.fd, termios.TCIOFLUSH)
        except termios.error:
            # Not a terminal (a pipe or socket in tests): use it as a plain byte stream.
            pass

    def read(self, timeout: float) -> bytes:
        """Whatever arrives within timeout seconds (b"" if nothing)."""
        ready, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        if not ready:
            return b""
        try:
            return os.read(self.fd, 65536)
        except BlockingIOError:
            return b""

    def write(self, data: bytes, timeout: float = 10.0):
        end = time.time() + timeout
        view = memoryview(data)
        while view:
            left = end - time.time()
            if left <= 0:
                raise TimeoutError(f"{self.path}: write timed out")
            _, ready, _ = select.select([], [self.fd], [], left)
            if not ready:
                continue
            try:
                n = os.write(self.fd, view)
            except BlockingIOError:
                continue
            view = view[n:]

    def discard_input(self):
        try:
            termios.tcflush(self.fd, termios.TCIFLUSH)
        except termios.error:
            while self.read(0):
                pass

    def close(self):
        os.close(self.fd)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def serve(port: SerialPort, server, timeout: float, idle_timeout: float | None = None) -> str:
    """Runs a boardlink.LinkServer on the port until the firmware's exit message, a timeout or
    (idle_timeout) that many seconds without a byte. Returns "exit", "timeout" or "idle"."""
    t0 = last = time.time()
    while server.exit_code is None:
        now = time.time()
        if now - t0 > timeout:
            return "timeout"
        if idle_timeout is not None and now - last > idle_timeout:
            return "idle"
        data = port.read(0.2)
        if data:
            last = time.time()
            reply = server.feed(data)
            if reply:
                port.write(reply)
    return "exit"


def serve_and_close(port: SerialPort, server, timeout: float, idle_timeout: float | None = None,
                    qemu=None) -> str:
    """serve, then close the port and stop the QEMU process running the firmware (when there
    is one), whatever happened."""
    try:
        return serve(port, server, timeout, idle_timeout=idle_timeout)
    finally:
        port.close()
        if qemu:
            qemu.kill()
            qemu.wait()


def start_qemu_pty(elf) -> tuple[subprocess.Popen, str]:
    """Starts elf in netduinoplus2 with USART2 (the second -serial) on a pseudo-terminal."""
    p = subprocess.Popen(["qemu-system-arm", "-M", "netduinoplus2", "-display", "none",
                          "-monitor", "none", "-serial", "null", "-serial", "pty",
                          "-kernel", str(elf)],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert p.stdout
    line = p.stdout.readline()
    m = re.search(r"(/dev/pts/\d+)", line)
    if not m:
        p.kill()
        raise SystemExit(f"QEMU did not give a pty: {line!r}")
    return p, m.group(1)


def serve_firmware(args, elf, server, start) -> str:
    """serve_and_close on the console of the firmware elf: in QEMU netduinoplus2 on a
    pseudo-terminal with args.qemu (F4 images), else on the board at args.port, where start()
    (flashing it, or asking for a reset) runs the firmware once the port is open. args.baud,
    args.timeout and args.idle are the port's speed and serve's limits."""
    qemu = None
    if args.qemu:
        qemu, pty = start_qemu_pty(elf)
        port = SerialPort(pty, args.baud)
    else:
        port = SerialPort(args.port, args.baud)
        port.discard_input()
        start()
    return serve_and_close(port, server, args.timeout, idle_timeout=args.idle, qemu=qemu)
