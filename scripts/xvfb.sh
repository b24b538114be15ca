# Sourced by the scripts that need a private X server. start_xvfb SIZE starts Xvfb on a display
# it picks itself, waits until it accepts connections, exports DISPLAY and sets XVFB_PID.
start_xvfb() {
    local fifo
    fifo=$(mktemp -u) && mkfifo "$fifo"
    Xvfb -displayfd 3 -screen 0 "$1" -nolisten tcp -noreset 3>"$fifo" >/dev/null 2>&1 &
    XVFB_PID=$!
    local number
    read -r -t 10 number <"$fifo" || { echo "Xvfb did not start" >&2; rm -f "$fifo"; return 1; }
    rm -f "$fifo"
    export DISPLAY=":$number"
}
