#!/usr/bin/env bash
# The Debian packages test (part of `make test`): `make deb`, lintian on every package (no
# error, and no warning that debian/*.lintian-overrides does not name and justify), then, as
# root, `apt-get install ./dist/*.deb` and checks of what got installed with a clean
# environment (PATH=/usr/bin:/bin: no Swift toolchain, nothing of the build tree on any path):
# the installed binaries are stripped, the app at most 8 MB, none of them or the library needs
# the toolchain; the app opens its window; Python and GJS find CodeGate with no
# GI_TYPELIB_PATH; the C and Vala examples compile against codegate-1; the gateway prints its
# URL. Then `apt-get purge` must leave no file of the packages behind. The packages are purged
# on any exit: other tests on this machine must never find them installed. Prints PASS or FAIL;
# exits non-zero on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
scratch=$(mktemp -d)
chmod 755 "$scratch"
app=
gateway=
XVFB_PID=
packages=()
fail() { echo "deb test: FAIL: $*" >&2; exit 1; }
step() { echo "deb test: $*"; }
# What every check runs in: no toolchain, no build tree, a home and XDG folders of scratch space.
clean_env=(env -i PATH=/usr/bin:/bin HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/home/.config"
    XDG_DATA_HOME="$scratch/home/.local/share" XDG_STATE_HOME="$scratch/home/.local/state"
    XDG_CACHE_HOME="$scratch/home/.cache")
