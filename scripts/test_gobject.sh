#!/usr/bin/env bash
# Part of `make test`: libcodegate-1, the controls as GObject types, as an app outside the
# build tree gets it (`make stage`, .build/stage):
#  - the library: SONAME libcodegate-1.so.0, RUNPATH $ORIGIN at most, nothing of the Swift
#    toolchain needed or mapped, only the codegate_* C API exported, every function of the
#    header among them;
#  - the GIR made without a g-ir-scanner or vapigen warning (stage_gobject.sh fails on one);
#  - the typelib loading under `env -i` with only the staged paths, and English words from the
#    library's own catalogs under en_US;
#  - the API from Python driven by the widgets' signals (Tests/GObject/test_api.py) and the
#    lifetime test, 1000 controls destroyed mid-countdown, mid-request and mid-glide
#    (Tests/GObject/test_lifetime.py), under Xvfb with G_DEBUG=fatal-criticals;
#  - misuse that must not stop the process (Tests/GObject/test_misuse.py, criticals not fatal):
#    an answer from a worker thread and a call on a disposed button, one critical each naming
#    the C function, exit 0;
#  - GtkBuilder naming the types with no g_type_ensure, from C and from Python;
#  - the C example built by pkg-config against the stage with no warning; its AT-SPI tree
#    (the controls named as the Swift ones), before and after
#    → ×10, Tab and Space by xdotool (unlocked, counting, the status says sent); then run under
#    valgrind, unlocked by → key presses, its code requested with Space and closed with
#    Ctrl+W while the cooldown counts: no definite leak with libcodegate-1 in its stack.
# Prints PASS or FAIL per check; exits 1 on any failure.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
. scripts/xvfb.sh
stage=$PWD/.build/stage
scratch=$(mktemp -d)
[ -z "${KEEP:-}" ] || echo "gobject test: scratch files kept in $scratch"
XVFB_PID=
app=
trap 'kill $app $XVFB_PID 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$scratch"' EXIT
failed=0
check() { # check STATUS WHAT [WHY]
    if [ "$1" = 0 ]; then echo "gobject test: PASS: $2"; else echo "gobject test: FAIL: $2${3:+: $3}"; failed=1; fi
}
# The environment of an app that has only the staged install: no toolchain, no build tree.
staged_env=(env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH="$stage/lib"
    GI_TYPELIB_PATH="$stage/lib/girepository-1.0" HOME="$scratch" XDG_RUNTIME_DIR="$scratch"
    GSK_RENDERER=cairo GTK_A11Y=none G_DEBUG=fatal-criticals LC_ALL=C.UTF-8 LANGUAGE=)

"${MAKE:-make}" --no-print-directory stage >"$scratch/stage.log" 2>&1
status=$?
check $status "make stage: library, header, .pc, GIR (no g-ir-scanner warning), typelib, VAPI (no vapigen warning)" \
    "$(grep -v prohibited "$scratch/stage.log" | tail -5 | tr '\n' ' ')"
[ $status = 0 ] || exit 1
library=$stage/lib/libcodegate-1.so.0

