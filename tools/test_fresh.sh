#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# make test-fresh: the README's two commands on a machine that has nothing.
#
# Builds a minimal root of a Debian-family release with mmdebstrap (variant minbase: apt, bash,
# coreutils; plus ca-certificates, git and make, the three things the README assumes), copies a
# clean clone of this checkout's HEAD into it, and runs `make test` and then `make bench` there in
# a chroot, each timed. The host's CA bundle and pip configuration are copied in as well: a machine
# behind this network's TLS proxy needs them for anything, and they are not part of m4crypt.
#
#   tools/test_fresh.sh [--distro debian-12|ubuntu-24.04] [--keep] [--root DIR]
#
# Needs root (mmdebstrap, mount, chroot; with sudo when not root) and the release's archive.
# The mounts live in a private mount namespace (unshare), so they end with the script.
set -euo pipefail
cd "$(dirname "$0")/.."

distro=debian-12
keep=0
root=
while [ $# -gt 0 ]; do
    case $1 in
    --distro) distro=$2; shift 2 ;;
    --keep) keep=1; shift ;;
    --root) root=$2; shift 2 ;;
    *) echo "usage: $0 [--distro debian-12|ubuntu-24.04] [--keep] [--root DIR]" >&2; exit 2 ;;
    esac
done

SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo
keyring=()
case $distro in
debian-12)
    suite=bookworm
    include=ca-certificates,git,make
    mirrors=("deb http://deb.debian.org/debian bookworm main"
             "deb http://deb.debian.org/debian bookworm-updates main"
             "deb http://deb.debian.org/debian-security bookworm-security main")
    ;;
ubuntu-24.04)
    suite=noble
    include=ca-certificates,git,make,apt  # Ubuntu's minbase has no apt; every Ubuntu machine does
    mirrors=("deb http://archive.ubuntu.com/ubuntu noble main universe"
             "deb http://archive.ubuntu.com/ubuntu noble-updates main universe"
             "deb http://security.ubuntu.com/ubuntu noble-security main universe")
    keyring=(ubuntu)
    ;;
*) echo "test-fresh: unknown --distro $distro (debian-12, ubuntu-24.04)" >&2; exit 2 ;;
esac

if ! command -v mmdebstrap >/dev/null; then
    echo "test-fresh: installing mmdebstrap"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends mmdebstrap >/dev/null
fi

# Ubuntu's archive key. Debian 12 has no ubuntu-keyring package, so take the keyring from Ubuntu's
# own package and keep only the key with the published fingerprint of the "Ubuntu Archive
# Automatic Signing Key (2018)", which signs noble: trust rests on that fingerprint.
UBUNTU_ARCHIVE_KEY=F6ECB3762474EDA9D21B7022871920D1991BC93C
ubuntu_keyring() {
    local dir=$1 deb=http://archive.ubuntu.com/ubuntu/pool/main/u/ubuntu-keyring/ubuntu-keyring_2023.11.28.1_all.deb
    mkdir -p "$dir/gnupg" && chmod 700 "$dir/gnupg"
    curl -fsSL -o "$dir/keyring.deb" "$deb"
    dpkg-deb -x "$dir/keyring.deb" "$dir/x"
    gpg -q --homedir "$dir/gnupg" --import "$dir/x/usr/share/keyrings/ubuntu-archive-keyring.gpg" 2>/dev/null
    gpg -q --homedir "$dir/gnupg" --export "$UBUNTU_ARCHIVE_KEY" > "$dir/ubuntu-archive-2018.gpg"
    [ -s "$dir/ubuntu-archive-2018.gpg" ] ||
        { echo "test-fresh: no key $UBUNTU_ARCHIVE_KEY in $deb" >&2; return 1; }
    chmod 755 "$dir" && chmod 644 "$dir/ubuntu-archive-2018.gpg"  # apt reads it as user _apt
    echo "$dir/ubuntu-archive-2018.gpg"
}

