# shellcheck shell=bash
# Sourced by the suites that work in a clean Debian root (deb, trixie): making one with
# debootstrap, mounting into it, running in it, and removing it again. The caller sets
# `root` (the root's folder, empty while there is none) and `scratch` (its own temporary
# folder), defines `fail MESSAGE` and `step MESSAGE`, and calls remove_root on exit.
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
DEB_MIRROR=${DEB_MIRROR:-http://deb.debian.org/debian}
DEB_SECURITY_MIRROR=${DEB_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
# Where each release's downloaded packages are kept between runs: .build/deb-root/<release>.
ROOT_CACHES=$PWD/.build/deb-root
root=
mounts=()

as_root() { $SUDO "$@"; }
in_root() { as_root chroot "$root" "$@"; }
apt_in_root() { in_root env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive apt-get -q -o APT::Sandbox::User=root "$@"; }

# mount_in_root FOLDER MOUNT-ARGUMENTS...: mounts onto FOLDER of the root, remembered for cleanup.
# Each mount is private: on a host whose mounts are shared (systemd's default), a bind of /dev
# joins /dev's peer group, and /dev/pts mounted on the bind would be mounted on the host's too.
mount_in_root() {
    local target=$root$1
    shift
    as_root mkdir -p "$target"
    as_root mount "$@" "$target"
    mounts+=("$target")
    as_root mount --make-private "$target"
}
# The mount points at or under FOLDER (the scratch folder, or a root), from the kernel's table.
mounted() { awk -v top="$1" '$5 == top || index($5, top "/") == 1 { print $5 }' /proc/self/mountinfo; }
# The processes whose root is the test's root: started there by this test, and only ended here.
root_processes() {
    # shellcheck disable=SC2016  # expanded by the inner shell, as root
    as_root sh -c 'for p in /proc/[0-9]*; do [ "$(readlink "$p/root" 2>/dev/null)" = "$1" ] && echo "${p#/proc/}"; done; true' sh "$root"
}

# use_root FOLDER: the root at FOLDER becomes `root`, a private mount of its own (nothing mounted
# under it propagates to the host), with /proc and /dev mounted.
use_root() {
    root=$1
    mount_in_root "" --bind "$root"
    mount_in_root /proc -t proc proc
    mount_in_root /dev --bind /dev
    mount_in_root /dev/pts --bind /dev/pts
}

# make_root RELEASE FOLDER: a clean minimal root of RELEASE (debootstrap --variant=minbase) at
# FOLDER, in use (use_root), with the release's main, updates and security archives, no fsync
# after each unpacked file (the root is thrown away) and the package lists fetched.
make_root() {
    local release=$1 cache=$ROOT_CACHES/$1 log=${scratch:?}/debootstrap.log
    mkdir -p "$cache/debootstrap" "$cache/archives"
    as_root debootstrap --variant=minbase --cache-dir="$cache/debootstrap" "$release" "$2" "$DEB_MIRROR" \
        >"$log" 2>&1 || { tail -20 "$log" >&2; fail "debootstrap $release"; }
    use_root "$2"
    as_root tee "$root/etc/apt/sources.list" >/dev/null <<SOURCES
deb $DEB_MIRROR $release main
deb $DEB_MIRROR $release-updates main
deb $DEB_SECURITY_MIRROR $release-security main
SOURCES
    echo force-unsafe-io | as_root tee "$root/etc/dpkg/dpkg.cfg.d/unsafe-io" >/dev/null
    mount_in_root /var/cache/apt/archives --bind "$cache/archives"
    apt_in_root update >"$scratch/apt.log" 2>&1 || { cat "$scratch/apt.log" >&2; fail "apt-get update in the $release root"; }
}

# Ends whatever runs in the current root, unmounts what is mounted in it and removes it; returns
# non-zero, and leaves it, when something stays mounted there.
remove_root() {
    local pids i
    [ -n "$root" ] || return 0
    if [ -d "$root" ]; then
        pids=$(root_processes)
        # shellcheck disable=SC2086  # a list of ids
        [ -z "$pids" ] || { as_root kill $pids 2>/dev/null || true; sleep 1; pids=$(root_processes);
            [ -z "$pids" ] || as_root kill -KILL $pids 2>/dev/null || true; }
    fi
    for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
        as_root umount "${mounts[i]}" 2>/dev/null || as_root umount -l "${mounts[i]}" ||
            echo "could not unmount ${mounts[i]}" >&2
    done
    mounts=()
    # Never a recursive removal through a mount: the host's /dev or /tmp/.X11-unix would go with it.
    if [ -n "$(mounted "$root")" ]; then
        echo "still mounted, $root left in place: $(mounted "$root" | tr '\n' ' ')" >&2
        return 1
    fi
    as_root rm -rf "$root"
    root=
}