soname=$(readelf -d "$library" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
check "$([ "$soname" = libcodegate-1.so.0 ]; echo $?)" "SONAME is libcodegate-1.so.0" "it is '$soname'"
runpath=$(readelf -d "$library" | sed -n 's/.*(R\(UN\)\{0,1\}PATH).*\[\(.*\)\]/\2/p')
# shellcheck disable=SC2016  # the literal $ORIGIN, as the dynamic linker reads it
check "$([ -z "$runpath" ] || [ "$runpath" = '$ORIGIN' ]; echo $?)" "RUNPATH is \$ORIGIN at most" "it is '$runpath'"
toolchain=$(ldd "$library" | grep -E -i 'swift|dispatch|BlocksRuntime|Foundation|not found')
check "$([ -z "$toolchain" ]; echo $?)" "ldd: no library of the Swift toolchain" "$toolchain"
exported=$(readelf --dyn-syms -W "$library" | awk '$5 == "GLOBAL" && $7 != "UND" && $7 != "ABS" { sub(/@.*/, "", $8); print $8 }' | sort)
others=$(grep -v '^codegate_' <<<"$exported" | head -5)
check "$([ -z "$others" ]; echo $?)" "only codegate_* symbols exported" "also: $others"
declared=$(grep -o -E '^[A-Za-z *]+ *\bcodegate_[a-z_]+ *\(' gobject/codegate.h | grep -o -E 'codegate_[a-z_]+' | sort -u)
missing=$(comm -23 <(echo "$declared") <(echo "$exported") | head -5)
check "$([ -z "$missing" ] && [ "$(wc -l <<<"$declared")" -ge 50 ]; echo $?)" \
    "every function of codegate.h is exported ($(wc -l <<<"$declared"))" "missing: $missing"
pc=$(PKG_CONFIG_PATH=$stage/lib/pkgconfig pkg-config --libs --cflags codegate-1 2>&1)
check "$(grep -q -- "-I$stage/include/codegate-1" <<<"$pc" && grep -q -- '-lcodegate-1' <<<"$pc"; echo $?)" \
    "pkg-config codegate-1 gives the staged include dir and -lcodegate-1" "$pc"

# The typelib and the library under env -i, with nothing of the toolchain mapped.
"${staged_env[@]}" /usr/bin/python3 -c "
import gi
gi.require_version('CodeGate', '1')
from gi.repository import CodeGate
assert CodeGate.SlideToUnlock.__gtype__.name == 'CodeGateSlideToUnlock'
assert CodeGate.CountdownButton.__gtype__.name == 'CodeGateCountdownButton'
assert CodeGate.CountdownPhase.COUNTING == 2
maps = open('/proc/self/maps').read()
assert '$stage/lib/libcodegate-1.so' in maps, 'the staged library is not mapped'
assert '/opt/swift' not in maps and 'libswift' not in maps, 'a toolchain library is mapped'
" >"$scratch/typelib.log" 2>&1
check $? "the typelib loads under env -i with only the staged paths, nothing of the toolchain mapped" \
    "$(tail -3 "$scratch/typelib.log" | tr '\n' ' ')"

# The controls' words come from the catalogs inside the library, in the user's language.
words=$("${staged_env[@]}" LC_ALL=en_US.UTF-8 xvfb-run -a /usr/bin/python3 -c "
import gi
gi.require_version('Gtk', '4.0')
gi.require_version('CodeGate', '1')
from gi.repository import CodeGate, Gtk
Gtk.init()
print(CodeGate.CountdownButton().props.idle_text, '|', CodeGate.SlideToUnlock().props.hint)
" 2>&1)
check "$([ "$words" = "Get Code | Slide to unlock" ]; echo $?)" \
    "under LC_ALL=en_US.UTF-8 the controls speak English from the library's own catalogs" "$words"

# The Python tests: their own PASS/FAIL lines, and nothing on stderr but one expected warning.
for test in api lifetime; do
    (cd Tests/GObject && "${staged_env[@]}" xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 "test_$test.py") \
        >"$scratch/$test.out" 2>"$scratch/$test.err"
    status=$?
    grep '^FAIL' "$scratch/$test.out" | sed 's/^/    /'
    noise=$(grep -v -E 'label format "no placeholder" has no seconds placeholder|an empty idle-text would leave the button blank|^$' "$scratch/$test.err" | head -5)
    check "$([ $status = 0 ] && [ -z "$noise" ]; echo $?)" \
        "Tests/GObject/test_$test.py: $(grep -c '^PASS' "$scratch/$test.out") checks passed, nothing on stderr" \
        "exit $status; $(tail -3 "$scratch/$test.out" | tr '\n' ' ') $noise"
done

# Misuse: the process goes on, with one critical per misuse naming the C function called.
(cd Tests/GObject && "${staged_env[@]}" G_DEBUG= xvfb-run -a /usr/bin/python3 test_misuse.py) \
    >"$scratch/misuse.out" 2>"$scratch/misuse.err"
status=$?
criticals=$(grep -c 'CRITICAL' "$scratch/misuse.err")
check "$([ $status = 0 ] && [ "$criticals" = 2 ] && ! grep -q '^FAIL' "$scratch/misuse.out" &&
    grep -q 'CRITICAL \*\*: .*codegate_request_sent: called from a thread other than GTK' "$scratch/misuse.err" &&
    grep -q 'CRITICAL \*\*: .*codegate_countdown_button_reset: the CodeGateCountdownButton was disposed' "$scratch/misuse.err"; echo $?)" \
    "an answer from a worker thread and a call on a disposed button: one critical each, naming the C function; exit 0" \
    "exit $status, $criticals critical(s): $(grep -v '^$' "$scratch/misuse.err" | head -4 | tr '\n' ' ') $(grep '^FAIL' "$scratch/misuse.out")"

# GtkBuilder with no g_type_ensure: from C the types are registered when the library loads;
# from Python, whose GObject introspection loads it at first use, after CodeGate.init().
cat >"$scratch/builder.c" <<'C'
#include <codegate.h>
int
main (void)
{
  gtk_init ();
  g_autoptr (GtkBuilder) builder = gtk_builder_new_from_file ("Examples/Builder/controls-example.ui");
  GObject *button = gtk_builder_get_object (builder, "button");
  return CODEGATE_IS_COUNTDOWN_BUTTON (button) &&
         CODEGATE_IS_SLIDE_TO_UNLOCK (codegate_countdown_button_get_slider (CODEGATE_COUNTDOWN_BUTTON (button))) ? 0 : 1;
}
C
# shellcheck disable=SC2046
cc -o "$scratch/builder" "$scratch/builder.c" $(PKG_CONFIG_PATH=$stage/lib/pkgconfig pkg-config --cflags --libs codegate-1) &&
    "${staged_env[@]}" xvfb-run -a "$scratch/builder" >"$scratch/builder.log" 2>&1
check $? "C: GtkBuilder builds Examples/Builder/controls-example.ui with no g_type_ensure" "$(head -3 "$scratch/builder.log" | tr '\n' ' ')"
"${staged_env[@]}" xvfb-run -a /usr/bin/python3 -c "
import gi
gi.require_version('Gtk', '4.0')
gi.require_version('CodeGate', '1')
from gi.repository import CodeGate, Gtk
Gtk.init()
CodeGate.init()
builder = Gtk.Builder.new_from_file('Examples/Builder/controls-example.ui')
assert isinstance(builder.get_object('button'), CodeGate.CountdownButton)
assert builder.get_object('button').props.slider is builder.get_object('slider')
" >"$scratch/builder-py.log" 2>&1
check $? "Python: GtkBuilder builds it after CodeGate.init(), with no type_ensure" "$(tail -3 "$scratch/builder-py.log" | tr '\n' ' ')"

# The C example: built like any C app, then run under valgrind through the flow by keys.
c_example=$scratch/controls-example-c
# shellcheck disable=SC2046
cc -Wall -Wextra -Werror -g -o "$c_example" Examples/C/controls-example.c \
    $(PKG_CONFIG_PATH=$stage/lib/pkgconfig pkg-config --cflags --libs codegate-1) >"$scratch/cc.log" 2>&1
check $? "cc -Wall -Wextra -Werror Examples/C/controls-example.c \$(pkg-config --cflags --libs codegate-1)" \
    "$(head -3 "$scratch/cc.log" | tr '\n' ' ')"
# What a screen reader gets of the two controls: the Swift controls' roles and names (the
# same widgets), never their type names.
cat >"$scratch/a11y.sh" <<SESSION
. scripts/xvfb.sh
start_a11y_session
LD_LIBRARY_PATH=$stage/lib G_DEBUG=fatal-criticals "$c_example" &
APP=\$!
window=\$(timeout 30 xdotool search --sync --onlyvisible --name '^CodeGate controls\$' | head -1)
/usr/bin/python3 Tests/GObject/a11y_names.py controls-example-c >"$scratch/tree-start"
# Ten → presses on the focused thumb, Tab to the button, Space: the app's request answers in
# 300 ms and the cooldown counts.
for _ in \$(seq 10); do xdotool key --window "\$window" Right; done
xdotool key --window "\$window" Tab space
sleep 1.5
/usr/bin/python3 Tests/GObject/a11y_names.py controls-example-c >"$scratch/tree-sent"
SESSION
dbus-run-session -- bash "$scratch/a11y.sh" >"$scratch/a11y.out" 2>&1
tree=$(cat "$scratch/tree-start" 2>/dev/null)
check "$(grep -q '^ *slider: 滑动验证，未通过$' <<<"$tree" && grep -q '^ *push button: 获取验证码$' <<<"$tree" &&
    ! grep -q 'CodeGate[A-Za-z]' <<<"$tree"; echo $?)" \
    "AT-SPI: the slider and the button named as the Swift controls name them, no node named CodeGate…" \
    "$(tr '\n' '|' <<<"$tree" | head -c 600) $(tail -3 "$scratch/a11y.out")"
