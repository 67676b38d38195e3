#!/usr/bin/env bash
# Installs what m4crypt needs on a Debian/Ubuntu machine, only what is missing:
#   Debian packages: the Arm GNU toolchain with newlib, QEMU's Arm system emulator, clang with
#   its sanitizer and libFuzzer runtimes, valgrind, python3-venv, libsodium (differential tests);
#   a Python venv (.venv) with the pinned packages of requirements.txt and m4sim (tools/m4sim).
# Quick when everything is there: it compares a stamp of requirements.txt and m4sim's metadata.
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=${VENV:-.venv}
need=()
command -v arm-none-eabi-gcc >/dev/null || need+=(gcc-arm-none-eabi)
[ -e /usr/lib/arm-none-eabi/newlib/libc.a ] || [ -e /usr/lib/arm-none-eabi/lib/libc.a ] || need+=(libnewlib-arm-none-eabi)
command -v qemu-system-arm >/dev/null || need+=(qemu-system-arm)
command -v clang >/dev/null || need+=(clang)
command -v gcc >/dev/null || need+=(gcc)
command -v make >/dev/null || need+=(make)
command -v valgrind >/dev/null || need+=(valgrind)
[ -e /usr/include/valgrind/memcheck.h ] || need+=(valgrind)
ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 ||
    ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-aarch64.a >/dev/null 2>&1 ||
    need+=(libclang-rt-dev)
python3 -c 'import ensurepip, venv' 2>/dev/null || need+=(python3-venv)
# libsodium: the independent implementation the Ristretto255 differential tests call via ctypes.
compgen -G '/usr/lib/*/libsodium.so.*' >/dev/null || compgen -G '/lib/*/libsodium.so.*' >/dev/null ||
    need+=(libsodium23)

if [ ${#need[@]} -gt 0 ]; then
    echo "bootstrap: installing Debian packages: ${need[*]}"
    SUDO=
    [ "$(id -u)" -eq 0 ] || SUDO=sudo
    export DEBIAN_FRONTEND=noninteractive
    # libclang-rt-dev is the unversioned name on newer releases; fall back to the versioned one.
    if [[ " ${need[*]} " == *" libclang-rt-dev "* ]]; then
        ver=$(clang --version 2>/dev/null | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
        [ -n "$ver" ] || ver=14
        need=("${need[@]/libclang-rt-dev/libclang-rt-$ver-dev}")
    fi
    $SUDO apt-get update -qq
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
