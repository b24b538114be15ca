#!/usr/bin/env bash
# `make stage`: lays out libcodegate-1 as an installed prefix in .build/stage — the library
# (made by `make lib`) with its SONAME link, the header, codegate-1.pc, CodeGate-1.gir (by
# g-ir-scanner, which fails on any warning), CodeGate-1.typelib, codegate-1.vapi and the
# controls' catalogs (share/locale, as SwiftPM's build of the library compiled them) — so the
# examples and tests use exactly what `make install` installs. `make install` copies from here.
set -euo pipefail
cd "$(dirname "$0")/.."
version=${LIB_VERSION:?LIB_VERSION is set by the Makefile}
stage=$PWD/.build/stage
built=.build/release/libcodegate-1.so
catalogs=.build/release/CodeGate_CControlsCatalogs.resources/locale
[ -f "$built" ] || { echo "stage: $built is missing: run make lib" >&2; exit 2; }
[ -d "$catalogs" ] || { echo "stage: $catalogs is missing: run make lib" >&2; exit 2; }

rm -rf "$stage"
mkdir -p "$stage/lib/pkgconfig" "$stage/lib/girepository-1.0" "$stage/include/codegate-1" \
    "$stage/share/gir-1.0" "$stage/share/vala/vapi"
install -m755 "$built" "$stage/lib/libcodegate-1.so.$version"
ln -s "libcodegate-1.so.$version" "$stage/lib/libcodegate-1.so.0"
ln -s libcodegate-1.so.0 "$stage/lib/libcodegate-1.so"
install -m644 gobject/codegate.h "$stage/include/codegate-1/codegate.h"
# The library finds them from its own folder: lib/../share/locale.
cp -r "$catalogs" "$stage/share/locale"
# Relocatable: only prefix is absolute (libdir is lib here, lib/<multiarch> once installed).
sed -e "s|@prefix@|$stage|" -e "s|@libdir@|\${prefix}/lib|" -e "s|@version@|$version|" gobject/codegate-1.pc.in \
    >"$stage/lib/pkgconfig/codegate-1.pc"

gir=$stage/share/gir-1.0/CodeGate-1.gir
log=.build/g-ir-scanner.log
# The dumper g-ir-scanner builds loads the library and registers the types: criticals crash it.
G_DEBUG=fatal-criticals g-ir-scanner --warn-all --warn-error \
    --namespace=CodeGate --nsversion=1 --identifier-prefix=CodeGate --symbol-prefix=codegate \
    --include=Gtk-4.0 --pkg=gtk4 --pkg-export=codegate-1 --c-include=codegate.h \
    --library=codegate-1 --library-path="$stage/lib" -I"$stage/include" \
    --output="$gir" "$stage/include/codegate-1/codegate.h" >"$log" 2>&1 ||
    { cat "$log" >&2; echo "stage: g-ir-scanner failed" >&2; exit 1; }
# --warn-error stops on the warnings g-ir-scanner counts; anything else it prints but its
# compile and link lines (a GLib warning from the dumper, say) is a warning too.
if grep -q -v -E '^(g-ir-scanner: (compile|link): .*)?$' "$log"; then
    cat "$log" >&2
    echo "stage: g-ir-scanner printed warnings" >&2
    exit 1
fi
g-ir-compiler "$gir" -o "$stage/lib/girepository-1.0/CodeGate-1.typelib"
vapigen --library codegate-1 --pkg gtk4 --metadatadir gobject \
    -d "$stage/share/vala/vapi" "$gir" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
if grep -q -i 'warning' "$log" && ! grep -q '^Generation succeeded - 0 warning(s)$' "$log"; then
    cat "$log" >&2
    echo "stage: vapigen printed warnings" >&2
    exit 1
fi
install -m644 gobject/codegate-1.deps "$stage/share/vala/vapi/codegate-1.deps"
echo "stage: $stage"
