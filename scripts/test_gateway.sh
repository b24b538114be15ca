#!/usr/bin/env bash
# Part of `make test`: codegate-gateway as a process. Builds it, starts it on port 0 with a
# private state, runs the conformance suite against it (reading codes from its stdout), and
# checks what the suite cannot see from outside: SIGTERM and SIGINT stop it with status 0; bad
# arguments print one line and exit 2; two gateways on one state folder send one code per
# cooldown to a number, even asked at the same moment, and replay each other's idempotency keys,
# also after a restart; the rate limit answers 429 with
# Retry-After; a state folder it cannot use makes it refuse (503) rather than send; idle connections are closed; clients that close, half-close,
# stall or flood leave its descriptors flat (gateway_connections.py); strict HTTP edges, /healthz,
# /metrics, --listen, --trusted-proxy, a rate limit per local user and a drain under load (gateway_edges.py); a full store
# refuses rather than evict; the rate limit is shared; its log never shows a code. Prints PASS or FAIL; exits non-zero on failure. About 15 s.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=$(mktemp -d)
pids=()
trap 'for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$scratch"' EXIT
fail() { echo "gateway test: FAIL: $*" >&2; exit 1; }
step() { echo "gateway test: $*"; }

swift build --product codegate-gateway >"$scratch/build.log" 2>&1 || { cat "$scratch/build.log" >&2; fail "build"; }
gateway=$(swift build --show-bin-path)/codegate-gateway
export XDG_STATE_HOME=$scratch/state
unset LANGUAGE

