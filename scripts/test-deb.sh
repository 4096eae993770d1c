#!/usr/bin/env bash
# Installs the package into a clean Debian root made by debootstrap and runs it there:
# what apt installs from the package's dependencies must be enough for sourcegate.
#   scripts/test-deb.sh build/tool/sourcegate_VERSION_ARCH.deb
# As root. SUITE (default bookworm) is the release to install on; MIRROR, when set, the
# archive debootstrap and apt read.
set -euo pipefail
[ $# -eq 1 ] && [ -f "$1" ] || { echo "usage: scripts/test-deb.sh PACKAGE.deb" >&2; exit 2; }
deb=$(realpath "$1")
suite=${SUITE:-bookworm}
here=$(cd "$(dirname "$0")" && pwd)

if ! command -v debootstrap >/dev/null || [ ! -e /usr/share/keyrings/debian-archive-keyring.gpg ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    debootstrap debian-archive-keyring >/dev/null
fi

root=$(mktemp -d "${TMPDIR:-/var/tmp}/sourcegate-deb.XXXXXX")
chmod 755 "$root"  # apt downloads as the _apt user, who must reach the root
trap 'rm -rf --one-file-system "$root"' EXIT

echo "debootstrap --variant=minbase $suite"
debootstrap --variant=minbase "$suite" "$root" ${MIRROR:+"$MIRROR"} >"$root.log" 2>&1 ||
  { tail -n 20 "$root.log" >&2; rm -f "$root.log"; exit 1; }
rm -f "$root.log"

cp "$deb" "$root/tmp/"
name=$(basename "$deb")
echo "apt-get install ./$name"
chroot "$root" apt-get update -qq
chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "/tmp/$name" >/dev/null
chroot "$root" dpkg-query -W -f='installed ${Package} ${Version}\n  depends: ${Depends}\n' sourcegate

"$here/smoke-test.sh" "$root/tmp/smoke" /tmp/smoke chroot "$root" sourcegate