commit=$(git rev-parse HEAD)
[ -n "$root" ] || root=$(mktemp -d /var/tmp/m4crypt-fresh.XXXXXX)
log=$root.log
cleanup() {
    if [ "$keep" = 0 ] && [ -d "$root" ]; then
        # Never delete through a mount point that is still there.
        if grep -q " $root/" /proc/self/mounts; then
            echo "test-fresh: $root still has mounts; not deleting it" >&2
        else
            $SUDO rm -rf "$root"
        fi
    fi
}
trap cleanup EXIT

elapsed() { local s=$(( $(date +%s) - $1 )); printf '%dm%02ds' $((s / 60)) $((s % 60)); }

if [ "${keyring[*]}" = ubuntu ]; then
    if [ -e /usr/share/keyrings/ubuntu-archive-keyring.gpg ]; then
        keyring=(--keyring=/usr/share/keyrings/ubuntu-archive-keyring.gpg)
    else
        keydir=$(mktemp -d)
        keyring=(--keyring="$(ubuntu_keyring "$keydir")")
    fi
fi
echo "test-fresh: $distro root in $root (log $log), m4crypt $commit"
t0=$(date +%s)
$SUDO rm -rf "$root"
$SUDO mmdebstrap --quiet --variant=minbase --include="$include" "${keyring[@]}" \
    "$suite" "$root" "${mirrors[@]}" >"$log" 2>&1 ||
    { tail -n 30 "$log"; echo "test-fresh: mmdebstrap failed" >&2; exit 1; }
t_root=$(elapsed "$t0")

# A clean clone of HEAD: only what is committed goes in.
$SUDO git clone --quiet --no-local "$PWD" "$root/root/m4crypt"
$SUDO git -C "$root/root/m4crypt" checkout --quiet "$commit"
$SUDO cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
[ ! -e /etc/pip.conf ] || $SUDO cp /etc/pip.conf "$root/etc/pip.conf"

# Runs in the chroot with an empty environment, as a login on the new machine would.
inside='
set -uo pipefail
cd /root/m4crypt
run() {
    local t0=$(date +%s)
    echo "test-fresh: \$ make $1"
    make "$1" 2>&1 | tee "/root/make-$1.log"
    local rc=${PIPESTATUS[0]} s=$(( $(date +%s) - t0 ))
    printf "%s %d %d\n" "$1" "$rc" "$s" >> /root/fresh-times
    return "$rc"
}
: > /root/fresh-times
run test && run bench
'
rc=0
$SUDO unshare --mount --propagation private -- bash -c '
    set -e
    r=$1
    mount -t proc proc "$r/proc"
    mount --rbind /dev "$r/dev"
    mount -t sysfs sysfs "$r/sys"
    exec chroot "$r" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        LANG=C.UTF-8 TERM=dumb /bin/bash -c "$2"
' bash "$root" "$inside" || rc=$?

echo
echo "test-fresh summary ($distro, m4crypt $(git rev-parse --short "$commit")):"
echo "  minimal root (mmdebstrap)   $t_root"
while read -r what code secs; do
    status=ok
    [ "$code" = 0 ] || status="FAILED (exit $code)"
    printf '  make %-22s %dm%02ds  %s\n' "$what" $((secs / 60)) $((secs % 60)) "$status"
done < "$root/root/fresh-times"
last=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$root/root/make-test.log" | tail -n 1 || true)
echo "  make test's result          ${last:-no summary line}"
if [ -f "$root/root/make-bench.log" ]; then
    rows=$(grep -cE '^\| [A-Za-z0-9_.]+ \| [a-z0-9-]+ \| [0-9,]+ \|' "$root/root/make-bench.log" || true)
    echo "  make bench's table          $rows measured rows"
fi
echo "  total                       $(elapsed "$t0")"
[ "$rc" = 0 ] || echo "test-fresh: FAILED" >&2
exit "$rc"
