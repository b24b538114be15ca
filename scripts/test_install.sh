#!/usr/bin/env bash
# The install test (part of `make test`): installs into a scratch DESTDIR with PREFIX=/usr,
# stripped (and with STRIP=, not), checks that libcodegate-1 and its header, .pc, GIR, typelib
# and VAPI are in the multiarch libdir and under share (and load), validates the installed
# desktop file and metainfo, starts the installed binary under its own Xvfb with the build tree
# and the toolchain out of reach and waits for its window, then uninstalls and checks that no
# file is left; then installs live into a private PREFIX, which must leave the system's ld.so
# cache alone. Prints PASS or FAIL; exits non-zero on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
app_id=io.github.codegate.CodeGate
scratch=$(mktemp -d)
stage=$scratch/stage
app=
XVFB_PID=
trap 'kill $app $XVFB_PID 2>/dev/null || true; rm -rf "$scratch"' EXIT
fail() { echo "install test: FAIL: $*" >&2; exit 1; }
step() { echo "install test: $*"; }

step "make install DESTDIR=$stage PREFIX=/usr"
"${MAKE:-make}" --no-print-directory install DESTDIR="$stage" PREFIX=/usr >"$scratch/install.log" 2>&1 ||
    { cat "$scratch/install.log" >&2; fail "make install"; }
share=$stage/usr/share
for file in usr/bin/codegate usr/bin/codegate-gateway "usr/share/applications/$app_id.desktop" \
    "usr/share/dbus-1/services/$app_id.service" "usr/share/metainfo/$app_id.metainfo.xml" \
    "usr/share/icons/hicolor/scalable/apps/$app_id.svg" \
    "usr/share/icons/hicolor/symbolic/apps/$app_id-symbolic.svg" \
    usr/share/locale/zh_TW/LC_MESSAGES/codegate.mo usr/share/locale/en/LC_MESSAGES/codegate.mo \
    "usr/share/glib-2.0/schemas/$app_id.gschema.xml" usr/lib/systemd/system/codegate-gateway.service; do
    [ -s "$stage/$file" ] || fail "/$file was not installed"
done

step "libcodegate-1 where ld.so, pkg-config, GObject introspection and valac look"
libdir=usr/lib/$(uname -m)-linux-gnu
for file in "$libdir/libcodegate-1.so.0" "$libdir/libcodegate-1.so" "$libdir/pkgconfig/codegate-1.pc" \
    "$libdir/girepository-1.0/CodeGate-1.typelib" usr/include/codegate-1/codegate.h \
    usr/share/gir-1.0/CodeGate-1.gir usr/share/vala/vapi/codegate-1.vapi usr/share/vala/vapi/codegate-1.deps; do
    [ -s "$stage/$file" ] || fail "/$file was not installed"
done
[ -L "$stage/$libdir/libcodegate-1.so.0" ] && [ -L "$stage/$libdir/libcodegate-1.so" ] ||
    fail "libcodegate-1.so and libcodegate-1.so.0 are not symbolic links to the library"
grep -qx "libdir=\${prefix}/${libdir#usr/}" "$stage/$libdir/pkgconfig/codegate-1.pc" && grep -qx "prefix=/usr" "$stage/$libdir/pkgconfig/codegate-1.pc" ||
    fail "codegate-1.pc does not name \${prefix}/${libdir#usr/} (relocatable) as its libdir"
cflags=$(PKG_CONFIG_PATH="$stage/$libdir/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$stage" pkg-config --cflags codegate-1) ||
    fail "pkg-config cannot read the installed codegate-1.pc"
[[ " $cflags " == *" -I$stage/usr/include/codegate-1 "* ]] || fail "pkg-config codegate-1 gives $cflags"
env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH="$stage/$libdir" GI_TYPELIB_PATH="$stage/$libdir/girepository-1.0" \
    /usr/bin/python3 -c "import gi; gi.require_version('CodeGate', '1'); from gi.repository import CodeGate; CodeGate.CountdownButton.__gtype__" ||
    fail "the installed typelib and library do not load"

step "the installed binaries and library are stripped"
for binary in usr/bin/codegate usr/bin/codegate-gateway "$libdir/libcodegate-1.so.0"; do
    ! readelf -S "$stage/$binary" | grep -q -E ' \.(symtab|debug_info) ' || fail "/$binary is not stripped"
done

step "validating the desktop file and the metainfo"
desktop-file-validate "$share/applications/$app_id.desktop" || fail "desktop-file-validate"
appstreamcli validate --no-net "$share/metainfo/$app_id.metainfo.xml" || fail "appstreamcli validate"
grep -q '^Comment\[zh_TW\]=' "$share/applications/$app_id.desktop" || fail "the desktop file has no zh_TW translation"
grep -q 'xml:lang="zh_TW"' "$share/metainfo/$app_id.metainfo.xml" || fail "the metainfo has no zh_TW translation"
grep -qx "Exec=/usr/bin/codegate --gapplication-service" "$share/dbus-1/services/$app_id.service" ||
    fail "the D-Bus service does not start /usr/bin/codegate"

step "checking the settings schema"
glib-compile-schemas --strict --dry-run "$share/glib-2.0/schemas" || fail "glib-compile-schemas refuses the schema"

