# CodeGate: `make run` opens the app, `make test` runs every test under a private X server
# (the Swift tests, then the system tests of Tests/System: `make check SUITE=NAME` runs one),
# `make install` puts a self-contained build under PREFIX (default /usr/local, staged under
# DESTDIR if given) and `make uninstall` removes it again. `make pot` refreshes the translation
# template po/codegate.pot; `make locale` compiles po/*.po into .build/locale, where `make run`
# finds them. `make soak` runs the real window through 200 request cycles and reports its
# memory and height, then storms every window with random keys and clicks for STORM_SECONDS
# (default 180); `make bench` compares its cost with the C and PyGObject references (start-up
# and memory on this Debian 12 and in a clean Debian 13 root, the rest here), and
# `make orderfile` rewrites libcodegate-1's function order from a profile. `make docs`
# generates the GObject library's API reference into .build/docs (`make test` builds it too).
# `make conformance URL=…` checks a server against the HTTP protocol (docs/protocol.md);
# `make conformance DATABASE=postgresql://… [KEY_FILE=…]` starts its gateway on that database.
# `make lint` runs swift-format's rules and shellcheck (`make test` runs it first).
# `make deb` builds the Debian packages (debian/) into dist/.
# Each target first installs the Debian packages it needs and does not find.

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RUN_PACKAGES := libgtk-4-dev libadwaita-1-dev libglib2.0-dev-bin libsqlite3-dev libsoup-3.0-dev glib-networking pkgconf fonts-noto-cjk gettext
# glib-compile-schemas, for the settings schema `run` compiles and `install` installs.
RUN_PACKAGES += libglib2.0-bin
# libpq, which codegate-gateway's PostgreSQL store links (`swift build` builds every target).
RUN_PACKAGES += libpq-dev
# libphonenumber, which codegate-gateway asks whether a number is a mobile one of a region it serves.
RUN_PACKAGES += libphonenumber-dev
# Nettle's SHA-256, which solves and checks the challenges (CodeGateBase's SHA256).
RUN_PACKAGES += nettle-dev
TEST_PACKAGES := $(RUN_PACKAGES) xvfb xauth xdotool desktop-file-utils appstream dbus-daemon dbus-bin libglib2.0-bin locales-all systemd man-db \
	postgresql
SHOT_PACKAGES := $(TEST_PACKAGES) imagemagick
# libssl-dev: the OpenSSL reference solver the challenge solver is measured against (bench/solver.c).
# debootstrap: the Debian 13 root the start-up and memory bounds are checked in too (scripts/bench_trixie.sh).
BENCH_PACKAGES := $(TEST_PACKAGES) gcc python3-xlib python3-gi gir1.2-gtk-4.0 wrk libssl-dev debootstrap
SOAK_PACKAGES := $(RUN_PACKAGES) xvfb xdotool dbus-daemon libglib2.0-bin
# The accessibility and contrast checks read the AT-SPI tree with pyatspi on a private
# accessibility bus; the contrast check also takes screenshots and reads their pixels.
A11Y_PACKAGES := $(TEST_PACKAGES) at-spi2-core python3-pyatspi gir1.2-atspi-2.0 python3-gi x11-xserver-utils
CONTRAST_PACKAGES := $(A11Y_PACKAGES) imagemagick python3-pil
# The GObject library's examples (Tests/System/languages/run): PyGObject, GtkBuilder, Blueprint,
# GJS, Vala, C and Rust over the staged install, driven as the Swift example is (AT-SPI,
# screenshots). Rust builds offline from Debian's crates with the cargo on PATH (rustup's on a
# new machine here), Debian's cargo where there is none.
LANGUAGE_PACKAGES := $(CONTRAST_PACKAGES) python3-gi gir1.2-gtk-4.0 gjs valac gcc blueprint-compiler \
	librust-gtk4-dev $(if $(shell command -v cargo),,cargo)
