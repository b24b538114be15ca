# CodeGate: `make run` opens the app, `make test` runs every test under a private X server.
# Each target first installs the Debian packages it needs and does not find.

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RUN_PACKAGES := libgtk-4-dev libglib2.0-dev-bin pkg-config fonts-noto-cjk
TEST_PACKAGES := $(RUN_PACKAGES) xvfb xauth xdotool
SHOT_PACKAGES := $(TEST_PACKAGES) imagemagick
BENCH_PACKAGES := $(TEST_PACKAGES) gcc python3-xlib python3-gi gir1.2-gtk-4.0
# Real GTK under Xvfb: software cairo rendering, criticals crash, no accessibility bus.
HEADLESS := xvfb-run -a -s "-screen 0 1280x800x24" env GSK_RENDERER=cairo G_DEBUG=fatal-criticals GTK_A11Y=none

.PHONY: run test screenshot bench build

# Installs whichever of the given packages are missing, with one apt-get call.
define require
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing missing Debian packages:" $$missing; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

build:
	$(call require,$(RUN_PACKAGES))
	$(SWIFT) build --product codegate

run: build
	$(SWIFT) run --skip-build codegate $(ARGS)

test:
	$(call require,$(TEST_PACKAGES))
	$(SWIFT) build --build-tests
	$(HEADLESS) $(SWIFT) test --skip-build

screenshot: build
	$(call require,$(SHOT_PACKAGES))
	scripts/screenshot.sh docs/screenshot.png

bench:
	$(call require,$(BENCH_PACKAGES))
	scripts/bench.sh
