# shellcheck shell=bash
# Sourced by the suites that work in a clean Debian root (deb, trixie) and by the bench
# (scripts/bench_trixie.sh): making one with debootstrap (or taking a kept one), mounting into it,
# running in it, and removing it again. The caller sets `root` (the root's folder, empty while
# there is none) and `scratch` (its own temporary folder), defines `fail MESSAGE` and
# `step MESSAGE`, and calls remove_root (or remove_root_and_scratch) on exit.
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

# What the GTK roots have (gtk_root): the libraries the app and the library link, the desktop's
# fonts, icons and locales, the accessibility stack, Orca and the examples' languages, for the
# suites of Tests/System/trixie; libadwaita's headers and python3-xlib, for the bench's C +
# libadwaita reference and bench/measure.py. One list, so both use one kept root.
GTK_ROOT_PACKAGES=(libadwaita-1-0 libgtk-4-dev libsoup-3.0-0 glib-networking libsqlite3-0 libphonenumber8 libnettle8t64 libpq5
    librsvg2-common adwaita-icon-theme fonts-noto-cjk locales-all
    xvfb xauth xdotool x11-xserver-utils imagemagick dbus-daemon dbus-bin libglib2.0-bin
    at-spi2-core python3-pyatspi gir1.2-atspi-2.0 python3-gi gir1.2-gtk-4.0 gir1.2-adw-1 python3-pil orca
    gjs valac gcc libc6-dev binutils pkgconf blueprint-compiler
    libadwaita-1-dev python3-xlib)

# gtk_root RELEASE: a clean root of RELEASE with GTK_ROOT_PACKAGES at $scratch/root, in use
# (use_root). The root, with its packages installed, is kept as .build/gtk-root/RELEASE.tar for a
# week and unpacked from there (a new package list makes a new one); downloaded packages are kept
# in .build/deb-root/RELEASE.
gtk_root() {
    local release=$1 cache=$PWD/.build/gtk-root/$1.tar key
    key=$(printf '%s\n' "$release" "${GTK_ROOT_PACKAGES[@]}" | sha256sum | cut -c 1-16)
    mkdir -p "$(dirname "$cache")"
    if [ -f "$cache" ] && [ "$(cat "$cache.key" 2>/dev/null)" = "$key" ] && [ -z "$(find "$cache" -mtime +6)" ]; then
        step "the $release root from $cache"
        as_root mkdir "$scratch/root"
        as_root tar -C "$scratch/root" -xf "$cache"
        use_root "$scratch/root"
    else
        step "a clean $release root: debootstrap --variant=minbase from $DEB_MIRROR, then ${#GTK_ROOT_PACKAGES[@]} packages"
        make_root "$release" "$scratch/root"
        apt_in_root install -y --no-install-recommends "${GTK_ROOT_PACKAGES[@]}" >"$scratch/install.log" 2>&1 ||
            { tail -30 "$scratch/install.log" >&2; fail "apt-get install in the $release root"; }
        as_root umount "$root/var/cache/apt/archives"
        unset 'mounts[-1]'
        step "kept as $cache"
        as_root tar -C "$root" --one-file-system -cf "$cache.new" .
        mv "$cache.new" "$cache"
        echo "$key" >"$cache.key"
    fi
}

# mount_build_tree: the build tree at the same path in the root as on the host, read through an
# overlay that takes the writes (in $scratch/upper): the root runs what the host built, and
# nothing it writes reaches the host's tree.
mount_build_tree() {
    mkdir "$scratch/upper" "$scratch/work"
    mount_in_root "$PWD" -t overlay overlay -o "lowerdir=$PWD,upperdir=$scratch/upper,workdir=$scratch/work"
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

# For the caller's EXIT trap: removes the root (remove_root), then the scratch folder unless
# something is still mounted there; returns non-zero when something is left in place.
remove_root_and_scratch() {
    local status=0
    remove_root || status=1
    if [ -n "$(mounted "$scratch")" ]; then
        echo "still mounted, $scratch left in place: $(mounted "$scratch" | tr '\n' ' ')" >&2
        status=1
    else
        as_root rm -rf "$scratch"
    fi
    return "$status"
}