# swift-format ships with the Swift toolchain; shellcheck is Debian's (make lint).
LINT_PACKAGES := shellcheck
# The API reference of the GObject library, generated from its GIR (make docs).
DOCS_PACKAGES := gi-docgen
# The real screen reader, headless: Debian's Orca logs every utterance to a file.
ORCA_PACKAGES := $(A11Y_PACKAGES) orca
# Tests/System/openapi: schemathesis from PyPI, in a virtual environment under .build.
OPENAPI_PACKAGES := $(RUN_PACKAGES) python3-venv python3-pip
# Real GTK under Xvfb: software cairo rendering, criticals crash, no accessibility bus, and
# the source language whatever the developer's (the tests that need a language set their own).
HEADLESS := xvfb-run -a -s "-screen 0 1280x800x24" env GSK_RENDERER=cairo G_DEBUG=fatal-criticals GTK_A11Y=none \
	LC_ALL=C.UTF-8 LANGUAGE=

PREFIX ?= /usr/local
# The project's version, in one place: the one the app's About window shows. The library's
# file (libcodegate-1.so.VERSION), the translation templates and the Debian packages (whose
# debian/changelog `make deb` checks against it) take it from here.
VERSION := $(shell sed -n 's/^ *static let version = "\([^"]*\)"$$/\1/p' Sources/CodeGateApp/App/AboutWindow.swift)
# libcodegate-1, the controls as GObject types (`make lib`, `make stage`): its version, and
# where `install` puts it — the multiarch libdir, where ld.so, pkg-config and GObject
# introspection look on Debian, /usr/local included.
LIB_VERSION := $(VERSION)
GOBJECT_PACKAGES := $(RUN_PACKAGES) gobject-introspection libgirepository1.0-dev valac gcc
# Tests/System/gobject/run: the library from Python, the C example on the accessibility bus and
# under valgrind.
GOBJECT_TEST_PACKAGES := $(GOBJECT_PACKAGES) python3-gi gir1.2-gtk-4.0 valgrind xvfb xauth xdotool \
	dbus-daemon dbus-bin libglib2.0-bin at-spi2-core python3-pyatspi gir1.2-atspi-2.0
# scripts/orderfile.sh: the Python example under callgrind.
ORDER_PACKAGES := $(GOBJECT_PACKAGES) python3-gi gir1.2-gtk-4.0 valgrind xvfb xauth xdotool
MULTIARCH ?= $(shell uname -m)-linux-gnu
LIBDIR ?= $(PREFIX)/lib/$(MULTIARCH)
INCLUDEDIR ?= $(PREFIX)/include
# GObject introspection itself looks only in its own libdir (/usr/lib/<multiarch>/girepository-1.0)
# and GI_TYPELIB_PATH: under PREFIX=/usr/local, set GI_TYPELIB_PATH, or install the typelib
# with TYPELIBDIR=$(pkg-config --variable=typelibdir gobject-introspection-1.0).
TYPELIBDIR ?= $(LIBDIR)/girepository-1.0
STAGE := .build/stage
LIB_FILES = $(LIBDIR)/libcodegate-1.so.$(LIB_VERSION) $(LIBDIR)/libcodegate-1.so.0 $(LIBDIR)/libcodegate-1.so \
	$(LIBDIR)/pkgconfig/codegate-1.pc $(TYPELIBDIR)/CodeGate-1.typelib \
	$(INCLUDEDIR)/codegate-1/codegate.h $(DATADIR)/gir-1.0/CodeGate-1.gir \
	$(DATADIR)/vala/vapi/codegate-1.vapi $(DATADIR)/vala/vapi/codegate-1.deps
APP_ID := io.github.codegate.CodeGate
BINDIR := $(PREFIX)/bin
DATADIR := $(PREFIX)/share
# codegate-gateway's system service (systemd looks in /usr/local/lib/systemd/system too).
SYSTEMDUNITDIR := $(PREFIX)/lib/systemd/system
# The languages with a catalog (po/LINGUAS without its comments), each installed as
# share/locale/<language>/LC_MESSAGES/codegate.mo.
LINGUAS := $(shell grep -v '^\#' po/LINGUAS)
CONTROLS_LINGUAS := $(shell grep -v '^\#' po/controls/LINGUAS)
CATALOGS := $(foreach lang,$(LINGUAS),$(DATADIR)/locale/$(lang)/LC_MESSAGES/codegate.mo)
# The controls' own, share/locale/<language>/LC_MESSAGES/codegate-controls.mo, for the library
# and for the app, which links the controls in.
CONTROLS_CATALOGS := $(foreach lang,$(CONTROLS_LINGUAS),$(DATADIR)/locale/$(lang)/LC_MESSAGES/codegate-controls.mo)
MAN1DIR := $(DATADIR)/man/man1
# The manual pages are the binaries' own --help, through help2man: they cannot drift from it.
# help2man runs them under the C locale unless told otherwise, where GLib writes the help's
# Chinese defaults ("获取验证码({s})") as question marks: C.UTF-8 keeps them. The date is the
# last commit's (or the packaging's SOURCE_DATE_EPOCH), so a rebuild writes the same pages.
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 0)
HELP2MAN = env -i PATH=/usr/bin:/bin LC_ALL=C.UTF-8 SOURCE_DATE_EPOCH=$(SOURCE_DATE_EPOCH) \
	help2man --locale=C.UTF-8 --no-info --no-discard-stderr --version-string=$(VERSION)