apt_env=(env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive)
installed() {
    { dpkg-query -W -f='${db:Status-Status} ${Package}\n' "${packages[@]}" 2>/dev/null || true; } |
        awk '$1 != "not-installed" { print $2 }'
}
purge() {
    local left
    left=$(installed)
    # shellcheck disable=SC2086  # $left is a list of package names, one word each
    [ -z "$left" ] || $SUDO "${apt_env[@]}" apt-get purge -y -qq $left >"$scratch/purge.log" 2>&1
}
cleanup() {
    # shellcheck disable=SC2086  # each may be empty: unquoted, an unset one is no argument
    kill $app $gateway $XVFB_PID 2>/dev/null || true
    [ ${#packages[@]} = 0 ] || purge || { cat "$scratch/purge.log" >&2; echo "deb test: apt-get purge failed" >&2; }
    rm -rf "$scratch"
}
trap cleanup EXIT
mkdir -p "$scratch/home"

step "make deb"
# What dpkg-buildpackage writes by default lands in the parent folder, named <package>_<version>…
# (other programs' folders there, such as a concurrent test's mktemp, are not its outputs).
outputs() { ls -d ../*.deb ../*.ddeb ../*.changes ../*.buildinfo ../codegate_* 2>/dev/null || true; }
parent_before=$(outputs)
"${MAKE:-make}" --no-print-directory deb >"$scratch/deb.log" 2>&1 || { tail -40 "$scratch/deb.log" >&2; fail "make deb"; }
[ "$(outputs)" = "$parent_before" ] || fail "make deb wrote outside the tree: $(comm -13 <(echo "$parent_before") <(outputs))"
debs=(dist/*.deb)
[ -e "${debs[0]}" ] || fail "make deb made no package in dist/"
for deb in "${debs[@]}"; do packages+=("$(dpkg-deb -f "$deb" Package)"); done
for package in libcodegate-1-0 libcodegate-1-dev gir1.2-codegate-1 codegate codegate-common codegate-gateway \
    libcodegate-1-0-dbgsym codegate-dbgsym codegate-gateway-dbgsym; do
    [[ " ${packages[*]} " == *" $package "* ]] || fail "make deb made no $package package (dist/: ${packages[*]})"
done
leftovers=$(git status --porcelain --ignored --untracked-files=all -- debian | grep -E '^(!!|\?\?)' || true)
[ -z "$leftovers" ] || fail "make deb left debhelper's working files in debian/: $leftovers"
version=$(dpkg-deb -f dist/codegate_*.deb Version)
step "packages $version: ${packages[*]}"

step "lintian"
lintian --fail-on error,warning --display-level '>=warning' --show-overrides "${debs[@]}" >"$scratch/lintian.log" 2>&1 ||
    { cat "$scratch/lintian.log" >&2; fail "lintian found errors or warnings that no override justifies"; }
step "lintian: $(grep -c '^[EW]: ' "$scratch/lintian.log" || true) errors and warnings, $(grep -c '^O: ' "$scratch/lintian.log" || true) overridden"

installed_before=$(installed)
[ -z "$installed_before" ] || fail "already installed, not touched by this test: $installed_before"
step "apt-get install ./dist/*.deb"
$SUDO "${apt_env[@]}" apt-get install -y -qq --no-install-recommends "${debs[@]/#/./}" >"$scratch/install.log" 2>&1 ||
    { cat "$scratch/install.log" >&2; fail "apt-get install ./dist/*.deb"; }
for package in "${packages[@]}"; do dpkg -L "$package"; done | sort -u >"$scratch/files"
grep -q '^/usr/bin/codegate$' "$scratch/files" || fail "dpkg -L lists no /usr/bin/codegate"

step "stripped binaries, their debug information in the -dbgsym packages, and the app's size"
libdir=/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)
library=$libdir/libcodegate-1.so.$version
for binary in /usr/bin/codegate /usr/bin/codegate-gateway "$library"; do
    [ -f "$binary" ] || fail "$binary is not installed"
    ! readelf -S "$binary" | grep -q -E ' \.(symtab|debug_info) ' || fail "$binary is not stripped"
    id=$(readelf -n "$binary" | sed -n 's/^ *Build ID: \(..\)\(.*\)$/\1\/\2/p')
    [ -s "/usr/lib/debug/.build-id/$id.debug" ] || fail "no -dbgsym package has the debug information of $binary"
done
size=$(stat -c %s /usr/bin/codegate)
[ "$size" -le 8000000 ] || fail "/usr/bin/codegate is $size bytes, more than 8 MB"
step "/usr/bin/codegate: $size bytes; codegate-gateway: $(stat -c %s /usr/bin/codegate-gateway); libcodegate-1: $(stat -c %s "$library")"

step "ldd: nothing from the Swift toolchain, nothing missing"
for binary in /usr/bin/codegate /usr/bin/codegate-gateway "$library"; do
    links=$("${clean_env[@]}" ldd "$binary") || fail "ldd $binary"
    ! grep -E -i '/opt/swift|swift|foundation|dispatch|BlocksRuntime|not found' <<<"$links" ||
        fail "$binary needs the toolchain or a missing library"
done

step "the app opens its window from /usr/bin/codegate"
. scripts/xvfb.sh
start_xvfb 800x800x24
(cd / && exec "${clean_env[@]}" DISPLAY="$DISPLAY" GSK_RENDERER=cairo GTK_A11Y=none G_DEBUG=fatal-criticals \
    /usr/bin/codegate) &
app=$!
expect_window "$app" /usr/bin/codegate
app=

step "Python and GJS find CodeGate with no GI_TYPELIB_PATH"
(cd / && "${clean_env[@]}" /usr/bin/python3 -c "
import gi
gi.require_version('Gtk', '4.0')
gi.require_version('CodeGate', '1')
from gi.repository import CodeGate
print(CodeGate.CountdownButton.__gtype__.name, CodeGate.SlideToUnlock.__gtype__.name)") >"$scratch/python.out" 2>&1 ||
    fail "Python: $(cat "$scratch/python.out")"
[ "$(cat "$scratch/python.out")" = "CodeGateCountdownButton CodeGateSlideToUnlock" ] || fail "Python: $(cat "$scratch/python.out")"
(cd / && "${clean_env[@]}" gjs -c "
imports.gi.versions.Gtk = '4.0';
imports.gi.versions.CodeGate = '1';
const CodeGate = imports.gi.CodeGate;
print(CodeGate.CountdownButton.\$gtype.name);") >"$scratch/gjs.out" 2>&1 || fail "GJS: $(cat "$scratch/gjs.out")"
[ "$(cat "$scratch/gjs.out")" = CodeGateCountdownButton ] || fail "GJS: $(cat "$scratch/gjs.out")"

step "the C example builds with pkg-config codegate-1, the Vala example with valac --pkg codegate-1"
cp Examples/C/controls-example.c Examples/Vala/controls-example.vala "$scratch/"
# shellcheck disable=SC2016  # pkg-config runs in the clean environment of the inner shell
(cd "$scratch" && "${clean_env[@]}" sh -c 'cc -o c-example controls-example.c $(pkg-config --cflags --libs codegate-1)') \
    >"$scratch/cc.log" 2>&1 || fail "cc: $(head -5 "$scratch/cc.log")"
# ld.so's cache may name it under /lib, the same folder on a merged-/usr system.
links=$("${clean_env[@]}" ldd "$scratch/c-example")
grep -q -E "libcodegate-1\.so\.0 => (/usr)?${libdir#/usr}/libcodegate-1\.so\.0 " <<<"$links" ||
    fail "the C example does not load $libdir/libcodegate-1.so.0: $(grep codegate <<<"$links")"
(cd "$scratch" && "${clean_env[@]}" valac --quiet --pkg codegate-1 -o vala-example controls-example.vala) \
    >"$scratch/valac.log" 2>&1 || fail "valac: $(head -5 "$scratch/valac.log")"
[ -x "$scratch/vala-example" ] || fail "valac made no binary"

step "codegate-gateway --port 0 prints its URL"
(cd / && exec "${clean_env[@]}" codegate-gateway --port 0 >"$scratch/gateway.out" 2>"$scratch/gateway.err") &
gateway=$!
for _ in $(seq 100); do [ -s "$scratch/gateway.out" ] && break; sleep 0.1; done
url=$(head -n 1 "$scratch/gateway.out")
[[ $url =~ ^http://127\.0\.0\.1:[0-9]+/$ ]] || fail "codegate-gateway printed no base URL: '$url' $(cat "$scratch/gateway.err")"
kill -TERM "$gateway"
wait "$gateway" || fail "SIGTERM ended codegate-gateway with a failure"
gateway=

unit=/usr/lib/systemd/system/codegate-gateway.service
if [ -f "$unit" ]; then
    step "the gateway's systemd unit starts the installed gateway"
    start=$(sed -n 's/^ExecStart=[-@:+!]*\([^ ]*\).*/\1/p' "$unit")
    [ "$start" = /usr/bin/codegate-gateway ] || fail "$unit starts '$start', not /usr/bin/codegate-gateway"
fi

step "the metainfo names this version as the latest release"
release=$(grep -o -m1 '<release version="[^"]*"' /usr/share/metainfo/io.github.codegate.CodeGate.metainfo.xml | cut -d'"' -f2)
[ "$release" = "$version" ] || fail "the metainfo's latest release is $release, the packages' version $version"

step "apt-get purge"
purge || { cat "$scratch/purge.log" >&2; fail "apt-get purge"; }
[ -z "$(installed)" ] || fail "still installed after apt-get purge: $(installed)"
# A file of theirs must be gone; a folder may stay only as another package's.
while read -r path; do
    [ "$path" != /. ] || continue
    [ -e "$path" ] || [ -L "$path" ] || continue
    [ -d "$path" ] && dpkg -S "$path" >/dev/null 2>&1 && continue
    fail "$path is left after apt-get purge"
done <"$scratch/files"

echo "deb test: PASS"