tree=$(cat "$scratch/tree-sent" 2>/dev/null)
check "$(grep -q '^ *slider: 滑动验证，已通过$' <<<"$tree" && grep -q -E '^ *push button: 获取验证码，(59|60) 秒后可重新获取$' <<<"$tree" &&
    grep -q '^ *label: 验证码已发送，60 秒后可重新获取$' <<<"$tree"; echo $?)" \
    "AT-SPI after → ×10, Tab, Space: the slider passed, the button counting down, the app's status says sent" \
    "$(tr '\n' '|' <<<"$tree" | head -c 600)"

start_xvfb 800x600x24
# A session bus of its own, as a desktop gives one (else GLib would autolaunch one).
"${staged_env[@]}" DISPLAY="$DISPLAY" dbus-run-session -- valgrind --leak-check=full --show-leak-kinds=definite \
    --num-callers=40 --log-file="$scratch/valgrind.%p.log" \
    --suppressions=/usr/share/glib-2.0/valgrind/glib.supp --suppressions=/usr/share/gtk-4.0/valgrind/gtk.supp \
    "$c_example" >"$scratch/c.out" 2>&1 &
app=$!
window=$(timeout 180 xdotool search --sync --onlyvisible --name '^CodeGate controls$' | head -1)
check "$([ -n "$window" ]; echo $?)" "the C example under valgrind shows its window"
if [ -n "$window" ]; then
    # Valgrind runs it some twenty times slower: each step is given its time.
    sleep 5
    for _ in $(seq 10); do xdotool key --window "$window" Right; sleep 0.5; done
    sleep 3
    xdotool key --window "$window" Tab space
    sleep 10
    xdotool key --window "$window" ctrl+w 2>/dev/null
