#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Installs what m4crypt needs on a Debian/Ubuntu machine, only what is missing:
#   Debian packages: the Arm GNU toolchain with newlib, QEMU's Arm system emulator, clang with
#   its sanitizer and libFuzzer runtimes, valgrind, python3-venv, libsodium (differential tests),
#   cmake and pkg-config (the examples);
#   a Python venv (.venv) with the pinned packages of requirements.txt and m4sim (tools/m4sim).
# Quick when everything is there: it compares a stamp of requirements.txt and m4sim's metadata.
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=${VENV:-.venv}
# Where the file checks look: / on a real machine; tests/tools/test_bootstrap.py points it at an
# empty folder to run this script as on a machine that has none of the tools.
R=${BOOTSTRAP_ROOT:-}
need=()
want() { [[ " ${need[*]} " == *" $1 "* ]] || need+=("$1"); }
command -v arm-none-eabi-gcc >/dev/null || want gcc-arm-none-eabi
[ -e "$R/usr/lib/arm-none-eabi/newlib/libc.a" ] || [ -e "$R/usr/lib/arm-none-eabi/lib/libc.a" ] ||
    want libnewlib-arm-none-eabi
command -v qemu-system-arm >/dev/null || want qemu-system-arm
command -v clang >/dev/null || want clang
command -v gcc >/dev/null || want gcc
command -v make >/dev/null || want make
# cmake and pkg-config: the examples build against the installed library both ways (mk/examples.mk)
command -v cmake >/dev/null || want cmake
command -v pkg-config >/dev/null || want pkgconf
command -v valgrind >/dev/null || want valgrind
[ -e "$R/usr/include/valgrind/memcheck.h" ] || want valgrind
compgen -G "$R/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-$(uname -m).a" >/dev/null ||
    want libclang-rt-dev
{ command -v python3 >/dev/null && python3 -c 'import ensurepip, venv' 2>/dev/null; } || want python3-venv
# libsodium: the independent implementation the Ristretto255 differential tests call via ctypes.
compgen -G "$R/usr/lib/*/libsodium.so.*" >/dev/null || compgen -G "$R/lib/*/libsodium.so.*" >/dev/null ||
    want libsodium23

if [ ${#need[@]} -gt 0 ]; then
    echo "bootstrap: installing Debian packages: ${need[*]}"
    SUDO=
    [ "$(id -u)" -eq 0 ] || SUDO=sudo
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    # clang's sanitizer and libFuzzer runtimes: libclang-rt-dev where the release has that
    # unversioned name (Debian 13, Ubuntu 24.04), else libclang-rt-N-dev for the clang that is or
    # will be installed (Debian 12: clang-14). clang may not be installed yet: nothing here may
    # assume it is.
    if [[ " ${need[*]} " == *" libclang-rt-dev "* ]] && ! apt-cache show libclang-rt-dev >/dev/null 2>&1; then
        ver=
        if command -v clang >/dev/null; then
            ver=$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -n 1)
        fi
        if [ -z "$ver" ]; then
            ver=$(apt-cache depends clang 2>/dev/null | sed -n 's/.*Depends: clang-\([0-9]*\)$/\1/p' | head -n 1)
        fi
        if [ -z "$ver" ]; then
            echo "bootstrap: cannot tell which clang version apt provides (apt-cache depends clang)" >&2
            exit 1
        fi
        need=("${need[@]/libclang-rt-dev/libclang-rt-$ver-dev}")
    fi
    $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

stamp="$VENV/.m4crypt-stamp"
want=$({ cat requirements.txt; cat tools/m4sim/pyproject.toml 2>/dev/null || true; } | sha256sum | cut -c1-16)
if [ ! -x "$VENV/bin/python" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    echo "bootstrap: preparing the Python venv in $VENV"
    [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check -r requirements.txt
    if [ -f tools/m4sim/pyproject.toml ]; then
        "$VENV/bin/python" -m pip install -q --disable-pip-version-check --no-deps -e tools/m4sim
    fi
    echo "$want" >"$stamp"
fi