# Everything `install` puts in place, so that `uninstall` removes exactly these.
INSTALLED := $(BINDIR)/codegate $(BINDIR)/codegate-gateway \
	$(MAN1DIR)/codegate.1 $(MAN1DIR)/codegate-gateway.1 \
	$(SYSTEMDUNITDIR)/codegate-gateway.service \
	$(DATADIR)/applications/$(APP_ID).desktop \
	$(DATADIR)/dbus-1/services/$(APP_ID).service \
	$(DATADIR)/metainfo/$(APP_ID).metainfo.xml \
	$(DATADIR)/icons/hicolor/scalable/apps/$(APP_ID).svg \
	$(DATADIR)/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
	$(CATALOGS) \
	$(CONTROLS_CATALOGS) \
	$(LIB_FILES) \
	$(DATADIR)/glib-2.0/schemas/$(APP_ID).gschema.xml

.PHONY: lib stage deb run test check lint controls docs screenshot bench orderfile soak build release install uninstall pot locale a11y-report contrast-report orca-report conformance

# Compiles the settings schemas and refreshes the icon cache, the desktop database and ld.so's
# cache (for libcodegate-1) after (un)installing: only for a live install
# (a staged DESTDIR is the packager's business), only where the tool is and the cache exists
# already (a new cache in a folder nobody maintains would hide what is installed there later),
# and never fatally.
define refresh_caches
	@if [ -z "$(DESTDIR)" ]; then \
		schemas=$(DATADIR)/glib-2.0/schemas; \
		if ls $$schemas/*.gschema.xml >/dev/null 2>&1; then \
			! command -v glib-compile-schemas >/dev/null || glib-compile-schemas $$schemas || true; \
		else rm -f $$schemas/gschemas.compiled; fi; \
		if [ -f $(DATADIR)/icons/hicolor/icon-theme.cache ] && command -v gtk-update-icon-cache >/dev/null; then \
			gtk-update-icon-cache -qtf $(DATADIR)/icons/hicolor || true; fi; \
		if [ -f $(DATADIR)/applications/mimeinfo.cache ] && command -v update-desktop-database >/dev/null; then \
			update-desktop-database -q $(DATADIR)/applications || true; fi; \
		if [ "$$(id -u)" = 0 ] && [ -n "$(LD_SEARCHED)" ] && command -v ldconfig >/dev/null; then ldconfig || true; fi; \
	fi
endef

# "yes" when ld.so looks in LIBDIR by itself — one of its trusted directories, or a line of
# /etc/ld.so.conf(.d) (Debian's names /usr/local/lib/<multiarch>) — else empty. Only then does
# `install` refresh the system's ld.so cache; a private prefix (PREFIX=$$HOME/.local) is left
# out of it, and told to use LD_LIBRARY_PATH.
LD_SEARCHED = $(shell libdir=$$(realpath -m $(LIBDIR)); \
	for dir in /lib /usr/lib /lib/$(MULTIARCH) /usr/lib/$(MULTIARCH) \
		$$(sed -n 's|^[[:space:]]*\(/[^[:space:]\#]*\).*|\1|p' /etc/ld.so.conf /etc/ld.so.conf.d/*.conf 2>/dev/null); do \
		[ "$$(realpath -m $$dir)" != "$$libdir" ] || { echo yes; break; }; done)

# Installs whichever of the given packages are missing, with one apt-get call.
define require
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing missing Debian packages:" $$missing; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

build: locale
	$(SWIFT) build --product codegate

# The settings schema compiled where the app run from the build tree finds it.
run: build
	mkdir -p .build/schemas
	cp Resources/$(APP_ID).gschema.xml .build/schemas/
	glib-compile-schemas --strict .build/schemas
	GSETTINGS_SCHEMA_DIR=$(CURDIR)/.build/schemas $(SWIFT) run --skip-build codegate $(ARGS)

# Every Debian package a system suite needs (Tests/System/SUITES), Orca's among them for
# `orca-controls` (and `orca`, which is not in SUITES).
CHECK_PACKAGES = $(sort $(CONTRAST_PACKAGES) $(GOBJECT_TEST_PACKAGES) $(LANGUAGE_PACKAGES) $(DEB_TEST_PACKAGES) \
	$(ORCA_PACKAGES) $(OPENAPI_PACKAGES))

test: locale stage docs lint
	$(call require,$(CHECK_PACKAGES))
	$(SWIFT) build --build-tests
	$(HEADLESS) $(SWIFT) test --skip-build
	Tests/System/run

# The system tests alone (Tests/System): every suite, or `make check SUITE=a11y` (names
# separated by spaces) for some.
check: locale stage
	$(call require,$(CHECK_PACKAGES))
	$(SWIFT) build --build-tests
	Tests/System/run $(SUITE)

# swift-format's rules (.swift-format) and shellcheck (.shellcheckrc): scripts/lint.sh says
# which rules are off and why.
lint:
	$(call require,$(LINT_PACKAGES))
	scripts/lint.sh

screenshot: build
	$(call require,$(SHOT_PACKAGES))
	scripts/screenshot.sh docs/screenshot.png light
	scripts/screenshot.sh docs/screenshot-dark.png dark
	scripts/screenshot.sh docs/screenshot-high-contrast.png high-contrast

# The API reference of the controls' GObject library: gi-docgen over the staged CodeGate-1.gir
# (docs/CodeGate.toml) into .build/docs/CodeGate-1; an undocumented symbol, or any warning
# (a broken link, say), fails it.
docs: stage
	$(call require,$(DOCS_PACKAGES))
	gi-docgen check --config docs/CodeGate.toml .build/stage/share/gir-1.0/CodeGate-1.gir >.build/docs-check.log 2>&1 || \
		{ grep -v INFO .build/docs-check.log; echo "docs: gi-docgen check found the above"; exit 1; }
	rm -rf .build/docs/CodeGate-1
	gi-docgen generate --quiet --fatal-warnings --config docs/CodeGate.toml --content-dir docs \
		--output-dir .build/docs .build/stage/share/gir-1.0/CodeGate-1.gir
	@echo "API reference: .build/docs/CodeGate-1/index.html"

# scripts/bench.sh: on the host (Debian 12), codegate's start-up, memory, idle and countdown cost
# beside the C, C + libadwaita and PyGObject references, then the library's, the HTTP client's,
# the solver's and the gateway's benches; in a clean Debian 13 root (scripts/bench_trixie.sh,
# the kept root of Tests/System/trixie, needs root), start-up and memory again beside the C
# references built there. The same bounds on both, against the references of the same run, and
# no OpenGL library mapped by codegate on either.
bench: stage
	$(call require,$(BENCH_PACKAGES))
	scripts/bench.sh

# Rewrites gobject/codegate-1.order, the layout of libcodegate-1's functions, from a profile of
# the Python example: run it after changes to what the controls run at start-up.
orderfile: stage
	$(call require,$(ORDER_PACKAGES))
	scripts/orderfile.sh

# Not part of `test`: 200 cycles through the real window take several minutes, and the key
# storm after them (on a private session bus) STORM_SECONDS more.
STORM_SECONDS ?= 180
soak: build
	$(call require,$(SOAK_PACKAGES))
	STORM_SECONDS=$(STORM_SECONDS) scripts/soak.sh

# The accessibility and contrast checks of `test`, in report mode (they print what fails and
# exit 0): the whole flow by keyboard with auto-repeat off as a screen reader gets it, and the contrast
# of each state in the light, dark and high-contrast styles (screenshots in .build/contrast).
a11y-report: build
	$(call require,$(A11Y_PACKAGES))
	Tests/System/a11y/run --report

# What Orca says over the whole flow by keyboard, in both scenarios (Tests/System/orca/run): not
# part of `test`, since Orca 43 itself sometimes crashes on a page that goes away.
orca-report: build
	$(call require,$(ORCA_PACKAGES))
	Tests/System/orca/run --scenario success --report
	Tests/System/orca/run --scenario network --report

contrast-report: build stage
	$(call require,$(CONTRAST_PACKAGES))
	Tests/System/contrast/run --report --full --out .build/contrast

# The protocol's conformance suite (docs/protocol.md) against the server at URL, e.g. the base
# URL codegate-gateway prints: `make conformance URL=http://127.0.0.1:PORT/`. Without URL it
# starts a codegate-gateway of its own (short cooldown and lifetime, private state) and checks it,
# with its catalogs from .build/locale (its errors' languages are part of the protocol): on
# SQLite, or on the PostgreSQL database DATABASE (given to it as CODEGATE_DATABASE_URL), with
# the key KEY_FILE when that database was used before (its gateways' key; a fresh one otherwise).
conformance: locale
	$(call require,$(RUN_PACKAGES) python3)
	@if [ -n "$(URL)" ]; then /usr/bin/python3 scripts/conformance.py "$(URL)"; else \
		$(SWIFT) build --product codegate-gateway && \
		CODEGATE_DATABASE_URL="$(DATABASE)" /usr/bin/python3 scripts/conformance.py \
			--gateway "$$($(SWIFT) build --show-bin-path)/codegate-gateway" $(if $(KEY_FILE),--key-file "$(KEY_FILE)"); fi

# The templates translators start from, extracted from the files each POTFILES lists: Swift
# with xgettext's C# parser (the same string literals, and {0} placeholders checked as
# csharp-format), GtkBuilder files with its Glade one. Two domains: the app's (po/) and the
# controls' own words (po/controls/), which SwiftPM's build compiles beside the binary that
# carries the controls (EmbedPlugin), and `install` puts in share/locale.
XGETTEXT := --from-code=UTF-8 --add-comments=TRANSLATORS: --package-version=$(VERSION) \
	--msgid-bugs-address=https://github.com/codegate/codegate/issues
# Each control's properties, declared once in gobject/controls.toml, written out to their Swift
# ids, C getters and setters and codegate.h (scripts/controls.py); the `controls` suite checks
# nothing else was edited by hand.
controls:
	scripts/controls.py

pot:
	$(call require,gettext)
	grep -v '^#' po/POTFILES | grep '\.swift$$' >.build/POTFILES.swift
	xgettext $(XGETTEXT) --package-name=CodeGate --language=C# -k -klocalized -klocalized:1,2 -f .build/POTFILES.swift -o po/codegate.pot
	sed -i 's/charset=CHARSET/charset=UTF-8/' po/codegate.pot
	grep -v '^#' po/POTFILES | grep -v '\.swift$$' | xargs xgettext $(XGETTEXT) --package-name=CodeGate -j -o po/codegate.pot
	grep -v '^#' po/controls/POTFILES >.build/POTFILES.controls
	xgettext $(XGETTEXT) --package-name=CodeGate-controls --language=C# -k -klocalized -f .build/POTFILES.controls -o po/controls/codegate-controls.pot
	sed -i 's/charset=CHARSET/charset=UTF-8/' po/controls/codegate-controls.pot
	for lang in $(LINGUAS); do [ ! -f po/$$lang.po ] || msgmerge -q -U --backup=none po/$$lang.po po/codegate.pot || exit 1; done
	for lang in $(CONTROLS_LINGUAS); do [ ! -f po/controls/$$lang.po ] || msgmerge -q -U --backup=none po/controls/$$lang.po po/controls/codegate-controls.pot || exit 1; done

# Each po/<language>.po compiled, and checked, into .build/locale, where the app looks when it
# runs from the source tree.
locale:
	$(call require,$(RUN_PACKAGES))
	@for lang in $(LINGUAS); do \
		mkdir -p .build/locale/$$lang/LC_MESSAGES && \
		msgfmt --check -o .build/locale/$$lang/LC_MESSAGES/codegate.mo po/$$lang.po || exit 1; \
	done

# The Swift runtime linked in, so the installed binary needs neither the toolchain nor .build.
# AppStream's package brings the ITS rules msgfmt translates the metainfo with.
# No RUNPATH in what is installed: SwiftPM's default $ORIGIN would let a library planted beside
# a binary be loaded before the system's, and nothing of ours lives beside them.
RELEASE_BUILD = $(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath
release:
	$(call require,$(RUN_PACKAGES) appstream)
	$(RELEASE_BUILD) --product codegate
	$(RELEASE_BUILD) --product codegate-gateway

# libcodegate-1.so: the Swift runtime linked in (Package.swift's -static-stdlib for release),
# SONAME libcodegate-1.so.0, only the codegate_* C API exported.
lib:
	$(call require,$(GOBJECT_PACKAGES))
	$(RELEASE_BUILD) --product codegate-1

# .build/stage: the library as an installed prefix (lib/, include/codegate-1/, the .pc, GIR,
# typelib, VAPI, the controls' catalogs in share/locale), for the examples and the tests;
# `install` copies from it.
stage: lib
	LIB_VERSION=$(LIB_VERSION) scripts/stage_gobject.sh

# `install` strips what it installs; `make install STRIP=` keeps the debug information.
STRIP ?= strip
install: release locale stage
	$(call require,help2man)
	install -Dm755 .build/release/codegate $(DESTDIR)$(BINDIR)/codegate
	install -Dm755 .build/release/codegate-gateway $(DESTDIR)$(BINDIR)/codegate-gateway
	install -d $(DESTDIR)$(MAN1DIR)
	$(HELP2MAN) --name="sign in with a verification code (libadwaita demo)" \
		-o $(DESTDIR)$(MAN1DIR)/codegate.1 .build/release/codegate
	$(HELP2MAN) --name="reference server of the CodeGate verification-code protocol" \
		-o $(DESTDIR)$(MAN1DIR)/codegate-gateway.1 .build/release/codegate-gateway
	install -d $(DESTDIR)$(SYSTEMDUNITDIR)
	sed 's|@bindir@|$(BINDIR)|' Resources/codegate-gateway.service.in >$(DESTDIR)$(SYSTEMDUNITDIR)/codegate-gateway.service
	install -d $(DESTDIR)$(DATADIR)/applications $(DESTDIR)$(DATADIR)/metainfo
	msgfmt --desktop -d po --template Resources/$(APP_ID).desktop.in -o $(DESTDIR)$(DATADIR)/applications/$(APP_ID).desktop
	install -d $(DESTDIR)$(DATADIR)/dbus-1/services
	sed 's|@bindir@|$(BINDIR)|' Resources/$(APP_ID).service.in >$(DESTDIR)$(DATADIR)/dbus-1/services/$(APP_ID).service
	msgfmt --xml -d po --template Resources/$(APP_ID).metainfo.xml.in -o $(DESTDIR)$(DATADIR)/metainfo/$(APP_ID).metainfo.xml
	install -Dm644 Resources/icons/$(APP_ID).svg $(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/$(APP_ID).svg
	install -Dm644 Resources/icons/$(APP_ID)-symbolic.svg $(DESTDIR)$(DATADIR)/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg
	for lang in $(LINGUAS); do \
		install -Dm644 .build/locale/$$lang/LC_MESSAGES/codegate.mo $(DESTDIR)$(DATADIR)/locale/$$lang/LC_MESSAGES/codegate.mo || exit 1; \
	done
	for lang in $(CONTROLS_LINGUAS); do \
		install -Dm644 $(STAGE)/share/locale/$$lang/LC_MESSAGES/codegate-controls.mo $(DESTDIR)$(DATADIR)/locale/$$lang/LC_MESSAGES/codegate-controls.mo || exit 1; \
	done
	install -Dm755 $(STAGE)/lib/libcodegate-1.so.$(LIB_VERSION) $(DESTDIR)$(LIBDIR)/libcodegate-1.so.$(LIB_VERSION)
	ln -sf libcodegate-1.so.$(LIB_VERSION) $(DESTDIR)$(LIBDIR)/libcodegate-1.so.0
	ln -sf libcodegate-1.so.0 $(DESTDIR)$(LIBDIR)/libcodegate-1.so
	install -Dm644 $(STAGE)/include/codegate-1/codegate.h $(DESTDIR)$(INCLUDEDIR)/codegate-1/codegate.h
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig
# codegate-1.pc is relocatable (pkg-config --define-prefix): a libdir under PREFIX is written
# from ${prefix}, as includedir and datadir are in the template.
	sed -e 's|@prefix@|$(PREFIX)|' -e 's|@libdir@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))|' \
		-e 's|@version@|$(LIB_VERSION)|' gobject/codegate-1.pc.in >$(DESTDIR)$(LIBDIR)/pkgconfig/codegate-1.pc
	install -Dm644 $(STAGE)/lib/girepository-1.0/CodeGate-1.typelib $(DESTDIR)$(TYPELIBDIR)/CodeGate-1.typelib
	install -Dm644 $(STAGE)/share/gir-1.0/CodeGate-1.gir $(DESTDIR)$(DATADIR)/gir-1.0/CodeGate-1.gir
	install -Dm644 $(STAGE)/share/vala/vapi/codegate-1.vapi $(DESTDIR)$(DATADIR)/vala/vapi/codegate-1.vapi
	install -Dm644 $(STAGE)/share/vala/vapi/codegate-1.deps $(DESTDIR)$(DATADIR)/vala/vapi/codegate-1.deps
	install -Dm644 Resources/$(APP_ID).gschema.xml $(DESTDIR)$(DATADIR)/glib-2.0/schemas/$(APP_ID).gschema.xml
	$(if $(STRIP),$(STRIP) --strip-unneeded $(DESTDIR)$(BINDIR)/codegate $(DESTDIR)$(BINDIR)/codegate-gateway \
		$(DESTDIR)$(LIBDIR)/libcodegate-1.so.$(LIB_VERSION))
	$(refresh_caches)
	@[ -n "$(DESTDIR)" ] || [ -n "$(LD_SEARCHED)" ] || echo "install: ld.so does not look in $(LIBDIR): run what uses libcodegate-1 with LD_LIBRARY_PATH=$(LIBDIR) (docs/languages.md)"

# After the files, the folders they leave empty, from the deepest up to PREFIX (kept), as dpkg
# removes a package's: a folder something else still uses is not empty, and stays.
uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	$(refresh_caches)
	@for file in $(INSTALLED); do \
		dir=$$(dirname "$$file"); \
		while [ "$$dir" != "$(PREFIX)" ] && [ "$$dir" != / ] && rmdir "$(DESTDIR)$$dir" 2>/dev/null; do \
			dir=$$(dirname "$$dir"); \
		done; \
	done

# The Debian packages (debian/) into dist/: dpkg-buildpackage runs debian/rules, which builds
# and installs with the targets above. Its .changes and .buildinfo go to dist/ as well, and
# debhelper's working files in debian/ are removed after it: nothing is written outside the
# tree but .build and dist.
DEB_PACKAGES := $(GOBJECT_PACKAGES) appstream debhelper dpkg-dev help2man lintian
DEB_ARCH = $(shell dpkg --print-architecture)
# Tests/System/deb/run: the packages installed into a clean root (debootstrap), their app's window
# on an Xvfb display of the host's (found with xdotool), the gateway asked from the host's Python;
# Python, GJS, C and Vala come into the root from Debian's mirror.
DEB_TEST_PACKAGES := $(DEB_PACKAGES) xvfb xdotool python3 debootstrap
deb:
	$(call require,$(DEB_PACKAGES))
	@changelog=$$(dpkg-parsechangelog -SVersion); [ "$$changelog" = "$(VERSION)" ] || \
		{ echo "deb: debian/changelog's last entry is $$changelog, the app's version $(VERSION): add an entry (dch -v $(VERSION))" >&2; exit 2; }
	rm -rf dist && mkdir dist
	dpkg-buildpackage -b -uc -us --no-pre-clean \
		--changes-file=dist/codegate_$(VERSION)_$(DEB_ARCH).changes --changes-option=-udist \
		--buildinfo-file=dist/codegate_$(VERSION)_$(DEB_ARCH).buildinfo --buildinfo-option=-udist
	rm -rf debian/tmp debian/.debhelper debian/files debian/*.substvars debian/*.debhelper.log \
		debian/debhelper-build-stamp \
		$$(dh_listpackages | sed 's|^|debian/|')
	@ls -l dist