step "the installed binaries need no Swift library, and the gateway no GTK"
for binary in codegate codegate-gateway; do
    ! ldd "$stage/usr/bin/$binary" | grep -E -i 'swift|foundation|dispatch|BlocksRuntime|not found' ||
        fail "$binary links libraries of the toolchain"
done
! ldd "$stage/usr/bin/codegate-gateway" | grep -E 'libgtk|libadwaita' || fail "codegate-gateway links GTK"

step "starting the installed binary away from the build tree"
# A copy in a folder of its own, started from / with a clean environment: no .build, no
# toolchain on PATH or LD_LIBRARY_PATH, home and XDG folders in scratch space.
mkdir -p "$scratch/run" "$scratch/home"
cp "$stage/usr/bin/codegate" "$scratch/run/codegate"
. scripts/xvfb.sh
start_xvfb 800x800x24
(cd / && exec env -i PATH=/usr/bin:/bin DISPLAY="$DISPLAY" HOME="$scratch/home" \
    XDG_CONFIG_HOME="$scratch/home/.config" XDG_DATA_HOME="$scratch/home/.local/share" \
    XDG_STATE_HOME="$scratch/home/.local/state" XDG_CACHE_HOME="$scratch/home/.cache" \
    XDG_DATA_DIRS="$share:/usr/share" GSK_RENDERER=cairo GTK_A11Y=none G_DEBUG=fatal-criticals \
    "$scratch/run/codegate") &
app=$!
expect_window "$app" "the installed binary"
app=

step "the installed gateway serves, in English from its installed catalog, and stops on SIGTERM"
cp "$stage/usr/bin/codegate-gateway" "$scratch/run/codegate-gateway"
# Its catalogs are found from its own path: PREFIX/bin/../share/locale.
(cd / && exec env -i PATH=/usr/bin:/bin HOME="$scratch/home" XDG_STATE_HOME="$scratch/home/.local/state" \
    "$stage/usr/bin/codegate-gateway" >"$scratch/gateway.out" 2>"$scratch/gateway.err") &
gateway=$!
for _ in $(seq 100); do [ -s "$scratch/gateway.out" ] && break; sleep 0.1; done
url=$(head -n 1 "$scratch/gateway.out")
[[ $url =~ ^http://127\.0\.0\.1:[0-9]+/$ ]] || fail "the installed gateway printed no base URL: '$url' $(cat "$scratch/gateway.err")"
answer=$(/usr/bin/python3 -c '
import http.client, sys, urllib.parse
parts = urllib.parse.urlsplit(sys.argv[1])
connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
connection.request("POST", "/v1/codes", body=b"{\"phone\": \"1\"}", headers={"Content-Type": "application/json", "Idempotency-Key": "k", "Accept-Language": "en"})
print(connection.getresponse().read().decode())' "$url")
[[ $answer == *'"invalid_phone"'* && $answer != *手机* ]] || fail "the installed gateway did not answer in English: $answer"
kill -TERM "$gateway"
status=0
wait "$gateway" || status=$?
[ "$status" = 0 ] || fail "SIGTERM ended the installed gateway with status $status"

step "make install STRIP= keeps the debug information"
"${MAKE:-make}" --no-print-directory install DESTDIR="$stage" PREFIX=/usr STRIP= >"$scratch/install.log" 2>&1 ||
    { cat "$scratch/install.log" >&2; fail "make install STRIP="; }
readelf -S "$stage/usr/bin/codegate" | grep -q ' \.debug_info ' || fail "make install STRIP= stripped /usr/bin/codegate"

step "make uninstall DESTDIR=$stage PREFIX=/usr"
"${MAKE:-make}" --no-print-directory uninstall DESTDIR="$stage" PREFIX=/usr >"$scratch/uninstall.log" 2>&1 ||
    { cat "$scratch/uninstall.log" >&2; fail "make uninstall"; }
left=$(find "$stage" ! -type d)
[ -z "$left" ] || fail "make uninstall left files behind: $left"

# A live install into a private prefix, which ld.so does not search: the system's ld.so cache
# is left alone (a root install used to run ldconfig, rewriting it, for any PREFIX) and the
# user is told to set LD_LIBRARY_PATH.
private=$scratch/private
cache() { stat -c '%i %y' /etc/ld.so.cache 2>/dev/null || echo none; }
cache_before=$(cache)
step "make install PREFIX=$private"
"${MAKE:-make}" --no-print-directory install PREFIX="$private" >"$scratch/private.log" 2>&1 ||
    { cat "$scratch/private.log" >&2; fail "make install PREFIX=$private"; }
[ "$(cache)" = "$cache_before" ] || fail "make install PREFIX=$private rewrote /etc/ld.so.cache"
grep -qF "LD_LIBRARY_PATH=$private/lib/" "$scratch/private.log" ||
    fail "make install PREFIX=$private did not say to set LD_LIBRARY_PATH: $(tail -3 "$scratch/private.log")"
"${MAKE:-make}" --no-print-directory uninstall PREFIX="$private" >"$scratch/private-uninstall.log" 2>&1 ||
    { cat "$scratch/private-uninstall.log" >&2; fail "make uninstall PREFIX=$private"; }
left=$(find "$private" ! -type d)
[ -z "$left" ] || fail "make uninstall PREFIX=$private left files behind: $left"

echo "install test: PASS"