fi
exited=1
for _ in $(seq 120); do kill -0 "$app" 2>/dev/null || { exited=0; break; }; sleep 1; done
wait "$app" 2>/dev/null
status=$?
app=
check "$([ $exited = 0 ] && [ $status = 0 ]; echo $?)" "the C example closed with Ctrl+W mid-countdown and exited 0" \
    "exit $status; $(tail -3 "$scratch/c.out" | tr '\n' ' ')"
# The example's own log: any process it forks before an exec writes one too.
log=$(grep -l "^==[0-9]*== Command: $c_example\$" "$scratch"/valgrind.*.log | head -1)
log=${log:-/dev/null}
ours=$(python3 - "$log" <<'PYTHON'
import re, sys
# Valgrind's records: a header line, then the stack, up to a line with nothing after the pid.
records, current = [], None
for line in open(sys.argv[1], errors="replace"):
    body = re.sub(r"^==\d+== ?", "", line.rstrip("\n"))
    if "are definitely lost in loss record" in body or body.startswith(("Invalid read", "Invalid write", "Invalid free")):
        current = [body]
        records.append(current)
    elif current is not None:
        if body.strip():
            current.append(body)
        else:
            current = None
for record in records:
    if any("libcodegate-1" in frame or "CodeGate" in frame for frame in record):
        print("\n".join(record[:40]))
        print()
PYTHON
)
definite=$(grep -o 'definitely lost: [0-9,]* bytes' "$log" | head -1)
check "$([ -z "$ours" ] && grep -q 'LEAK SUMMARY\|All heap blocks were freed' "$log"; echo $?)" \
    "valgrind: no definite leak or invalid access of libcodegate-1 (all of the process: ${definite:-none})" "$ours"
kill "$XVFB_PID" 2>/dev/null
XVFB_PID=

[ $failed = 0 ] && echo "gobject test: PASS" || echo "gobject test: FAIL"
exit $failed
