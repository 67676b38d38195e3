# SPDX-License-Identifier: Apache-2.0 OR MIT
"""tools/bootstrap.sh on a machine that has none of the tools it looks for.

PATH holds only stubs and a few core utilities; BOOTSTRAP_ROOT points the script's file checks at
an empty folder. The stub apt-get records its arguments and "installs" a package by creating the
command or file the script checks for, so a second run must ask for nothing. The stub python3
exists only once python3-venv is installed, and its venv's python records the pip commands.
"""
# The stubs are bash scripts; they call core utilities by absolute path so that PATH can stay bare.
from __future__ import annotations

import os
import platform
import shutil
import stat
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "bootstrap.sh"
BASH = shutil.which("bash")
# Utilities bootstrap.sh itself runs; none of them is a tool it checks for.
CORE = ("dirname", "uname", "id", "sed", "head", "cat", "sha256sum", "cut")
EVERY_PACKAGE = {"gcc-arm-none-eabi", "libnewlib-arm-none-eabi", "qemu-system-arm", "clang", "gcc",
                 "make", "cmake", "pkgconf", "valgrind", "libclang-rt-dev", "python3-venv",
                 "libsodium23"}


def executable(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!{BASH}\n" + text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


class FakeMachine:
    """A PATH of stubs (bin/), an empty file tree (root/) and the logs the stubs write."""

    def __init__(self, tmp: Path, apt_has_unversioned_rt: bool = True, clang_version: str = ""):
        self.bin, self.root, self.venv = tmp / "bin", tmp / "root", tmp / "venv"
        self.apt_log, self.pip_log = tmp / "apt.log", tmp / "pip.log"
        self.root.mkdir()
        for name in CORE:
            (self.bin / name).parent.mkdir(parents=True, exist_ok=True)
            os.symlink(shutil.which(name), self.bin / name)
        arch = platform.machine()
        rt = f"usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-{arch}.a"
        # What installing each package puts where bootstrap.sh looks.
        provides = {
            "gcc-arm-none-eabi": "bin:arm-none-eabi-gcc", "qemu-system-arm": "bin:qemu-system-arm",
            "clang": "bin:clang", "gcc": "bin:gcc", "make": "bin:make", "cmake": "bin:cmake",
            "pkgconf": "bin:pkg-config",
            "valgrind": "bin:valgrind root:usr/include/valgrind/memcheck.h",
            "libnewlib-arm-none-eabi": "root:usr/lib/arm-none-eabi/newlib/libc.a",
            "libclang-rt-dev": f"root:{rt}", "libclang-rt-14-dev": f"root:{rt}",
            "libclang-rt-15-dev": f"root:{rt}",
            "python3-venv": "python3", "libsodium23": "root:usr/lib/x86_64-linux-gnu/libsodium.so.23",
        }
        cases = "\n".join(f'        {pkg}) install {what} ;;' for pkg, what in provides.items())
        python3 = (f'[ "$1" = -c ] && exit 0\n'
                   f'[ "$1 $2" = "-m venv" ] || exit 3\n'
                   f'/usr/bin/mkdir -p "$3/bin"\n'
                   f'printf \'#!{BASH}\\necho "$*" >> {self.pip_log}\\n\' > "$3/bin/python"\n'
                   f'/usr/bin/chmod +x "$3/bin/python"\n')
        executable(self.bin / "apt-get", f"""
echo "$*" >> {self.apt_log}
install() {{
    for w in "$@"; do
        case $w in
        bin:clang) printf '#!{BASH}\\necho "Debian clang version {clang_version or "14.0.6"}"\\n' > {self.bin}/clang
                   /usr/bin/chmod +x {self.bin}/clang ;;
        bin:*) printf '#!{BASH}\\nexit 0\\n' > {self.bin}/${{w#bin:}}; /usr/bin/chmod +x {self.bin}/${{w#bin:}} ;;
        root:*) /usr/bin/mkdir -p "$(/usr/bin/dirname {self.root}/${{w#root:}})"; : > {self.root}/${{w#root:}} ;;
        python3) /usr/bin/cat > {self.bin}/python3 <<'PY'
#!{BASH}
{python3}PY
                 /usr/bin/chmod +x {self.bin}/python3 ;;
        esac
    done
}}
[ "$1" = install ] || exit 0
for pkg in "$@"; do
    case $pkg in
{cases}
        -*|install) ;;
        *) echo "E: Unable to locate package $pkg" >&2; exit 100 ;;
    esac
done
""")
        executable(self.bin / "apt-cache", f"""
case "$1 $2" in
    "show libclang-rt-dev") {"exit 0" if apt_has_unversioned_rt else "exit 100"} ;;
    "depends clang") printf 'clang\\n  Depends: clang-14\\n  Breaks: <clang-3.2>\\n' ;;
    *) exit 100 ;;
esac
""")
        executable(self.bin / "sudo", 'exec "$@"\n')
        if clang_version:  # clang already there (but not its runtimes)
            install_clang = subprocess.run([str(self.bin / "apt-get"), "install", "clang"])
            assert install_clang.returncode == 0
            self.apt_log.unlink()

    def bootstrap(self) -> subprocess.CompletedProcess:
        env = {"PATH": str(self.bin), "BOOTSTRAP_ROOT": str(self.root), "VENV": str(self.venv),
               "HOME": os.environ.get("HOME", "/root")}
        return subprocess.run([BASH, str(SCRIPT)], env=env, capture_output=True, text=True, timeout=60)

    def apt_calls(self) -> list[list[str]]:
        if not self.apt_log.exists():
            return []
        return [line.split() for line in self.apt_log.read_text().splitlines()]

    def installed(self) -> set[str]:
        return {w for call in self.apt_calls() if call[:1] == ["install"] for w in call[1:]
                if not w.startswith("-")}


def test_fresh_machine_gets_every_package_then_nothing(tmp_path):
    m = FakeMachine(tmp_path)
    first = m.bootstrap()
    assert first.returncode == 0, first.stdout + first.stderr
    assert m.apt_calls()[0] == ["update", "-qq"]
    assert m.installed() == EVERY_PACKAGE
    pip = m.pip_log.read_text().splitlines()
    assert any("pip install" in c and "-r requirements.txt" in c for c in pip), pip
    assert any("pip install" in c and "-e tools/m4sim" in c for c in pip), pip
    assert (m.venv / ".m4crypt-stamp").is_file()
    # Idempotent: everything is there now, so no apt-get and no pip.
    m.apt_log.unlink()
    m.pip_log.unlink()
    second = m.bootstrap()
    assert second.returncode == 0, second.stdout + second.stderr
    assert m.apt_calls() == [] and not m.pip_log.exists(), second.stdout


def test_versioned_runtime_for_the_clang_apt_will_install(tmp_path):
    # A release without the unversioned libclang-rt-dev (Debian 12 before its point release,
    # Ubuntu 22.04): the runtime of apt's clang-N, read from apt-cache before clang exists.
    m = FakeMachine(tmp_path, apt_has_unversioned_rt=False)
    r = m.bootstrap()
    assert r.returncode == 0, r.stdout + r.stderr
    assert m.installed() == EVERY_PACKAGE - {"libclang-rt-dev"} | {"libclang-rt-14-dev"}


def test_versioned_runtime_for_the_installed_clang(tmp_path):
    m = FakeMachine(tmp_path, apt_has_unversioned_rt=False, clang_version="15.0.7")
    r = m.bootstrap()
    assert r.returncode == 0, r.stdout + r.stderr
    assert m.installed() == EVERY_PACKAGE - {"libclang-rt-dev", "clang"} | {"libclang-rt-15-dev"}
