#!/usr/bin/env bash
# Builds the project in a clean Debian root of another release, made by debootstrap,
# with that release's compiler and libraries, set up by the project's own scripts.
#   scripts/test-distro-build.sh SUITE [DEV_COMMAND]
#   scripts/test-distro-build.sh trixie          # scripts/dev.sh tool: the tool alone
#   scripts/test-distro-build.sh trixie test-release   # the release build and its tests
# As root. The working tree (tracked and new files, not the ignored ones such as build/)
# is copied in.
# ROOT keeps the root in that folder and reuses it on the next run; MIRROR, when set,
# is the archive debootstrap and apt read. ccache's cache lives in ROOT/var/cache/ccache.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: scripts/test-distro-build.sh SUITE [tool|test-release]" >&2; exit 2; }
suite=$1 command=${2:-tool}
cd "$(dirname "$0")/.."

if ! command -v debootstrap >/dev/null || [ ! -e /usr/share/keyrings/debian-archive-keyring.gpg ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    debootstrap debian-archive-keyring >/dev/null
fi

if [ -n "${ROOT:-}" ]; then
  root=$ROOT
else
  root=$(mktemp -d "${TMPDIR:-/var/tmp}/sourcegate-$suite.XXXXXX")
  chmod 755 "$root"  # apt downloads as the _apt user, who must reach the root
  trap 'umount "$root/proc" 2>/dev/null || true; rm -rf --one-file-system "$root"' EXIT
fi
if [ ! -x "$root/usr/bin/apt-get" ]; then
  echo "debootstrap --variant=minbase $suite $root"
  mkdir -p "$root"
  debootstrap --variant=minbase "$suite" "$root" ${MIRROR:+"$MIRROR"} >"$root.log" 2>&1 ||
    { tail -n 20 "$root.log" >&2; exit 1; }
  rm -f "$root.log"
fi
# The tests' servers and sanitizers read /proc.
if [ "$command" != tool ] && ! mountpoint -q "$root/proc"; then
  mount -t proc proc "$root/proc"
  [ -n "${ROOT:-}" ] && trap 'umount "$root/proc"' EXIT
fi

rm -rf "$root/src"
mkdir -p "$root/src" "$root/var/cache/ccache"
git ls-files -z --cached --others --exclude-standard |
  tar --null -T - -cf - | tar -C "$root/src" -xf -

echo "in $suite: scripts/dev.sh $command"
chroot "$root" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  HOME=/root CCACHE_DIR=/var/cache/ccache CI="${CI:-}" \
  bash -c "cd /src && scripts/dev.sh $command && g++ --version | head -n 1"