# start NAME ARGS...: starts a gateway with its stdout in NAME.out and stderr in NAME.err, waits
# for its first line and sets $url and $pid.
start() {
    local name=$1
    shift
    "$gateway" "$@" >"$scratch/$name.out" 2>"$scratch/$name.err" &
    pid=$!
    pids+=("$pid")
    for _ in $(seq 100); do
        # The shell that starts the gateway may not have made the file yet.
        url=$(head -n 1 "$scratch/$name.out" 2>/dev/null || true)
        [ -z "$url" ] || break
        kill -0 "$pid" 2>/dev/null || fail "$name exited before printing its URL: $(cat "$scratch/$name.err")"
        sleep 0.1
    done
    [[ $url =~ ^http://127\.0\.0\.1:[0-9]+/$ ]] || fail "$name's first line is not its base URL: '$url'"
}

# stop PID SIGNAL: sends the signal and checks the exit status is 0.
stop() {
    kill "-$2" "$1"
    local status=0
    wait "$1" || status=$?
    [ "$status" = 0 ] || fail "SIG$2 ended the gateway with status $status, not 0"
}

# post URL PATH JSON [HEADER...]: prints the status, a tab, and the body of a POST.
post() {
    /usr/bin/python3 - "$@" <<'EOF'
import http.client, sys, urllib.parse
url, path, body, *headers = sys.argv[1:]
parts = urllib.parse.urlsplit(url)
connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
sent = {"Content-Type": "application/json"}
sent.update(h.split(": ", 1) for h in headers)
connection.request("POST", path, body=body.encode(), headers=sent)
answer = connection.getresponse()
retry = answer.getheader("Retry-After")
print(f"{answer.status}\t{retry or '-'}\t{answer.read(65536).decode()}")
EOF
}

step "conformance suite against a gateway on port 0 (cooldown 3 s, codes live 6 s)"
start main --port 0 --duration 3 --code-ttl 6
# Meanwhile, a connection that sends nothing and one that stops inside its headers: the
# gateway must close both after its idle timeout (10 s), checked once the suite is done.
/usr/bin/python3 - "$url" >"$scratch/idle.log" 2>&1 <<'EOF' &
import socket, sys, time, urllib.parse
port = urllib.parse.urlsplit(sys.argv[1]).port
start = time.monotonic()
idle = socket.create_connection(("127.0.0.1", port), timeout=30)
half = socket.create_connection(("127.0.0.1", port), timeout=30)
half.sendall(b"POST /v1/codes HTTP/1.1\r\nHost: x\r\n")
for name, connection in (("silent", idle), ("half-sent", half)):
    try:
        connection.recv(100)
        print(f"{name} {time.monotonic() - start:.0f}")
    except socket.timeout:
        print(f"{name} open")
EOF
idle_check=$!
# Meanwhile too, a gateway of its own under 64 descriptors, against clients that close, half-close,
# stall and flood (about 12 s).
/usr/bin/python3 scripts/gateway_connections.py "$gateway" >"$scratch/connections.log" 2>&1 &
connections_check=$!

/usr/bin/python3 scripts/conformance.py "$url" --phone "$scratch/main.out" | tee "$scratch/conformance.log"
grep -q '^[0-9]* passed, 0 failed' "$scratch/conformance.log" || fail "the conformance suite failed"
grep -q '^SKIP' "$scratch/conformance.log" && fail "the conformance suite skipped checks against the gateway"

step "idle connections are closed after 10 s"
wait "$idle_check" || true
for name in silent half-sent; do
    seconds=$(sed -n "s/^$name //p" "$scratch/idle.log")
    [[ $seconds =~ ^[0-9]+$ ]] && [ "$seconds" -ge 9 ] && [ "$seconds" -le 15 ] ||
        fail "the $name connection: $(cat "$scratch/idle.log")"
done

step "descriptors stay flat: closed keep-alive, half-closed, idle and flooding clients"
wait "$connections_check" || fail "$(cat "$scratch/connections.log")"
sed 's/^/  /' "$scratch/connections.log"

step "strict edges and operations: 413 at once, repeated headers, %2F, /healthz, /metrics, --listen, --trusted-proxy, a rate limit per local user, SIGTERM under load"
/usr/bin/python3 scripts/gateway_edges.py "$gateway" >"$scratch/edges.log" 2>&1 || fail "$(tail -5 "$scratch/edges.log")"
sed 's/^/  /' "$scratch/edges.log"

step "the request log names no code"
grep -q 'POST /v1/codes 201' "$scratch/main.err" || fail "no request log line on stderr: $(head -3 "$scratch/main.err")"
while read -r code; do
    ! grep -q "$code" "$scratch/main.err" || fail "the log shows the code $code"
done < <(sed -n 's/^SMS .*\b\([0-9]\{6\}\)\b.*/\1/p' "$scratch/main.out")
stop "$pid" TERM

step "bad arguments: one line on stderr, status 2"
for arguments in "--port 70000" "--duration 0" "--code-ttl x" "--rate-limit -1" "--state-dir relative/dir" "--bogus 1" "stray" "--port" \
    "--listen 0.0.0.0:8080" "--listen 127.0.0.1" "--key-file key" "--trusted-proxy proxy"; do
    status=0
    # shellcheck disable=SC2086
    "$gateway" $arguments >"$scratch/bad.out" 2>"$scratch/bad.err" || status=$?
    [ "$status" = 2 ] || fail "'$arguments' exited with $status, not 2"
    [ "$(wc -l <"$scratch/bad.err")" = 1 ] || fail "'$arguments' printed $(wc -l <"$scratch/bad.err") lines on stderr, not 1"
    [ ! -s "$scratch/bad.out" ] || fail "'$arguments' printed on stdout"
done

step "two gateways on one state folder send one code per cooldown to a number"
start first --duration 30
first_url=$url first_pid=$pid
start second --duration 30
second_url=$url second_pid=$pid
for index in 1 2 3 4 5; do
    number="+44770090000$index"
    # Asked of both at once, and again of each in turn.
    post "$first_url" /v1/codes "{\"phone\": \"$number\"}" "Idempotency-Key: a$index" >"$scratch/a$index" &
    post "$second_url" /v1/codes "{\"phone\": \"$number\"}" "Idempotency-Key: b$index" >"$scratch/b$index"
    wait $!
    cat "$scratch/a$index" "$scratch/b$index" | cut -f1 | sort | tr '\n' ' ' | grep -qx '201 429 ' ||
        fail "$number asked of both gateways at once: $(cat "$scratch/a$index" "$scratch/b$index")"
    post "$second_url" /v1/codes "{\"phone\": \"$number\"}" "Idempotency-Key: c$index" | grep -q '^429' ||
        fail "the second gateway sent $number a code inside the first's cooldown"
done
step "an Idempotency-Key answered by one gateway is replayed by the other, and after a restart"
post "$first_url" /v1/codes '{"phone": "+447700900006"}' "Idempotency-Key: slide" | grep -q '^201' || fail "a fresh key was refused"
post "$second_url" /v1/codes '{"phone": "+447700900006"}' "Idempotency-Key: slide" | grep -q '^200' ||
    fail "the second gateway did not replay the first one's key"
sms=$(cat "$scratch/first.out" "$scratch/second.out" | grep -c '^SMS ' || true)
[ "$sms" = 6 ] || fail "two gateways sent $sms text messages to 6 numbers, not 6"
stop "$first_pid" INT
stop "$second_pid" TERM
start third --duration 30
post "$url" /v1/codes '{"phone": "+447700900006"}' "Idempotency-Key: slide" | grep -q '^200' || fail "a restarted gateway did not replay the key"
post "$url" /v1/codes '{"phone": "+447700900007"}' "Idempotency-Key: slide" | grep -q '^422' || fail "a key reused for another number was not refused"
! grep -q '^SMS' "$scratch/third.out" || fail "the restarted gateway sent an SMS"
stop "$pid" TERM

step "the rate limit: 429 rate_limited with Retry-After, in the request's language whatever the gateway's"
LANGUAGE=en LANG=en_US.UTF-8 start limited --rate-limit 3 --state-dir "$scratch/limited"
for index in 1 2 3; do post "$url" /v1/codes/verify '{"phone": "+447700900009", "code": "123456"}' | grep -q '^200' || fail "request $index refused"; done
answer=$(post "$url" /v1/codes/verify '{"phone": "+447700900009", "code": "123456"}' "Accept-Language: zh-TW")
[[ $answer =~ ^429$'\t'[0-9]+$'\t'.*\"rate_limited\".*請求過於頻繁 ]] || fail "the 4th request a minute got: $answer"
stop "$pid" TERM

step "the rate limit is shared by two gateways on one state"
start shared1 --rate-limit 3 --state-dir "$scratch/shared"
shared1_pid=$pid shared1_url=$url
start shared2 --rate-limit 3 --state-dir "$scratch/shared"
for target in "$shared1_url" "$url" "$shared1_url"; do
    post "$target" /v1/codes/verify '{"phone": "+447700900009", "code": "123456"}' | grep -q '^200' || fail "a request within the shared limit was refused"
done
post "$url" /v1/codes/verify '{"phone": "+447700900009", "code": "123456"}' | grep -q '^429' || fail "the 4th request over two gateways was not refused"
stop "$shared1_pid" TERM
stop "$pid" TERM

step "1,100 numbers after V evict nothing: V keeps its cooldown and code, the rest get 503 store_full"
start full --rate-limit 0 --duration 600 --state-dir "$scratch/full"
post "$url" /v1/codes '{"phone": "+447700900100"}' "Idempotency-Key: v" | grep -q '^201' || fail "V's first request"
/usr/bin/python3 - "$url" <<'EOF2' || fail "the store-full refusal"
import http.client, json, sys, urllib.parse
port = urllib.parse.urlsplit(sys.argv[1]).port
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
statuses = {}
for index in range(1100):
    body = json.dumps({"phone": f"+4477009{10000 + index}"})
    connection.request("POST", "/v1/codes", body=body, headers={"Content-Type": "application/json", "Idempotency-Key": f"n{index}"})
    answer = connection.getresponse()
    payload = json.loads(answer.read())
    statuses[answer.status] = statuses.get(answer.status, 0) + 1
    if answer.status == 503:
        retry = answer.getheader("Retry-After")
        if payload["error"]["kind"] != "store_full" or not retry or int(retry) < 500 or payload["error"].get("retry_after_seconds") != int(retry):
            sys.exit(f"a full store answered {payload} with Retry-After {retry}")
if statuses != {201: 999, 503: 101}:
    sys.exit(f"1,100 numbers after V: {statuses}, not 999 sent and 101 refused")
EOF2
post "$url" /v1/codes '{"phone": "+447700900100"}' "Idempotency-Key: v2" | grep -q '^429' || fail "V's cooldown was forgotten"
code=$(sed -n 's/^SMS +447700900100 .*\b\([0-9]\{6\}\)\b.*/\1/p' "$scratch/full.out" | head -n 1)
post "$url" /v1/codes/verify "{\"phone\": \"+447700900100\", \"code\": \"$code\"}" | grep -q '"verified"' || fail "V's code was forgotten"
[ "$(grep -c '^SMS +447700900100 ' "$scratch/full.out")" = 1 ] || fail "V got a second SMS"
stop "$pid" TERM

step "a state folder it cannot use: 503 state_unavailable, no SMS"
touch "$scratch/not-a-folder"
start broken --state-dir "$scratch/not-a-folder"
answer=$(post "$url" /v1/codes '{"phone": "+447700900010"}' "Idempotency-Key: z")
[[ $answer =~ ^503.*\"state_unavailable\" ]] || fail "with no usable state: $answer"
! grep -q '^SMS' "$scratch/broken.out" || fail "a gateway without state sent an SMS"
stop "$pid" TERM

step "the systemd unit: systemd-analyze verify accepts it, its exposure stays low"
sed "s|@bindir@|$(dirname "$gateway")|" Resources/codegate-gateway.service.in >"$scratch/codegate-gateway.service"
systemd-analyze verify "$scratch/codegate-gateway.service" >"$scratch/verify.log" 2>&1 || fail "systemd-analyze verify: $(cat "$scratch/verify.log")"
exposure=$(systemd-analyze security --offline=true "$scratch/codegate-gateway.service" 2>/dev/null | sed -n 's/.*Overall exposure level for codegate-gateway.service: \([0-9.]*\).*/\1/p')
[ -n "$exposure" ] && awk -v e="$exposure" 'BEGIN { exit !(e <= 2.0) }' || fail "systemd-analyze security: exposure '$exposure', not at most 2.0"
echo "  exposure $exposure"

echo "gateway test: PASS"
