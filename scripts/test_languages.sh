#!/usr/bin/env bash
# The GObject library's examples, end to end: the same small app in Python (from code, from
# Examples/Builder/controls-example.ui with --builder, and from Examples/Blueprint's .blp
# compiled to GtkBuilder XML), JavaScript (GJS), Vala, C and Rust, each run
# against the staged install in .build/stage (`make stage`) and nothing else of the build tree,
# in its own D-Bus session with its own accessibility bus and Xvfb
# (scripts/example_session.sh), driven with real pointer events by the Swift example's driver,
# scripts/example_flow.py, which checks what a user and a screen reader get:
#   success  the button waits for the slide; a half drag glides back; a full drag unlocks; the
#            click runs the app's request function: "发送中…", then the button names the seconds
#            left, the status says the code was sent, and on screen the countdown counts
#   failure  "让请求失败" checked: the status says why, the button is idle, the slider locked again
#   english  (Python) LC_ALL=en_US.UTF-8: the controls' English words, from the library's catalogs
#   ending   (Python, beside the others) the whole 60 s cooldown: idle again, the slider locked
# The Vala and C examples are compiled first, with valac and cc through the staged .pc and VAPI;
# the Blueprint file with blueprint-compiler, which checks CodeGate's types in the staged
# typelib; the Rust example with cargo, offline, from Debian's crates, into .build/rust.
# Prints one line per check (PASS/FAIL) and "N passed, M failed"; exit status 1 on any FAIL.
# usage: scripts/test_languages.sh     LANGUAGES="python vala" runs only those examples
#        (python builder blueprint javascript vala c rust), LANGUAGE_SCENARIOS="failure" only
#        those scenarios.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/example_runs.sh

stage=$PWD/.build/stage
if [ ! -f "$stage/lib/girepository-1.0/CodeGate-1.typelib" ]; then
    check 1 "the staged install is in $stage" "no CodeGate-1.typelib there: run make stage first"
    summary || exit 1
fi
export LD_LIBRARY_PATH=$stage/lib GI_TYPELIB_PATH=$stage/lib/girepository-1.0 \
    PKG_CONFIG_PATH=$stage/lib/pkgconfig
bin=.build/examples
mkdir -p "$bin"
# The examples that can run: the compiled ones once they are built.
runnable="python builder javascript"

ok=0
valac --quiet --vapidir "$stage/share/vala/vapi" --pkg gtk4 --pkg codegate-1 \
    -d "$bin" -o controls-example-vala Examples/Vala/controls-example.vala >"$out/valac.log" 2>&1 || ok=$?
[ $ok = 0 ] && grep -qi warning "$out/valac.log" && ok=1
check $ok "build: valac --pkg gtk4 --pkg codegate-1 Examples/Vala/controls-example.vala, no warning" \
    "$(head -5 "$out/valac.log" | tr "\n" " ")"
[ $ok != 0 ] || runnable="$runnable vala"
c_example=$(find Examples/C -maxdepth 1 -name '*.c' 2>/dev/null | sort | head -1 || true)
if [ -n "$c_example" ]; then
    ok=0
    # shellcheck disable=SC2046
    cc -Wall -Wextra -o "$bin/controls-example-c" "$c_example" \
        $(pkg-config --cflags --libs codegate-1 gtk4) >"$out/cc.log" 2>&1 || ok=$?
    [ $ok = 0 ] && [ -s "$out/cc.log" ] && ok=1
    check $ok "build: cc -Wall -Wextra $c_example \$(pkg-config --cflags --libs codegate-1 gtk4), no warning" \
        "$(head -5 "$out/cc.log" | tr "\n" " ")"
    [ $ok != 0 ] || runnable="$runnable c"
fi
ok=0
blueprint_ui=$bin/controls-example-blueprint.ui
blueprint-compiler compile --output "$blueprint_ui" Examples/Blueprint/controls-example.blp \
    >"$out/blueprint.log" 2>&1 || ok=$?
[ $ok = 0 ] && [ -s "$out/blueprint.log" ] && ok=1
check $ok "build: blueprint-compiler compile Examples/Blueprint/controls-example.blp, no warning" \
    "$(head -5 "$out/blueprint.log" | tr "\n" " ")"
[ $ok != 0 ] || runnable="$runnable blueprint"
ok=0
# Debian's crates only, as Examples/Rust/.cargo/config.toml says (cargo reads it from the
# folder it runs in), so nothing is downloaded; the first build compiles gtk4-rs and takes a
# minute or two, later ones seconds.
rust_started=$SECONDS rust_target=$PWD/.build/rust
(cd Examples/Rust && CARGO_TARGET_DIR=$rust_target cargo build --offline --quiet) \
    >"$out/cargo.log" 2>&1 || ok=$?
[ $ok = 0 ] && grep -q warning "$out/cargo.log" && ok=1
check $ok "build: cargo build --offline Examples/Rust ($((SECONDS - rust_started)) s), no warning" \
    "$(grep -m5 -e warning -e error "$out/cargo.log" | tr "\n" " ")"
[ $ok != 0 ] || runnable="$runnable rust"

# Each example: its name on the accessibility bus (GTK takes the program name), then its command.
declare -A app_name=([python]=controls-example.py [builder]=controls-example.py
    [blueprint]=controls-example.py [javascript]=gjs [vala]=controls-example-vala
    [c]=controls-example-c [rust]=controls-example-rust)
declare -A command=([python]="/usr/bin/python3 Examples/Python/controls-example.py"
    [builder]="/usr/bin/python3 Examples/Python/controls-example.py --builder"
    [blueprint]="/usr/bin/python3 Examples/Python/controls-example.py --builder $blueprint_ui"
    [javascript]="gjs -m Examples/JavaScript/controls-example.js"
    [vala]="$bin/controls-example-vala" [c]="$bin/controls-example-c"
    [rust]="$rust_target/debug/controls-example-rust")
languages=${LANGUAGES:-$runnable}
scenarios=${LANGUAGE_SCENARIOS:-success failure english ending}

# The whole cooldown takes a minute of waiting: it runs beside the others.
ending=
if [[ " $languages " == *" python "* && " $scenarios " == *" ending "* ]]; then
    # shellcheck disable=SC2086
    start_scenario "python ending" ending "${app_name[python]}" ${command[python]}
    ending=$pid
fi
for language in $languages; do
    for scenario in $scenarios; do
        case $scenario in ending) continue ;; english) [ "$language" = python ] || continue ;; esac
        # shellcheck disable=SC2086
        run_scenario "$language $scenario" "$scenario" "${app_name[$language]}" ${command[$language]}
    done
done
[ -z "$ending" ] || finish_scenario "python ending" "$ending"

summary || exit 1
